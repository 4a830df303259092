/// `404.html`, for hosts that serve it on unknown paths: the layout alone.
struct NotFoundPage: SitePage {
    static let template = "404"
    static let section: SiteSection? = nil

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "404.html", title: "Page not found") { NotFoundPage() }]
    }
}
