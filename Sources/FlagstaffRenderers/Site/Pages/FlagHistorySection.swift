import FlagstaffCore

/// The History section of a flag page: per environment, the tenants whose values
/// share a timeline, their value now and since when, and the values before.
struct FlagHistorySection: Sendable, TemplateContext {
    /// Which commits the history covers, in words.
    var covers: String
    /// The flag's earlier keys, newest first, when it was renamed within the history:
    /// `Called ENABLE_SEARCH until 10 Apr 2026 (“Rename the search key” by Ben Ode (cd39566)).`
    var renames: String?
    /// The environments, the last configured (production) first.
    var environments: [HistoryEnvironmentPart]

    init(_ site: SiteRenderer, history: SiteHistory, flag position: Int) {
        let (model, matrix) = (site.model, site.matrix)
        let flag = model.flags[position]
        let timelines = site.historyTimelines.flag(flag.key)
        let words = site.historyWords
        covers = Self.covers(history.history)
        renames = Self.renames(of: flag.key, in: history.history)
        environments = model.environments.indices.reversed().map { environment in
            // Tenants whose cells share a timeline are told together, in tenant order.
            var groups: [(timeline: CellTimeline, tenants: [String])] = []
            for (tenant, item) in model.tenants.enumerated() {
                let cell = matrix.cell(flag: position, tenant: tenant, environment: environment)
                let current = CellTimeline.State.value(
                    matrix.presentation(flag: position, tenant: tenant, environment: environment).word, layer: matrix.layers[Int(cell.layer)].id)
                let timeline = timelines.timeline(tenant: item.id, environment: model.environments[environment], current: current)
                if let index = groups.firstIndex(where: { $0.timeline == timeline }) {
                    groups[index].tenants.append(item.id)
                } else {
                    groups.append((timeline, [item.id]))
                }
            }
            // The latest change first; stretches that began at the start of history last.
            let ordered = groups.enumerated().sorted { a, b in
                let (first, second) = (site.historyRank(a.element.timeline), site.historyRank(b.element.timeline))
                return first != second ? first > second : a.offset < b.offset
            }.map(\.element)
            return HistoryEnvironmentPart(
                name: model.environments[environment],
                groups: ordered.map { group in
                    let who = group.tenants.count > 2 && group.tenants.count == model.tenants.count
                        ? "every \(site.words.tenant)" : words.tenants(group.tenants)
                    return TimelineGroup(group.timeline, who: who, words: words)
                })
        }
    }

    /// The keys a flag had before it was renamed, followed back from its key now, in words.
    static func renames(of key: String, in history: ValueHistory) -> String? {
        var key = key
        var sentences: [String] = []
        for entry in history.entries.reversed() {
            guard let rename = entry.renamedFlags.first(where: { $0.new == key }) else { continue }
            let when = entry.commit.map { " until \(HistoryWords.day($0.day)) (\(HistoryWords.commit($0)))" } ?? " until a change after the last commit the history covers"
            sentences.append("Called \(rename.old)\(when).")
            key = rename.old
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: " ")
    }

    /// `From git: 12 commits from 5 Jan 2026 (5d9c628) to 2 May 2026 (59d5286).`
    static func covers(_ history: ValueHistory) -> String {
        guard let start = history.start?.commit, let end = history.end else { return "The history has no commits yet." }
        var text = "From git: the commits from \(HistoryWords.day(start.day)) (\(start.shortID)) to \(HistoryWords.day(end.day)) (\(end.shortID))."
        if history.entries.last.map({ $0.commit == nil }) ?? false {
            text += " Values changed after that show as not in the history yet."
        }
        return text
    }
}

/// One environment of a flag's history.
struct HistoryEnvironmentPart: Sendable, TemplateContext {
    var name: String
    var groups: [TimelineGroup]
}

/// Tenants of one environment that share a timeline: their value now and since
/// when, then what it was before, newest first.
struct TimelineGroup: Sendable, TemplateContext {
    /// `On for Chalet since 2 Feb 2026`.
    var now: String
    /// The commit that made it so, when one did: `“Enable checkout” by Ana Lopez (3130487)`.
    var cause: String?
    /// When the sources could not be read meanwhile, though the value came back the same.
    var gaps: String?
    /// Whether the value changed within the history (styled apart from values unchanged since it starts).
    var changed: Bool
    var hasEarlier: Bool
    var earlier: [TimelineLine]

    init(_ timeline: CellTimeline, who: String, words: HistoryWords) {
        let segments = timeline.segments
        let first = segments[0]
        let added = timeline.startsWhenAdded && segments.count == 1
        now = "\(Self.state(first.state, capitalized: true, words: words)) for \(who) \(Self.since(first.since, added: added, word: "since"))"
            + Self.change(first)
        // A value the app ships reaches people with a release built after the commit, not on the commit's day.
        if case .commit(let commit) = first.since, case .value(_, let layer) = first.state, words.bundledLayers.contains(layer), !first.startsInRemoteConfig {
            now = "\(Self.state(first.state, capitalized: true, words: words)) for \(who), committed on \(HistoryWords.day(commit.day))"
                + (added ? ", when it was added" : "") + Self.change(first) + "; " + Self.release(of: commit, tagged: words.releasesTagged)
        }
        gaps = first.gaps.isEmpty ? nil : HistoryWords.capitalized(String(Self.gaps(first).dropFirst(2))) + "."
        cause = Self.cause(first.since)
        if case .start = first.since { changed = false } else { changed = true }
        earlier = segments.dropFirst().enumerated().map { offset, segment in
            let added = timeline.startsWhenAdded && offset == segments.count - 2
            return TimelineLine(
                text: "\(Self.state(segment.state, capitalized: true, words: words)) \(Self.since(segment.since, added: added, word: "from"))"
                    + Self.change(segment) + Self.gaps(segment),
                cause: Self.cause(segment.since))
        }
        hasEarlier = !earlier.isEmpty
    }

    /// When a value the app ships reaches people: the release that shipped its
    /// commit, when the team tags releases (`history.release_tags`), else with the next one.
    static func release(of commit: HistoryCommit, tagged: Bool) -> String {
        if let release = commit.release { return "shipped in release \(release.tag) (tagged \(HistoryWords.day(release.day)))" }
        return tagged ? "in no tagged release yet: it reaches people with the next one" : "reaches people with the app's next release after that"
    }

    /// `On (an override)`, `Unknown: the sources could not be read`.
    static func state(_ state: CellTimeline.State, capitalized: Bool, words: HistoryWords) -> String {
        switch state {
        case .value(let word, let layer): "\(capitalized ? HistoryWords.capitalized(word) : word) (\(words.layer(layer)))"
        case .unknown: capitalized ? "Unknown, as the sources could not be read," : "unknown, as the sources could not be read,"
        }
    }

    /// `since 2 Feb 2026`, `since 5 Jan 2026, when the history starts`.
    static func since(_ since: CellTimeline.Since, added: Bool, word: String) -> String {
        switch since {
        case .start(let commit): "\(word) \(HistoryWords.day(commit.day)), when the history starts"
        case .commit(let commit): "\(word) \(HistoryWords.day(commit.day))" + (added ? ", when it was added" : "")
        case .pending: "\(word) a change after the last commit the history covers"
        }
    }

    /// `: share raised from 10% to 50%`, what changed at the stretch's start while the value's word stayed.
    static func change(_ segment: CellTimeline.Segment) -> String {
        segment.change.map { ": " + $0 } ?? ""
    }

    /// `, though the sources could not be read from 3 Apr to 4 Apr 2026`.
    static func gaps(_ segment: CellTimeline.Segment) -> String {
        guard !segment.gaps.isEmpty else { return "" }
        return ", though the sources could not be read " + segment.gaps.reversed().map { gap in
            "from \(HistoryWords.day(gap.from.day)) (\(gap.from.shortID)) to \(HistoryWords.day(gap.until.day)) (\(gap.until.shortID))"
        }.joined(separator: " and ")
    }

    static func cause(_ since: CellTimeline.Since) -> String? {
        if case .commit(let commit) = since { return HistoryWords.commit(commit) }
        return nil
    }
}

/// One earlier stretch of a timeline.
struct TimelineLine: Sendable, TemplateContext {
    var text: String
    var cause: String?
}
