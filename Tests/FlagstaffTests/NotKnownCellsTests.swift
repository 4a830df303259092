import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The rule of issue 34 over every single-app fixture: a cell Flagstaff cannot
/// read is never shown as a value. Each fixture's not-known cells are listed
/// here by reading its files, as `key@environment`.
@Suite("Cells not known here")
struct NotKnownCellsTests {
    static let expected: [(fixture: String, cells: Set<String>)] = [
        // AppConfiguration.isJetpack has no value in release; statsRevampV2Enabled has none anywhere.
        ("swift-build-checks", [
            "bloggingPrompts@release", "compliancePopover@release",
            "statsNewInsights@debug", "statsNewInsights@beta", "statsNewInsights@release",
        ]),
        // `BuildConfiguration.current == .localDeveloper`, and no build gives its value.
        ("swift-override-store", ["statsRedesign@debug", "statsRedesign@release"]),
        // Every helper reads literal registry fields; every #if is settled by the xcconfig files.
        ("swift-registry-manager", []),
        ("swift-function-defaults", []),
        // Optimizely may change these two flags, in both environments.
        ("justtweak", [
            "ui_customization.display_red_view@debug", "ui_customization.display_red_view@release",
            "general.greet_on_app_did_become_active@debug", "general.greet_on_app_did_become_active@release",
        ]),
        // Remote config may change every flag that names a parameter; analyticsLogging names none.
        ("swift-backtick-default", Set(["yearInReview", "settingsSync", "podcastPageRedesign", "queueShuffle"].flatMap { ["\($0)@debug", "\($0)@release"] })),
    ]

    @Test(arguments: expected.indices)
    func noCellThatIsNotKnownIsShownAsAValue(_ index: Int) throws {
        let (fixture, expected) = Self.expected[index]
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration(fixture)).matrix)
        var notKnown: Set<String> = []
        for flag in matrix.model.flags {
            for environment in matrix.model.environments {
                let cell = try #require(matrix.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: environment))
                let word = CellPresentation(cell).word
                if cell.hasUnknownValue {
                    notKnown.insert("\(flag.key)@\(environment)")
                    #expect(!["on", "off"].contains(word), "\(fixture) \(flag.key) \(environment): \(word)")
                    for variant in cell.variants where variant.value == nil {
                        #expect(["decided in code", "not known here"].contains(variant.word), "\(fixture) \(flag.key) \(environment): \(variant.word)")
                    }
                }
            }
        }
        #expect(notKnown == expected, "\(fixture)")
        #expect(matrix.cellsNotKnown == expected.count)
    }

    @Test func explainNeedsNoTenantInASingleAppAndSaysWhatItCannotKnow() throws {
        let console = RecordingConsole()
        let status = try ExplainCommand(
            configurationPath: Fixtures.configuration("swift-build-checks"), key: "statsNewInsights", tenant: nil, environment: "release"
        ).run(console: console.console())
        #expect(status == ExitStatus.success)
        #expect(console.output.hasPrefix("statsNewInsights for the app in release: decided in code (the default written in the app's code)\n"),
            "\(console.output)")
        #expect(console.output.contains("AppConfiguration.statsRevampV2Enabled"), "\(console.output)")
    }
}
