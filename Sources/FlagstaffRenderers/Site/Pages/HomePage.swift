import FlagstaffCore

/// `index.html`: the counts, the search box, where to start, and the warnings in plain words.
struct HomePage: SitePage {
    static let template = "index"
    static let section: SiteSection? = nil

    var flagCount: Int, tenantCount: Int, environmentCount: Int
    /// The nouns that go with the counts: "flag" or "flags", and so on.
    var flagsNoun: String, tenantsNoun: String, environmentsNoun: String, warningsNoun: String
    var environmentList: String
    var warningCount: Int
    var hasWarnings: Bool
    /// Whether every tenant's file sets every flag in every environment; `false` for a single app.
    var setsEveryFlag: Bool
    /// The "does not set" warnings in plain words, one per tenant.
    var unsetNotices: [UnsetNotice]
    /// How many warnings are about something else, in words ("1 other warning"); `nil` for none.
    var otherWarnings: String?
    /// Every warning as the compiler-style line engineers use, `path:line:col: warning: …`.
    var warnings: [String]
    /// Every flag and every tenant, for the search box's suggestions.
    var suggestions: [Suggestion]
    /// The search box's example: a flag of this workspace and one of its tenants.
    var searchExample: String
    var asOf: String
    var overdueCount: Int, dueSoonCount: Int
    /// How many flags remote config changes, per environment with a template.
    var remoteChanges: [RemoteChangeCount]
    /// Whether any environment's template has version metadata to show.
    var hasTemplateVersions: Bool
    /// How many cells have a value the inputs do not hold in some case, in words
    /// ("12 of 45 cells"); `nil` when every cell is known.
    var cellsNotKnown: String?

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "index.html", title: "Home") { HomePage(site) }]
    }

    init(_ site: SiteRenderer) {
        let (model, matrix, lifecycle, warnings) = (site.model, site.matrix, site.lifecycle, site.warnings)
        let unset = Self.unsetNotices(site)
        (flagCount, tenantCount, environmentCount) = (model.flags.count, model.tenants.count, model.environments.count)
        (flagsNoun, tenantsNoun) = (flagCount.noun("flag"), tenantCount.noun(site.words.tenant, plural: site.words.tenants))
        (environmentsNoun, warningsNoun) = (environmentCount.noun("environment"), warnings.count.noun("validation warning"))
        environmentList = model.environments.joined(separator: ", ")
        warningCount = warnings.count
        hasWarnings = !warnings.isEmpty
        unsetNotices = unset.notices
        setsEveryFlag = !model.isSingleApp && unset.notices.isEmpty
        otherWarnings = warnings.count > unset.warningCount
            ? (warnings.count - unset.warningCount).counted(unset.notices.isEmpty ? "warning" : "other warning") : nil
        self.warnings = warnings.map(\.description)
        // A single app has no tenant pages: the box finds flags only.
        let tenants = model.isSingleApp ? [] : model.tenants
        suggestions = model.flags.map { Suggestion(value: $0.key, href: "flags/\(site.flagSlugs[$0.key]!).html", tenant: nil, facts: nil) }
            + tenants.map { tenant in
                // The tenant's facts (country, currency) follow its name, so typing one suggests it.
                let facts = model.facts(of: tenant.id).map(\.value)
                return Suggestion(
                    value: (tenant.name == tenant.id ? tenant.id : "\(tenant.name) (\(tenant.id))")
                        + (facts.isEmpty ? "" : " · " + facts.joined(separator: ", ")),
                    href: "tenants/\(site.tenantSlugs[tenant.id]!).html",
                    tenant: TenantItem(id: tenant.id, name: tenant.name, slug: site.tenantSlugs[tenant.id]!),
                    facts: facts.isEmpty ? nil : facts.joined(separator: "|"))
            }
        searchExample = "e.g. " + ([model.flags.first?.key, tenants.first?.name].compactMap { $0 }.joined(separator: " or "))
        asOf = lifecycle.asOf.description
        (overdueCount, dueSoonCount) = (lifecycle.count(of: .overdue), lifecycle.count(of: .dueSoon))
        remoteChanges = model.environments.filter { model.remoteConfig?.templates[$0] != nil }.map { environment in
            let count = matrix.flags(changedBy: RemoteConfigLayer.kind, in: environment).count
            return RemoteChangeCount(
                environment: environment, count: count, flagsNoun: count.noun("flag"),
                template: model.remoteConfig?.templates[environment]?.version?.summary)
        }
        hasTemplateVersions = remoteChanges.contains { $0.template != nil }
        let notKnown = matrix.cellsNotKnown
        cellsNotKnown = notKnown == 0 ? nil : "\(notKnown.grouped) of \((flagCount * tenantCount * environmentCount).counted("cell"))"
    }

    /// The validator's "does not set" warnings in a PM's words, one line per tenant,
    /// with the values the app really gets: "BRAVO does not set 4 flags, so they
    /// are off", or, where another layer decides some environments, each such
    /// flag's values: "MAX_ROOMS (0 in dev and staging; 2 in prod, from remote
    /// config)". The validator warns once per tenant and flag that falls back, so
    /// `warningCount` says how many warnings these lines stand for.
    private static func unsetNotices(_ site: SiteRenderer) -> (notices: [UnsetNotice], warningCount: Int) {
        let (model, matrix) = (site.model, site.matrix)
        var notices: [UnsetNotice] = []
        var warningCount = 0
        // A single app has no tenant files: its values come from the code, and nothing is "not set".
        for (position, tenant) in model.tenants.enumerated() where !model.isSingleApp {
            var everywhere: [Int] = [], somewhere: [(flag: Int, environments: [Int])] = []
            for (flag, unsetIn) in matrix.settings[position].unsetEnvironments(flagCount: model.flags.count).enumerated() {
                if unsetIn.count == model.environments.count { everywhere.append(flag) } else if !unsetIn.isEmpty { somewhere.append((flag, unsetIn)) }
            }
            guard !everywhere.isEmpty || !somewhere.isEmpty else { continue }
            warningCount += everywhere.count + somewhere.count
            let values = everywhere.map { AppValues(site, flag: $0, tenant: position, environments: Array(model.environments.indices)) }
                + somewhere.map { AppValues(site, flag: $0.flag, tenant: position, environments: $0.environments) }
            // When every unset flag falls back to one value, one word says it for all.
            let plain = Set(values.map(\.plainWord))
            let common = plain.count == 1 ? plain.first! : nil
            var parts: [String] = []
            if !everywhere.isEmpty {
                parts.append("does not set \(everywhere.count.counted("flag"))" + (common.map { ", so \(everywhere.count == 1 ? "it is" : "they are") \($0)" } ?? ""))
            }
            if !somewhere.isEmpty {
                parts.append(
                    "leaves \(somewhere.count.counted("flag")) unset in some environments"
                        + (common.map { ", so \(somewhere.count == 1 ? "it is" : "they are") \($0) there" } ?? ""))
            }
            notices.append(
                UnsetNotice(
                    tenantName: tenant.name, tenantSlug: site.tenantSlugs[tenant.id]!,
                    text: parts.joined(separator: ", and ") + (common == nil ? "; the app gets" : ""),
                    flags: values.prefix(5).map { value in
                        UnsetFlag(key: value.key, slug: site.flagSlugs[value.key]!, values: common == nil ? value.words : nil)
                    },
                    moreCount: values.count > 5 ? values.count - 5 : nil))
        }
        return (notices, warningCount)
    }

    /// What the app gets for a flag a tenant leaves unset, in the environments
    /// where it is unset: "off", or per value where they differ, "0 in dev and
    /// staging; 2 in prod, from remote config".
    struct AppValues {
        var key: String
        var words: String
        /// The one value, when the fallback decides every one of those environments.
        var plainWord: String?

        init(_ site: SiteRenderer, flag: Int, tenant: Int, environments: [Int]) {
            let (model, matrix) = (site.model, site.matrix)
            key = model.flags[flag].key
            var runs: [(word: String, layer: LayerDescription, environments: [String])] = []
            for environment in environments {
                let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                let word = CellPresentation(resolution).word
                if let index = runs.firstIndex(where: { $0.word == word && $0.layer == resolution.layer }) {
                    runs[index].environments.append(model.environments[environment])
                } else {
                    runs.append((word, resolution.layer, [model.environments[environment]]))
                }
            }
            let isPlainFallback = runs.allSatisfy(\.layer.meansUnset) && Set(runs.map(\.word)).count == 1
            plainWord = isPlainFallback ? runs.first?.word : nil
            if isPlainFallback, environments.count == model.environments.count {
                words = runs[0].word
            } else {
                words = runs.map { run in
                    "\(run.word) in \(RemoteConditionWords.list(run.environments, joinedBy: "and"))"
                        + (run.layer.meansUnset ? "" : ", from \(run.layer.name)")
                }.joined(separator: "; ")
            }
        }
    }
}

/// How many flags remote config changes in one environment, and the template's version.
struct RemoteChangeCount: Sendable, TemplateContext {
    var environment: String
    var count: Int
    /// "flag" or "flags", to go with `count`.
    var flagsNoun: String
    /// The template's version metadata in words: "version 8, published by ana@example.com on …".
    var template: String?
}

/// One tenant's flags that fall back because its file does not set them.
struct UnsetNotice: Sendable, TemplateContext {
    var tenantName: String
    var tenantSlug: String
    /// "does not set 4 flags, so they are off".
    var text: String
    /// The first few of those flags, and how many more there are (`nil` for none).
    var flags: [UnsetFlag]
    var moreCount: Int?
}

/// A flag a tenant leaves unset, and what the app gets when that is not what the notice says for all.
struct UnsetFlag: Sendable, TemplateContext {
    var key: String
    var slug: String
    /// "0 in dev and staging; 2 in prod, from remote config"; `nil` when the notice's words cover it.
    var values: String?
}

/// What the home page's search box suggests: a flag key, or a tenant's name with its id.
struct Suggestion: Sendable, TemplateContext {
    var value: String
    var href: String
    /// The tenant, when the suggestion is one, so its name or id alone also finds it.
    var tenant: TenantItem?
    /// The values of the tenant's facts, joined by `|`, so one of them alone ("CLP") also finds it.
    var facts: String?
}
