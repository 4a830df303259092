extension SiteRenderer {
    /// Every kind of page the site has, each registered once. Their pages render
    /// in this order, on every core, after a build's exports; the order changes
    /// only which files are ready first, never their bytes.
    static let pageKinds: [any SitePage.Type] = [
        MatrixPage.self,
        MatrixTablePage.self,
        HomePage.self,
        LifecyclePage.self,
        NotFoundPage.self,
        HowToPage.self,
        TenantsPage.self,
        GuideIndexPage.self,
        GuideArticlePage.self,
        FlagPage.self,
        TenantPage.self,
        ComparePage.self,
        RecentChangesPage.self,
        GlossaryPage.self,
    ]
}
