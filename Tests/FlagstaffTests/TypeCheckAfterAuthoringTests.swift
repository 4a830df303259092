import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// `swiftc -typecheck` on the flag file of every Swift fixture shape as it is,
/// after `new` adds a flag, after `remove` takes that flag away again and after
/// `remove --force` takes an existing flag away. A fixture whose flag file names
/// app types it does not declare is checked beside its stubs
/// (`Fixtures/typecheck-stubs/<fixture>.swift`, and stub modules for its
/// imports). A type `new` cannot add to (static members, instance properties) is
/// refused at its first flag, naming the file, and nothing is written. A missing
/// `swiftc` fails.
@Suite("Type-checking Swift after new and remove", .serialized)
struct TypeCheckAfterAuthoringTests {
    /// One fixture shape: its flag file, whether `new` can add a case, the
    /// columns a new flag must give, and an existing flag to remove (none: empty).
    struct Shape: Sendable, CustomStringConvertible {
        var fixture: String
        var file: String
        /// Whether `new` writes a case; otherwise it refuses at the first flag.
        var takesNewCases = true
        var cells: [String: String] = [:]
        var removed: String
        var description: String { fixture }
    }

    static let shapes: [Shape] = [
        Shape(fixture: "authoring", file: "flags/Flags.swift", removed: "ENABLE_CAMPAIGNS"),
        // Every flag it declares has a value in RemoteConfigDefaults.plist, which
        // Flagstaff does not edit, so `remove --force` refuses them all.
        Shape(fixture: "firebase-only", file: "Config/RemoteConfigKey.swift", removed: ""),
        Shape(fixture: "hotels", file: "flags/FeatureFlag.swift", removed: "ENABLE_ROOM_UPGRADES"),
        Shape(fixture: "small", file: "flags/Flags.swift", removed: "ENABLE_CAMPAIGNS"),
        Shape(fixture: "xss", file: "flags/Flags.swift", removed: "ENABLE_IMAGE"),
        Shape(fixture: "swift-authoring", file: "Sources/FeatureFlag.swift", cells: ["Owner": "payments"], removed: "saved-cards"),
        Shape(fixture: "swift-backtick-default", file: "Sources/FeatureFlag.swift", removed: "yearInReview"),
        Shape(fixture: "swift-build-configurations", file: "Sources/CompilationConditions.swift", takesNewCases: false, removed: ""),
        Shape(fixture: "swift-defaults-remote-key", file: "WordPress/RemoteFeatureFlag.swift", removed: "blaze"),
        Shape(fixture: "swift-factories", file: "Sources/SettingsFlags.swift", takesNewCases: false, removed: "new-user-profile"),
        Shape(fixture: "swift-function-defaults", file: "App/Feature.swift", removed: "calloutExperiment"),
        Shape(
            fixture: "swift-instance-properties", file: "ElementX/Sources/Application/Settings/AppSettings.swift", takesNewCases: false,
            removed: "linkNewDeviceEnabled"),
        Shape(fixture: "swift-override-store", file: "Classes/FeatureFlag.swift", removed: "statsRedesign"),
        Shape(fixture: "swift-registry-bool", file: "Nos/FeatureFlags.swift", removed: "deleteAccount"),
        Shape(
            fixture: "swift-registry", file: "Sources/FeatureFlag.swift", cells: ["Owner": "sync", "Phase": "2"],
            removed: "navigation_split_view"),
        Shape(fixture: "swift-static-properties", file: "Model/Utilities/FeatureFlags.swift", takesNewCases: false, removed: "hasLibrary"),
    ]

    @Test(arguments: shapes)
    func everyEditTypeChecks(_ shape: Shape) throws {
        try withCopy(of: shape.fixture) { root in
            let configuration = root.appendingPathComponent("flagstaff.yml").path
            try Self.typecheck(shape.fixture, shape.file, in: root, after: "nothing")
            var draft = FlagDraft()
            draft.caseName = "offlineReading"
            draft.group = "Typecheck"
            draft.newGroup = true
            draft.description = "Read offline"
            draft.cells = shape.cells
            if shape.takesNewCases {
                let added = try NewCommand(configurationPath: configuration, draft: draft).run(console: RecordingConsole().console())
                #expect(added == ExitStatus.success)
                try Self.typecheck(shape.fixture, shape.file, in: root, after: "new")
                let key = try #require(Workspace.load(configurationPath: configuration).model?.flags.first { $0.caseName == "offlineReading" }?.key)
                let removed = try RemoveCommand(configurationPath: configuration, key: key).run(console: RecordingConsole().console())
                #expect(removed == ExitStatus.success)
                try Self.typecheck(shape.fixture, shape.file, in: root, after: "remove of the new flag")
            } else {
                let before = try snapshot(of: root)
                do {
                    _ = try NewCommand(configurationPath: configuration, draft: draft).run(console: RecordingConsole().console())
                    Issue.record("new added a flag to \(shape.file)")
                } catch {
                    guard case FlagstaffError.rejected(let diagnostics)? = error as? FlagstaffError, let diagnostic = diagnostics.first else {
                        Issue.record("new failed with \(error), not a refusal at the file")
                        return
                    }
                    #expect(diagnostic.location?.file == root.path + "/" + shape.file)
                    #expect(diagnostic.message.hasPrefix("new cannot add a flag to "), "\(diagnostic.message)")
                }
                #expect(try snapshot(of: root) == before)
            }
            guard !shape.removed.isEmpty else { return }
            let console = RecordingConsole()
            let removed = try RemoveCommand(configurationPath: configuration, key: shape.removed, force: true).run(console: console.console())
            #expect(removed == ExitStatus.success, "\(console.error)")
            #expect(try Workspace.load(configurationPath: configuration).model?.flag(shape.removed) == nil)
            try Self.typecheck(shape.fixture, shape.file, in: root, after: "remove --force \(shape.removed)")
        }
    }

    /// The stub modules' folder beside a workspace copy, in the temporary folder
    /// `withCopy` removes, so the copy itself stays byte for byte the sources.
    private static func modules(in root: URL) -> URL { root.deletingLastPathComponent().appendingPathComponent("stub-modules") }

    /// Builds the stub modules (`Fixtures/typecheck-stubs/modules/`) beside the workspace copy.
    private static func buildStubModules(in root: URL) throws {
        let sources = Fixtures.directory.appendingPathComponent("typecheck-stubs/modules")
        let modules = Self.modules(in: root)
        try FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        for file in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let name = (file as NSString).deletingPathExtension
            let built = try run(
                PiranhaShapeTests.swiftc,
                ["-emit-module", "-module-name", name, "-emit-module-path", modules.appendingPathComponent(name + ".swiftmodule").path,
                 sources.appendingPathComponent(file).path], in: root)
            #expect(built.status == 0, "\(built.error)")
        }
    }

    /// Type-checks the fixture's flag file beside its stubs, failing the test with
    /// swiftc's message. Objective-C interoperability is turned on, as on Apple's
    /// platforms, since flag enums are often `@objc`.
    static func typecheck(_ fixture: String, _ file: String, in root: URL, after step: String) throws {
        if !FileManager.default.fileExists(atPath: modules(in: root).path) { try buildStubModules(in: root) }
        let stub = Fixtures.directory.appendingPathComponent("typecheck-stubs/\(fixture).swift")
        var arguments = ["-typecheck", "-Xfrontend", "-enable-objc-interop", "-I", modules(in: root).path, file]
        if FileManager.default.fileExists(atPath: stub.path) { arguments.append(stub.path) }
        let result = try run(PiranhaShapeTests.swiftc, arguments, in: root)
        #expect(result.status == 0, "after \(step), \(file) does not type-check:\n\(result.error)")
    }
}
