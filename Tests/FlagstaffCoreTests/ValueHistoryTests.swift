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
}
