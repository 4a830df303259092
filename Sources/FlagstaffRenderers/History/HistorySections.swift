import FlagstaffCore

/// The sentences of a history report, shared by the text and Markdown renderers:
/// a heading per entry (the commit) and one sentence per change, in the words
/// `flagstaff diff` uses.
enum HistorySections {
    /// What the report is about: "History of the flag values on the first-parent line of HEAD".
    static func title(_ scope: HistoryScope, style: DiffStyle) -> String {
        var about = "the flag values"
        if !scope.flags.isEmpty { about = scope.flags.map(style.code).joined(separator: ", ") }
        if !scope.tenants.isEmpty { about += " for " + scope.tenants.map(style.code).joined(separator: ", ") }
        if !scope.environments.isEmpty { about += " in " + scope.environments.map(style.code).joined(separator: ", ") }
        return "History of \(about) on the first-parent line of \(style.code(scope.revision)), newest first"
    }

    /// What to say before the entries: the commits covered, a shallow clone, an empty history.
    static func notes(_ history: ValueHistory, style: DiffStyle, pathPrefix: String = "") -> [String] {
        var notes: [String] = []
        if let shallow = history.shallowFrom {
            notes.append(shallowNote(shallow, style: style))
        }
        if let unread = history.unreadBeforeStart {
            let problems = unread.problems.map { problem -> String in
                var shown = problem
                shown.location?.file = pathPrefix + (problem.location?.file ?? "")
                return style.text(shown.description)
            }
            notes.append(
                (history.start == nil ? "The last commit, " : "Earlier commits are not shown: the last before the start, ") + commitName(unread.commit, style: style)
                    + ", has flag sources the configuration cannot read (pass an older configuration with \(style.code("--read-with")) to read them): "
                    + problems.joined(separator: "; "))
        }
        guard let start = history.start?.commit, let end = history.end else {
            notes.append(
                history.end == nil
                    ? "The branch has no commits yet." : "No commit of this line has flag sources the configuration can read (its own, or today's where it has none), so there is no history yet.")
            return notes
        }
        let changes = history.entries.filter { $0.commit != nil && !$0.isStart }.count
        notes.append(
            "From \(commitName(start, style: style)) to \(commitName(end, style: style)): "
                + (changes == 1 ? "1 commit changes" : "\(changes) commits change") + " what is shown.")
        return notes
    }

    /// What a shallow clone means for the history, in one sentence.
    static func shallowNote(_ oldest: HistoryCommit, style: DiffStyle) -> String {
        "This clone is shallow: its oldest commit is \(commitName(oldest, style: style)), so history starts there and earlier changes are not known. "
            + "Fetch the whole history with \(style.code("git fetch --unshallow")) (in GitHub Actions, \(style.code("fetch-depth: 0")))."
    }

    /// `a1b2c3d (2026-03-12)`.
    static func commitName(_ commit: HistoryCommit, style: DiffStyle) -> String {
        "\(style.code(commit.shortID)) (\(commit.day))"
    }

    /// An entry's heading: `a1b2c3d 2026-03-12 Ana Lopez: Enable campaigns`, or what a pending entry is.
    static func heading(_ entry: HistoryEntry, pending: String, style: DiffStyle) -> String {
        guard let commit = entry.commit else { return pending }
        return "\(style.code(commit.shortID)) \(commit.day) \(style.text(commit.author)): \(style.text(commit.subject))"
            + (commit.isMerge ? " (a merge)" : "")
    }

    /// An entry's sentences, in a fixed order.
    static func lines(_ entry: HistoryEntry, scope: HistoryScope, style: DiffStyle, pathPrefix: String) -> [String] {
        var lines: [String] = []
        let wording = TenantWording(isSingleApp: scope.isSingleApp)
        func who(_ tenants: [String]) -> String { scope.isSingleApp ? "the app" : tenants.map(style.code).joined(separator: ", ") }
        if case .start(let flags, let tenants, let environments) = entry.kind, entry.unknown.allSatisfy({ $0.tenant != nil }) {
            lines.append(
                "History starts here: \(flags.counted("flag")), \(wording.count(tenants)), \(environments.counted("environment"))")
        }
        for unknown in entry.unknown {
            let problems = unknown.problems.map { problem -> String in
                var shown = problem
                shown.location?.file = pathPrefix + (problem.location?.file ?? "")
                return style.text(shown.description)
            }
            let whose = unknown.tenant.map { "\(style.code($0))'s values" } ?? "The flag sources"
            lines.append("\(whose) cannot be read from here on, so \(unknown.tenant == nil ? "every value is" : "its values are") unknown until they can: "
                + problems.joined(separator: "; "))
        }
        switch entry.readWith {
        case .borrowed(let name)?: lines.append("From here on the values are read with \(style.text(name))")
        case .own?: lines.append("From here on the values are read with each commit's own configuration")
        case nil: break
        }
        for tenant in entry.readableAgain {
            lines.append(tenant.map { "\(style.code($0))'s values can be read again" } ?? "The flag sources can be read again")
        }
        for group in entry.valueChanges { lines.append(valueSentence(group, who: who(group.tenants), style: style)) }
        // Listed apart and said apart, as `diff` does: the value the app gets stays the same.
        for group in entry.layerChanges {
            lines.append(
                "Same value, another layer: \(style.code(group.flag)) in \(places(group.environments, style: style)) for \(who(group.tenants)): "
                    + "\(style.text(group.new)), now from \(group.newLayer) (was \(group.oldLayer))")
        }
        lines += entry.addedFlags.map { "Flag added: " + DiffSections.valuesSentence($0, style: style, wording: wording) }
        lines += entry.removedFlags.map { "Flag removed: " + DiffSections.valuesSentence($0, style: style, wording: wording) }
        lines += entry.renamedFlags.map { "Flag \(style.code($0.old)) renamed to \(style.code($0.new))" }
        lines += entry.addedTenants.map { "Tenant added: \(style.code($0))" }
        lines += entry.removedTenants.map { "Tenant removed: \(style.code($0))" }
        lines += entry.renamedTenants.map { "Tenant \(style.code($0.old)) renamed to \(style.code($0.new))" }
        lines += entry.addedEnvironments.map { "Environment added: \(style.code($0))" }
        lines += entry.removedEnvironments.map { "Environment removed: \(style.code($0))" }
        lines += entry.remoteChanges.map { "Remote Config " + DiffSections.remoteSentence($0, style: style) }
        // A template's version is said once: by its change, or here.
        let versioned = Set(entry.remoteChanges.flatMap { change -> [String] in
            if case .version = change.kind { return change.environments }
            return []
        })
        for (environment, version) in entry.templateVersions.sorted(by: { $0.key < $1.key }) where !versioned.contains(environment) {
            lines.append("The \(style.code(environment)) template is \(style.text(version.summary))")
        }
        return lines
    }

    /// `prod, uat`: the environments a change touches.
    static func places(_ environments: [String], style: DiffStyle) -> String {
        environments.map(style.code).joined(separator: ", ")
    }

    /// `ENABLE_X turns on in prod, uat for CHL, JLC (was off), from override (was base)`, or for a
    /// change of the cases a value varies by, `ENABLE_X: share raised from 10% to 50% for CHL in prod, from remote`.
    static func valueSentence(_ group: CellGroup, who: String, style: DiffStyle) -> String {
        let layers = group.oldLayer == group.newLayer ? "from \(group.newLayer)" : "from \(group.newLayer) (was \(group.oldLayer))"
        if let detail = group.detail {
            return "\(style.code(group.flag)): \(style.emphasis(detail, .plain)) for \(who) in \(places(group.environments, style: style)), \(layers)"
        }
        let verb: String
        switch (group.old, group.new) {
        case ("off", "on"): verb = style.emphasis("turns on", .on)
        case ("on", "off"): verb = style.emphasis("turns off", .off)
        default: verb = "becomes " + style.emphasis(group.new, .plain)
        }
        return "\(style.code(group.flag)) \(verb) in \(places(group.environments, style: style)) for \(who) (was \(style.text(group.old))), \(layers)"
    }
}

/// What a history report covers, as the user asked: the revision it ends at and
/// the flags, tenants and environments it is limited to (none: all).
public struct HistoryScope: Sendable {
    /// The revision the first-parent line ends at, as the user named it.
    public var revision: String
    /// The flags, tenants and environments asked for.
    public var flags: [String], tenants: [String], environments: [String]
    /// Whether the workspace is a single app, whose one tenant is "the app".
    public var isSingleApp: Bool

    /// Creates a scope.
    public init(revision: String, flags: [String] = [], tenants: [String] = [], environments: [String] = [], isSingleApp: Bool = false) {
        self.revision = revision
        self.isSingleApp = isSingleApp
        self.flags = flags
        self.tenants = tenants
        self.environments = environments
    }
}
