/// The typed contexts the site's Mustache templates render: one struct per page,
/// plus the layout every page shares. A misspelt key is a compile error here, and
/// `SiteTests` checks that every name a template uses exists in its context.
///
/// Mustache looks a name up in the innermost context first, then outwards. An
/// optional that is `nil` counts as absent, so the lookup climbs on; optional
/// fields therefore have names no enclosing context uses.

/// What every page shows around its content: the header, navigation and footer.
struct PageLayout: Sendable {
    /// The site's title.
    var siteTitle: String
    /// The page's own title, for `<title>`.
    var pageTitle: String
    /// The relative path from the page to the site root: `""` or `"../"`.
    var root: String
    /// Which navigation item is the current page.
    var navMatrix: Bool, navTenants: Bool, navLifecycle: Bool, navGuide: Bool, navHowTo: Bool
    /// Whether the workspace has product guide pages; without them the guide is not linked.
    var hasGuide: Bool
    /// The environments, for column headings.
    var environments: [EnvironmentItem]
    /// The layers a build can know, for the legend.
    var legend: [LegendItem]
    /// What the values shown include, for the footer.
    var valuesNote: String
}

extension PageLayout {
    /// A property by name, without reflection: every name a page does not have
    /// climbs to the layout, thousands of times a build. `TemplateContextTests`
    /// checks that each stored property is found here.
    func property(named name: String) -> Any?? {
        switch name {
        case "siteTitle": siteTitle
        case "pageTitle": pageTitle
        case "root": root
        case "navMatrix": navMatrix
        case "navTenants": navTenants
        case "navLifecycle": navLifecycle
        case "navGuide": navGuide
        case "navHowTo": navHowTo
        case "hasGuide": hasGuide
        case "environments": environments
        case "legend": legend
        case "valuesNote": valuesNote
        default: nil
        }
    }
}

/// One environment's name.
struct EnvironmentItem: Sendable, MustacheItem {
    var name: String
}

/// One line of the legend: a layer's mark, name and meaning.
struct LegendItem: Sendable, MustacheItem {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String
}

/// A link to a flag's page.
struct FlagLink: Sendable, MustacheItem {
    var key: String
    /// The page's file name without `.html`.
    var slug: String
}

/// A tenant in a filter or a heading. Every page names a tenant by its display
/// name alone (the id when it has none); the id shows only where it is the subject.
struct TenantItem: Sendable, MustacheItem {
    var id: String
    var name: String
    var slug: String
}

// MARK: - Home

/// `index.html`.
struct HomePage: Sendable {
    var flagCount: Int, tenantCount: Int, environmentCount: Int
    var environmentList: String
    var warningCount: Int
    var hasWarnings: Bool
    /// The "does not set" warnings in plain words, one per tenant.
    var unsetNotices: [UnsetNotice]
    /// How many warnings are about something else, in words ("1 other warning"); `nil` for none.
    var otherWarnings: String?
    /// Every warning as the compiler-style line engineers use, `path:line:col: warning: …`.
    var warnings: [String]
    /// Every flag, for the search box's suggestions.
    var flags: [FlagSuggestion]
    var asOf: String
    var overdueCount: Int, dueSoonCount: Int
    /// How many flags remote config changes, per environment with a template.
    var remoteChanges: [RemoteChangeCount]
}

/// How many flags remote config changes in one environment.
struct RemoteChangeCount: Sendable, MustacheItem {
    var environment: String
    var count: Int
}

/// One tenant's flags that fall back because its file does not set them.
struct UnsetNotice: Sendable, MustacheItem {
    var tenantName: String
    var tenantSlug: String
    /// "does not set 4 flags, so they are off".
    var text: String
    /// The first few of those flags, and how many more there are (`nil` for none).
    var flags: [FlagLink]
    var moreCount: Int?
}

/// A flag key and its page, for the home page's search suggestions.
struct FlagSuggestion: Sendable, MustacheItem {
    var key: String
    var href: String
}

// MARK: - Matrix

/// `matrix.html`: the filters and the grid's frame; the grid draws from `matrix-data.js`.
struct MatrixPage: Sendable {
    /// The environments, for the environment filter.
    var environments: [EnvironmentItem]
    var tenants: [TenantItem]
    /// Whether the workspace has remote config, for its filter.
    var hasRemote: Bool
    /// The static tables, one list per environment, for reading without JavaScript.
    var tables: [StaticTableList]
}

/// One environment's static table pages.
struct StaticTableList: Sendable, MustacheItem {
    var environment: String
    var pages: [StaticTableLink]
}

/// A link to one static table page.
struct StaticTableLink: Sendable, MustacheItem {
    var href: String
    var title: String
    var flagCount: Int
}

/// `matrix/<environment>/<group>.html`: one MARK group's rows (or a part of them)
/// in one environment, as a plain table.
struct MatrixTablePage: Sendable {
    var environment: String
    /// The group's name, with "part 2 of 3" when it is split.
    var group: String
    var tenants: [TenantItem]
    /// The rows, escaped as they were written (`MatrixPageRenderer`).
    var rowsHTML: String
}

/// A lifecycle status badge.
struct Badge: Sendable, MustacheItem {
    var kind: String
    var label: String
}

// MARK: - Flag

/// `flags/<key>.html`.
struct FlagPage: Sendable {
    var flag: FlagDetails
    var lifecycle: FlagLifecycleDetails?
}

/// What the flag page says about the flag.
struct FlagDetails: Sendable, MustacheItem {
    var key: String
    var caseName: String
    var group: String?
    /// "on/off", "number" or "text".
    var type: String
    var deprecated: Bool
    var deprecation: String
    var condition: String?
    /// Whether the case has a doc comment, and the comment with its web addresses as links.
    var hasDocumentation: Bool
    var documentation: [LinkedText.Part]
    var descriptionHTML: String
    /// The catalog's other columns, lifecycle columns excepted.
    var catalog: [CatalogFact]
    /// `file:line` of the case.
    var declaredAt: String
    /// The values table's rows, one per tenant, as HTML (see `TableRowsHTML`).
    var rowsHTML: String
}

/// One catalog column of a flag.
struct CatalogFact: Sendable, MustacheItem {
    var name: String
    var html: String
}

/// The lifecycle section of a flag page.
struct FlagLifecycleDetails: Sendable, MustacheItem {
    var asOf: String
    var hasFindings: Bool
    var findings: [FindingItem]
    var type: String
    var permanent: Bool
    var ownerHTML: String
    var added: String
    var removeBy: String
    /// The Swift deprecation's own message, which may name a removal ("remove in 3.0")
    /// the catalog does not have; `nil` when the case is not deprecated or has no message.
    var deprecationWords: String?
    var ticketHTML: String?
    /// Whether code roots were searched, and which.
    var searched: Bool
    var roots: String
    var uses: String
    var hasReferences: Bool
    var references: [ReferenceItem]
}

/// A status with its reason.
struct FindingItem: Sendable, MustacheItem {
    var status: String
    var label: String
    var reason: String
}

/// A place in code that uses the flag.
struct ReferenceItem: Sendable, MustacheItem {
    var place: String
    var kind: String
}

// MARK: - Lifecycle

/// `lifecycle.html`.
struct LifecyclePage: Sendable {
    var asOf: String
    var policy: String
    var note: String?
    var statuses: [StatusSection]
    var healthyCount: Int
    var healthy: [FlagLink]
}

/// One status's flags, by owner.
struct StatusSection: Sendable, MustacheItem {
    var id: String
    var title: String
    var meaning: String
    var count: Int
    var hasFlags: Bool
    var owners: [OwnerGroup]
}

/// One owner's flags under a status.
struct OwnerGroup: Sendable, MustacheItem {
    var ownerHTML: String
    var flags: [LifecycleRow]
}

/// One flag in a status table.
struct LifecycleRow: Sendable, MustacheItem {
    var key: String
    var slug: String
    var type: String
    var removeBy: String
    var reason: String
    var uses: String
}

// MARK: - Tenants

/// `tenants/index.html`.
struct TenantsPage: Sendable {
    var tenants: [TenantSummary]
}

/// A tenant and how many flags are on in each environment.
struct TenantSummary: Sendable, MustacheItem {
    var id: String
    var name: String
    var slug: String
    var onCounts: [OnCount]
}

/// A count of flags that are on.
struct OnCount: Sendable, MustacheItem {
    var count: Int
}

/// `tenants/<id>.html`.
struct TenantPage: Sendable {
    var tenant: TenantDetails
    /// How many Bool flags there are.
    var flagCount: Int
    /// The flags table's bodies, one per MARK group, as HTML (see `TableRowsHTML`).
    var groupsHTML: String
}

/// What a tenant page says about the tenant.
struct TenantDetails: Sendable, MustacheItem {
    var id: String
    var name: String
    var file: String
    /// How many Bool flags are on in at least one environment.
    var onCount: Int
}

// MARK: - How to read this site

/// `how-to-read.html`: the site explained with this workspace's own data.
struct HowToPage: Sendable {
    var flagCount: Int, tenantCount: Int, environmentCount: Int
    /// The environments in order, comma-separated, and the one the matrix opens on.
    var environmentList: String
    var defaultEnvironment: String
    var tenants: [TenantItem]
    /// Every layer of the chain, first asked first, those a build cannot know included.
    var layers: [ChainLayer]
    /// A real cell of this site, explained.
    var example: HowToExample?
    var statuses: [StatusMeaning]
    /// Whether the workspace has remote config (its filter and mark), flags compiled
    /// only under a condition (their badge), and guide pages.
    var hasRemote: Bool, hasConditions: Bool
}

/// One layer of the resolution chain, explained.
struct ChainLayer: Sendable, MustacheItem {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String
    /// Whether the site can show what this layer decides.
    var known: Bool
}

/// One cell of the site, as the how-to page's example: "ENABLE_X for White Label in prod shows on ◆".
struct HowToExample: Sendable {
    var key: String
    var href: String
    var tenantName: String
    var environmentName: String
    var css: String
    var cellText: String
    var layerLabel: String
    var layerText: String
}

/// A lifecycle status, what it means and how many flags have it.
struct StatusMeaning: Sendable, MustacheItem {
    var id: String
    var title: String
    var meaning: String
    var count: Int
}

// MARK: - Guide and 404

/// `guide/index.html`.
struct GuideIndexPage: Sendable {
    var pages: [GuideLink]
}

/// A link to a guide page.
struct GuideLink: Sendable, MustacheItem {
    var slug: String
    var title: String
}

/// `guide/<page>.html`.
struct GuideArticlePage: Sendable {
    /// The page's HTML, from cmark's safe mode.
    var html: String
    var next: GuideLink?
    var pages: [GuideNavItem]
}

/// A guide page in the side navigation.
struct GuideNavItem: Sendable, MustacheItem {
    var slug: String
    var title: String
    var current: Bool
}

/// `404.html`: the layout alone.
struct NotFoundPage: Sendable {}
