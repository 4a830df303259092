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
            toDecide: ["'release' is a guess", "no Swift file outside the declarations uses a flag"]),
        // Kiwix's FeatureFlags: static Bool members, one in #if DEBUG and #else.
        Expectation(
            fixture: "swift-static-properties", environments: ["debug", "release"], enumFiles: ["Model/Utilities/FeatureFlags.swift"],
            enumName: "FeatureFlags", conditions: ["debug": ["DEBUG"], "release": []],
            toDecide: ["no Swift file outside the declarations uses a flag"]),
        // A String enum with a registry in FeatureFlagInfo.
        Expectation(
            fixture: "swift-registry", environments: ["release"], enumFiles: ["Sources/FeatureFlag.swift"], enumName: "FeatureFlag",
            swift: [nil, nil, nil, "registry"], toDecide: ["'release' is a guess", "no Swift file outside the declarations uses a flag"]),
        // JustTweak's example app: two LocalConfiguration files.
        Expectation(
            fixture: "justtweak", environments: ["release"],
            enumFiles: ["TweakProviders/LocalTweaks_example.json", "TweakProviders/LocalTweaks_TopPriority_example.json"], enumFormat: "justtweak",
            values: ["TweakProviders/LocalTweaks_TopPriority_example.json justtweak", "TweakProviders/LocalTweaks_example.json justtweak"],
            toDecide: ["the order of the layers under 'values'", "'release' is a guess", "no Swift file outside the declarations uses a flag"]),
        // Three tenants in folders, overriding in dev, uat and prod; the enum checks #if DEBUG.
        Expectation(
            fixture: "authoring", environments: ["dev", "uat", "prod"], enumFiles: ["flags/Flags.swift"], enumName: "FeatureFlag",
            tenants: "tenants/*/FeatureFlags.defaults.json", code: ["app"],
            toDecide: ["checks #if DEBUG"]),
        // Nine hotel brands in one folder, Remote Config templates for staging and prod.
        Expectation(
            fixture: "hotels", environments: ["dev", "staging", "prod"], enumFiles: ["flags/FeatureFlag.swift"], enumName: "FeatureFlag",
            tenants: "tenants/*.json", code: ["app"], templates: ["staging": "remote/staging.json", "prod": "remote/prod.json"],
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
            #expect(written.enumName == expected.enumName)
            #expect(written.formats[.declarations] == expected.enumFormat)
            #expect([written.swift.defaults, written.swift.remoteKey, written.swift.description, written.swift.registry] == expected.swift)
            #expect(written.tenants == expected.tenants)
            #expect(written.code == expected.code)
            #expect(written.layers.values.map { "\($0.path) \($0.format ?? "json")" } == expected.values)
            #expect(written.buildConfigurations.entries.mapValues(\.conditions) == expected.conditions)
            #expect((written.remoteConfig?.templates ?? [:]) == expected.templates)
            // The same flags and tenants as the fixture's own configuration reads.
            let workspace = try Workspace.load(configurationPath: configuration.path)
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics.filter { $0.severity == .error })")
            #expect(workspace.model?.flagEnum.flags.map(\.key) == original.model?.flagEnum.flags.map(\.key))
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
            let flags = try #require(original.model?.flagEnum.flags)
            for flag in flags {
                #expect(
                    written.matrix?.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: "release")?.value
                        == original.matrix?.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: "release")?.value)
                #expect(written.model?.flagEnum.flags.first { $0.key == flag.key }?.remoteKey == flag.remoteKey)
            }
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
