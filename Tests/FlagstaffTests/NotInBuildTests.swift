import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// A flag whose `#if` an environment's build surely does not meet does not exist
/// there (issue 37): it has no value, and every view says "not in this build".
/// Expected values read from `swift-debug-only-case`: debug builds with DEBUG,
/// internal with DEBUG and STAGING, staging with STAGING, release with neither;
/// qa names no conditions.
@Suite("Not in this build")
struct NotInBuildTests {
    static let fixture = "swift-debug-only-case"
    /// `key@environment` of every cell whose build leaves the flag out.
    static let leftOut: Set<String> = [
        "debug_menu@staging", "debug_menu@release",  // #if DEBUG
        "staging_banner@debug", "staging_banner@internal", "staging_banner@release",  // #elseif STAGING, after #if DEBUG
        "network_logging@release",  // #if DEBUG || STAGING
    ]

    @Test func eachCellWhoseBuildLeavesTheFlagOutHasNoValue() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration(Self.fixture)).matrix)
        var found: Set<String> = []
        for flag in matrix.model.flags {
            for environment in matrix.model.environments {
                let cell = try #require(matrix.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: environment))
                let word = CellPresentation(cell).word
                if word == CellPresentation.notInBuildWord {
                    found.insert("\(flag.key)@\(environment)")
                    #expect(!cell.hasValue)
                }
            }
        }
        #expect(found == Self.leftOut)
        // qa's conditions are not known: each #if arm stays, as before.
        let qa = try #require(matrix.resolution(key: "debug_menu", tenant: Tenant.singleAppID, environment: "qa"))
        #expect(CellPresentation(qa).word == "on/off")
    }

    @Test func flagsJSONWritesNoValueAndTheBuildsThatLeaveTheFlagOut() throws {
        let site = try renderedSite(configuration: Fixtures.configuration(Self.fixture))
        let text = try #require(site["flags.json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect((json["layerCodes"] as? [String: String])?["n"] == "absent")
        let flags = try #require(json["flags"] as? [[String: Any]])
        let menu = try #require(flags.first { $0["key"] as? String == "debug_menu" })
        #expect(menu["notInBuild"] as? [String] == ["staging", "release"])
        let values = try #require(menu["values"] as? [String: [Any]])
        #expect(values["release"]?.first is NSNull)
        #expect((menu["layers"] as? [String: String])?["release"] == "n")
        #expect(flags.first { $0["key"] as? String == "new_checkout" }?["notInBuild"] == nil)
        // The flag page says it, with the #if that leaves it out.
        let page = try #require(site["flags/debug_menu.html"])
        #expect(page.contains("#if DEBUG leaves it out of the release build"))
        // The legend's word and the lifecycle status have glossary entries.
        let glossary = try #require(site["glossary.html"])
        #expect(glossary.contains("id=\"not-in-this-build\"") && glossary.contains("id=\"not-in-production\""))
    }

    @Test func explainSaysWhichIfLeavesTheFlagOutAndWhere() throws {
        let console = RecordingConsole()
        let status = try ExplainCommand(
            configurationPath: Fixtures.configuration(Self.fixture), key: "network_logging", tenant: nil, environment: "release"
        ).run(console: console.console())
        #expect(status == ExitStatus.success)
        #expect(console.output.hasPrefix(
            "network_logging (.networkLogging) for the app in release: not in this build (#if DEBUG || STAGING leaves it out of the release build)\n"),
            "\(console.output)")
        #expect(console.output.contains("Sources/FeatureFlag.swift:16:10"), "\(console.output)")
    }

    @Test func aFlagLeftOutOfProductionIsNotDeadAndValidateWarnsOfNoCell() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration(Self.fixture))
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics)")
        let lifecycle = LifecycleReport(
            matrix: try #require(workspace.matrix), references: nil,
            asOf: try #require(CalendarDate(parsing: "2026-11-23")), policy: workspace.configuration.policy)
        for key in ["debug_menu", "staging_banner", "network_logging"] {
            let entry = try #require(lifecycle.entry(for: key))
            #expect(entry.statuses == [.notInProduction], "\(key)")
        }
        // new_checkout is in every build and off in each.
        #expect(lifecycle.entry(for: "new_checkout")?.statuses == [.dead])
    }
}
