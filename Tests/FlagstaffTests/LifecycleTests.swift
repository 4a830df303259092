import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import FlagstaffReaders
import Foundation
import Testing

/// The lifecycle fixture's report as of its pinned day, 2026-03-10.
private func fixtureReport(dueSoonDays: Int? = nil) throws -> LifecycleReport {
    let workspace = try Workspace.load(configurationPath: Fixtures.configuration("lifecycle"))
    #expect(workspace.isValid, "\(workspace.diagnostics)")
    let date = try AsOfDate.resolve(option: nil, configuration: workspace.configuration, environment: [:])
    return try LifecycleLoader.report(for: workspace, asOf: date, dueSoonDays: dueSoonDays)
}

@Suite("Lifecycle status rules")
struct LifecycleRuleTests {
    /// Each flag of the fixture and the statuses it must have, no more and no fewer.
    static let expected: [(String, [LifecycleStatus])] = [
        ("DUE_TODAY", [.dueSoon]),
        ("PASSED_YESTERDAY", [.overdue]),
        ("WINDOW_EDGE", [.dueSoon]),
        ("BEYOND_WINDOW", []),
        ("VERSION_EQUAL", [.overdue]),
        ("VERSION_AHEAD", []),
        ("VERSION_PAST", [.overdue]),
        ("ROLLED_OUT", [.rolledOut]),
        ("DEAD", [.dead]),
        ("KILL_SWITCH", []),
        ("RELEASE_AT_40", []),
        ("RELEASE_AT_41", [.stale]),
        ("OPS_AT_7", []),
        ("OPS_AT_8", [.stale]),
        ("NO_OWNER", [.incomplete]),
        ("NO_REMOVE_BY", [.incomplete]),
        ("OLD_CHECKOUT", [.deprecatedInCode]),
        ("STRING_ONLY", []),
        ("UNUSED", [.unusedInCode]),
    ]

    @Test(arguments: expected)
    func flagHasExactlyItsStatuses(_ key: String, _ statuses: [LifecycleStatus]) throws {
        let entry = try #require(try fixtureReport().entry(for: key))
        #expect(entry.statuses == statuses)
    }

    @Test func everyFlagOfTheFixtureIsChecked() throws {
        #expect(try fixtureReport().entries.map(\.flag.key) == Self.expected.map(\.0))
    }

    @Test func reasonsSayWhyInPlainWords() throws {
        let report = try fixtureReport()
        func reason(_ key: String) -> String? { report.entry(for: key)?.findings.first?.reason }
        #expect(reason("DUE_TODAY") == "the removal date 2026-03-10 is today")
        #expect(reason("PASSED_YESTERDAY") == "the removal date 2026-03-09 passed 1 day ago")
        #expect(reason("WINDOW_EDGE") == "the removal date 2026-04-09 is in 30 days")
        #expect(reason("VERSION_EQUAL") == "the app is at version 2.4, the version it was to be removed in")
        #expect(reason("VERSION_PAST") == "the app is at version 2.4, past 2.3.9, the version it was to be removed in")
        #expect(reason("ROLLED_OUT") == "on for both tenants in every environment: remove the flag and keep the code it turns on")
        #expect(reason("DEAD") == "off for both tenants in every environment: remove the flag and the code it guards")
        #expect(reason("RELEASE_AT_41") == "added 2026-01-28, 41 days ago; a release flag is expected to live 40 days")
        #expect(reason("OPS_AT_8") == "added 2026-03-02, 8 days ago; an ops flag is expected to live 7 days")
        #expect(reason("NO_OWNER") == "a temporary flag without an owner")
        #expect(reason("NO_REMOVE_BY") == "a temporary flag without a Remove by date or version")
        #expect(reason("OLD_CHECKOUT") == "the Swift case is marked deprecated: Use the new checkout")
        #expect(reason("UNUSED") == "nothing in app uses .unused or \"UNUSED\" outside enum FeatureFlag")
    }

    @Test func theDueSoonWindowIsConfigurable() throws {
        #expect(try fixtureReport(dueSoonDays: 29).entry(for: "WINDOW_EDGE")?.statuses == [])
        #expect(try fixtureReport(dueSoonDays: 31).entry(for: "BEYOND_WINDOW")?.statuses == [.dueSoon])
    }

    @Test func expectedLifetimesAreConfigurable() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("lifecycle"))
        var configuration = workspace.configuration
        configuration.policy.expectedLifetimes[.release] = 41
        let report = LifecycleReport(
            matrix: try #require(workspace.matrix), references: nil,
            asOf: try #require(CalendarDate(parsing: "2026-03-10")), policy: configuration.policy)
        #expect(report.entry(for: "RELEASE_AT_41")?.statuses == [])
        #expect(report.entry(for: "UNUSED")?.statuses == [], "without code roots nothing is unused in code")
    }
}

@Suite("Code references")
struct CodeReferenceTests {
    @Test func membersQualifiedNamesAndRawValueStringsAreFound() throws {
        let report = try fixtureReport()
        let dueToday = try #require(report.entry(for: "DUE_TODAY")?.references)
        #expect(dueToday.map(\.kind) == [.member])
        #expect(dueToday.map(\.location.description) == ["app/Screens.swift:6:23"])
        #expect(report.entry(for: "PASSED_YESTERDAY")?.references.map(\.kind) == [.qualified])
        let stringOnly = try #require(report.entry(for: "STRING_ONLY")?.references)
        #expect(stringOnly.map(\.kind) == [.string])
        #expect(stringOnly.map(\.location.description) == ["app/RemoteKeys.swift:2:29"])
    }

    @Test func theEnumCommentsAndOtherTypesMembersAreNotUses() throws {
        #expect(try fixtureReport().entry(for: "UNUSED")?.references == [])
    }

    /// Code roots where no flag is used in a way the scan knows (an app that reads
    /// settings as instance properties, say): no flag is called unused, and a note says why.
    @Test func noFlagIsUnusedWhenTheScanFindsNoFlagUsedAtAll() throws {
        try withCopy(of: "lifecycle") { workspace in
            let app = workspace.appendingPathComponent("app")
            for name in try FileManager.default.contentsOfDirectory(atPath: app.path) where name != "FeatureFlag.swift" {
                try FileManager.default.removeItem(at: app.appendingPathComponent(name))
            }
            try write("struct Screen {\n    let settings: AppSettings\n    var body: Bool { settings.threadsEnabled }\n}\n", to: "app/Screen.swift", in: workspace)
            let loaded = try Workspace.load(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path)
            let report = try LifecycleLoader.report(for: loaded, asOf: CalendarDate(year: 2026, month: 3, day: 10)!)
            #expect(!report.entries.contains { $0.has(.unusedInCode) })
            #expect(!report.usesAreKnown)
            #expect(report.entries.allSatisfy { LifecycleText.uses($0, in: report) == "not known" })
            #expect(report.usesNote?.hasPrefix("no flag's use was found in app with the ways of checking a flag Flagstaff knows") == true, "\(report.usesNote ?? "nil")")
        }
    }

    @Test func aMissingCodeRootIsAnIOErrorAtTheKey() throws {
        try withCopy(of: "lifecycle") { workspace in
            try FileManager.default.moveItem(at: workspace.appendingPathComponent("app"), to: workspace.appendingPathComponent("moved"))
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8).replacingOccurrences(of: "enum: app/", with: "enum: moved/")
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let loaded = try Workspace.load(configurationPath: configuration.path)
            #expect(throws: FlagstaffError.unreadableInputs([
                .error("no such folder 'app' (named by 'code')", at: SourceLocation(file: "flagstaff.yml", line: 7, column: 7))
            ])) {
                try LifecycleLoader.report(for: loaded, asOf: CalendarDate(year: 2026, month: 3, day: 10)!)
            }
        }
    }
}

@Suite("Added dates from git")
struct GitAddedDateTests {
    /// A workspace whose enum gains a flag in each of two commits with known dates, in `root`.
    private func makeRepository(in root: URL, commit: Bool) throws {
        try write("environments: [prod]\nenum: Flags.swift\ncatalog: catalog.md\ntenants: tenants/*.json\n", to: "flagstaff.yml", in: root)
        try write(#"{ "FIRST_FLAG": true, "implicitFlag": false, "SECOND_FLAG": true, "DATED": true }"#, to: "tenants/AAA.json", in: root)
        try write(
            """
            ## Flags

            | Flag | Description | Added |
            |---|---|---|
            | `FIRST_FLAG` | First | |
            | `implicitFlag` | Implicit raw value | |
            | `SECOND_FLAG` | Second | |
            | `DATED` | Dated in the catalog | 2024-12-24 |

            """, to: "catalog.md", in: root)
        let second = "enum FeatureFlag: String {\n    case first = \"FIRST_FLAG\"\n    case implicitFlag, dated = \"DATED\"\n    case second = \"SECOND_FLAG\"\n}\n"
        guard commit else {
            try write(second, to: "Flags.swift", in: root)
            return
        }
        try write("enum FeatureFlag: String {\n    case first = \"FIRST_FLAG\"\n    case implicitFlag, dated = \"DATED\"\n}\n", to: "Flags.swift", in: root)
        #expect(try git(["init", "-q"], in: root) == 0)
        #expect(try git(["add", "."], in: root) == 0)
        #expect(try git(["commit", "-q", "-m", "First flags"], in: root, date: "2025-01-15T10:00:00+00:00") == 0)
        try write(second, to: "Flags.swift", in: root)
        #expect(try git(["commit", "-q", "-am", "Second flag"], in: root, date: "2025-06-01T10:00:00+00:00") == 0)
    }

    private func report(_ root: URL) throws -> LifecycleReport {
        let workspace = try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path)
        #expect(workspace.isValid, "\(workspace.diagnostics)")
        return try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2025, month: 7, day: 1)!)
    }

    @Test func undatedFlagsTakeTheDateOfTheCommitThatAddedThem() throws {
        try withTemporaryDirectory { root in
            try makeRepository(in: root, commit: true)
            let report = try report(root)
            #expect(report.addedDatesNote == nil)
            #expect(report.entry(for: "FIRST_FLAG")?.added == AddedDate(CalendarDate(year: 2025, month: 1, day: 15)!, from: .git))
            #expect(report.entry(for: "implicitFlag")?.added == AddedDate(CalendarDate(year: 2025, month: 1, day: 15)!, from: .git))
            #expect(report.entry(for: "SECOND_FLAG")?.added == AddedDate(CalendarDate(year: 2025, month: 6, day: 1)!, from: .git))
            #expect(report.entry(for: "DATED")?.added == AddedDate(CalendarDate(year: 2024, month: 12, day: 24)!, from: .catalog))
            #expect(report.entry(for: "FIRST_FLAG")?.has(.stale) == true)
            #expect(report.entry(for: "SECOND_FLAG")?.has(.stale) == false)
        }
    }

    @Test func withoutARepositoryTheReportSaysSoOnceAndCarriesOn() throws {
        try withTemporaryDirectory { root in
            try makeRepository(in: root, commit: false)
            let report = try report(root)
            #expect(report.addedDatesNote == "the workspace is not in a git repository, so flags without an Added date in the catalog have none")
            #expect(report.entry(for: "FIRST_FLAG")?.added == nil)
            #expect(report.entry(for: "DATED")?.added?.source == .catalog)
        }
    }
}

@Suite("The as-of date")
struct AsOfDateTests {
    @Test func theAsOfDateComesFromTheOptionThenTheConfigurationThenTheEnvironmentThenTheClock() throws {
        var configuration = Configuration()
        let now = Date(timeIntervalSince1970: 1_779_494_400 + 43_200)
        let epoch = ["SOURCE_DATE_EPOCH": "1700000000"]
        #expect(try AsOfDate.resolve(option: AsOfDate.parse(option: "2026-01-02"), configuration: configuration, environment: epoch).description == "2026-01-02")
        #expect(try AsOfDate.resolve(option: nil, configuration: configuration, environment: epoch).description == "2023-11-14")
        #expect(try AsOfDate.resolve(option: nil, configuration: configuration, environment: [:], now: now).description == "2026-05-23")
        configuration.asOf = CalendarDate(year: 2025, month: 5, day: 5)
        #expect(try AsOfDate.resolve(option: nil, configuration: configuration, environment: epoch).description == "2025-05-05")
        #expect(throws: FlagstaffError.usage("--as-of 'tomorrow' is not a date: write it as YYYY-MM-DD, such as 2026-03-31")) {
            try AsOfDate.parse(option: "tomorrow")
        }
    }

    /// Finding 7 of issue 9: the smallest Int crashed with an overflow; a huge one became year 292277026596.
    @Test(arguments: ["-9223372036854775808", "9223372036854775807", "253402300800"])
    func aSourceDateEpochOutsideYears1To9999IsAUsageError(_ epoch: String) {
        #expect(
            throws: FlagstaffError.usage(
                "SOURCE_DATE_EPOCH must be a Unix time in whole seconds within the years 1 to 9999, not '\(epoch)'")
        ) {
            try AsOfDate.resolve(option: nil, configuration: Configuration(), environment: ["SOURCE_DATE_EPOCH": epoch])
        }
    }
}

@Suite("Lifecycle pages")
struct LifecyclePageTests {
    @Test(arguments: ["lifecycle.html", "lifecycle.md", "flags/string_only.html", "flags/passed_yesterday.html", "flags/old_checkout.html"])
    func pageMatchesGolden(_ page: String) throws {
        let text = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("lifecycle/site/\(page)", matches: text))
    }

    /// Without git history, the lifecycle page says what that means for a PM and
    /// keeps the technical reason for engineers.
    @Test func theGitNoteIsWrittenForPMs() throws {
        try withCopy(of: "small") { workspace in
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(of: "added_from_git: false", with: "added_from_git: true")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let html = try #require(try renderedSite(configuration: configuration.path)["lifecycle.html"])
            #expect(html.contains("<p>Some flags have no Added date in the catalog, and Flagstaff could not look it up in the code's history"))
            #expect(html.contains("<details><summary>Details for engineers</summary><p>the workspace is not in a git repository"))
        }
    }

    /// The lifecycle fixture's site, rendered once for every page test.
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: Fixtures.configuration("lifecycle")) }
}

/// A Remote Config condition from a day still to come (issue 35): the firebase-only
/// fixture's 'Promo week' holds from 2024-02-26 and gives is_promotion_on true.
@Suite("Scheduled flags")
struct ScheduledFlagTests {
    static func finding(asOf day: CalendarDate) throws -> (Set<LifecycleStatus>, [String]) {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("firebase-only"), asOf: day)
        let report = try LifecycleLoader.report(for: workspace, asOf: day)
        let entry = try #require(report.entries.first { $0.flag.key == "is_promotion_on" })
        return (Set(entry.statuses), entry.findings.map(\.reason))
    }

    @Test func aConditionFromADayAheadMakesTheFlagScheduledNotDead() throws {
        let (statuses, reasons) = try Self.finding(asOf: CalendarDate(year: 2024, month: 2, day: 10)!)
        #expect(statuses == [.notOnYet])
        #expect(reasons.contains { $0.contains("until 2024-02-26, when remote config's condition 'Promo week' starts to hold: scheduled") }, "\(reasons)")
    }

    @Test func duringThePromotionTheFlagIsOnButNotRolledOut() throws {
        let (statuses, _) = try Self.finding(asOf: CalendarDate(year: 2024, month: 3, day: 1)!)
        #expect(!statuses.contains(.rolledOut) && !statuses.contains(.dead), "\(statuses)")
    }

    /// After the promotion, Remote Config's default (false) turns the flag off in
    /// production: a switch in the console, which may be turned on again, not dead code.
    @Test func onceThePromotionIsOverTheFlagIsOffInRemoteConfigNotDead() throws {
        let (statuses, _) = try Self.finding(asOf: CalendarDate(year: 2024, month: 3, day: 20)!)
        #expect(!statuses.contains(.dead))
    }
}
