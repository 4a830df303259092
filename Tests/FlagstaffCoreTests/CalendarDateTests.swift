import FlagstaffCore
import Testing

@Suite("Dates and versions")
struct CalendarDateTests {
    @Test(arguments: [
        ("2024-02-29", true), ("2023-02-29", false), ("2000-02-29", true), ("2400-02-29", true),
        // Century years are leap years only when divisible by 400.
        ("1900-02-29", false), ("2100-02-29", false), ("2200-02-29", false),
        ("2026-04-30", true), ("2026-04-31", false), ("2026-12-31", true), ("2026-13-01", false), ("2026-00-10", false),
        ("2026-01-00", false), ("0000-01-01", false), ("9999-12-31", true),
    ])
    func realDaysOnly(_ text: String, _ valid: Bool) {
        #expect((CalendarDate(parsing: text) != nil) == valid)
    }

    /// The last day of every month, and the day after it: one wrong month length fails here.
    @Test(arguments: [(1, 31), (2, 28), (3, 31), (4, 30), (5, 31), (6, 30), (7, 31), (8, 31), (9, 30), (10, 31), (11, 30), (12, 31)])
    func everyMonthHasItsLength(_ month: Int, _ days: Int) {
        let name = month < 10 ? "0\(month)" : "\(month)"
        #expect(CalendarDate(parsing: "2026-\(name)-\(days)") != nil, "2026-\(name)-\(days) exists")
        #expect(CalendarDate(parsing: "2026-\(name)-\(days + 1)") == nil, "2026-\(name)-\(days + 1) does not")
        #expect(CalendarDate.problem(parsing: "2026-\(name)-\(days + 1)")?.hasSuffix("2026 has \(days) days") == true)
    }

    @Test(arguments: ["2026-4-01", "26-04-01", "2026/04/01", "2026-04-01 ", " 2026-04-01", "2026-04-01T00", "２０２６-04-01", "+026-04-01", "", "2026-04-0:", "2026-0/-01", "2026-04-0a", "2026_04-01"])
    func onlyTheDocumentedForm(_ text: String) {
        #expect(CalendarDate(parsing: text) == nil)
    }

    @Test func knownDayCounts() {
        #expect(CalendarDate(parsing: "1970-01-01")?.daysSince1970 == 0)
        #expect(CalendarDate(parsing: "2000-03-01")?.daysSince1970 == 11_017)
        #expect(CalendarDate(parsing: "1900-01-01")?.daysSince1970 == -25_567)
        #expect(CalendarDate(parsing: "2100-01-01")?.daysSince1970 == 47_482)
        #expect(CalendarDate(parsing: "2026-11-23")?.daysSince1970 == 20_780)
    }

    @Test func dayCountsRoundTrip() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            #expect(CalendarDate(daysSince1970: days).daysSince1970 == days)
        }
        #expect(CalendarDate(daysSince1970: 0).description == "1970-01-01")
    }

    @Test func theDayAfterFebruary28InCenturyYears() throws {
        let feb28 = try #require(CalendarDate(parsing: "2100-02-28"))
        #expect(CalendarDate(daysSince1970: feb28.daysSince1970 + 1).description == "2100-03-01")
        let leap = try #require(CalendarDate(parsing: "2000-02-28"))
        #expect(CalendarDate(daysSince1970: leap.daysSince1970 + 1).description == "2000-02-29")
    }

    @Test func unixTimesAreUTCDays() {
        #expect(CalendarDate(unixTime: 1_779_494_399)?.description == "2026-05-22")
        #expect(CalendarDate(unixTime: 1_779_494_400)?.description == "2026-05-23")
        #expect(CalendarDate(unixTime: -1)?.description == "1969-12-31")
        #expect(CalendarDate(unixTime: -86_400)?.description == "1969-12-31")
        #expect(CalendarDate(unixTime: -86_401)?.description == "1969-12-30")
    }

    /// Finding 7 of issue 9: the extremes of Int overflowed, and a huge time became year 292277026596.
    @Test func unixTimesOutsideYears1To9999AreNoDate() {
        #expect(CalendarDate(unixTime: Int.min) == nil)
        #expect(CalendarDate(unixTime: Int.max) == nil)
        #expect(CalendarDate(unixTime: 253_402_300_800) == nil)
        #expect(CalendarDate(unixTime: 253_402_300_799)?.description == "9999-12-31")
        #expect(CalendarDate(unixTime: -62_135_596_800)?.description == "0001-01-01")
        #expect(CalendarDate(unixTime: -62_135_596_801) == nil)
    }

    @Test func daysBetweenAndOrder() throws {
        let start = try #require(CalendarDate(parsing: "2026-03-10")), end = try #require(CalendarDate(parsing: "2026-04-09"))
        #expect(start.days(until: end) == 30)
        #expect(end.days(until: start) == -30)
        #expect(start < end)
        #expect(CalendarDate(year: 5, month: 1, day: 2)?.description == "0005-01-02")
    }

    @Test func versionsCompareNumberByNumber() throws {
        func version(_ text: String) throws -> AppVersion { try #require(AppVersion(parsing: text)) }
        #expect(try version("2.10") > version("2.9"))
        #expect(try version("3") == version("3.0.0"))
        #expect(try version("2.4.1") > version("2.4"))
        #expect(try Set([version("3"), version("3.0")]).count == 1)
        for bad in ["v3.0", "3..0", "", "3.", ".3", "1.2.3.4.5", "1.-2", "1.2a", "1234567890"] {
            #expect(AppVersion(parsing: bad) == nil, "\(bad)")
        }
    }
}
