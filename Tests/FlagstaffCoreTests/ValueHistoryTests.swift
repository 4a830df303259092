import FlagstaffCore
import Testing

/// The history of values, as the site's recent changes read it.
@Suite("Value history")
struct ValueHistoryTests {
    static func commit(_ subject: String, _ day: String) -> HistoryCommit {
        HistoryCommit(
            id: subject + String(repeating: "0", count: 40 - subject.count), time: day + "T10:00:00Z", day: CalendarDate(parsing: day)!,
            author: "Ann", email: "ann@x", subject: subject)
    }

    static let history = ValueHistory(
        entries: [
            HistoryEntry(kind: .start(flags: 1, tenants: 1, environments: 1), commit: commit("a", "2026-01-10")),
            HistoryEntry(kind: .change, commit: commit("b", "2026-02-28")),
            HistoryEntry(kind: .change, commit: commit("c", "2026-03-01")),
            HistoryEntry(kind: .change, commit: commit("d", "2026-03-02")),
            HistoryEntry(kind: .pending, commit: nil),
        ],
        end: commit("d", "2026-03-02"))

    /// The first day of the recent window is recent: a change made that day is listed,
    /// one made the day before is not; the pending entry always is, and newest comes first.
    @Test func entriesSinceADayIncludeThatDay() {
        #expect(Self.history.entries(since: CalendarDate(parsing: "2026-03-01")!).map { $0.commit?.subject } == [nil, "d", "c"])
        #expect(Self.history.entries(since: CalendarDate(parsing: "2026-01-10")!).map { $0.commit?.subject } == [nil, "d", "c", "b", "a"])
    }

    /// `Added` days: A was there at the start; B added on 2026-02-28 and renamed to
    /// B2 on 2026-03-02; C added on 2026-02-28, removed on 2026-03-01 and back on
    /// 2026-03-02 (its first addition counts); D never seen added after a shallow start.
    @Test func addedDaysFollowRenamesAndTakeTheFirstAddition() {
        func values(_ flag: String) -> MatrixChanges.FlagValues { MatrixChanges.FlagValues(flag: flag, type: .bool, environments: []) }
        var added = HistoryEntry(kind: .change, commit: Self.commit("b", "2026-02-28"))
        added.addedFlags = [values("B"), values("C")]
        var removed = HistoryEntry(kind: .change, commit: Self.commit("c", "2026-03-01"))
        removed.removedFlags = [values("C")]
        var renamed = HistoryEntry(kind: .change, commit: Self.commit("d", "2026-03-02"))
        renamed.renamedFlags = [MatrixChanges.Rename(old: "B", new: "B2")]
        renamed.addedFlags = [values("C")]
        let start = HistoryEntry(kind: .start(flags: 2, tenants: 1, environments: 1), commit: Self.commit("a", "2026-01-10"))
        var history = ValueHistory(entries: [start, added, removed, renamed], end: Self.commit("d", "2026-03-02"))
        let days = history.addedDays(of: ["A", "B2", "C"])
        #expect(days == ["A": CalendarDate(parsing: "2026-01-10")!, "B2": CalendarDate(parsing: "2026-02-28")!, "C": CalendarDate(parsing: "2026-02-28")!])
        history.shallowFrom = Self.commit("a", "2026-01-10")
        #expect(history.addedDays(of: ["A", "B2"]) == ["B2": CalendarDate(parsing: "2026-02-28")!], "a shallow start is not when A was added")
        history.shallowFrom = nil
        history.unreadBeforeStart = UnknownValues.AtCommit(commit: Self.commit("z", "2026-01-09"), problems: [])
        #expect(history.addedDays(of: ["A", "B2"]) == ["B2": CalendarDate(parsing: "2026-02-28")!], "nor is a start after commits not read")
    }
}
