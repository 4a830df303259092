/// The typed contexts the site's Mustache templates render: one struct per page,
/// plus the layout every page shares. A misspelt key is a compile error here, and
/// `TemplateContextTests` checks that every name a template uses exists in its
/// context, and that each struct's `field(named:)` names every stored property.
///
/// Mustache looks a name up in the innermost context first, then outwards; an
/// empty optional ends the lookup (see `TemplateValue`).

/// What every page shows around its content: the header, navigation and footer.
struct PageLayout: Sendable, TemplateContext {
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
    /// Whether the workspace is a single app: pages then speak of the app, not of tenants.
    var singleApp: Bool
    /// The environments, for column headings.
    var environments: [EnvironmentItem]
    /// The layers a build can know, for the legend.
    var legend: [LegendItem]
    /// What the values shown include, for the footer.
    var valuesNote: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "siteTitle": TemplateValue(self.siteTitle)
        case "pageTitle": TemplateValue(self.pageTitle)
        case "root": TemplateValue(self.root)
        case "navMatrix": TemplateValue(self.navMatrix)
        case "navTenants": TemplateValue(self.navTenants)
        case "navLifecycle": TemplateValue(self.navLifecycle)
        case "navGuide": TemplateValue(self.navGuide)
        case "navHowTo": TemplateValue(self.navHowTo)
        case "hasGuide": TemplateValue(self.hasGuide)
        case "singleApp": TemplateValue(self.singleApp)
        case "environments": TemplateValue(self.environments)
        case "legend": TemplateValue(self.legend)
        case "valuesNote": TemplateValue(self.valuesNote)
        default: nil
        }
    }
}

/// One environment's name.
struct EnvironmentItem: Sendable, TemplateContext {
    var name: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "name": TemplateValue(self.name)
        default: nil
        }
    }
}

/// One line of the legend: a layer's mark, name and meaning.
struct LegendItem: Sendable, TemplateContext {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "hasMark": TemplateValue(self.hasMark)
        case "mark": TemplateValue(self.mark)
        case "label": TemplateValue(self.label)
        case "text": TemplateValue(self.text)
        default: nil
        }
    }
}

/// A link to a flag's page.
struct FlagLink: Sendable, TemplateContext {
    var key: String
    /// The page's file name without `.html`.
    var slug: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "key": TemplateValue(self.key)
        case "slug": TemplateValue(self.slug)
        default: nil
        }
    }
}

/// A tenant in a filter or a heading. Every page names a tenant by its display
/// name alone (the id when it has none); the id shows only where it is the subject.
struct TenantItem: Sendable, TemplateContext {
    var id: String
    var name: String
    var slug: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "id": TemplateValue(self.id)
        case "name": TemplateValue(self.name)
        case "slug": TemplateValue(self.slug)
        default: nil
        }
    }
}

// MARK: - Home

/// `index.html`.
struct HomePage: Sendable, TemplateContext {
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
    /// Whether any environment's template has version metadata to show.
    var hasTemplateVersions: Bool

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "flagCount": TemplateValue(self.flagCount)
        case "tenantCount": TemplateValue(self.tenantCount)
        case "environmentCount": TemplateValue(self.environmentCount)
        case "environmentList": TemplateValue(self.environmentList)
        case "warningCount": TemplateValue(self.warningCount)
        case "hasWarnings": TemplateValue(self.hasWarnings)
        case "unsetNotices": TemplateValue(self.unsetNotices)
        case "otherWarnings": TemplateValue(self.otherWarnings)
        case "warnings": TemplateValue(self.warnings)
        case "flags": TemplateValue(self.flags)
        case "asOf": TemplateValue(self.asOf)
        case "overdueCount": TemplateValue(self.overdueCount)
        case "dueSoonCount": TemplateValue(self.dueSoonCount)
        case "remoteChanges": TemplateValue(self.remoteChanges)
        case "hasTemplateVersions": TemplateValue(self.hasTemplateVersions)
        default: nil
        }
    }
}

/// How many flags remote config changes in one environment, and the template's version.
struct RemoteChangeCount: Sendable, TemplateContext {
    var environment: String
    var count: Int
    /// The template's version metadata in words: "version 8, published by ana@example.com on …".
    var template: String?

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "environment": TemplateValue(self.environment)
        case "count": TemplateValue(self.count)
        case "template": TemplateValue(self.template)
        default: nil
        }
    }
}

/// One tenant's flags that fall back because its file does not set them.
struct UnsetNotice: Sendable, TemplateContext {
    var tenantName: String
    var tenantSlug: String
    /// "does not set 4 flags, so they are off".
    var text: String
    /// The first few of those flags, and how many more there are (`nil` for none).
    var flags: [FlagLink]
    var moreCount: Int?

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "tenantName": TemplateValue(self.tenantName)
        case "tenantSlug": TemplateValue(self.tenantSlug)
        case "text": TemplateValue(self.text)
        case "flags": TemplateValue(self.flags)
        case "moreCount": TemplateValue(self.moreCount)
        default: nil
        }
    }
}

/// A flag key and its page, for the home page's search suggestions.
struct FlagSuggestion: Sendable, TemplateContext {
    var key: String
    var href: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "key": TemplateValue(self.key)
        case "href": TemplateValue(self.href)
        default: nil
        }
    }
}

// MARK: - Matrix

/// `matrix.html`: the filters and the grid's frame; the grid draws from `matrix-data.js`.
struct MatrixPage: Sendable, TemplateContext {
    /// The environments, for the environment filter.
    var environments: [EnvironmentItem]
    var tenants: [TenantItem]
    /// Whether the workspace has remote config, for its filter.
    var hasRemote: Bool
    /// The static tables, one list per environment, for reading without JavaScript.
    var tables: [StaticTableList]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "environments": TemplateValue(self.environments)
        case "tenants": TemplateValue(self.tenants)
        case "hasRemote": TemplateValue(self.hasRemote)
        case "tables": TemplateValue(self.tables)
        default: nil
        }
    }
}

/// One environment's static table pages.
struct StaticTableList: Sendable, TemplateContext {
    var environment: String
    var pages: [StaticTableLink]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "environment": TemplateValue(self.environment)
        case "pages": TemplateValue(self.pages)
        default: nil
        }
    }
}

/// A link to one static table page.
struct StaticTableLink: Sendable, TemplateContext {
    var href: String
    var title: String
    var flagCount: Int

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "href": TemplateValue(self.href)
        case "title": TemplateValue(self.title)
        case "flagCount": TemplateValue(self.flagCount)
        default: nil
        }
    }
}

/// `matrix/<environment>/<group>.html`: one MARK group's rows (or a part of them)
/// in one environment, as a plain table.
struct MatrixTablePage: Sendable, TemplateContext {
    var environment: String
    /// The group's name, with "part 2 of 3" when it is split.
    var group: String
    var tenants: [TenantItem]
    /// Where the rows go (`MatrixPageRenderer` writes them; see `WrittenHTML`).
    var rowsHTML: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "environment": TemplateValue(self.environment)
        case "group": TemplateValue(self.group)
        case "tenants": TemplateValue(self.tenants)
        case "rowsHTML": TemplateValue(self.rowsHTML)
        default: nil
        }
    }
}

/// A lifecycle status badge.
struct Badge: Sendable, TemplateContext {
    var kind: String
    var label: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "kind": TemplateValue(self.kind)
        case "label": TemplateValue(self.label)
        default: nil
        }
    }
}

// MARK: - Flag

/// `flags/<key>.html`.
struct FlagPage: Sendable, TemplateContext {
    var flag: FlagDetails
    var lifecycle: FlagLifecycleDetails?

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "flag": TemplateValue(self.flag)
        case "lifecycle": TemplateValue(self.lifecycle)
        default: nil
        }
    }
}

/// What the flag page says about the flag.
struct FlagDetails: Sendable, TemplateContext {
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
    /// Where the values table's rows go, one per tenant (`TableRowsHTML` writes them; see `WrittenHTML`).
    var rowsHTML: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "key": TemplateValue(self.key)
        case "caseName": TemplateValue(self.caseName)
        case "group": TemplateValue(self.group)
        case "type": TemplateValue(self.type)
        case "deprecated": TemplateValue(self.deprecated)
        case "deprecation": TemplateValue(self.deprecation)
        case "condition": TemplateValue(self.condition)
        case "hasDocumentation": TemplateValue(self.hasDocumentation)
        case "documentation": TemplateValue(self.documentation)
        case "descriptionHTML": TemplateValue(self.descriptionHTML)
        case "catalog": TemplateValue(self.catalog)
        case "declaredAt": TemplateValue(self.declaredAt)
        case "rowsHTML": TemplateValue(self.rowsHTML)
        default: nil
        }
    }
}

/// One catalog column of a flag.
struct CatalogFact: Sendable, TemplateContext {
    var name: String
    var html: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "name": TemplateValue(self.name)
        case "html": TemplateValue(self.html)
        default: nil
        }
    }
}

/// The lifecycle section of a flag page.
struct FlagLifecycleDetails: Sendable, TemplateContext {
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

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "asOf": TemplateValue(self.asOf)
        case "hasFindings": TemplateValue(self.hasFindings)
        case "findings": TemplateValue(self.findings)
        case "type": TemplateValue(self.type)
        case "permanent": TemplateValue(self.permanent)
        case "ownerHTML": TemplateValue(self.ownerHTML)
        case "added": TemplateValue(self.added)
        case "removeBy": TemplateValue(self.removeBy)
        case "deprecationWords": TemplateValue(self.deprecationWords)
        case "ticketHTML": TemplateValue(self.ticketHTML)
        case "searched": TemplateValue(self.searched)
        case "roots": TemplateValue(self.roots)
        case "uses": TemplateValue(self.uses)
        case "hasReferences": TemplateValue(self.hasReferences)
        case "references": TemplateValue(self.references)
        default: nil
        }
    }
}

/// A status with its reason.
struct FindingItem: Sendable, TemplateContext {
    var status: String
    var label: String
    var reason: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "status": TemplateValue(self.status)
        case "label": TemplateValue(self.label)
        case "reason": TemplateValue(self.reason)
        default: nil
        }
    }
}

/// A place in code that uses the flag.
struct ReferenceItem: Sendable, TemplateContext {
    var place: String
    var kind: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "place": TemplateValue(self.place)
        case "kind": TemplateValue(self.kind)
        default: nil
        }
    }
}

// MARK: - Lifecycle

/// `lifecycle.html`.
struct LifecyclePage: Sendable, TemplateContext {
    var asOf: String
    var policy: String
    var note: String?
    var statuses: [StatusSection]
    var healthyCount: Int
    var healthy: [FlagLink]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "asOf": TemplateValue(self.asOf)
        case "policy": TemplateValue(self.policy)
        case "note": TemplateValue(self.note)
        case "statuses": TemplateValue(self.statuses)
        case "healthyCount": TemplateValue(self.healthyCount)
        case "healthy": TemplateValue(self.healthy)
        default: nil
        }
    }
}

/// One status's flags, by owner.
struct StatusSection: Sendable, TemplateContext {
    var id: String
    var title: String
    var meaning: String
    var count: Int
    var hasFlags: Bool
    var owners: [OwnerGroup]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "id": TemplateValue(self.id)
        case "title": TemplateValue(self.title)
        case "meaning": TemplateValue(self.meaning)
        case "count": TemplateValue(self.count)
        case "hasFlags": TemplateValue(self.hasFlags)
        case "owners": TemplateValue(self.owners)
        default: nil
        }
    }
}

/// One owner's flags under a status.
struct OwnerGroup: Sendable, TemplateContext {
    var ownerHTML: String
    var flags: [LifecycleRow]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "ownerHTML": TemplateValue(self.ownerHTML)
        case "flags": TemplateValue(self.flags)
        default: nil
        }
    }
}

/// One flag in a status table.
struct LifecycleRow: Sendable, TemplateContext {
    var key: String
    var slug: String
    var type: String
    var removeBy: String
    var reason: String
    var uses: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "key": TemplateValue(self.key)
        case "slug": TemplateValue(self.slug)
        case "type": TemplateValue(self.type)
        case "removeBy": TemplateValue(self.removeBy)
        case "reason": TemplateValue(self.reason)
        case "uses": TemplateValue(self.uses)
        default: nil
        }
    }
}

// MARK: - Tenants

/// `tenants/index.html`.
struct TenantsPage: Sendable, TemplateContext {
    var tenants: [TenantSummary]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "tenants": TemplateValue(self.tenants)
        default: nil
        }
    }
}

/// A tenant and how many flags are on in each environment.
struct TenantSummary: Sendable, TemplateContext {
    var id: String
    var name: String
    var slug: String
    var onCounts: [OnCount]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "id": TemplateValue(self.id)
        case "name": TemplateValue(self.name)
        case "slug": TemplateValue(self.slug)
        case "onCounts": TemplateValue(self.onCounts)
        default: nil
        }
    }
}

/// A count of flags that are on.
struct OnCount: Sendable, TemplateContext {
    var count: Int

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "count": TemplateValue(self.count)
        default: nil
        }
    }
}

/// `tenants/<id>.html`.
struct TenantPage: Sendable, TemplateContext {
    var tenant: TenantDetails
    /// How many Bool flags there are.
    var flagCount: Int
    /// Where the flags table's bodies go, one per MARK group (`TableRowsHTML` writes them; see `WrittenHTML`).
    var groupsHTML: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "tenant": TemplateValue(self.tenant)
        case "flagCount": TemplateValue(self.flagCount)
        case "groupsHTML": TemplateValue(self.groupsHTML)
        default: nil
        }
    }
}

/// What a tenant page says about the tenant.
struct TenantDetails: Sendable, TemplateContext {
    var id: String
    var name: String
    var file: String
    /// How many Bool flags are on in at least one environment.
    var onCount: Int

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "id": TemplateValue(self.id)
        case "name": TemplateValue(self.name)
        case "file": TemplateValue(self.file)
        case "onCount": TemplateValue(self.onCount)
        default: nil
        }
    }
}

// MARK: - How to read this site

/// `how-to-read.html`: the site explained with this workspace's own data.
struct HowToPage: Sendable, TemplateContext {
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

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "flagCount": TemplateValue(self.flagCount)
        case "tenantCount": TemplateValue(self.tenantCount)
        case "environmentCount": TemplateValue(self.environmentCount)
        case "environmentList": TemplateValue(self.environmentList)
        case "defaultEnvironment": TemplateValue(self.defaultEnvironment)
        case "tenants": TemplateValue(self.tenants)
        case "layers": TemplateValue(self.layers)
        case "example": TemplateValue(self.example)
        case "statuses": TemplateValue(self.statuses)
        case "hasRemote": TemplateValue(self.hasRemote)
        case "hasConditions": TemplateValue(self.hasConditions)
        default: nil
        }
    }
}

/// One layer of the resolution chain, explained.
struct ChainLayer: Sendable, TemplateContext {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String
    /// Whether the site can show what this layer decides.
    var known: Bool

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "hasMark": TemplateValue(self.hasMark)
        case "mark": TemplateValue(self.mark)
        case "label": TemplateValue(self.label)
        case "text": TemplateValue(self.text)
        case "known": TemplateValue(self.known)
        default: nil
        }
    }
}

/// One cell of the site, as the how-to page's example: "ENABLE_X for White Label in prod shows on ◆".
struct HowToExample: Sendable, TemplateContext {
    var key: String
    var href: String
    var tenantName: String
    var environmentName: String
    var css: String
    var cellText: String
    var layerLabel: String
    var layerText: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "key": TemplateValue(self.key)
        case "href": TemplateValue(self.href)
        case "tenantName": TemplateValue(self.tenantName)
        case "environmentName": TemplateValue(self.environmentName)
        case "css": TemplateValue(self.css)
        case "cellText": TemplateValue(self.cellText)
        case "layerLabel": TemplateValue(self.layerLabel)
        case "layerText": TemplateValue(self.layerText)
        default: nil
        }
    }
}

/// A lifecycle status, what it means and how many flags have it.
struct StatusMeaning: Sendable, TemplateContext {
    var id: String
    var title: String
    var meaning: String
    var count: Int

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "id": TemplateValue(self.id)
        case "title": TemplateValue(self.title)
        case "meaning": TemplateValue(self.meaning)
        case "count": TemplateValue(self.count)
        default: nil
        }
    }
}

// MARK: - Guide and 404

/// `guide/index.html`.
struct GuideIndexPage: Sendable, TemplateContext {
    var pages: [GuideLink]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "pages": TemplateValue(self.pages)
        default: nil
        }
    }
}

/// A link to a guide page.
struct GuideLink: Sendable, TemplateContext {
    var slug: String
    var title: String

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "slug": TemplateValue(self.slug)
        case "title": TemplateValue(self.title)
        default: nil
        }
    }
}

/// `guide/<page>.html`.
struct GuideArticlePage: Sendable, TemplateContext {
    /// The page's HTML, from cmark's safe mode.
    var html: String
    var next: GuideLink?
    var pages: [GuideNavItem]

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "html": TemplateValue(self.html)
        case "next": TemplateValue(self.next)
        case "pages": TemplateValue(self.pages)
        default: nil
        }
    }
}

/// A guide page in the side navigation.
struct GuideNavItem: Sendable, TemplateContext {
    var slug: String
    var title: String
    var current: Bool

    func field(named name: String) -> TemplateValue? {
        switch name {
        case "slug": TemplateValue(self.slug)
        case "title": TemplateValue(self.title)
        case "current": TemplateValue(self.current)
        default: nil
        }
    }
}

/// `404.html`: the layout alone.
struct NotFoundPage: Sendable, TemplateContext {
    func field(named name: String) -> TemplateValue? { nil }
}
