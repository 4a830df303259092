import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// `new` and `remove` on workspaces whose flags are declared in Swift: every
/// switch arm, remote key and registry entry kept in step, the result parsed by
/// `swiftc -typecheck` (beside the fixture's stubs where it needs them), and
/// `new` then `remove` giving back every byte.
@Suite("authoring Swift declarations", .serialized)
struct SwiftAuthoringTests {
    /// Runs swiftc on files of a workspace; fails the test with its message when it fails.
    static func swiftc(_ mode: String, _ files: [String], in root: URL) throws {
        let result = try run("swiftc", [mode] + files, in: root)
        #expect(result.status == 0, "swiftc \(mode) failed:\n\(result.error)")
    }

    static func new(_ draft: FlagDraft, in root: URL) throws -> Int32 {
        try NewCommand(configurationPath: root.appendingPathComponent("flagstaff.yml").path, draft: draft).run(console: RecordingConsole().console())
    }

    static func remove(_ key: String, in root: URL) throws -> Int32 {
        try RemoveCommand(configurationPath: root.appendingPathComponent("flagstaff.yml").path, key: key).run(console: RecordingConsole().console())
    }

    static var giftCards: FlagDraft {
        var draft = FlagDraft()
        draft.caseName = "giftCards"
        draft.group = "Checkout"
        draft.description = "Gift cards at checkout"
        draft.cells = ["Owner": "payments", "Debug menu": "false"]
        draft.on = ["all"]
        return draft
    }

    @Test func newWritesEveryArmAndTheRegistryEntryAndTheFileStillCompiles() throws {
        try withCopy(of: "swift-authoring") { root in
            let file = "Sources/FeatureFlag.swift"
            #expect(try Self.new(Self.giftCards, in: root) == ExitStatus.success)
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            #expect(text.contains("        case .giftCards:\n            return true\n        #if DEBUG"))
            #expect(text.contains("        case .giftCards:\n            return \"gift_cards\"\n        }"))
            #expect(text.contains("        case .giftCards: \"Gift cards at checkout\"\n"))
            #expect(text.contains("        case .giftCards: false\n"))
            #expect(text.contains("        .giftCards: FeatureFlagInfo(flag: .giftCards, owner: \"payments\", removalTarget: nil),\n    ]"))
            try Self.swiftc("-typecheck", [file], in: root)
            let workspace = try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path)
            let matrix = try #require(workspace.matrix)
            let flag = try #require(matrix.model.flag("gift-cards"))
            #expect(matrix.resolution(flag, matrix.model.tenants[0], "release").value == .bool(true))
            #expect(matrix.model.catalog.entry(for: "gift-cards")?.value("Debug menu") == "false")
        }
    }

    /// The registry's `removalTarget` is a `String?` (split-payment gives "3.0"):
    /// a version that looks like a number is still written as a string.
    @Test func aRemovalVersionGoesIntoAStringFieldQuoted() throws {
        try withCopy(of: "swift-authoring") { root in
            var draft = Self.giftCards
            draft.cells["Remove by"] = "3.2"
            #expect(try Self.new(draft, in: root) == ExitStatus.success)
            let text = try String(contentsOf: root.appendingPathComponent("Sources/FeatureFlag.swift"), encoding: .utf8)
            #expect(text.contains(".giftCards: FeatureFlagInfo(flag: .giftCards, owner: \"payments\", removalTarget: \"3.2\"),"))
            try Self.swiftc("-typecheck", ["Sources/FeatureFlag.swift"], in: root)
        }
    }

    /// The last arm's body is an `#if` block: the new arm still `return`s, as the others do.
    @Test func anArmAfterAnIfBodyReturnsAsTheOtherArmsDo() throws {
        try withTemporaryDirectory { root in
            try write("""
                title: t
                environments: [debug, release]
                enum: Sources/F.swift
                enum_name: F
                swift: { defaults: defaultValue }
                build_configurations: { debug: [DEBUG], release: [] }
                lifecycle: { as_of: 2026-11-23, added_from_git: false }

                """, to: "flagstaff.yml", in: root)
            try write("""
                enum F: String {
                    case a
                    case b

                    var defaultValue: Bool {
                        switch self {
                        case .a:
                            return true
                        case .b:
                            #if DEBUG
                            return true
                            #else
                            return false
                            #endif
                        }
                    }
                }

                """, to: "Sources/F.swift", in: root)
            var draft = FlagDraft()
            (draft.caseName, draft.description, draft.on) = ("c", "C", ["all"])
            #expect(try Self.new(draft, in: root) == ExitStatus.success)
            let text = try String(contentsOf: root.appendingPathComponent("Sources/F.swift"), encoding: .utf8)
            #expect(text.contains("            #endif\n        case .c:\n            return true\n        }"), "\(text)")
            try Self.swiftc("-typecheck", ["Sources/F.swift"], in: root)
        }
    }

    /// The registry's entries all give `phase` and `owner` (`Int` and `String`): a new
    /// entry without them is refused rather than copied from a neighbour, while
    /// `removalTarget`, a `String?`, is left `nil`.
    @Test func aRegistryFieldNoDefaultCanStandForIsAskedForNotCopied() throws {
        try withCopy(of: "swift-registry") { root in
            let before = try snapshot(of: root)
            var draft = FlagDraft()
            (draft.caseName, draft.group, draft.description) = ("offlineMode", "Phase 2: Core Views", "Read offline")
            #expect(throws: FlagstaffError.usage(
                "every entry of the registry gives Phase, Owner, and a value copied from another flag would be untrue: pass "
                    + "--column \"Phase=…\" --column \"Owner=…\"; nothing was changed")
            ) { try Self.new(draft, in: root) }
            #expect(try snapshot(of: root) == before)
            draft.cells = ["Owner": "sync", "Phase": "2"]
            #expect(try Self.new(draft, in: root) == ExitStatus.success)
            let text = try String(contentsOf: root.appendingPathComponent("Sources/FeatureFlag.swift"), encoding: .utf8)
            #expect(text.contains("phase: 2,"), "\(text)")
            #expect(text.contains("owner: \"sync\","))
            #expect(text.contains("removalTarget: nil"))
        }
    }

    @Test func removeTakesEveryArmAwayAndTheFileStillCompiles() throws {
        try withCopy(of: "swift-authoring") { root in
            #expect(try Self.remove("split-payment", in: root) == ExitStatus.success)
            let text = try String(contentsOf: root.appendingPathComponent("Sources/FeatureFlag.swift"), encoding: .utf8)
            #expect(!text.contains("splitPayment"))
            #expect(text.contains("        case .savedCards: true\n"))
            try Self.swiftc("-typecheck", ["Sources/FeatureFlag.swift"], in: root)
        }
    }

    /// A flag type without MARK comments has no group to choose from: the message
    /// says so instead of listing none (`choose from ,`).
    @Test func anUnknownGroupOfATypeWithoutGroupsSaysThereAreNone() throws {
        try withCopy(of: "swift-function-defaults") { root in
            var draft = FlagDraft()
            draft.caseName = "offlineReading"
            draft.group = "UI Customization"
            draft.description = "Read offline"
            #expect(throws: FlagstaffError.usage(
                "unknown group 'UI Customization'; Feature has no MARK groups yet, or pass --new-group to start one")) {
                try Self.new(draft, in: root)
            }
        }
    }

    /// The workspaces whose Swift `new` and `remove` edit, with a draft for each.
    static let roundTrips: [(fixture: String, file: String, draft: FlagDraft)] = {
        var wordPress = FlagDraft()
        wordPress.caseName = "readerRedesign"
        wordPress.description = "Reader redesign"
        wordPress.on = ["all"]
        var registry = FlagDraft()
        registry.caseName = "offlineMode"
        registry.group = "Phase 2: Core Views"
        registry.description = "Read offline"
        registry.cells = ["Owner": "sync", "Phase": "2"]
        return [
            ("swift-authoring", "Sources/FeatureFlag.swift", giftCards),
            ("swift-defaults-remote-key", "WordPress/RemoteFeatureFlag.swift", wordPress),
            ("swift-registry", "Sources/FeatureFlag.swift", registry),
        ]
    }()

    @Test(arguments: 0..<3)
    func newThenRemoveGivesBackEveryByte(_ index: Int) throws {
        let (fixture, file, draft) = Self.roundTrips[index]
        try withCopy(of: fixture) { root in
            let before = try snapshot(of: root)
            #expect(try Self.new(draft, in: root) == ExitStatus.success)
            #expect(try snapshot(of: root) != before)
            try TypeCheckAfterAuthoringTests.typecheck(fixture, file, in: root, after: "new")
            let key = try #require(Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path).model?.flags.last { $0.caseName == draft.caseName }?.key)
            #expect(try Self.remove(key, in: root) == ExitStatus.success)
            #expect(try snapshot(of: root) == before)
        }
    }
}

/// Every authoring change is read back before anything is written (issue 35):
/// one that loses a flag, or changes another flag's values, is refused.
@Suite("Authoring reads its change back")
struct AuthoringReadBackTests {
    /// Kiwix declares its flags as static properties (`static let map: Bool`), and
    /// `new` writes enum cases only: it refuses at the first flag, naming the file.
    @Test func newOnStaticPropertiesRefusesNamingTheFile() throws {
        try withCopy(of: "swift-static-properties") { root in
            let before = try snapshot(of: root)
            var draft = FlagDraft()
            draft.caseName = "readerMode"
            draft.description = "Reader mode"
            let configuration = root.appendingPathComponent("flagstaff.yml").path
            #expect(throws: FlagstaffError.rejected([
                .error(
                    "new cannot add a flag to FeatureFlags, which declares its flags as static members, not enum cases",
                    at: SourceLocation(file: root.path + "/Model/Utilities/FeatureFlags.swift", line: 23, column: 16),
                    hint: "declare the new flag by hand, as 'map' is; nothing was changed")
            ])) {
                try NewCommand(configurationPath: configuration, draft: draft).run(console: RecordingConsole().console())
            }
            #expect(try snapshot(of: root) == before)
        }
    }

    /// Kiwix declares `map` once in `#if DEBUG` and once in `#else`: removing it
    /// takes the whole block (lines 22 to 26 of the file), and the file still type-checks.
    @Test func removingAMemberDeclaredInEveryClauseOfAnIfBlockTakesTheBlock() throws {
        try withCopy(of: "swift-static-properties") { root in
            let file = "Model/Utilities/FeatureFlags.swift"
            let before = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            let console = RecordingConsole()
            let status = try RemoveCommand(configurationPath: root.appendingPathComponent("flagstaff.yml").path, key: "map", force: true)
                .run(console: console.console())
            #expect(status == ExitStatus.success, "\(console.error)")
            let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
            let expected = (lines[..<21] + lines[26...]).joined(separator: "\n")
            #expect(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) == expected)
            try TypeCheckAfterAuthoringTests.typecheck("swift-static-properties", file, in: root, after: "remove map")
        }
    }

    @Test func removingAFlagWhoseArmsFillAnIfBlockTakesTheBlockAway() throws {
        try withCopy(of: "swift-authoring") { root in
            let console = RecordingConsole()
            let status = try RemoveCommand(configurationPath: root.appendingPathComponent("flagstaff.yml").path, key: "split-payment").run(console: console.console())
            #expect(status == ExitStatus.success, "\(console.error)")
            let text = try String(contentsOf: root.appendingPathComponent("Sources/FeatureFlag.swift"), encoding: .utf8)
            #expect(text.contains("        case .savedCards:\n            return true\n        }\n"))
            let matrix = try #require(try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path).matrix)
            #expect(try #require(matrix.resolution(key: "saved-cards", tenant: Tenant.singleAppID, environment: "debug")).variants.last?.word == "on")
        }
    }
}

/// A catalog writes yes and no as people do (issue 35): `Yes` in the catalog and
/// `true` in the code are one answer, not a disagreement.
@Suite("Catalog and code agree on yes and no")
struct YesNoAgreementTests {
    @Test(arguments: [("Yes", false), ("yes", false), ("TRUE", false), ("✅", false), ("No", true), ("maybe", true)])
    func aCatalogYesMatchesTheCodesTrue(_ cell: String, _ disagrees: Bool) throws {
        try withCopy(of: "swift-authoring") { root in
            try write("# Flags\n\n| Flag | Description | Debug menu |\n|---|---|---|\n| `saved-cards` | Pay with a card saved on the account | \(cell) |\n"
                + "| `split-payment` | Split a payment between two cards | true |\n", to: "flags/catalog.md", in: root)
            let configuration = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: configuration, encoding: .utf8) + "catalog: flags/catalog.md\n").write(to: configuration, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: configuration.path)
            // isEditableInDebugMenu is true for both flags.
            let warnings = workspace.diagnostics.filter { $0.message.contains("Debug menu") }
            #expect(warnings.isEmpty == !disagrees, "\(cell): \(warnings)")
        }
    }
}

/// A Markdown catalog beside Swift that fills a code-only column (issue 35): `new`
/// writes the catalog's own columns only, whatever its key column is called.
@Suite("new with a catalog and code-only columns")
struct CatalogWithCodeColumnsTests {
    @Test(arguments: ["Flag", "Key"])
    func newWritesTheCatalogsOwnColumns(_ keyColumn: String) throws {
        try withCopy(of: "swift-authoring") { root in
            try write("# Flags\n\n| \(keyColumn) | Description | Owner |\n|---|---|---|\n| `saved-cards` | Pay with a card saved on the account | payments |\n"
                + "| `split-payment` | Split a payment between two cards | payments |\n", to: "flags/catalog.md", in: root)
            let configuration = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: configuration, encoding: .utf8) + "catalog: flags/catalog.md\n").write(to: configuration, atomically: true, encoding: .utf8)
            var draft = SwiftAuthoringTests.giftCards
            draft.key = "gift-cards"
            let console = RecordingConsole()
            #expect(try NewCommand(configurationPath: configuration.path, draft: draft).run(console: console.console()) == ExitStatus.success, "\(console.error)")
            let catalog = try String(contentsOf: root.appendingPathComponent("flags/catalog.md"), encoding: .utf8)
            #expect(catalog.contains("| `gift-cards` | Gift cards at checkout | payments |\n| `saved-cards`"), "\(catalog)")
            let fix = RecordingConsole()
            #expect(try ValidateCommand(configurationPath: configuration.path, fix: true).run(console: fix.console()) == ExitStatus.success, "\(fix.error)")
        }
    }
}
