import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Lifecycle verdicts that name what holds a flag back instead of calling it dead
/// (issue 35): off in Remote Config, not committed yet, and types declared once.
@Suite("Lifecycle verdicts")
struct LifecycleVerdictTests {
    /// The findings of one flag of a workspace on a day.
    static func findings(_ key: String, configuration: String, asOf day: CalendarDate) throws -> [LifecycleFinding] {
        let workspace = try Workspace.load(configurationPath: configuration, asOf: day)
        #expect(workspace.isValid, "\(workspace.diagnostics)")
        let report = try LifecycleLoader.report(for: workspace, asOf: day)
        return try #require(report.entries.first { $0.flag.key == key }).findings
    }

    /// firebase-only's 'Promo week' (`dateTime < dateTime('2024-03-04T00:00:00')`)
    /// gave is_promotion_on true; after it, the template's default false decides.
    @Test func aFlagRemoteConfigTurnedOffIsOffInRemoteConfigSinceTheDay() throws {
        let found = try Self.findings(
            "is_promotion_on", configuration: Fixtures.configuration("firebase-only"), asOf: CalendarDate(year: 2024, month: 3, day: 20)!)
        #expect(found == [
            LifecycleFinding(
                .offInRemoteConfig,
                "off in Remote Config since 2024-03-04, for the app in release: someone switched it off in the console "
                    + "and may switch it on again, so the code it guards stays")
        ])
    }

    /// Without a condition that once turned it on, the template does not say since when.
    @Test func withoutADayTheReasonSaysNone() throws {
        try withCopy(of: "firebase-only") { root in
            let template = root.appendingPathComponent("remote/template.json")
            let text = try String(contentsOf: template, encoding: .utf8)
            try text.replacingOccurrences(of: #""conditionalValues": {"Promo week": {"value": "true"}},"#, with: "")
                .write(to: template, atomically: true, encoding: .utf8)
            let found = try Self.findings(
                "is_promotion_on", configuration: root.appendingPathComponent("flagstaff.yml").path,
                asOf: CalendarDate(year: 2024, month: 3, day: 20)!)
            #expect(found.map(\.status) == [.offInRemoteConfig])
            #expect(found.first?.reason.hasPrefix("off in Remote Config, for the app in release: ") == true, "\(found)")
        }
    }

    /// A single app whose flag A was committed on 2026-01-01 and whose flag B is in
    /// the working tree only; both are off everywhere (no value: the fallback).
    @Test func aFlagNotCommittedYetIsNotOnYetNeverDead() throws {
        try withTemporaryDirectory { root in
            try write("environments: [prod]\nenum: Flags.swift\n", to: "flagstaff.yml", in: root)
            try write("enum FeatureFlag: String {\n    case a = \"A\"\n}\n", to: "Flags.swift", in: root)
            #expect(try git(["init", "-q"], in: root) == 0)
            #expect(try git(["add", "."], in: root) == 0)
            #expect(try git(["commit", "-q", "-m", "A"], in: root, date: "2026-01-01T10:00:00+00:00") == 0)
            try write("enum FeatureFlag: String {\n    case a = \"A\"\n    case b = \"B\"\n}\n", to: "Flags.swift", in: root)
            let configuration = root.appendingPathComponent("flagstaff.yml").path
            let day = CalendarDate(year: 2026, month: 6, day: 1)!
            #expect(try Self.findings("A", configuration: configuration, asOf: day).map(\.status) == [.dead, .stale])
            #expect(try Self.findings("B", configuration: configuration, asOf: day) == [
                LifecycleFinding(.notOnYet, "off for the app in every environment, added in the working tree and not committed yet: not on yet")
            ])
        }
    }

    /// The lifecycle fixture's NO_REMOVE_BY has no Type and no Remove by: a
    /// temporary flag is incomplete, a permission (the declared default) is not.
    @Test func aDefaultTypeDeclaredOnceMakesFlagsWithoutATypePermanent() throws {
        try withCopy(of: "lifecycle") { root in
            let configuration = root.appendingPathComponent("flagstaff.yml")
            let day = CalendarDate(year: 2026, month: 3, day: 10)!
            #expect(try Self.findings("NO_REMOVE_BY", configuration: configuration.path, asOf: day).map(\.status) == [.incomplete])
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(of: "  added_from_git: false\n", with: "  added_from_git: false\n  default_type: permission\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            #expect(try Self.findings("NO_REMOVE_BY", configuration: configuration.path, asOf: day).isEmpty)
            let site = try renderedSite(configuration: configuration.path)
            let page = try #require(site.first { $0.key.hasPrefix("flags/") && $0.key.lowercased().contains("no_remove_by") }?.value)
            #expect(page.contains("Not set (treated as permission) <span class=\"muted\">(permanent)</span>"), "\(page)")
            // A flag whose row gives a Type keeps it: RELEASE_AT_41 is still stale.
            #expect(try Self.findings("RELEASE_AT_41", configuration: configuration.path, asOf: day).map(\.status) == [.stale])
        }
    }

    /// The small fixture with an empty Remove by column: its Bool flags are
    /// incomplete, its number and string flags configuration values, which are not.
    @Test func configurationValuesCanBePermanentByValueType() throws {
        try withCopy(of: "small") { root in
            let catalog = root.appendingPathComponent("flags/catalog.md")
            let lines = try String(contentsOf: catalog, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).map { line in
                line.hasPrefix("| Flag ") ? line + " Remove by |" : line.hasPrefix("|---") ? line + "---|" : line.hasPrefix("| `") ? line + " |" : String(line)
            }
            try lines.joined(separator: "\n").write(to: catalog, atomically: true, encoding: .utf8)
            let configuration = root.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(
                of: "added_from_git: false }", with: "added_from_git: false, default_type: { number: configuration, string: configuration } }"
            ).write(to: configuration, atomically: true, encoding: .utf8)
            let day = CalendarDate(year: 2026, month: 11, day: 23)!
            for key in ["ONBOARDING_VARIANT", "MAX_WISHLIST_ITEMS"] {
                #expect(try Self.findings(key, configuration: configuration.path, asOf: day).isEmpty, "\(key)")
            }
            #expect(try Self.findings("ENABLE_MEDIA_LIBRARY", configuration: configuration.path, asOf: day).map(\.status) == [.incomplete])
        }
    }

    @Test func anUnknownDefaultTypeIsAnErrorWithADidYouMean() throws {
        try withCopy(of: "small") { root in
            let configuration = root.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(of: "added_from_git: false }", with: "added_from_git: false, default_type: { number: configuraton } }")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: configuration.path)
            #expect(workspace.diagnostics.contains { $0.message == "unknown flag type 'configuraton' in default_type" && $0.hint == "did you mean 'configuration'?" },
                "\(workspace.diagnostics)")
        }
    }
}
