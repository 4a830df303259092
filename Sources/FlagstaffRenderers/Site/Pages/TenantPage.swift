import FlagstaffCore

/// `tenants/<id>.html`: every flag of one tenant in every environment, with a
/// filter for the flags that are on or set.
struct TenantPage: SitePage {
    static let template = "tenant"
    static let section: SiteSection? = .tenants

    var tenant: TenantDetails
    /// How many Bool flags there are.
    var flagCount: Int
    /// Where the flags table's bodies go, one per MARK group (`TableRowsHTML` writes them; see `WrittenHTML`).
    var groupsHTML: String
    /// The compare page set to this tenant's last two environments, when there are two.
    var compareEnvironmentsHref: String?
    /// The compare page set to this tenant and the next one, in the last environment, when there is another.
    var compareTenantsHref: String?
    /// What changed for this tenant lately, when the site shows history.
    var recent: TenantRecentChanges?

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        site.model.tenants.enumerated().map { position, tenant in
            PagePlan(path: "tenants/\(site.tenantSlugs[tenant.id]!).html", title: tenant.name, html: { [rows(site, position)] }) {
                TenantPage(site, position)
            }
        }
    }

    init(_ site: SiteRenderer, _ position: Int) {
        let (model, matrix) = (site.model, site.matrix)
        let tenant = model.tenants[position]
        let boolFlags = model.flags.indices.filter { matrix.flagTypes[$0] == .bool }
        let onCount = boolFlags.filter { flag in
            model.environments.indices.contains { matrix.values[Int(matrix.cell(flag: flag, tenant: position, environment: $0).value)].isOn }
        }.count
        self.tenant = TenantDetails(
            id: tenant.id, name: tenant.name, namedByID: tenant.name == tenant.id, file: tenant.file, onCount: onCount,
            hasFacts: !model.facts(of: tenant.id).isEmpty, facts: model.facts(of: tenant.id).map { TenantFactItem(name: $0.name, value: $0.value) })
        flagCount = boolFlags.count
        groupsHTML = WrittenHTML.marker
        let environments = model.environments
        compareEnvironmentsHref = environments.count < 2 ? nil
            : ComparePage.href(tenant: tenant.id, from: environments[environments.count - 2], to: environments[environments.count - 1], root: "../")
        compareTenantsHref = model.tenants.count < 2 ? nil
            : ComparePage.href(
                tenant: tenant.id, with: model.tenants[(position + 1) % model.tenants.count].id, in: environments.last ?? "", root: "../")
        recent = site.history.map { TenantRecentChanges(site, history: $0, tenant: tenant.id) }
    }

    /// The page's rows, for `WrittenHTML`.
    static func rows(_ site: SiteRenderer, _ position: Int) -> [UInt8] {
        let matrix = site.matrix
        let environments = site.model.environments.indices
        return site.rows.tenantRows(
            tenant: position,
            on: { flag in
                environments.contains { environment in
                    let cell = matrix.cell(flag: flag, tenant: position, environment: environment)
                    guard cell.hasDetails else { return isOnOrSet(matrix.values[Int(cell.value)]) }
                    return matrix.resolution(flag: flag, tenant: position, environment: environment).possibleValues.contains(where: isOnOrSet)
                }
            })
    }

    /// Whether the "only flags that are on" filter keeps a value: on, a number
    /// other than zero, or a text that is not empty.
    static func isOnOrSet(_ value: FlagValue) -> Bool {
        switch value {
        case .bool(let on): on
        case .integer(let number): number != 0
        case .decimal(let text): Double(text) != 0
        case .string(let text): !text.isEmpty
        case .structured(let value): value != .array([]) && value != .object([])
        }
    }
}

/// What a tenant page says about the tenant.
struct TenantDetails: Sendable, TemplateContext {
    var id: String
    var name: String
    /// Whether the tenant has no display name, so its name is its id and is not said twice.
    var namedByID: Bool
    var file: String
    /// How many Bool flags are on in at least one environment.
    var onCount: Int
    /// Whether the configuration says something about the tenant, and what (`tenant_facts`): country, currency…
    var hasFacts: Bool
    var facts: [TenantFactItem]
}

/// One fact about a tenant: "Currency" and "CLP".
struct TenantFactItem: Sendable, TemplateContext {
    var name: String
    var value: String
}

/// A tenant page's recently changed part: the history's entries of the recent
/// days that concern the tenant, newest first.
struct TenantRecentChanges: Sendable, TemplateContext {
    var days: Int
    var since: String
    var hasEntries: Bool
    var entries: [RecentEntry]
    /// The Recent changes page, filtered to this tenant.
    var allHref: String

    init(_ site: SiteRenderer, history: SiteHistory, tenant: String) {
        days = history.recentDays
        since = HistoryWords.day(history.recentSince)
        let mine = history.history.filtered(flags: nil, tenants: [tenant], environments: nil)
        entries = RecentEntry.list(mine.entries(since: history.recentSince).filter { !$0.isStart }, site: site)
        hasEntries = !entries.isEmpty
        allHref = "../recent-changes.html#tenant=\(tenant.queryEscaped)"
    }
}
