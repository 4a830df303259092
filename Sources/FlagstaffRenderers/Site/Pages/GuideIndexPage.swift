import FlagstaffCore

/// `guide/index.html`: the product guide's table of contents.
struct GuideIndexPage: SitePage {
    static let template = "guide-index"
    static let section: SiteSection? = .guide

    var pages: [GuideLink]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "guide/index.html", title: "Product guide") { GuideIndexPage(pages: site.guide.map(GuideLink.init)) }]
    }
}

/// A link to a guide page.
struct GuideLink: Sendable, TemplateContext {
    var slug: String
    var title: String

    init(slug: String, title: String) {
        self.slug = slug
        self.title = title
    }

    init(_ entry: ExpandedGuidePage) {
        self.init(slug: entry.page.slug, title: entry.page.title)
    }
}
