import FlagstaffCore

/// `index.html`: the counts, the search box, where to start, and the warnings in plain words.
struct HomePage: SitePage {
    static let template = "index"
    static let section: SiteSection? = nil

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

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "index.html", title: "Home") { HomePage(site) }]
    }

    init(_ site: SiteRenderer) {
        let (model, matrix, lifecycle, warnings) = (site.model, site.matrix, site.lifecycle, site.warnings)
        let unset = Self.unsetNotices(site)
        (flagCount, tenantCount, environmentCount) = (model.flags.count, model.tenants.count, model.environments.count)
        environmentList = model.environments.joined(separator: ", ")
        warningCount = warnings.count
        hasWarnings = !warnings.isEmpty
        unsetNotices = unset.notices
        otherWarnings = warnings.count > unset.warningCount ? (warnings.count - unset.warningCount).counted("other warning") : nil
        self.warnings = warnings.map(\.description)
        flags = model.flags.map { FlagSuggestion(key: $0.key, href: "flags/\(site.flagSlugs[$0.key]!).html") }
        asOf = lifecycle.asOf.description
        (overdueCount, dueSoonCount) = (lifecycle.count(of: .overdue), lifecycle.count(of: .dueSoon))
        remoteChanges = model.environments.filter { model.remoteConfig?.templates[$0] != nil }.map { environment in
            RemoteChangeCount(environment: environment, count: matrix.flags(changedBy: RemoteConfigLayer.layer, in: environment).count)
        }
    }

    /// The validator's "does not set" warnings in a PM's words, one line per tenant:
    /// "BRAVO does not set 4 flags, so they are off". The validator warns once per
    /// tenant and flag that falls back, so `warningCount` says how many warnings
    /// these lines stand for.
    private static func unsetNotices(_ site: SiteRenderer) -> (notices: [UnsetNotice], warningCount: Int) {
        let (model, matrix) = (site.model, site.matrix)
        var notices: [UnsetNotice] = []
        var warningCount = 0
        for (position, tenant) in model.tenants.enumerated() {
            var everywhere: [Flag] = [], somewhere: [Flag] = []
            for (flag, unsetIn) in matrix.settings[position].unsetEnvironments(flagCount: model.flags.count).enumerated() {
                if unsetIn.count == model.environments.count { everywhere.append(model.flags[flag]) } else if !unsetIn.isEmpty { somewhere.append(model.flags[flag]) }
            }
            guard !everywhere.isEmpty || !somewhere.isEmpty else { continue }
            warningCount += everywhere.count + somewhere.count
            var parts: [String] = []
            if !everywhere.isEmpty {
                parts.append("does not set \(everywhere.count.counted("flag")), so \(everywhere.count == 1 ? "it is" : "they are") \(fallbackWords(everywhere, matrix))")
            }
            if !somewhere.isEmpty {
                parts.append(
                    "leaves \(somewhere.count.counted("flag")) unset in some environments, so \(somewhere.count == 1 ? "it is" : "they are") "
                        + "\(fallbackWords(somewhere, matrix)) there")
            }
            let flags = everywhere + somewhere
            notices.append(
                UnsetNotice(
                    tenantName: tenant.name, tenantSlug: site.tenantSlugs[tenant.id]!, text: parts.joined(separator: ", and "),
                    flags: flags.prefix(5).map { FlagLink(key: $0.key, slug: site.flagSlugs[$0.key]!) },
                    moreCount: flags.count > 5 ? flags.count - 5 : nil))
        }
        return (notices, warningCount)
    }

    /// What flags that nobody sets resolve to: "off", or each fallback when the types differ.
    private static func fallbackWords(_ flags: [Flag], _ matrix: ResolvedMatrix) -> String {
        var words: [String] = []
        for flag in flags {
            let word = CellPresentation.word(for: matrix.type(of: flag).fallbackValue)
            if !words.contains(word) { words.append(word) }
        }
        return words.count == 1 ? words[0] : "off, 0 or (empty), by type"
    }
}

/// How many flags remote config changes in one environment.
struct RemoteChangeCount: Sendable, TemplateContext {
    var environment: String
    var count: Int
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
}

/// A flag key and its page, for the home page's search suggestions.
struct FlagSuggestion: Sendable, TemplateContext {
    var key: String
    var href: String
}
