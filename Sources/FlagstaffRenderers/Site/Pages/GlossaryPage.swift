import FlagstaffCore

/// `glossary.html`: the words of the site, each with an anchor that the jargon
/// on other pages links to (`glossary.html#override`), written from this
/// workspace's own tenants, environments, layers and statuses.
struct GlossaryPage: SitePage {
    static let template = "glossary"
    static let section: SiteSection? = .howToRead

    var groups: [GlossaryGroup]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "glossary.html", title: "Glossary") { GlossaryPage(site) }]
    }

    init(_ site: SiteRenderer) {
        let (model, matrix, lifecycle, words) = (site.model, site.matrix, site.lifecycle, site.words)
        // A single app has no tenants: its entries speak of the app, and the tenant's words are left out.
        let single = model.isSingleApp
        var entries: [GlossaryEntry] = [
            GlossaryEntry(
                anchor: "flag", term: "feature flag",
                definition: "A named switch in the app that turns a feature on or off, or picks a setting (a number or a text), "
                    + "without a new release of the code. This site has \(model.flags.count)."),
        ] + (single ? [] : [
            GlossaryEntry(
                anchor: "tenant", term: words.tenant,
                definition: "One brand of the app: one codebase serves them all, and each \(words.tenant) gets its own mix of features. "
                    + "This site has \(model.tenants.count): \(model.tenants.map(\.name).joined(separator: ", "))."),
        ]) + [
            GlossaryEntry(
                anchor: "environment", term: "environment",
                definition: "A stage a build goes through on its way to customers: here \(RemoteConditionWords.list(model.environments, joinedBy: "and"))."
                    + (model.environments.last.map { " The last, \($0), is what customers get." } ?? "")),
            GlossaryEntry(
                anchor: "value", term: "value",
                definition: "What a flag is set to\(single ? "" : " for one \(words.tenant)") in one environment: on or off, a number, or a text "
                    + "(“(empty)” when the text is empty)."),
        ]
        for layer in matrix.chain.descriptions {
            entries.append(GlossaryEntry(anchor: Glossary.anchor(layer.name), term: layer.name, mark: layer.mark, definition: layer.explanation))
        }
        entries += [
            GlossaryEntry(
                anchor: "mark", term: "mark",
                definition: "The small sign after a value that says what decided it."
                    + (single ? "" : " A value with no mark is the \(words.tenant)'s base value.")),
            GlossaryEntry(
                anchor: "varies", term: "varies", mark: CellPresentation.varyingMark,
                definition: "The value depends on the device or the person using the app, such as a rollout to a share of devices, "
                    + "so \(single ? "people using it" : "one \(words.tenant)") can see different values. The value is shown as every value it can take (“on/off”), "
                    + "and the flag's page says when each applies."),
        ]
        if model.remoteConfig != nil {
            entries += [
                GlossaryEntry(
                    anchor: "condition", term: "condition",
                    definition: "A rule in remote config that says who gets a value: \(single ? "" : "one \(words.tenant)'s app, ")phones set to some countries, "
                        + "or a random share of devices. The site names each condition as the team does and says what it tests in plain words."),
                GlossaryEntry(
                    anchor: "rollout", term: "rollout",
                    definition: "Turning a feature on for a share of devices first (“a random 25% of devices”), then for more."),
            ]
        }
        if !lifecycle.codeRoots.isEmpty {
            entries.append(
                GlossaryEntry(
                    anchor: "not-read", term: SiteRenderer.notReadLabel,
                    definition: "Nothing in the app's code asks for the flag, so its value changes nothing that people using the app see. "
                        + "Such a flag is usually one to remove."))
        }
        if let history = site.history {
            entries.append(
                GlossaryEntry(
                    anchor: "commit", term: "change (commit)",
                    definition: "A saved change to the flag sources, kept by git, the tool the engineers store them in: who made it, when, "
                        + "and a message that says why. Each flag's History and the Recent changes page (the last \(history.recentDays) days) "
                        + "list the changes that changed values, each with its short id (such as “\(history.history.end?.shortID ?? "3130487")”), "
                        + "by which an engineer finds it."))
        }
        // "Partly seen" and "not in production" only where a flag is so.
        let statuses = LifecycleStatus.allCases.filter { ![.partlySeen, .notInProduction].contains($0) || lifecycle.count(of: $0) > 0 }.map { status in
            GlossaryEntry(
                anchor: status.rawValue, term: status.label,
                definition: LifecycleText.meaning(status, lifecycle.wording) + " \(lifecycle.count(of: status).counted("flag")) now.")
        } + [
            GlossaryEntry(anchor: "owner", term: "owner", definition: "The person or team who answers for a flag and removes it on time."),
            GlossaryEntry(anchor: "remove-by", term: "remove by", definition: "The day or app version by which a temporary flag should be gone."),
            GlossaryEntry(
                anchor: "type", term: "type",
                definition: "Release and experiment flags are temporary and should live about \(lifecycle.policy.expectedLifetime(of: .release) ?? 40) days; "
                    + "ops flags a few days; kill switches (to turn a feature off in an emergency) and permission flags (who may use a feature) stay."),
        ]
        let engineers = [
            GlossaryEntry(
                anchor: "swift-case", term: "Swift case",
                definition: "The flag's name in the app's code, such as “.\(model.flags.first?.caseName ?? "mediaLibrary")”, in the flag enum."),
        ] + (single ? [] : [
            GlossaryEntry(
                anchor: "defaults-file", term: "defaults file",
                definition: "The file of one \(words.tenant) that sets its base values and its overrides per environment."),
        ]) + [
            GlossaryEntry(anchor: "catalog", term: "catalog", definition: "The Markdown table that describes every flag: what it does, its owner and its dates."),
        ] + (model.remoteConfig == nil ? [] : [
            GlossaryEntry(
                anchor: "template", term: "Remote Config template",
                definition: "The file that Firebase's command line writes from the console: the conditions and, per parameter, its values. "
                    + "\(Self.parameters(model)) This site reads the templates for \(Self.templateVersions(model))."),
        ])
        groups = [
            GlossaryGroup(title: "Words on this site", entries: entries),
            GlossaryGroup(title: "Lifecycle", entries: statuses),
            GlossaryGroup(title: "For engineers", entries: engineers),
        ]
    }

    /// Each environment's template, with its version: "uat (version 17) and prod (version 42)".
    /// Which parameter each flag reads: the one of its name, except those the
    /// configuration or the code names otherwise and those that read none.
    private static func parameters(_ model: FlagModel) -> String {
        guard let remote = model.remoteConfig else { return "" }
        let none = model.flags.filter { !remote.isLinked($0.key) }.count
        let other = model.flags.filter { remote.isLinked($0.key) && remote.parameterName(for: $0.key) != $0.key }.count
        if none == 0, other == 0 { return "Each flag reads the parameter of its name." }
        if other == model.flags.count { return "Each flag's page names the parameter it reads." }
        let exceptions = [
            other == 0 ? nil : "\(other.counted("flag")) \(other == 1 ? "reads" : "read") a parameter of another name",
            none == 0 ? nil : "\(none.counted("flag")) \(none == 1 ? "reads" : "read") none",
        ].compactMap { $0 }
        return "A flag reads the parameter of its name, except that \(exceptions.joined(separator: " and ")); each flag's page names its parameter."
    }

    private static func templateVersions(_ model: FlagModel) -> String {
        model.remoteConfig.map { remote in
            remote.templatesByFile(environments: model.environments).map { template, environments in
                environments.joined(separator: " and ") + (template.version?.number.map { " (version \($0))" } ?? "")
            }.joined(separator: ", ")
        } ?? ""
    }
}

/// One part of the glossary.
struct GlossaryGroup: Sendable, TemplateContext {
    var title: String
    var entries: [GlossaryEntry]
}

/// One word and what it means; other pages link to it by its anchor.
struct GlossaryEntry: Sendable, TemplateContext {
    var anchor: String
    var term: String
    /// The mark the site shows for it, if any: `◆`.
    var mark: String?
    var definition: String

    init(anchor: String, term: String, mark: String = "", definition: String) {
        self.anchor = anchor
        self.term = term
        self.mark = mark.isEmpty ? nil : mark
        self.definition = definition
    }
}

/// Where the glossary defines a term: each layer's entry is at its name's slug.
enum Glossary {
    /// The anchor of a term's entry: "base value" is at `#base-value`.
    static func anchor(_ term: String) -> String { Slug.make(term) }
}
