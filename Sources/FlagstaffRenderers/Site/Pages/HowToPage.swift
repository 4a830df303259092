import FlagstaffCore

/// `how-to-read.html`: the site explained with this workspace's own data.
struct HowToPage: SitePage {
    static let template = "how-to-read"
    static let section: SiteSection? = .howToRead

    /// The counts with their nouns: "12 feature flags", "3 tenants"; and the lead's
    /// "each of its 3 tenants" or "its only environment".
    var flagsCounted: String, tenantsCounted: String, eachTenant: String, eachEnvironment: String
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

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "how-to-read.html", title: "How to read this site") { HowToPage(site) }]
    }

    /// "each of its 3 tenants", or "its only tenant" for one.
    private static func eachOf(_ count: Int, _ singular: String, plural: String) -> String {
        count == 1 ? "its only \(singular)" : "each of its \(count) \(plural)"
    }

    init(_ site: SiteRenderer) {
        let (model, matrix, lifecycle) = (site.model, site.matrix, site.lifecycle)
        flagsCounted = model.flags.count.counted("feature flag")
        tenantsCounted = "\(model.tenants.count) \(model.tenants.count.noun(site.words.tenant, plural: site.words.tenants))"
        eachTenant = Self.eachOf(model.tenants.count, site.words.tenant, plural: site.words.tenants)
        eachEnvironment = Self.eachOf(model.environments.count, "environment", plural: "environments")
        environmentList = model.environments.joined(separator: ", ")
        defaultEnvironment = model.environments.last ?? ""
        tenants = site.tenantItems()
        layers = matrix.chain.descriptions.map { layer in
            ChainLayer(
                hasMark: !layer.mark.isEmpty, mark: layer.mark, label: layer.name, text: layer.legend, known: layer.isKnownAtBuildTime,
                term: Glossary.anchor(layer.name))
        }
        example = Self.example(site)
        statuses = lifecycle.shownStatuses.map { status in
            StatusMeaning(id: status.rawValue, title: LifecycleText.title(status), meaning: LifecycleText.meaning(status, lifecycle.wording), count: lifecycle.count(of: status))
        }
        hasRemote = model.remoteConfig != nil
        hasConditions = model.flags.contains { $0.condition != nil }
    }

    /// The first cell, in the default environment, that a layer with a mark decides
    /// (an override, say), so the example shows what a mark means; else the first cell.
    private static func example(_ site: SiteRenderer) -> HowToExample? {
        let (model, matrix) = (site.model, site.matrix)
        guard let environment = model.environments.last, !model.flags.isEmpty, !model.tenants.isEmpty else { return nil }
        let column = model.environments.count - 1
        // Looked for in the packed cells, flag by flag: a site of 2,000 flags and 200
        // tenants may have no cell a marked layer decides, and a resolution per cell
        // to find that out cost a build 3%.
        let marked = matrix.layers.map { !$0.mark.isEmpty }
        func first(where wanted: (Resolution) -> Bool, packed: (ResolvedMatrix.PackedCell) -> Bool) -> (Int, Int)? {
            for flag in model.flags.indices {
                for tenant in model.tenants.indices {
                    let cell = matrix.cell(flag: flag, tenant: tenant, environment: column)
                    // Only a cell with details can vary or be decided by another layer than its own.
                    if cell.hasDetails ? wanted(matrix.resolution(flag: flag, tenant: tenant, environment: column)) : packed(cell) {
                        return (flag, tenant)
                    }
                }
            }
            return nil
        }
        let (flagIndex, tenantIndex) =
            (marked.contains(true)
                ? first(where: { !$0.isVarying && !$0.layer.mark.isEmpty }, packed: { marked[Int($0.layer)] }) : nil)
            ?? first(where: { !$0.isVarying }, packed: { _ in true }) ?? (0, 0)
        let (flag, tenant) = (model.flags[flagIndex], model.tenants[tenantIndex])
        let resolution = matrix.resolution(flag: flagIndex, tenant: tenantIndex, environment: column)
        let presentation = CellPresentation(resolution)
        return HowToExample(
            key: flag.key, href: "flags/\(site.flagSlugs[flag.key]!).html#\(site.anchor(tenant))", tenantName: tenant.name,
            environmentName: environment, css: presentation.cssClass, cellText: presentation.text,
            layerLabel: resolution.layer.name,
            layerText: resolution.layer.legend)
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
    /// The anchor of its glossary entry.
    var term: String
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
}

/// A lifecycle status, what it means and how many flags have it.
struct StatusMeaning: Sendable, TemplateContext {
    var id: String
    var title: String
    var meaning: String
    var count: Int
}
