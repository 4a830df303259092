import FlagstaffCore

/// `tenants/index.html`: every tenant, with how many flags are on in each environment.
struct TenantsPage: SitePage {
    static let template = "tenants"
    static let section: SiteSection? = .tenants

    var tenants: [TenantSummary]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        // A single app has one page of its own, reached from its flags, and no list of tenants.
        site.model.isSingleApp ? [] : [PagePlan(path: "tenants/index.html", title: "Tenants") { TenantsPage(site) }]
    }

    init(_ site: SiteRenderer) {
        let (model, matrix) = (site.model, site.matrix)
        // Whether each of the matrix's values is on, by position: a cell is counted
        // by its value's position, without a copy of the value.
        let isOn = matrix.values.map(\.isOn)
        tenants = model.tenants.enumerated().map { position, tenant in
            TenantSummary(
                id: tenant.id, name: tenant.name, namedByID: tenant.name == tenant.id, slug: site.tenantSlugs[tenant.id]!,
                facts: model.facts(of: tenant.id).isEmpty ? nil : model.facts(of: tenant.id).map { "\($0.name): \($0.value)" }.joined(separator: " · "),
                onCounts: model.environments.indices.map { environment in
                    OnCount(count: model.flags.indices.filter {
                        isOn[Int(matrix.cell(flag: $0, tenant: position, environment: environment).value)]
                    }.count)
                })
        }
    }
}

/// A tenant and how many flags are on in each environment.
struct TenantSummary: Sendable, TemplateContext {
    var id: String
    var name: String
    /// Whether the tenant has no display name, so its name is its id and is not said twice.
    var namedByID: Bool
    var slug: String
    /// What the configuration says about the tenant, in one line under its name:
    /// "Country: Chile · Currency: CLP"; `nil` without facts.
    var facts: String?
    var onCounts: [OnCount]
}

/// A count of flags that are on.
struct OnCount: Sendable, TemplateContext {
    var count: Int
}
