import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// `new`, `remove`, `new-tenant` and `validate --fix` on a copy of the `authoring`
/// fixture: golden diffs of each change, every error, and all or nothing.
@Suite("authoring commands")
struct AuthoringCommandTests {
    /// The draft most tests add.
    static var loyalty: FlagDraft {
        var draft = FlagDraft()
        draft.caseName = "loyaltyPoints"
        draft.group = "Media"
        draft.description = "Shows loyalty points."
        draft.cells = ["Owner": "Media", "Type": "release"]
        draft.on = ["AAA", "CCC"]
        draft.onIn = ["uat": ["all"]]
        return draft
    }

    /// Runs a command on the copy; output has the copy's folder removed from paths.
    func run(in root: URL, _ body: (String, Console) throws(FlagstaffError) -> Int32) throws -> (status: Int32, output: String, error: String) {
        let console = RecordingConsole()
        let status = try body(root.appendingPathComponent("flagstaff.yml").path, console.console())
        let prefix = root.path + "/"
        return (status, console.output.replacingOccurrences(of: prefix, with: ""), console.error.replacingOccurrences(of: prefix, with: ""))
    }

    /// The diff between two snapshots, as the dry run prints it.
    func diff(_ before: [String: Data], _ after: [String: Data]) -> String {
        Set(before.keys).union(after.keys).sorted().map { path in
            UnifiedDiffRenderer.render(
                path: path, old: before[path].map { String(decoding: $0, as: UTF8.self) },
                new: String(decoding: after[path] ?? Data(), as: UTF8.self))
        }.joined()
    }

    /// Checks that the dry run matches its golden diff, writes nothing, and that
    /// the real run changes the files exactly as the diff says.
    func expectGolden(_ name: String, _ command: @escaping (String, Console, Bool) throws(FlagstaffError) -> Int32) throws {
        try withCopy(of: "authoring") { root in
            let before = try snapshot(of: root)
            let dry = try run(in: root) { path, console throws(FlagstaffError) in try command(path, console, true) }
            #expect(dry.status == ExitStatus.success, "\(dry.error)")
            #expect(try snapshot(of: root) == before)
            #expect(try Fixtures.golden("authoring/\(name).diff", matches: dry.output))
            let real = try run(in: root) { path, console throws(FlagstaffError) in try command(path, console, false) }
            #expect(real.status == ExitStatus.success, "\(real.error)")
            let written = diff(before, try snapshot(of: root))
            #expect(written.replacingOccurrences(of: "--- a/", with: "") == dry.output.replacingOccurrences(of: "--- a/", with: ""))
        }
    }

    @Test func newMatchesGolden() throws {
        try expectGolden("new") { path, console, dryRun throws(FlagstaffError) in
            try NewCommand(configurationPath: path, draft: Self.loyalty, dryRun: dryRun).run(console: console)
        }
    }

    @Test func newInANewGroupWithAStringValueMatchesGolden() throws {
        var draft = FlagDraft()
        draft.caseName = "checkoutTheme"
        draft.key = "CHECKOUT_THEME"
        draft.group = "Checkout"
        draft.newGroup = true
        draft.description = "The checkout's colour theme."
        draft.valueType = .string
        draft.value = "classic"
        try expectGolden("new-group") { path, console, dryRun throws(FlagstaffError) in
            try NewCommand(configurationPath: path, draft: draft, dryRun: dryRun).run(console: console)
        }
    }

    @Test func removeMatchesGolden() throws {
        try expectGolden("remove") { path, console, dryRun throws(FlagstaffError) in
            try RemoveCommand(configurationPath: path, key: "ENABLE_CAMPAIGNS", dryRun: dryRun).run(console: console)
        }
    }

    @Test func removeACaseInsideIfMatchesGolden() throws {
        try expectGolden("remove-conditional") { path, console, dryRun throws(FlagstaffError) in
            try RemoveCommand(configurationPath: path, key: "debugMenu", dryRun: dryRun).run(console: console)
        }
    }

    @Test func newTenantMatchesGolden() throws {
        try expectGolden("new-tenant") { path, console, dryRun throws(FlagstaffError) in
            try NewTenantCommand(configurationPath: path, id: "DDD", name: "Delta House", dryRun: dryRun).run(console: console)
        }
    }

    @Test func validateFixMatchesGolden() throws {
        try withCopy(of: "authoring") { root in
            // Unsort the catalog and drop a row, so the fix has both to do.
            let catalog = root.appendingPathComponent("flags/catalog.md")
            var text = try String(contentsOf: catalog, encoding: .utf8)
            let row = "| `ENABLE_DARK_MODE`       | Dark appearance           | Design | permission |\n"
            text = text.replacingOccurrences(of: row, with: "")
            text = text.replacingOccurrences(of: "| `ONBOARDING_VARIANT`", with: "| `ZZZ_ORPHAN`             | No such case              | Growth | release    |\n| `ONBOARDING_VARIANT`")
            let first = "| `ENABLE_CAMPAIGN_STATS`  | Campaign statistics       | Media  | release    |\n"
            text = text.replacingOccurrences(of: first, with: "") + ""
            text = text.replacingOccurrences(of: "\nNotes after", with: first.dropLast() + "\n\nNotes after")
            try text.write(to: catalog, atomically: true, encoding: .utf8)
            let warned = try run(in: root) { path, console throws(FlagstaffError) in try ValidateCommand(configurationPath: path).run(console: console) }
            #expect(warned.error.contains("flags/catalog.md:7:1: warning: the catalog's rows are not sorted by key (catalog_order: key); run `flagstaff validate --fix` to sort them"))
            let fixed = try run(in: root) { path, console throws(FlagstaffError) in
                try ValidateCommand(configurationPath: path, fix: true, dryRun: true).run(console: console)
            }
            #expect(fixed.status == ExitStatus.success, "\(fixed.error)")
            #expect(fixed.error.contains("catalog row 'ZZZ_ORPHAN' is not a case of enum FeatureFlag"))
            #expect(try Fixtures.golden("authoring/validate-fix.diff", matches: fixed.output))
        }
    }

    @Test func removeAfterNewRestoresEveryFileByteForByte() throws {
        try withCopy(of: "authoring") { root in
            let before = try snapshot(of: root)
            for group in ["Media", "Onboarding", "Brand new"] {
                var draft = Self.loyalty
                // Overrides only where the environment's object exists: removing the
                // last value of an object `new` created leaves the object, empty.
                draft.on = ["CCC"]
                draft.onIn = ["uat": ["AAA"]]
                draft.group = group
                draft.newGroup = group == "Brand new"
                let added = try run(in: root) { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft).run(console: console) }
                #expect(added.status == ExitStatus.success, "\(added.error)")
                #expect(try snapshot(of: root) != before)
                let removed = try run(in: root) { path, console throws(FlagstaffError) in
                    try RemoveCommand(configurationPath: path, key: "ENABLE_LOYALTY_POINTS").run(console: console)
                }
                #expect(removed.status == ExitStatus.success, "\(removed.error)")
                #expect(try snapshot(of: root) == before, "after new and remove in \(group)")
            }
        }
    }

    @Test func afterAChangeTheHookRunsAndAnExistingSiteIsRebuilt() throws {
        try withCopy(of: "authoring") { root in
            let configuration = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: configuration, encoding: .utf8) + "after_change: echo \"$PWD\" > hook.txt\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
            let result = try run(in: root) { path, console throws(FlagstaffError) in
                try NewCommand(configurationPath: path, draft: Self.loyalty).run(console: console)
            }
            #expect(result.status == ExitStatus.success, "\(result.error)")
            #expect(result.output.contains("updated flags/Flags.swift\n"))
            #expect(result.output.contains("Wrote "))
            let hook = try String(contentsOf: root.appendingPathComponent("hook.txt"), encoding: .utf8)
            #expect(hook.hasSuffix("/authoring\n"))
            let matrix = try String(contentsOf: root.appendingPathComponent("out/matrix.md"), encoding: .utf8)
            #expect(matrix.contains("ENABLE_LOYALTY_POINTS"))
        }
    }

    @Test(arguments: [
        ("darkMode", nil, "Media", "flags/Flags.swift:22:10: error: case 'darkMode' already exists; choose another case name"),
        ("darkTheme", "ENABLE_DARK_MODE", "Media", "flags/Flags.swift:22:10: error: key 'ENABLE_DARK_MODE' already exists, as case 'darkMode'; choose another key with --key"),
        ("dark-theme", nil, "Media", "invalid case name 'dark-theme': write a Swift identifier in camelCase, such as mediaLibrary"),
        ("darkTheme", nil, "Onbaording", "unknown group 'Onbaording'; did you mean 'Onboarding'?"),
    ] as [(String, String?, String, String)])
    func newRejectsClashes(caseName: String, key: String?, group: String, message: String) throws {
        try withCopy(of: "authoring") { root in
            var draft = Self.loyalty
            draft.caseName = caseName
            draft.key = key
            draft.group = group
            let before = try snapshot(of: root)
            do {
                _ = try run(in: root) { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft).run(console: console) }
                Issue.record("expected an error")
            } catch let error as FlagstaffError {
                #expect(error.description.replacingOccurrences(of: root.path + "/", with: "") == message)
            }
            #expect(try snapshot(of: root) == before)
        }
    }

    @Test func newRejectsUnknownTenantsEnvironmentsAndBadValues() throws {
        try withCopy(of: "authoring") { root in
            func message(_ change: (inout FlagDraft) -> Void) throws -> String {
                var draft = Self.loyalty
                change(&draft)
                do {
                    _ = try run(in: root) { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft).run(console: console) }
                } catch let error as FlagstaffError {
                    return error.description
                }
                return "no error"
            }
            let messages = [
                try message { $0.on = ["AAB"] },
                try message { $0.onIn = ["qa": ["all"]] },
                try message { $0.on = []; $0.onIn = [:]; $0.valueType = .number; $0.value = "many" },
                try message { $0.on = []; $0.onIn = [:]; $0.valueType = .string },
                try message { $0.cells["Ownr"] = "x" },
            ]
            #expect(messages == [
                "unknown tenant 'AAB'; did you mean 'AAA'?",
                "unknown environment 'qa'; choose from dev, uat, prod",
                "the value 'many' is not a number; write digits, such as 50 or 1.5",
                "a string flag needs --value",
                "unknown catalog column 'Ownr'; did you mean 'Owner'?",
            ])
        }
    }

    @Test func anInvalidResultIsRefusedWithTheValidatorsMessage() throws {
        try withCopy(of: "authoring") { root in
            var draft = Self.loyalty
            draft.cells["Type"] = "relase"
            let before = try snapshot(of: root)
            let result = try run(in: root) { path, console throws(FlagstaffError) in try NewCommand(configurationPath: path, draft: draft).run(console: console) }
            #expect(result.status == ExitStatus.failure)
            #expect(result.error.contains("flags/catalog.md:13:67: error: unknown flag type 'relase'; did you mean 'release'?"))
            #expect(result.error.contains("the change would leave the workspace invalid; nothing was changed"))
            #expect(try snapshot(of: root) == before)
        }
    }

    @Test func aReadOnlyTenantFileChangesNothing() throws {
        try withCopy(of: "authoring") { root in
            let locked = root.appendingPathComponent("tenants/CCC/FeatureFlags.defaults.json")
            try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: locked.path)
            defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: locked.path) }
            let before = try snapshot(of: root)
            do {
                _ = try run(in: root) { path, console throws(FlagstaffError) in
                    try NewCommand(configurationPath: path, draft: Self.loyalty).run(console: console)
                }
                Issue.record("expected an error")
            } catch let error as FlagstaffError {
                #expect(error.description.replacingOccurrences(of: root.path + "/", with: "")
                    == "cannot write 'tenants/CCC/FeatureFlags.defaults.json': the file is read-only; nothing was changed")
            }
            #expect(try snapshot(of: root) == before)
        }
    }

    @Test func aWriteThatFailsHalfwayRestoresTheFilesAlreadyWritten() throws {
        try withCopy(of: "authoring") { root in
            let before = try snapshot(of: root)
            let calls = Counter()
            let failing = SourceWriter { source, destination in
                calls.next() == 3 ? "the disk is full" : (rename(source, destination) == 0 ? nil : "rename failed")
            }
            #expect(throws: FlagstaffError.self) {
                _ = try run(in: root) { path, console throws(FlagstaffError) in
                    try NewCommand(configurationPath: path, draft: Self.loyalty).run(console: console, writer: failing)
                }
            }
            #expect(calls.count == 3)
            #expect(try snapshot(of: root) == before)
        }
    }

    @Test func aFileChangedOnDiskSinceItWasReadStopsTheWrite() throws {
        try withTemporaryDirectory { folder in
            let url = folder.appendingPathComponent("a.txt")
            try "now\n".write(to: url, atomically: true, encoding: .utf8)
            let other = folder.appendingPathComponent("b.txt")
            #expect(throws: FlagstaffError.io("'a.txt' changed on disk since it was read; nothing was changed, run the command again")) {
                try SourceWriter().write([
                    .init(path: "b.txt", url: other, original: nil, updated: Array("new\n".utf8)),
                    .init(path: "a.txt", url: url, original: Array("then\n".utf8), updated: Array("later\n".utf8)),
                ], in: folder, command: "test")
            }
            #expect(!FileManager.default.fileExists(atPath: other.path))
            #expect(try String(contentsOf: url, encoding: .utf8) == "now\n")
        }
    }

    @Test func removeRefusesWhileCodeUsesTheFlagUnlessForced() throws {
        try withCopy(of: "authoring") { root in
            let before = try snapshot(of: root)
            let refused = try run(in: root) { path, console throws(FlagstaffError) in
                try RemoveCommand(configurationPath: path, key: "ENABLE_DARK_MODE").run(console: console)
            }
            #expect(refused.status == ExitStatus.failure)
            #expect(refused.error.contains("app/Screens.swift:6:28: error: 'ENABLE_DARK_MODE' is still used here\n"))
            #expect(refused.error.contains("the code still uses 'ENABLE_DARK_MODE' in 2 places"))
            #expect(try snapshot(of: root) == before)
            let forced = try run(in: root) { path, console throws(FlagstaffError) in
                try RemoveCommand(configurationPath: path, key: "darkMode", force: true).run(console: console)
            }
            #expect(forced.status == ExitStatus.success, "\(forced.error)")
            // ENABLE_DARK_MODE is true for AAA, BBB and CCC, except CCC's prod override to false:
            // no single Bool stands for it, so no cleanup, and who loses the feature is named.
            #expect(!forced.output.contains("polyglot_piranha"))
            #expect(forced.output.hasSuffix("""
                No cleanup planned: 'ENABLE_DARK_MODE' is not one value everywhere, so its checks cannot all become true or all false.
                  dev: on for AAA, BBB, CCC, who lose the feature with the code that checks it
                  uat: on for AAA, BBB, CCC, who lose the feature with the code that checks it
                  prod: on for AAA, BBB, who lose the feature with the code that checks it
                Decide in the code what each check becomes, then remove those uses by hand.

                """), "\(forced.output)")
        }
    }

    @Test func aForcedRemovalOfAFlagOnEverywherePlansItsCleanupAsTrue() throws {
        try withCopy(of: "authoring") { root in
            // ENABLE_DARK_MODE true for every tenant in every environment, once CCC's override goes.
            let file = root.appendingPathComponent("tenants/CCC/FeatureFlags.defaults.json")
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"prod\": { \"ENABLE_DARK_MODE\": false }", with: "")
                .write(to: file, atomically: true, encoding: .utf8)
            let forced = try run(in: root) { path, console throws(FlagstaffError) in
                try RemoveCommand(configurationPath: path, key: "darkMode", force: true).run(console: console)
            }
            #expect(forced.status == ExitStatus.success, "\(forced.error)")
            #expect(forced.output.contains(#""stale_flag": "darkMode", "stale_static": "-", "stale_property": "-", "treated": "true", "treated_complement": "false""#), "\(forced.output)")
        }
    }

    @Test func unknownFlagsAndTenantsGetADidYouMean() throws {
        try withCopy(of: "authoring") { root in
            #expect(throws: FlagstaffError.usage("unknown flag 'ENABLE_CAMPAIGN'; did you mean 'ENABLE_CAMPAIGNS'?")) {
                _ = try run(in: root) { path, console throws(FlagstaffError) in
                    try RemoveCommand(configurationPath: path, key: "ENABLE_CAMPAIGN").run(console: console)
                }
            }
            #expect(throws: FlagstaffError.usage("unknown tenant 'BBC'; did you mean 'BBB'?")) {
                _ = try run(in: root) { path, console throws(FlagstaffError) in
                    try NewTenantCommand(configurationPath: path, id: "DDD", like: "BBC").run(console: console)
                }
            }
            #expect(throws: FlagstaffError.self) {
                _ = try run(in: root) { path, console throws(FlagstaffError) in
                    try NewTenantCommand(configurationPath: path, id: "AAA").run(console: console)
                }
            }
        }
    }
}

/// Counts calls across a `@Sendable` closure.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    var count: Int { lock.withLock { value } }

    func next() -> Int { lock.withLock { value += 1; return value } }
}
