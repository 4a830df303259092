import FlagstaffCore

/// `guide/<page>.html`: one page of the product guide, with the guide's navigation.
struct GuideArticlePage: SitePage {
    static let template = "guide"
    static let section: SiteSection? = .guide

    /// The page's HTML, from cmark's safe mode.
    var html: String
    var next: GuideLink?
    var pages: [GuideNavItem]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        site.guide.indices.map { index in
            PagePlan(path: "guide/\(site.guide[index].page.slug).html", title: site.guide[index].page.title) { GuideArticlePage(site, index) }
        }
    }

    init(_ site: SiteRenderer, _ index: Int) {
        let guide = site.guide
        let slugsByFile = Dictionary(guide.map { ($0.page.fileName, $0.page.slug) }) { first, _ in first }
        let links = MarkdownHTML.Links(
            flag: { key in site.flagSlugs[key].map { "../flags/\($0).html" } },
            url: { url in
                let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                guard let slug = slugsByFile[String(parts[0])] else { return nil }
                return "\(slug).html" + (parts.count > 1 ? "#\(parts[1])" : "")
            })
        html = MarkdownHTML.render(guide[index].markdown, links: links)
        next = index + 1 < guide.count ? GuideLink(guide[index + 1]) : nil
        pages = guide.enumerated().map { position, item in
            GuideNavItem(slug: item.page.slug, title: item.page.title, current: position == index)
        }
    }
}

/// A guide page in the side navigation.
struct GuideNavItem: Sendable, TemplateContext {
    var slug: String
    var title: String
    var current: Bool
}
