import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// `flagstaff init` on copies of fixture workspaces shaped like real apps, their
/// `flagstaff.yml` removed: the configuration it writes loads, names what a
/// reader of the fixture's files would name, and validates without errors.
@Suite("flagstaff init")
struct InitCommandTests {
    /// What `init` should write for a fixture, worked out by reading its files.
    struct Expectation: Sendable, CustomTestStringConvertible {
        var fixture: String
        var environments: [String]
        var enumFiles: [String]
        var enumName: String? = nil
        var enumFormat: String? = nil
        /// `swift`'s defaults, remote_key, description and registry.
        var swift: [String?] = [nil, nil, nil, nil]
        var catalog = ""
        var tenants = ""
        var code: [String] = []
        /// The value files' paths and formats, in order.
        var values: [String] = []
        /// Each build configuration's listed conditions.
        var conditions: [String: [String]] = [:]
        var templates: [String: String] = [:]
        /// Words each "to decide" line of the output holds, one entry per line.
        var toDecide: [String] = []

        var testDescription: String { fixture }
    }

    static let expectations = [
        // WordPress's RemoteFeatureFlag: an @objc Int enum with three switches over self.
        Expectation(
            fixture: "swift-defaults-remote-key", environments: ["release"], enumFiles: ["WordPress/RemoteFeatureFlag.swift"],
            enumName: "RemoteFeatureFlag", swift: ["defaultValue", "remoteKey", "description", nil],
            toDecide: [
                "swift.defaults is 'defaultValue', but 'RemoteFeature.enabled' could be it too", "'release' is a guess",
                "no Swift file outside the declarations uses a flag",
            ]),
        // Kiwix's FeatureFlags: static Bool members, one in #if DEBUG and #else.
        Expectation(
            fixture: "swift-static-properties", environments: ["debug", "release"], enumFiles: ["Model/Utilities/FeatureFlags.swift"],
            enumName: "FeatureFlags", conditions: ["debug": ["DEBUG"], "release": []],
            toDecide: ["no Swift file outside the declarations uses a flag"]),
        // A String enum with a registry in FeatureFlagInfo.
        Expectation(
            fixture: "swift-registry", environments: ["release"], enumFiles: ["Sources/FeatureFlag.swift"], enumName: "FeatureFlag",
            swift: [nil, nil, nil, "registry"], toDecide: ["'release' is a guess", "no Swift file outside the declarations uses a flag"]),
        // A registry read by a manager's isEnabled(_:) in another class, with #if DEBUG in the manager.
        Expectation(
            fixture: "swift-registry-manager", environments: ["debug", "release"],
            enumFiles: ["Sources/FeatureFlag.swift", "Sources/FeatureFlagManager.swift"], enumName: "FeatureFlag",
            swift: ["FeatureFlagManager.isEnabled", nil, nil, "registry"], conditions: ["debug": ["DEBUG"], "release": []],
            toDecide: ["'FeatureFlagManager.isEnabled' is taken as each flag's default", "no Swift file outside the declarations uses a flag"]),
        // JustTweak's example app: two LocalConfiguration files.
        Expectation(
            fixture: "justtweak", environments: ["release"],
            enumFiles: ["TweakProviders/LocalTweaks_example.json", "TweakProviders/LocalTweaks_TopPriority_example.json"], enumFormat: "justtweak",
            values: ["TweakProviders/LocalTweaks_TopPriority_example.json justtweak", "TweakProviders/LocalTweaks_example.json justtweak"],
            toDecide: ["the order of the layers under 'values'", "'release' is a guess", "no Swift file outside the declarations uses a flag"]),
        // Three tenants in folders, overriding in dev, uat and prod; the enum checks #if DEBUG.
        Expectation(
            fixture: "authoring", environments: ["dev", "uat", "prod"], enumFiles: ["flags/Flags.swift"], enumName: "FeatureFlag",
            catalog: "flags/catalog.md", tenants: "tenants/*/FeatureFlags.defaults.json", code: ["app"],
            toDecide: ["checks #if DEBUG"]),
        // Nine hotel brands in one folder, Remote Config templates for staging and prod.
        Expectation(
            fixture: "hotels", environments: ["dev", "staging", "prod"], enumFiles: ["flags/FeatureFlag.swift"], enumName: "FeatureFlag",
            catalog: "flags/catalog.md", tenants: "tenants/*.json", code: ["app"], templates: ["staging": "remote/staging.json", "prod": "remote/prod.json"],
            toDecide: ["how Remote Config's conditions recognise each tenant"]),
    ]

    @Test(arguments: expectations)
    func writesAConfigurationThatLoadsAndNamesWhatTheFixtureHolds(_ expected: Expectation) throws {
        try withCopy(of: expected.fixture) { folder in
            let configuration = folder.appendingPathComponent(Workspace.configurationFileName)
            let original = try Workspace.load(configurationPath: configuration.path)
            try FileManager.default.removeItem(at: configuration)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: folder.path).run(console: recording.console()) == ExitStatus.success)
            let text = try String(contentsOf: configuration, encoding: .utf8)
            let (read, problems) = ConfigurationReader.read(text, file: configuration.path)
            #expect(problems.isEmpty, "\(problems)")
            let written = try #require(read)
            #expect(written.environments == expected.environments)
            #expect(written.enumFiles == expected.enumFiles)
            #expect(written.enumNames == (expected.enumName.map { [$0] } ?? []))
            #expect(written.formats[.declarations] == expected.enumFormat)
            #expect([written.swift.defaults, written.swift.remoteKey, written.swift.description, written.swift.registry] == expected.swift)
            #expect(written.catalog == expected.catalog)
            #expect(written.tenants == expected.tenants)
            #expect(written.code == expected.code)
            #expect(written.layers.values.map { "\($0.path) \($0.format ?? "json")" } == expected.values)
            #expect(written.buildConfigurations.entries.mapValues(\.conditions) == expected.conditions)
            #expect((written.remoteConfig?.templates ?? [:]) == expected.templates)
            // The same flags and tenants as the fixture's own configuration reads.
            let workspace = try Workspace.load(configurationPath: configuration.path)
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics.filter { $0.severity == .error })")
            #expect(workspace.model?.flags.map(\.key) == original.model?.flags.map(\.key))
            #expect(workspace.model?.tenants.map(\.id) == original.model?.tenants.map(\.id))
            // What is left to decide is in the file's header and in the output, line for line.
            let decide = recording.output.split(separator: "\n").filter { $0.hasPrefix("to decide: ") }
            #expect(decide.count == expected.toDecide.count, "\(decide)")
            for (line, words) in zip(decide, expected.toDecide) {
                #expect(line.contains(words))
                #expect(text.contains("# - " + line.dropFirst("to decide: ".count)))
            }
            #expect(recording.output.contains("wrote \(configuration.path)"))
        }
    }

    @Test func theSwiftDefaultsOfWordPressResolveAsTheFixturesDo() throws {
        try withCopy(of: "swift-defaults-remote-key") { folder in
            let configuration = folder.appendingPathComponent(Workspace.configurationFileName)
            let original = try Workspace.load(configurationPath: configuration.path)
            try FileManager.default.removeItem(at: configuration)
            _ = try InitCommand(folder: folder.path).run(console: RecordingConsole().console())
            let written = try Workspace.load(configurationPath: configuration.path)
            let flags = try #require(original.model?.flags)
            for flag in flags {
                #expect(
                    written.matrix?.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: "release")?.value
                        == original.matrix?.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: "release")?.value)
                #expect(written.model?.flags.first { $0.key == flag.key }?.remoteKey == flag.remoteKey)
            }
        }
    }

    @Test func xcconfigFilesMakeBuildConfigurationsAndTheDefaultsResolveInEach() throws {
        try withTemporaryDirectory { folder in
            try write("#include \"Shared.xcconfig\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) DEBUG\n", to: "App/Config/Debug.xcconfig", in: folder)
            try write("#include \"Shared.xcconfig\"\n", to: "App/Config/Release.xcconfig", in: folder)
            try write("SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited)\n", to: "App/Config/Shared.xcconfig", in: folder)
            try write(
                """
                enum FeatureToggle: String, CaseIterable {
                    case newOnboarding = "new_onboarding", darkMode = "dark_mode"

                    var isEnabledByDefault: Bool {
                        switch self {
                        case .darkMode: true
                        case .newOnboarding:
                            #if DEBUG
                            true
                            #else
                            false
                            #endif
                        }
                    }

                    var remoteConfigKey: String? {
                        switch self {
                        case .newOnboarding: return "ios_new_onboarding"
                        case .darkMode: return nil
                        }
                    }
                }

                """, to: "App/Sources/FeatureToggle.swift", in: folder)
            // As likely a flag type, with fewer flags.
            try write(
                "enum FeatureFlag: String {\n    case legacySearch = \"legacy_search\"\n    var enabled: Bool { switch self { case .legacySearch: false } }\n}\n",
                to: "App/Legacy/FeatureFlag.swift", in: folder)
            try write("func show() { if toggles.isEnabled(.newOnboarding) { start() } }\n", to: "App/Sources/Home.swift", in: folder)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: folder.path).run(console: recording.console()) == ExitStatus.success)
            let workspace = try Workspace.load(configurationPath: folder.appendingPathComponent(Workspace.configurationFileName).path)
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
            let written = workspace.configuration
            #expect(written.environments == ["debug", "release"])
            #expect(written.enumNames == ["FeatureToggle"])
            #expect(written.buildConfigurations.entries.mapValues(\.xcconfigs) == [
                "debug": ["App/Config/Debug.xcconfig"], "release": ["App/Config/Release.xcconfig"],
            ])
            #expect(written.swift.defaults == "isEnabledByDefault")
            #expect(written.swift.remoteKey == "remoteConfigKey")
            #expect(written.code == ["App"])
            let onboarding = { (environment: String) in
                workspace.matrix?.resolution(key: "new_onboarding", tenant: Tenant.singleAppID, environment: environment)?.value
            }
            #expect(onboarding("debug") == .bool(true))
            #expect(onboarding("release") == .bool(false))
            #expect(workspace.model?.flags.first?.remoteKey.map { "\($0)" }?.contains("ios_new_onboarding") == true)
            let decide = recording.output.split(separator: "\n").filter { $0.hasPrefix("to decide: ") }
            #expect(decide == [
                "to decide: FeatureToggle was chosen as the flag type, but FeatureFlag (App/Legacy/FeatureFlag.swift:1:6) looks as likely; "
                    + "set 'enum_name' and 'enum' to the one the app checks",
                "to decide: App/Config/Shared.xcconfig is no build configuration by name; if one is, add it under 'build_configurations'",
            ])
        }
    }

    /// A type of static Bools is the flag type even when its name does not say so;
    /// a type of other constants, or of a few Bools among many others, is not.
    @Test func aTypeOfStaticBoolsIsFoundWithoutAFlagWordInItsName() {
        let text = """
            enum Switches {
                static let newOnboarding = true
                static let darkModeToggle: Bool = false
                #if DEBUG
                static let verboseLogging = true
                #else
                static let verboseLogging = false
                #endif
                static let apiHost = "api.example.com"
            }
            enum Theme {
                static let cornerRadius = 4.0
                static let usesBlur = true
                static let accent = "blue"
                static let spacing = 8
            }

            """
        let types = SwiftFlagSurvey.flagTypes(in: [SourceFile(path: "Switches.swift", text: text)])
        #expect(types.map(\.name) == ["Switches"])
        #expect(types.first?.evidence == "static members that give flag values")
        #expect(types.first?.flags.map(\.caseName).contains("newOnboarding") == true)
    }

    @Test func theSurveyNamesConditionsButNotPlatformTestsAndSortsMembersByWhatTheyGive() {
        let text = """
            enum Experiment: String {
                #if os(iOS) && BETA
                case newFeed = "new_feed"
                #elseif canImport(UIKit) || INTERNAL
                case oldFeed = "old_feed"
                #endif

                var title: String { switch self { case .newFeed: "The new feed"; case .oldFeed: "The old feed" } }
                var parameter: String? { switch self { case .newFeed: "ios_new_feed"; case .oldFeed: nil } }
                func isOn() -> Bool { switch self { case .newFeed: false; case .oldFeed: true } }
            }
            enum Tab: String { case home, search }

            """
        let types = SwiftFlagSurvey.flagTypes(in: [SourceFile(path: "Experiment.swift", text: text)])
        #expect(types.map(\.name) == ["Experiment"])
        #expect(types.first?.conditions == ["BETA", "INTERNAL"])
        #expect(types.first?.descriptions == ["title"])
        #expect(types.first?.remoteKeys == ["parameter"])
        #expect(types.first?.defaults == ["isOn"])
        #expect(types.first?.flags.map(\.key) == ["new_feed", "old_feed"])
    }

    @Test func tenantFoldersAtTheTopGiveAPatternThatReadsBackAsAPath() throws {
        try withTemporaryDirectory { folder in
            try write("enum FeatureFlag: String { case checkout = \"ENABLE_CHECKOUT\" }\n", to: "FeatureFlag.swift", in: folder)
            for tenant in ["AAA", "BBB"] {
                try write("{ \"ENABLE_CHECKOUT\": true, \"overrides\": { \"uat\": { \"ENABLE_CHECKOUT\": false } } }\n", to: "\(tenant)/FeatureFlags.defaults.json", in: folder)
            }
            #expect(try InitCommand(folder: folder.path).run(console: RecordingConsole().console()) == ExitStatus.success)
            let workspace = try Workspace.load(configurationPath: folder.appendingPathComponent(Workspace.configurationFileName).path)
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
            #expect(workspace.configuration.tenants == "*/FeatureFlags.defaults.json")
            #expect(workspace.configuration.environments == ["uat", "prod"])
            #expect(workspace.model?.tenants.map(\.id) == ["AAA", "BBB"])
        }
    }

    @Test func refusesToReplaceAConfiguration() throws {
        try withCopy(of: "swift-registry") { folder in
            let before = try snapshot(of: folder)
            #expect(throws: FlagstaffError.self) { try InitCommand(folder: folder.path).run(console: RecordingConsole().console()) }
            do {
                _ = try InitCommand(folder: folder.path).run(console: RecordingConsole().console())
            } catch let error as FlagstaffError {
                #expect(error.exitCode == ExitStatus.usageOrIO)
                #expect(
                    error.description == "\(folder.path)/flagstaff.yml:1:1: error: a configuration is already here; flagstaff init never "
                        + "overwrites one; edit it, or move it away and run flagstaff init again")
            }
            #expect(try snapshot(of: folder) == before)
        }
    }

    /// Pocket Casts' shape: every app extension has an `Info.plist` of flat keys,
    /// which read as Remote Config defaults; only the plist whose keys are the
    /// flags' parameters gives values, and it is named once.
    @Test func onlyAPlistOfTheFlagsIsALayerOfValues() throws {
        func plist(_ entries: [(String, String)]) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\"><dict>"
                + entries.map { "<key>\($0.0)</key>\($0.1)" }.joined() + "</dict></plist>\n"
        }
        try withTemporaryDirectory { folder in
            try write(
                "enum FeatureFlag: String {\n    case newPlayer = \"new_player\"\n    case endOfYear = \"end_of_year\"\n}\n",
                to: "Sources/FeatureFlag.swift", in: folder)
            let info = plist([("CFBundleName", "<string>Widget</string>"), ("NSExtensionEnabled", "<true/>")])
            try write(info, to: "WidgetExtension/Info.plist", in: folder)
            try write(info, to: "ShareExtension/Info.plist", in: folder)
            try write(plist([("new_player", "<true/>"), ("end_of_year", "<false/>")]), to: "App/RemoteConfigDefaults.plist", in: folder)
            try write(plist([("new_player", "<false/>")]), to: "Widget/RemoteConfigDefaults.plist", in: folder)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: folder.path).run(console: recording.console()) == ExitStatus.success)
            let text = try String(contentsOf: folder.appendingPathComponent("flagstaff.yml"), encoding: .utf8)
            let written = try #require(ConfigurationReader.read(text, file: "flagstaff.yml").configuration)
            #expect(written.layers.values.map(\.path) == ["App/RemoteConfigDefaults.plist", "Widget/RemoteConfigDefaults.plist"])
            // Two files of one name are two layers, named apart.
            #expect(text.contains("\n  remote_config_defaults: { path: App/RemoteConfigDefaults.plist"))
            #expect(text.contains("\n  remote_config_defaults_2: { path: Widget/RemoteConfigDefaults.plist"))
        }
    }

    /// Without flags in Swift, a plist declares them only when its name says it holds defaults.
    @Test func withoutASwiftTypeAnInfoPlistDeclaresNoFlags() throws {
        try withTemporaryDirectory { folder in
            let info = "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>NSExtensionEnabled</key><true/></dict></plist>\n"
            try write(info, to: "WidgetExtension/Info.plist", in: folder)
            try write(info, to: "ShareExtension/Info.plist", in: folder)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: folder.path).run(console: recording.console()) == ExitStatus.failure)
            #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("flagstaff.yml").path))
        }
    }

    @Test func anEmptyFolderSaysWhatItLookedForAndWritesNothing() throws {
        try withTemporaryDirectory { folder in
            try write("# Notes\n", to: "README.md", in: folder)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: folder.path).run(console: recording.console()) == ExitStatus.failure)
            #expect(recording.error.contains("found nothing Flagstaff reads"))
            #expect(recording.error.contains("JustTweak, Toggles and Remote Config defaults files"))
            #expect(try snapshot(of: folder).keys.sorted() == ["README.md"])
        }
    }

    @Test func skipsDependencyFoldersAndLinksThatLeaveTheFolder() throws {
        try withTemporaryDirectory { root in
            let app = root.appendingPathComponent("app")
            try write("enum FeatureFlag: String { case a = \"A\" }\n", to: "Pods/Lib/FeatureFlag.swift", in: app)
            try write("enum Toggle: String { case b = \"B\" }\n", to: "outside/Toggle.swift", in: root)
            try FileManager.default.createSymbolicLink(
                atPath: app.appendingPathComponent("Linked.swift").path, withDestinationPath: root.appendingPathComponent("outside/Toggle.swift").path)
            let recording = RecordingConsole()
            #expect(try InitCommand(folder: app.path).run(console: recording.console()) == ExitStatus.failure)
            #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent(Workspace.configurationFileName).path))
        }
    }
}
