import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// Uses in code of flags declared as instance properties of a settings object,
/// as Element X declares them (`@UserPreference(defaultValue: false) var
/// threadsEnabled: Bool` in `final class AppSettings`, read as
/// `appSettings.threadsEnabled`). The fixture `swift-instance-properties` holds
/// real lines of element-hq/element-x-ios; the expected places were counted by
/// reading its files.
@Suite("Uses of instance-property flags")
struct InstancePropertyUseTests {
    /// One expected use: file below the workspace, line, column, kind and role.
    struct Use: Equatable, CustomStringConvertible {
        var file: String, line: Int, column: Int, kind: CodeReference.Kind, role: CodeReference.Role
        var description: String { "\(file):\(line):\(column) \(kind) \(role)" }
    }

    static let screens = "ElementX/Sources/Screens/"
    /// Every use in the fixture, by flag key. `appSettings.threadsEnabledPublisher`,
    /// the protocol requirements and `NSEUserSession`'s own `var threadsEnabled`
    /// are not uses; `linkNewDeviceEnabled` has none.
    static let expected: [String: [Use]] = [
        "fuzzyRoomListSearchEnabled": [
            Use(file: screens + "Settings/DeveloperOptionsScreen/View/DeveloperOptionsScreen.swift", line: 14, column: 30, kind: .instance, role: .write)
        ],
        "lowPriorityFilterEnabled": [
            Use(file: screens + "Settings/DeveloperOptionsScreen/View/DeveloperOptionsScreen.swift", line: 18, column: 30, kind: .instance, role: .write)
        ],
        "knockingEnabled": [
            Use(file: screens + "CreateRoomScreen/View/CreateRoomScreen.swift", line: 5, column: 9, kind: .instance, role: .write)
        ],
        "threadsEnabled": [
            Use(file: "ElementX/Sources/Application/AppCoordinator.swift", line: 8, column: 19, kind: .instance, role: .read),
            Use(file: screens + "Timeline/TimelineViewModel.swift", line: 6, column: 75, kind: .instance, role: .read),
            Use(file: screens + "Timeline/TimelineViewModel.swift", line: 13, column: 49, kind: .instance, role: .read),
            Use(file: "NSE/Sources/NSEUserSession.swift", line: 6, column: 9, kind: .instance, role: .read),
        ],
        "linkPreviewsEnabled": [
            Use(file: screens + "Timeline/TimelineViewModel.swift", line: 7, column: 77, kind: .instance, role: .read)
        ],
    ]

    @Test func eachReadAndChangeOfASettingsPropertyIsAUseAndTheDeclarationIsNot() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-instance-properties"))
        #expect(workspace.isValid, "\(workspace.diagnostics)")
        let flags = try #require(workspace.matrix?.model.flags)
        #expect(flags.map(\.key) == [
            "fuzzyRoomListSearchEnabled", "lowPriorityFilterEnabled", "knockingEnabled", "threadsEnabled", "linkPreviewsEnabled",
            "linkNewDeviceEnabled",
        ])
        #expect(flags.allSatisfy { $0.form == .instanceValue })
        let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 3, day: 1)!)
        #expect(report.usesAreKnown)
        for entry in report.entries {
            let found = entry.references.map {
                Use(file: $0.location.file, line: $0.location.line, column: $0.location.column, kind: $0.kind, role: $0.role)
            }
            #expect(found == Self.expected[entry.flag.key] ?? [], "\(entry.flag.key)")
            #expect(entry.has(.unusedInCode) == (entry.flag.key == "linkNewDeviceEnabled"), "\(entry.flag.key)")
        }
    }

    /// Inside an extension of the settings type a property is named without
    /// `self.`, and a key path names it too; neither can be replaced by a value.
    @Test func aNameInTheTypesExtensionAndAKeyPathAreUses() throws {
        let flag = Flag(key: "threadsEnabled", caseName: "threadsEnabled", location: .start(of: "AppSettings.swift"), form: .instanceValue)
        let text = """
            extension AppSettings {
                var showsThreads: Bool { threadsEnabled }
            }
            let path = \\AppSettings.threadsEnabled
            func f(_ s: Settings) -> Bool { let threadsEnabled = false; return threadsEnabled }
            """
        let (references, diagnostics) = CodeReferenceScanner.scan(
            [SourceFile(path: "App.swift", text: text)], flags: [flag], typeNames: ["AppSettings"])
        #expect(diagnostics.isEmpty)
        #expect(references["threadsEnabled"] == [
            CodeReference(kind: .instance, location: SourceLocation(file: "App.swift", line: 2, column: 30)),
            CodeReference(kind: .instance, location: SourceLocation(file: "App.swift", line: 4, column: 25)),
        ])
    }
}
