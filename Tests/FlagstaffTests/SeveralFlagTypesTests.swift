import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation
import Testing

/// Several types that declare flags in one workspace (issue 34): a list under
/// `enum_name`, or `flag_protocol`. The fixtures are Friendly Competitions'
/// flag enums; every expected value below is read from their code.
@Suite("Several flag types")
struct SeveralFlagTypesTests {
    static let twoTypes = Fixtures.configuration("swift-two-types")
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: twoTypes) }

    /// Runs a command on a copy of the two-type fixture, after changing one of its files.
    func run(
        replacing old: String = "", with new: String = "", in file: String = "flagstaff.yml",
        _ body: (String, Console) throws(FlagstaffError) -> Int32
    ) throws -> (status: Int32, output: String, error: String) {
        try withCopy(of: "swift-two-types") { root in
            let url = root.appendingPathComponent(file)
            if !old.isEmpty {
                let text = try String(contentsOf: url, encoding: .utf8)
                #expect(text.contains(old), "\(file) has no '\(old)'")
                try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
            }
            let console = RecordingConsole()
            let status = try body(root.appendingPathComponent("flagstaff.yml").path, console.console())
            let prefix = root.path + "/"
            return (status, console.output.replacingOccurrences(of: prefix, with: ""), console.error.replacingOccurrences(of: prefix, with: ""))
        }
    }

    func load(replacing old: String, with new: String, in file: String = "flagstaff.yml") throws -> Workspace {
        try withCopy(of: "swift-two-types") { root in
            let url = root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old), "\(file) has no '\(old)'")
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
            return try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path)
        }
    }

    @Test func bothTypesFlagsAreOneMatrixEachTypeWithItsOwnDefaults() throws {
        let workspace = try Workspace.load(configurationPath: Self.twoTypes)
        let matrix = try #require(workspace.matrix)
        #expect(matrix.model.flagEnums.map(\.name) == ["FeatureFlagBool", "FeatureFlagDouble"])
        #expect(matrix.model.flags.map(\.key) == [
            "ads_enabled", "new_results_banner_enabled", "ignore_manually_entered_health_kit_data",
            "database_cache_ttl", "health_kit_background_delivery_timeout_ms", "widget_update_interval_s", "data_upload_grace_period_hours",
        ])
        // FeatureFlagBool's `defaultValue: Data { false }`, FeatureFlagDouble's `{ 0 }`;
        // the template sets ads_enabled to true and database_cache_ttl to 3600.
        let expected: [String: String] = [
            "ads_enabled": "on", "new_results_banner_enabled": "off", "ignore_manually_entered_health_kit_data": "off",
            "database_cache_ttl": "3600", "health_kit_background_delivery_timeout_ms": "0", "widget_update_interval_s": "0",
            "data_upload_grace_period_hours": "0",
        ]
        for environment in ["debug", "release"] {
            for (key, word) in expected {
                let cell = try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: environment))
                #expect(CellPresentation(cell).word == word, "\(key) in \(environment)")
            }
        }
        #expect(matrix.model.flagEnum(declaringFlagAt: 2).name == "FeatureFlagBool")
        #expect(matrix.model.flagEnum(declaringFlagAt: 3).name == "FeatureFlagDouble")
    }

    @Test func onlyAParameterOfNeitherTypeIsNotAFlag() throws {
        let workspace = try Workspace.load(configurationPath: Self.twoTypes)
        let warnings = workspace.diagnostics.map(\.message).filter { $0.contains("is not a flag") }
        #expect(warnings == ["parameter 'google_ads_home_screen_ad_unit' is not a flag of FeatureFlagBool or FeatureFlagDouble"])
    }

    @Test func aKeyBothTypesDeclareIsAnErrorWithBothPlaces() throws {
        let workspace = try load(
            replacing: #"case widgetUpdateIntervalS = "widget_update_interval_s""#, with: #"case widgetUpdateIntervalS = "ads_enabled""#,
            in: "Sources/Flags/FeatureFlagDouble.swift")
        let error = try #require(workspace.diagnostics.first { $0.message.hasPrefix("key 'ads_enabled'") })
        #expect(error.severity == .error)
        #expect(error.location?.description.hasSuffix("Sources/Flags/FeatureFlagDouble.swift:6:10") == true)
        #expect(error.message.contains("FeatureFlagBool.adsEnabled ("))
        #expect(error.message.contains("Sources/Flags/FeatureFlagBool.swift:4:10) and FeatureFlagDouble.widgetUpdateIntervalS"))
    }

    @Test func aPropertyMissingInOneTypeIsReportedForThatType() throws {
        let workspace = try load(replacing: "public var defaultValue: Data { 0 }", with: "", in: "Sources/Flags/FeatureFlagDouble.swift")
        let errors = workspace.diagnostics.filter { $0.severity == .error && $0.message.hasPrefix("no property") }
        #expect(errors.map(\.message) == ["no property 'defaultValue' in FeatureFlagDouble or its extensions"])
        #expect(errors.first?.location?.description.hasSuffix("FeatureFlagDouble.swift:1:52") == true, "\(errors)")
        // FeatureFlagBool's defaults are still read.
        let cell = try #require(workspace.matrix?.resolution(key: "new_results_banner_enabled", tenant: Tenant.singleAppID, environment: "release"))
        #expect(cell.layer.id == "code")
    }

    @Test func aTypeNameNotFoundIsAnErrorWithADidYouMean() throws {
        let workspace = try load(replacing: "enum_name: [FeatureFlagBool, FeatureFlagDouble]", with: "enum_name: [FeatureFlagBool, FeatureFlagDoubel]")
        let error = try #require(workspace.diagnostics.first { $0.message == "enum 'FeatureFlagDoubel' not found" })
        #expect(error.hint == "did you mean 'FeatureFlagDouble'?")
    }

    @Test func aSingleNameStillWorks() throws {
        let workspace = try load(replacing: "enum_name: [FeatureFlagBool, FeatureFlagDouble]", with: "enum_name: FeatureFlagDouble")
        #expect(workspace.matrix?.model.flags.map(\.caseName) == [
            "databaseCacheTtl", "healthKitBackgroundDeliveryTimeoutMS", "widgetUpdateIntervalS", "dataUploadGracePeriodHours",
        ])
    }

    @Test func everyTypeThatConformsToTheProtocolDeclaresFlags() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-flag-protocol"))
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let model = try #require(workspace.matrix?.model)
        #expect(model.flagEnums.map(\.name) == ["FeatureFlagBool", "FeatureFlagDouble", "FeatureFlagString"])
        #expect(model.flagEnums.map(\.flags.count) == [4, 4, 2])
        #expect(model.flags.last?.key == "google_ads_explore_screen_ad_unit")
    }

    @Test func aConformanceInAnExtensionCountsAndOtherTypesDoNot() {
        let text = """
            protocol Toggle {}
            enum Checkout: String, Toggle { case oneTap = "one_tap" }
            enum Legacy: String { case oldFeed = "old_feed" }
            extension Legacy: Toggle {}
            enum Route: String { case home }
            """
        let (declarations, diagnostics) = SwiftDeclarationsReader.read([SourceFile(path: "F.swift", text: text)], options: .init(flagProtocol: "Toggle"))
        #expect(diagnostics.isEmpty)
        #expect(declarations?.flagEnums.map(\.name) == ["Checkout", "Legacy"])
        let (none, problems) = SwiftDeclarationsReader.read([SourceFile(path: "F.swift", text: text)], options: .init(flagProtocol: "Toggel"))
        #expect(none == nil)
        #expect(problems.map(\.message) == ["no type conforms to protocol 'Toggel'"])
        #expect(problems.first?.hint == "did you mean 'Toggle'?")
    }

    /// Each type's registry of the same name is its own (Bitwarden's shape, twice).
    @Test func eachTypeReadsTheRegistryItDeclares() {
        let text = """
            enum VaultFlag: String {
                case testLocalBoolFlag = "test-local-bool-flag"
                static let initialLocalValues: [VaultFlag: AnyCodable] = [.testLocalBoolFlag: .bool(true)]
            }
            enum AuthenticatorFlag: String {
                case testLocalIntFlag = "test-local-int-flag"
                static let initialLocalValues: [AuthenticatorFlag: AnyCodable] = [.testLocalIntFlag: .int(42)]
            }
            """
        var settings = SwiftSettings()
        settings.registry = "initialLocalValues"
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [SourceFile(path: "F.swift", text: text)],
            options: .init(typeNames: ["VaultFlag", "AuthenticatorFlag"], settings: settings, environments: ["prod"]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(declarations?.flags.map { $0.codeDefault?.outcomes["prod"]?.firstValue } == [.bool(true), .integer(42)])
    }

    @Test func theConfigurationNamesTheTypesOrTheProtocolNotBoth() {
        let (_, diagnostics) = ConfigurationReader.read(
            "environments: [prod]\nenum: F.swift\nenum_name: [A, A]\nflag_protocol: Flag\n", file: "flagstaff.yml")
        #expect(diagnostics.map(\.message) == [
            "enum_name lists 'A' twice", "enum_name and flag_protocol both say which types declare the flags",
        ])
    }

    @Test func newRefusesToChooseATypeAndNamesThem() throws {
        var draft = FlagDraft()
        draft.caseName = "leaderboardEnabled"
        draft.description = "The leaderboard."
        #expect(
            throws: FlagstaffError.usage(
                "2 types declare flags (FeatureFlagBool, FeatureFlagDouble); say which one declares the new flag with --in FeatureFlagBool or --in FeatureFlagDouble")
        ) {
            try run { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft, dryRun: true).run(console: console) }
        }
        draft.declaringType = "FeatureFlagBoo"
        #expect(throws: FlagstaffError.usage("unknown flag type 'FeatureFlagBoo'; did you mean 'FeatureFlagBool'?")) {
            try run { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft, dryRun: true).run(console: console) }
        }
        draft.declaringType = "FeatureFlagDouble"
        #expect(
            throws: FlagstaffError.usage(
                "FeatureFlagDouble declares number flags, and this one would be Bool; pass --value-type number (with --value), or --in another type")
        ) {
            try run { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft, dryRun: true).run(console: console) }
        }
        draft.declaringType = "FeatureFlagBool"
        let added = try run { path, console throws(FlagstaffError) in
            try NewCommand(configurationPath: path, draft: draft, dryRun: true).run(console: console)
        }
        #expect(added.status == ExitStatus.success, "\(added.error)")
        #expect(added.output.contains("+++ b/Sources/Flags/FeatureFlagBool.swift"))
        #expect(added.output.contains("+    case leaderboardEnabled = \"leaderboard_enabled\""))
        #expect(!added.output.contains("FeatureFlagDouble.swift"))
    }

    @Test func removeEditsTheTypeThatDeclaresTheFlag() throws {
        let removed = try run { path, console throws(FlagstaffError) in
            try RemoveCommand(configurationPath: path, key: "data_upload_grace_period_hours", dryRun: true).run(console: console)
        }
        #expect(removed.status == ExitStatus.success, "\(removed.error)")
        #expect(removed.output.contains("-    case dataUploadGracePeriodHours = \"data_upload_grace_period_hours\""))
        #expect(!removed.output.contains("FeatureFlagBool.swift"))
    }

    @Test func eachUnusedFlagIsUnusedOutsideItsOwnType() throws {
        let workspace = try Workspace.load(configurationPath: Self.twoTypes)
        let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 11, day: 28)!)
        // App/Uses.swift reads .databaseCacheTtl, .adsEnabled and .widgetUpdateIntervalS.
        let unused = report.entries.filter { $0.has(.unusedInCode) }.map { "\($0.flag.caseName): \($0.findings.first { $0.status == .unusedInCode }?.reason ?? "")" }
        #expect(unused == [
            "newResultsBannerEnabled: nothing in App uses .newResultsBannerEnabled or \"new_results_banner_enabled\" outside enum FeatureFlagBool",
            "ignoreManuallyEnteredHealthKitData: nothing in App uses .ignoreManuallyEnteredHealthKitData or \"ignore_manually_entered_health_kit_data\" outside enum FeatureFlagBool",
            "healthKitBackgroundDeliveryTimeoutMS: nothing in App uses .healthKitBackgroundDeliveryTimeoutMS or \"health_kit_background_delivery_timeout_ms\" outside enum FeatureFlagDouble",
            "dataUploadGracePeriodHours: nothing in App uses .dataUploadGracePeriodHours or \"data_upload_grace_period_hours\" outside enum FeatureFlagDouble",
        ])
    }

    @Test func aQualifiedUseCountsForTheTypeItNames() {
        let flags = [
            Flag(key: "a_new", caseName: "new", location: .start(of: "A.swift")), Flag(key: "b_new", caseName: "new", location: .start(of: "B.swift")),
        ]
        let text = "let x = FeatureA.new; let y = Other.new"
        let found = CodeReferenceScanner.scan([SourceFile(path: "App.swift", text: text)], flags: flags, typeNames: ["FeatureA", "FeatureB"]).references
        // Without type checking, `FeatureA.new` is counted for every flag named new: a flag may look used, never unused.
        #expect(found.keys.sorted() == ["a_new", "b_new"])
    }

    @Test func piranhaRulesAcceptEveryTypesName() {
        #expect(PiranhaRenderer.render([], flagChecks: ["isEnabled"], typeNames: ["FeatureFlagBool", "FeatureFlagDouble"])
            .contains(#"(#match? @argument "^(FeatureFlagBool|FeatureFlagDouble)?\\\\.@stale_flag$")"#))
    }

    @Test func listShowsEachType() throws {
        let listed = try run { path, console throws(FlagstaffError) in try ListCommand(configurationPath: path).run(console: console) }
        #expect(listed.output.hasPrefix("enum FeatureFlagBool: 3 flags\n"))
        #expect(listed.output.contains("\n\nenum FeatureFlagDouble: 4 flags\n"))
    }

    @Test(arguments: ["index.html", "matrix.html", "lifecycle.html", "flags/database_cache_ttl.html"])
    func pageMatchesGolden(_ page: String) throws {
        let html = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("swift-two-types/site/\(page)", matches: html))
    }
}
