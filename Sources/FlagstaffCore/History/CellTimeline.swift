/// One cell's values over time, newest first: "on since 12 Mar 2026 (a1b2c3d),
/// off before that, since history starts".
public struct CellTimeline: Hashable, Sendable {
    /// What a cell was during one stretch of history.
    public enum State: Hashable, Sendable {
        /// A value, as `CellPresentation.word` writes it, and the id of the layer that decided it.
        case value(String, layer: String)
        /// The sources could not be read, so the value is not known.
        case unknown
    }

    /// Since when a stretch lasts.
    public enum Since: Hashable, Sendable {
        /// Since the first commit history covers: the value may be older.
        case start(HistoryCommit)
        /// Since a commit that changed it.
        case commit(HistoryCommit)
        /// Since after the last commit history covers (a change not in it yet).
        case pending
    }

    /// One stretch: a state, from a point on until the next stretch's start.
    public struct Segment: Hashable, Sendable {
        /// What the cell was.
        public var state: State
        /// Since when.
        public var since: Since
        /// Stretches inside it when the sources could not be read, after which the
        /// value was the same again: from the commit that broke them to the one that mended them.
        public var gaps: [Gap] = []
        /// What changed at its start in the cases the value varies by, when the
        /// value's word stayed: "share raised from 10% to 50%".
        public var change: String?
        /// Whether it starts where Remote Config changed a condition the flag has a
        /// value under, not where a source the app ships changed: it reaches devices
        /// when they next fetch, not with a release.
        public var startsInRemoteConfig: Bool

        /// Creates a stretch.
        public init(state: State, since: Since, gaps: [Gap] = [], change: String? = nil, startsInRemoteConfig: Bool = false) {
            self.state = state
            self.since = since
            self.gaps = gaps
            self.change = change
            self.startsInRemoteConfig = startsInRemoteConfig
        }
    }

    /// A stretch when the sources could not be read, inside one value's stretch.
    public struct Gap: Hashable, Sendable {
        /// The commit from which they could not be read, and the one from which they could again.
        public var from: HistoryCommit, until: HistoryCommit
    }

    /// The stretches with each unknown stretch between two of the same value folded
    /// into one stretch with a gap: a value that comes back unchanged after the
    /// sources could not be read has not changed.
    static func folded(_ segments: [Segment]) -> [Segment] {
        var result: [Segment] = []
        for segment in segments.reversed() {
            // Oldest first: a value, then unknown, then the same value again folds.
            if result.count >= 2, case .unknown = result[result.count - 1].state, result[result.count - 2].state == segment.state,
                case .commit(let from) = result[result.count - 1].since, case .commit(let until) = segment.since
            {
                result.removeLast()
                result[result.count - 1].gaps += [Gap(from: from, until: until)] + segment.gaps
                continue
            }
            result.append(segment)
        }
        return result.reversed()
    }

    /// The stretches, newest first; the first is the cell's state now.
    public var segments: [Segment]
    /// Whether the oldest stretch starts where the flag, the tenant or the
    /// environment was added, rather than where history starts.
    public var startsWhenAdded = false
}

/// Reads cells' timelines out of a history: one flag at a time, each of its
/// cells walking back only through the commits that concern it.
public struct HistoryTimelines: Sendable {
    private let history: ValueHistory
    /// The entries that change some cell, by the flag key the cell had then.
    private let byFlag: [String: [Int]]
    /// The entries that change more than cells: starts, renames, additions, unknown values.
    private let structural: [Int]

    /// Prepares the timelines of a history.
    public init(_ history: ValueHistory) {
        self.history = history
        var byFlag: [String: [Int]] = [:]
        var structural: [Int] = []
        for (index, entry) in history.entries.enumerated() {
            var flags = Set<String>()
            for cell in entry.cells where flags.insert(cell.flag).inserted { byFlag[cell.flag, default: []].append(index) }
            for change in entry.remoteChanges {
                for flag in change.flags ?? [] where flags.insert(flag).inserted { byFlag[flag, default: []].append(index) }
            }
            var plain = entry
            plain.cells = []
            plain.remoteChanges = []
            if !plain.isEmpty { structural.append(index) }
        }
        self.byFlag = byFlag
        self.structural = structural
    }

    /// The timelines of one flag's cells, under any key it had.
    public func flag(_ key: String) -> FlagTimelines {
        var keys: Set<String> = [key]
        for index in structural.reversed() {
            for rename in history.entries[index].renamedFlags where keys.contains(rename.new) { keys.insert(rename.old) }
        }
        let indices = Set(structural + keys.flatMap { byFlag[$0] ?? [] }).sorted(by: >)
        let steps = indices.map { index in
            let entry = history.entries[index]
            var cells: [FlagTimelines.CellKey: MatrixChanges.Cell] = [:]
            for cell in entry.cells where keys.contains(cell.flag) {
                cells[FlagTimelines.CellKey(flag: cell.flag, tenant: cell.tenant, environment: cell.environment)] = cell
            }
            return FlagTimelines.Step(entry: entry, cells: cells)
        }
        return FlagTimelines(flag: key, steps: steps, start: history.start?.commit)
    }
}

/// The timelines of one flag's cells: the entries that concern it, newest first,
/// each with the flag's cells it changes.
public struct FlagTimelines: Sendable {
    struct CellKey: Hashable {
        var flag: String, tenant: String, environment: String
    }

    struct Step {
        var entry: HistoryEntry
        var cells: [CellKey: MatrixChanges.Cell]
    }

    let flag: String
    let steps: [Step]
    let start: HistoryCommit?

    /// What a commit changed in a condition the flag has a value under, in this
    /// environment and for this tenant, in words: "the condition “Xmas” now
    /// tests: from 5 Dec 2026 (was from 1 Dec 2026)"; `nil` when nothing.
    static func conditionChange(in entry: HistoryEntry, flag: String, tenant: String, environment: String) -> String? {
        let sentences = entry.remoteChanges.compactMap { change -> String? in
            guard change.flags?.contains(flag) == true, change.environments.contains(environment), change.tenants?.contains(tenant) ?? true else { return nil }
            switch change.kind {
            case .expressionChanged: return change.rewrittenSentence
            case .conditionAdded(let name, _): return "Remote Config gave it a value under a new condition “\(name)”"
            case .conditionRemoved(let name, _): return "the condition “\(name)” was removed"
            case .conditionsReordered: return "its conditions are tried in another order"
            case .version, .shareChanged: return nil
            }
        }
        return sentences.isEmpty ? nil : sentences.joined(separator: "; ")
    }

    /// The timeline of the cell of a tenant in an environment, whose state now is `current`.
    public func timeline(tenant: String, environment: String, current: CellTimeline.State) -> CellTimeline {
        var segments: [CellTimeline.Segment] = []
        var (state, key, id) = (current, flag, tenant)
        // The value before a stretch of unknown values, found where reading resumed.
        var beforeUnknown: CellTimeline.State?
        for step in steps {
            let entry = step.entry
            let since: CellTimeline.Since = entry.commit.map { commit in entry.isStart ? .start(commit) : .commit(commit) } ?? .pending
            if entry.isStart {
                segments.append(CellTimeline.Segment(state: state, since: since))
                return CellTimeline(segments: CellTimeline.folded(segments))
            }
            let cell = step.cells[CellKey(flag: key, tenant: id, environment: environment)]
            let earlier = cell.map { CellTimeline.State.value($0.old, layer: $0.oldLayer) }
            if entry.readableAgain.contains(where: { $0 == nil || $0 == id }) {
                segments.append(CellTimeline.Segment(state: state, since: since))
                beforeUnknown = earlier ?? state
                state = .unknown
            } else if let earlier {
                segments.append(CellTimeline.Segment(state: state, since: since, change: cell?.detail))
                state = earlier
            } else if let condition = Self.conditionChange(in: entry, flag: key, tenant: id, environment: environment) {
                // The value stays, but the rule that decides who gets it changed.
                segments.append(CellTimeline.Segment(state: state, since: since, change: condition, startsInRemoteConfig: true))
            }
            if entry.unknown.contains(where: { $0.tenant == nil || $0.tenant == id }) {
                segments.append(CellTimeline.Segment(state: .unknown, since: since))
                state = beforeUnknown ?? state
                beforeUnknown = nil
            }
            if let rename = entry.renamedFlags.first(where: { $0.new == key }) { key = rename.old }
            if let rename = entry.renamedTenants.first(where: { $0.new == id }) { id = rename.old }
            if entry.addedFlags.contains(where: { $0.flag == key }) || entry.addedTenants.contains(id) || entry.addedEnvironments.contains(environment) {
                segments.append(CellTimeline.Segment(state: state, since: since))
                return CellTimeline(segments: CellTimeline.folded(segments), startsWhenAdded: true)
            }
        }
        segments.append(CellTimeline.Segment(state: state, since: start.map { .start($0) } ?? .pending))
        return CellTimeline(segments: CellTimeline.folded(segments))
    }
}
