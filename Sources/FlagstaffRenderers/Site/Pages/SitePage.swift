/// A kind of page of the site: the template that renders it, where it sits in
/// the navigation, and the pages of its kind that a site has. The struct itself
/// is the page's typed context: its stored properties are the names its
/// template reads (`field(named:)` is generated from them; see `TemplateContext`).
///
/// To add a page: write one file with a struct that conforms, add its template
/// under `templates/`, and register the struct in `SiteRenderer.pageKinds`.
protocol SitePage: TemplateContext {
    /// The template that renders the page, without `.mustache`: `"flag"` is `templates/flag.mustache`.
    static var template: String { get }
    /// The navigation entry the page belongs to, which the header marks as current; `nil` for none.
    static var section: SiteSection? { get }
    /// Every page of this kind in a site, in a fixed order. Called once per build,
    /// before any page renders; each plan's content is worked out when its page renders.
    static func pages(in site: SiteRenderer) -> [PagePlan<Self>]
    /// Other files that go with these pages (matrix.html's data file); none unless a kind says so.
    static func files(in site: SiteRenderer) -> [SiteRenderer.Job]
}

extension SitePage {
    static func files(in site: SiteRenderer) -> [SiteRenderer.Job] { [] }
}

/// One page to render: where it goes, its title, its content, and any HTML that
/// Flagstaff writes into it (see `WrittenHTML`). Content and HTML are closures,
/// so they are worked out on the core that renders the page, and only then.
struct PagePlan<Page: SitePage> {
    /// The file's path in the site, such as `flags/enable_x.html`.
    var path: String
    /// The page's title, for `<title>`.
    var title: String
    /// The HTML that replaces `WrittenHTML.marker(n)` in the rendered page, piece
    /// `n` for marker `n`, if any.
    var html: (@Sendable () -> [[UInt8]])?
    /// The page's context.
    var content: @Sendable () -> Page

    init(path: String, title: String, html: (@Sendable () -> [[UInt8]])? = nil, content: @escaping @Sendable () -> Page) {
        self.path = path
        self.title = title
        self.html = html
        self.content = content
    }
}

/// The entries of the site's navigation bar, in order.
enum SiteSection: CaseIterable {
    case matrix, tenants, compare, recentChanges, lifecycle, guide, howToRead

    /// The entry's link text, naming tenants as `words` do.
    func label(_ words: SiteWords) -> String {
        switch self {
        case .matrix: "Matrix"
        case .tenants: words.tenantsTitle
        case .compare: "Compare"
        case .recentChanges: "Recent changes"
        case .lifecycle: "Lifecycle"
        case .guide: "Guide"
        case .howToRead: "How to read"
        }
    }

    /// The page the entry links to, from the site's root.
    var path: String {
        switch self {
        case .matrix: "matrix.html"
        case .tenants: "tenants/index.html"
        case .compare: "compare.html"
        case .recentChanges: "recent-changes.html"
        case .lifecycle: "lifecycle.html"
        case .guide: "guide/index.html"
        case .howToRead: "how-to-read.html"
        }
    }
}
