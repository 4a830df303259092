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
            var plain = entry
            plain.cells = []
            plain.remoteChanges = []
            if !plain.isEmpty { structural.append(index) }
        }
        self.byFlag = byFlag
        self.structural = structural
    }

    /// The entries that may concern a flag, newest first: every entry that changes a
    /// cell of it under any key it had, and the structural ones.
    public func entries(concerning flag: String) -> [Int] {
        var keys: Set<String> = [flag]
        for index in structural.reversed() {
            for rename in history.entries[index].renamedFlags where keys.contains(rename.new) { keys.insert(rename.old) }
        }
        return Set(structural + keys.flatMap { byFlag[$0] ?? [] }).sorted(by: >)
    }

    /// The timeline of one cell, whose state now is `current`, walking back through
    /// `entries` (from `entries(concerning:)` for the flag).
    public func timeline(flag: String, tenant: String, environment: String, current: CellTimeline.State, entries: [Int]) -> CellTimeline {
        var segments: [CellTimeline.Segment] = []
        var (state, key, id) = (current, flag, tenant)
        // The value before a stretch of unknown values, found where reading resumed.
        var beforeUnknown: CellTimeline.State?
        for index in entries {
            let entry = history.entries[index]
            let since: CellTimeline.Since = entry.commit.map { commit in
                if case .start = entry.kind { return .start(commit) }
                return .commit(commit)
            } ?? .pending
            if case .start = entry.kind {
                segments.append(CellTimeline.Segment(state: state, since: since))
                return CellTimeline(segments: segments)
            }
            let cell = entry.cells.first { $0.flag == key && $0.tenant == id && $0.environment == environment }
            let earlier = cell.map { CellTimeline.State.value($0.old, layer: $0.oldLayer) }
            if entry.readableAgain.contains(where: { $0 == nil || $0 == id }) {
                segments.append(CellTimeline.Segment(state: state, since: since))
                beforeUnknown = earlier ?? state
                state = .unknown
            } else if let earlier {
                segments.append(CellTimeline.Segment(state: state, since: since))
                state = earlier
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
                return CellTimeline(segments: segments, startsWhenAdded: true)
            }
        }
        if segments.isEmpty || segments.last?.state != state {
            segments.append(CellTimeline.Segment(state: state, since: history.start?.commit.map { .start($0) } ?? .pending))
        }
        return CellTimeline(segments: segments)
    }
}
