import FlagstaffCore

/// The values' history a site shows, when its configuration asks for one.
public struct SiteHistory: Sendable {
    /// The history, with a pending entry last when the sources the site is built
    /// from differ from the last commit it covers.
    public var history: ValueHistory
    /// How many days back "recent" goes.
    public var recentDays: Int
    /// The first day that counts as recent: the as-of day, less `recentDays`.
    public var recentSince: CalendarDate
    /// Whether the team tags its releases (`history.release_tags`).
    public var releasesTagged: Bool

    /// Creates the history of a site.
    public init(history: ValueHistory, recentDays: Int, asOf: CalendarDate, releasesTagged: Bool = false) {
        self.history = history
        self.recentDays = recentDays
        self.releasesTagged = releasesTagged
        recentSince = CalendarDate(daysSince1970: asOf.daysSince1970 - recentDays)
    }
}

/// How the site says history in a PM's words: days as "12 Mar 2026", commits by
/// their message and author, changes as sentences about flags, tenants and environments.
struct HistoryWords {
    let words: SiteWords
    /// Display names by tenant id, for the tenants of the site and those history names.
    let tenantNames: [String: String]
    /// Each layer's `phrase` by its id, from the site's chain.
    let layerPhrases: [String: String]
    /// The ids of the chain's layers whose values the app ships in its build (`LayerDescription.isBundled`).
    let bundledLayers: Set<String>
    /// Whether the team tags its releases (`history.release_tags`), so a commit in
    /// no release is in none yet.
    var releasesTagged = false

    /// `12 Mar 2026`.
    static func day(_ date: CalendarDate) -> String {
        "\(date.day) \(CalendarDate.monthNames[date.month - 1].prefix(3)) \(date.year)"
    }

    /// A tenant as sentences name it: its display name, or its id when it has none.
    func tenant(_ id: String) -> String { tenantNames[id] ?? id }

    /// `Chalet and Jolie`, `Chalet, Jolie and White Label`.
    func tenants(_ ids: [String]) -> String {
        let names = ids.map(tenant)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + names.last!
    }

    /// A layer as a PM reads it: "an override", "its base value", "remote config",
    /// "not set"; a layer the chain no longer has keeps its id.
    func layer(_ id: String) -> String { layerPhrases[id] ?? id }

    /// A value at the start of a sentence: `On`, `Off`, `20`.
    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// Who made a commit and why: `“Enable checkout for CHL” by Ana Lopez (3130487)`;
    /// a merge says so.
    static func commit(_ commit: HistoryCommit) -> String {
        "“\(commit.subject)” by \(commit.author) (\(commit.shortID)\(commit.isMerge ? ", a merge" : ""))"
    }

    /// One change of an entry, as a sentence that may name a flag, with the tenants
    /// and environments it concerns (empty: all), for filters.
    struct Change: Sendable {
        var lead: String
        var flag: String?
        var text: String
        var detail: String?
        var tenants: [String]
        var environments: [String]
    }

    /// The changes of an entry, in the order the command lists them.
    func changes(_ entry: HistoryEntry, tenantCount: Int) -> [Change] {
        var changes: [Change] = []
        func who(_ ids: [String]) -> String {
            ids.count > 2 && ids.count == tenantCount ? "every \(words.tenant)" : tenants(ids)
        }
        for unknown in entry.unknown {
            let whose = unknown.tenant.map { "\(tenant($0))'s values" } ?? "The flag sources"
            changes.append(
                Change(
                    lead: "", flag: nil,
                    text: "\(whose) could not be read from here on, so \(unknown.tenant == nil ? "every value is" : "they are") unknown until a later change fixes it",
                    detail: unknown.problems.map(\.description).joined(separator: "; "), tenants: unknown.tenant.map { [$0] } ?? [], environments: []))
        }
        if let used = entry.readWith {
            let text = switch used {
            case .borrowed(let name): "From here on the values are read with \(name)"
            case .own: "From here on the values are read with each commit's own configuration"
            }
            changes.append(Change(lead: "", flag: nil, text: text, detail: nil, tenants: [], environments: []))
        }
        for again in entry.readableAgain {
            changes.append(
                Change(
                    lead: "", flag: nil, text: (again.map { "\(tenant($0))'s values" } ?? "The flag sources") + " can be read again", detail: nil,
                    tenants: again.map { [$0] } ?? [], environments: []))
        }
        func places(_ environments: [String]) -> String {
            environments.count > 1 ? environments.dropLast().joined(separator: ", ") + " and " + environments.last! : environments.joined()
        }
        for group in entry.valueChanges {
            if let detail = group.detail {
                changes.append(
                    Change(
                        lead: "", flag: group.flag, text: ": \(detail) for \(who(group.tenants)) in \(places(group.environments))", detail: nil,
                        tenants: group.tenants, environments: group.environments))
                continue
            }
            let verb: String
            switch (group.old, group.new) {
            case ("off", "on"): verb = "turned on"
            case ("on", "off"): verb = "turned off"
            default: verb = "changed to \(group.new)"
            }
            let layer = group.oldLayer == group.newLayer
                ? "" : ", now from \(self.layer(group.newLayer)) (before: \(self.layer(group.oldLayer)))"
            changes.append(
                Change(
                    lead: "", flag: group.flag, text: " \(verb) in \(places(group.environments)) for \(who(group.tenants)) (was \(group.old))\(layer)",
                    detail: nil, tenants: group.tenants, environments: group.environments))
        }
        for group in entry.layerChanges {
            changes.append(
                Change(
                    lead: "", flag: group.flag,
                    text: " stays \(group.new) in \(places(group.environments)) for \(who(group.tenants)), now from \(self.layer(group.newLayer)) "
                        + "(before: \(self.layer(group.oldLayer)))", detail: nil, tenants: group.tenants, environments: group.environments))
        }
        for values in entry.addedFlags {
            changes.append(
                Change(
                    lead: "New flag ", flag: values.flag, text: ": " + flagValues(values, tenantCount: tenantCount), detail: nil,
                    tenants: values.environments.flatMap { $0.groups.flatMap(\.tenants) }.uniqued(), environments: values.environments.map(\.name)))
        }
        for values in entry.removedFlags {
            changes.append(
                Change(
                    lead: "", flag: values.flag, text: " was removed; it was " + flagValues(values, tenantCount: tenantCount), detail: nil,
                    tenants: values.environments.flatMap { $0.groups.flatMap(\.tenants) }.uniqued(), environments: values.environments.map(\.name)))
        }
        for rename in entry.renamedFlags {
            changes.append(Change(lead: "Flag \(rename.old) was renamed to ", flag: rename.new, text: "", detail: nil, tenants: [], environments: []))
        }
        changes += entry.addedTenants.map { Change(lead: "", flag: nil, text: "New \(words.tenant): \(tenant($0))", detail: nil, tenants: [$0], environments: []) }
        changes += entry.removedTenants.map {
            Change(lead: "", flag: nil, text: "The \(words.tenant) \(tenant($0)) was removed", detail: nil, tenants: [$0], environments: [])
        }
        changes += entry.renamedTenants.map { rename in
            Change(
                lead: "", flag: nil, text: "\(tenant(rename.new))'s id changed from \(rename.old) to \(rename.new)", detail: nil,
                tenants: [rename.old, rename.new], environments: [])
        }
        changes += entry.addedEnvironments.map { Change(lead: "", flag: nil, text: "New environment: \($0)", detail: nil, tenants: [], environments: [$0]) }
        changes += entry.removedEnvironments.map {
            Change(lead: "", flag: nil, text: "The environment \($0) was removed", detail: nil, tenants: [], environments: [$0])
        }
        for change in entry.remoteChanges {
            var (text, flag) = remote(change)
            if let flags = change.flags, !flags.isEmpty {
                text += " (" + (flags.count == 1 ? "flag " : "flags ") + RemoteConditionWords.list(flags, joinedBy: "and") + ")"
            }
            changes.append(
                Change(
                    lead: flag == nil ? "" : "Remote config in \(change.environments.joined(separator: " and ")): ", flag: flag,
                    text: flag == nil ? "Remote config in \(change.environments.joined(separator: " and ")): \(text)" : text, detail: nil, tenants: change.tenants ?? [],
                    environments: change.environments))
        }
        return changes
    }

    /// What remote config changes, in words, and the flag it concerns, if one.
    private func remote(_ change: RemoteTemplateChange) -> (text: String, flag: String?) {
        func share(_ percent: Double?) -> String { percent.map { "\($0.percentText)%" } ?? "an unstated share" }
        switch change.kind {
        case .version(let old, let new):
            guard let new else { return ("the template no longer names a version", nil) }
            return ("the template's \(new.summary)" + (old?.number.map { " (was version \($0))" } ?? ""), nil)
        case .conditionAdded(let name, _): return ("a new condition “\(name)”", nil)
        case .conditionRemoved(let name, _): return ("the condition “\(name)” was removed", nil)
        case .expressionChanged: return (change.rewrittenSentence ?? "", nil)
        case .conditionsReordered: return ("the conditions were put in another order, and the first that holds decides", nil)
        case .shareChanged(let flag, let condition, let what, let old, let new):
            let slot = condition.map { " for “\($0)”" } ?? ""
            return ("'s \(what)\(slot) now reaches \(share(new)) of devices (was \(share(old)))", flag)
        }
    }

    /// `on for Chalet in every environment; off for Jolie` or per environment.
    private func flagValues(_ values: MatrixChanges.FlagValues, tenantCount: Int) -> String {
        func groups(_ environment: MatrixChanges.FlagValues.Environment) -> String {
            environment.groups.map { group in
                "\(group.value) for " + (environment.groups.count == 1 && group.tenants.count > 1 ? "every \(words.tenant)" : tenants(group.tenants))
            }.joined(separator: "; ")
        }
        guard let first = values.environments.first else { return "" }
        if values.environments.allSatisfy({ $0.groups == first.groups }) { return groups(first) + " in every environment" }
        return values.environments.map { "in \($0.name): " + groups($0) }.joined(separator: " · ")
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
