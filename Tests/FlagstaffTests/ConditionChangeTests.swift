@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// A Remote Config condition a flag has a value under is rewritten, and no cell's
/// value changes: the Christmas banner's start moves from 1 to 5 December while
/// the as-of day (23 November) is before both, so it is off on either side. The
/// change is still the flag's: `diff`, `history --flag`, and the cell's timeline say so.
@Suite("A condition's rule, per flag")
struct ConditionChangeTests {
    static func template(day: Int) -> String {
        """
        {
          "conditions": [
            {"name": "Xmas", "expression": "dateTime >= dateTime('2026-12-0\(day)T00:00:00')"},
            {"name": "Beta", "expression": "app.customSignal['beta'].exactlyMatches(['yes'])"}
          ],
          "parameters": {
            "ENABLE_XMAS_BANNER": {"defaultValue": {"value": "false"}, "conditionalValues": {"Xmas": {"value": "true"}}},
            "ENABLE_CHECKOUT": {"defaultValue": {"value": "true"}, "conditionalValues": {"Beta": {"value": "false"}}}
          }
        }
        """
    }

    func withRepository<Result>(_ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory { repository in
            func commit(_ tag: String, _ date: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", tag], in: repository, date: date) == 0)
                #expect(try git(["tag", tag], in: repository) == 0)
            }
            try write(
                """
                environments: [prod]
                enum: Flags.swift
                catalog: catalog.md
                tenants: tenants/*.json
                lifecycle: { as_of: 2026-11-23, added_from_git: false }
                remote_config: { templates: { prod: remote/prod.json } }

                """, to: "flagstaff.yml", in: repository)
            try write(
                "enum FeatureFlag: String {\n    case xmasBanner = \"ENABLE_XMAS_BANNER\"\n    case checkout = \"ENABLE_CHECKOUT\"\n}\n",
                to: "Flags.swift", in: repository)
            try write(
                "## Flags\n\n| Flag | Description |\n|---|---|\n| `ENABLE_CHECKOUT` | Checkout |\n| `ENABLE_XMAS_BANNER` | The Christmas banner |\n",
                to: "catalog.md", in: repository)
            try write(#"{ "ENABLE_XMAS_BANNER": false, "ENABLE_CHECKOUT": true }"#, to: "tenants/WL.json", in: repository)
            try write(Self.template(day: 1), to: "remote/prod.json", in: repository)
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try commit("c1", "2026-11-10T12:00:00Z")
            try write(Self.template(day: 5), to: "remote/prod.json", in: repository)
            try commit("c2", "2026-11-20T12:00:00Z")
            return try body(repository)
        }
    }

    @Test func diffNamesTheFlagWhoseConditionChanged() throws {
        try withRepository { repository in
            var command = DiffCommand(base: "c1", head: "c2", format: .text)
            command.configurationPath = repository.appendingPathComponent("flagstaff.yml").path
            let console = RecordingConsole()
            _ = try command.run(console: console.console())
            #expect(console.output.contains("condition Xmas now reads dateTime >= dateTime('2026-12-05T00:00:00')"), "\(console.output)")
            #expect(console.output.contains(" — flag ENABLE_XMAS_BANNER\n"), "\(console.output)")
            // The Beta condition did not change, so checkout is not named.
            #expect(!console.output.contains("flags ENABLE"))
        }
    }

    @Test func theFlagsHistoryAndTimelineHaveIt() throws {
        try withRepository { repository in
            let (json, _) = try HistoryCommandTests.history(HistoryCommand(key: "ENABLE_XMAS_BANNER", format: .json), in: repository)
            #expect(json.contains(#""kind": "expressionChanged""#), "\(json)")
            #expect(json.contains(#""flags": ["ENABLE_XMAS_BANNER"],"#), "\(json)")
            #expect(json.contains(#""words": "from 5 Dec 2026 (was from 1 Dec 2026)""#), "\(json)")
            let (checkout, _) = try HistoryCommandTests.history(HistoryCommand(key: "ENABLE_CHECKOUT", format: .json), in: repository)
            #expect(!checkout.contains("expressionChanged"), "\(checkout)")

            let walker = try HistoryWalker(root: repository, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 11, day: 23))
            let history = try walker.walk(until: "HEAD", since: nil).history
            let timeline = HistoryTimelines(history).flag("ENABLE_XMAS_BANNER").timeline(tenant: "WL", environment: "prod", current: .value("off", layer: "remote"))
            #expect(timeline.segments.count == 2)
            #expect(timeline.segments.first?.change?.hasPrefix("the condition “Xmas” now tests ") == true, "\(timeline.segments)")
            #expect(timeline.segments.first?.change?.contains("(was ") == true)
            let other = HistoryTimelines(history).flag("ENABLE_CHECKOUT").timeline(tenant: "WL", environment: "prod", current: .value("on", layer: "remote"))
            #expect(other.segments.count == 1)
        }
    }
}
