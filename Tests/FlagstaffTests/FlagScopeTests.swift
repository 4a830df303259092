import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// `swift.flag_marks` (issue 34): which MARK groups of a type that mixes flags
/// with settings hold the flags. The fixture is Element X's `AppSettings`;
/// the counts below are read from its code.
@Suite("Flag scope")
struct FlagScopeTests {
    static let configuration = Fixtures.configuration("swift-flag-marks")

    /// The 16 declarations under `// MARK: - Feature Flags`, in order.
    static let featureFlags = [
        "fuzzyRoomListSearchEnabled", "lowPriorityFilterEnabled", "enableOnlySignedDeviceIsolationMode", "knockingEnabled", "threadsEnabled",
        "roomThreadListEnabled", "globalSearchEnabled", "focusEventOnNotificationTap", "linkPreviewsEnabled", "galleryEnabled",
        "jumpToReadMarkerEnabled", "linkNewDeviceEnabled", "automaticBackPaginationEnabled", "clientPausingAndResumingEnabled", "userStatusEnabled",
        "developerOptionsEnabled",
    ]

    func load(replacing old: String, with new: String) throws -> Workspace {
        try withCopy(of: "swift-flag-marks") { root in
            let url = root.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: url, encoding: .utf8)
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
            return try Workspace.load(configurationPath: url.path)
        }
    }

    @Test func onlyTheFeatureFlagsAreFlags() throws {
        let workspace = try Workspace.load(configurationPath: Self.configuration)
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let model = try #require(workspace.matrix?.model)
        #expect(model.flags.map(\.caseName) == Self.featureFlags)
        #expect(Set(model.flags.map(\.group)) == ["Feature Flags"])
        #expect(model.flagEnums.first?.marks.map(\.name) == ["Feature Flags"])
    }

    @Test func eachFlagHasTheDefaultItsWrapperGives() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Self.configuration).matrix)
        var words: [String: Int] = [:]
        for flag in matrix.model.flags {
            let cell = try #require(matrix.resolution(key: flag.key, tenant: Tenant.singleAppID, environment: "release"))
            words[CellPresentation(cell).word, default: 0] += 1
        }
        // 13 `defaultValue: false`, clientPausingAndResumingEnabled `true`, and two
        // worked out when the app runs: ProcessInfo().isiOSAppOnMac and AppBuildType.current != .release.
        #expect(words == ["off": 13, "on": 1, "decided in code": 2])
    }

    @Test func withoutTheKeyTheSettingsAreListedToo() throws {
        let workspace = try load(replacing: "swift: { flag_marks: Feature Flags }\n", with: "")
        let flags = try #require(workspace.matrix?.model.flags.map(\.caseName))
        // suiteName (a static String), the Application group's seenInvites and
        // hasSeenNewSoundBanner (lastVersionLaunched passes no defaultValue), three
        // notification settings, two of the room screen, sharePresence: 9 more.
        #expect(flags.count == 25)
        #expect(Array(flags.prefix(9)) == [
            "suiteName", "seenInvites", "hasSeenNewSoundBanner", "enableNotifications", "enableInAppNotifications", "hideQuietNotificationAlerts",
            "viewSourceEnabled", "optimizeMediaUploads", "sharePresence",
        ])
    }

    @Test func aGroupNoTypeHasIsAnErrorWithADidYouMean() throws {
        let workspace = try load(replacing: "flag_marks: Feature Flags", with: "flag_marks: [Feature Flag, Presence]")
        let error = try #require(workspace.diagnostics.first { $0.message.contains("flag_marks") })
        #expect(error.message == "swift.flag_marks names 'Feature Flag', but no declaring type has a `// MARK: - Feature Flag`")
        #expect(error.hint == "did you mean 'Feature Flags'?")
        #expect(error.location?.description.hasSuffix("flagstaff.yml:9:22") == true, "\(String(describing: error.location))")
        #expect(workspace.diagnostics.filter { $0.message.contains("flag_marks") }.count == 1)
    }

    @Test func aSwitchMayNameTheMembersLeftOut() {
        let text = """
            enum Setting: String {
                case theme
                // MARK: - Flags
                case newFeed
                case oneTapCheckout

                var defaultValue: Bool {
                    switch self {
                    case .theme: false
                    case .newFeed: true
                    case .oneTapCheckout: false
                    }
                }
            }
            """
        var settings = SwiftSettings()
        settings.defaults = "defaultValue"
        settings.flagMarks = ["Flags"]
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [SourceFile(path: "S.swift", text: text)], options: .init(typeNames: ["Setting"], settings: settings, environments: ["prod"]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(declarations?.flags.map(\.caseName) == ["newFeed", "oneTapCheckout"])
        #expect(declarations?.flags.first?.codeDefault?.outcomes["prod"]?.firstValue == .bool(true))
    }

    @Test func theKeyIsReadAsANameOrAList() {
        for value in ["Feature Flags", "[Feature Flags, Labs]"] {
            let (configuration, diagnostics) = ConfigurationReader.read(
                "environments: [prod]\nenum: F.swift\nswift: { flag_marks: \(value) }\n", file: "flagstaff.yml")
            #expect(diagnostics.isEmpty)
            #expect(configuration?.swift.flagMarks.first == "Feature Flags")
        }
    }
}
