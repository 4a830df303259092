import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Runs the cleanup `due --format piranha` prints for each use shape the code
/// scan recognises, on the small workspaces under `Fixtures/piranha-shapes/`,
/// with Polyglot Piranha (`python3`, module `polyglot_piranha`), then type-checks
/// the result with `swiftc -typecheck` beside the workspace's `Flags.swift`, which
/// holds the small stubs the app's code needs. A shape no rule can replace is
/// refused with its reason. A missing `python3`, Piranha or `swiftc` fails.
@Suite("Piranha cleanup of each use shape")
struct PiranhaShapeTests {
    /// A shape the rules clean up: the file, what must be gone and what must stay.
    struct Cleaned: Sendable, CustomStringConvertible {
        var shape: String
        var file: String
        var gone: [String]
        var kept: [String]
        var description: String { shape }
    }

    /// Expected by reading each fixture: `check` and `wrapper`, `factory`,
    /// `instance` and `constant` declare a flag that is off everywhere (no value
    /// anywhere, so the fallback `false`), `static` one that is `true`.
    static let cleaned: [Cleaned] = [
        Cleaned(
            shape: "check", file: "App/Checkout.swift", gone: ["newCheckout", "One-page checkout", "? 1 : 3"],
            kept: [
                "return \"Classic checkout\"", "func isEnabled(_ flag: FeatureFlag) -> Bool { flags.isEnabled(flag) }",
                "func showsClassicBanner() -> Bool {\n        true\n    }", "func steps() -> Int {\n        3\n    }",
            ]),
        Cleaned(
            shape: "wrapper", file: "App/Onboarding.swift", gone: ["@FeatureFlag", "onboardingExtraScreen"],
            kept: ["var showExtra: Bool { false }"]),
        Cleaned(
            shape: "static", file: "App/Library.swift", gone: ["FeatureFlags.map", "return [\"library\"]\n"],
            kept: ["return [\"library\", \"world map\"]", "func hidesMapButton() -> Bool {\n        false\n    }"]),
        Cleaned(
            shape: "instance", file: "App/Timeline.swift", gone: ["threadsEnabled", "return eventID"],
            kept: ["return nil", "func hidesThreadButton() -> Bool {\n        return true\n    }"]),
    ]

    @Test(arguments: cleaned)
    func theCleanupReplacesEveryUseAndTheAppStillTypeChecks(_ expected: Cleaned) throws {
        try withCopy(of: "piranha-shapes") { shapes in
            let root = shapes.appendingPathComponent(expected.shape)
            let output = try piranhaOutput(of: root)
            let calls = output.split(separator: "\n").filter { $0.hasPrefix("#   python3 -c ") }.map { String($0.dropFirst(4)) }
            #expect(calls.count == 1, "\(output)")
            let call = try #require(calls.first)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("piranha"), withIntermediateDirectories: true)
            try output.write(to: root.appendingPathComponent("piranha/rules.toml"), atomically: true, encoding: .utf8)
            let before = try String(contentsOf: root.appendingPathComponent(expected.file), encoding: .utf8)
            let piranha = try run("sh", ["-c", call], in: root)
            #expect(piranha.status == 0, "\(piranha.error)")
            let after = try String(contentsOf: root.appendingPathComponent(expected.file), encoding: .utf8)
            #expect(after != before)
            for text in expected.gone { #expect(!after.contains(text), "\(text) is still in:\n\(after)") }
            for text in expected.kept { #expect(after.contains(text), "\(text) is missing from:\n\(after)") }
            let typecheck = try run(Self.swiftc, ["-typecheck", "Flags.swift", expected.file], in: root)
            #expect(typecheck.status == 0, "\(typecheck.error)\n\(after)")
        }
    }

    /// The reason each refused shape gives, written from the fixture's lines.
    static let refused: [(shape: String, reason: String)] = [
        (
            "factory",
            "#   no cleanup: the rules cannot replace every use: App/Profile.swift:3:9 gets the flag from a call of 'newProfile', "
                + "whose value the app reads in its own way; change it by hand first\n"
        ),
        (
            "constant",
            "#   no cleanup: the rules cannot replace every use: App/Remote.swift:1:19 names the key 'ENABLE_NEW_CHECKOUT' as text "
                + "(and 1 other place like it); change them by hand first\n"
        ),
    ]

    @Test(arguments: refused)
    func aShapeNoRuleReplacesIsRefusedWithTheReason(_ expected: (shape: String, reason: String)) throws {
        let output = try piranhaOutput(of: Fixtures.directory.appendingPathComponent("piranha-shapes").appendingPathComponent(expected.shape))
        #expect(!output.contains("python3 -c"))
        #expect(output.contains(expected.reason), "\(output)")
    }

    /// A setting the code changes cannot become a value: Element X's fixture sets
    /// `appSettings.knockingEnabled` and binds `$context.fuzzyRoomListSearchEnabled`.
    @Test func aSettingTheCodeChangesIsRefused() throws {
        let output = try piranhaOutput(of: Fixtures.directory.appendingPathComponent("swift-instance-properties"))
        #expect(output.contains("""
            # knockingEnabled (.knockingEnabled), treated as false:
            #   no cleanup: the rules cannot replace every use: \
            ElementX/Sources/Screens/CreateRoomScreen/View/CreateRoomScreen.swift:5:9 sets 'knockingEnabled', which a value cannot \
            replace; change it by hand first

            """), "\(output)")
    }

    /// `flag_check` names the app's check methods, one or a list: `flags.isOn(.x)`
    /// is then a check the rules replace.
    @Test func theConfigurationNamesMoreCheckMethods() throws {
        try withCopy(of: "piranha-shapes") { shapes in
            let root = shapes.appendingPathComponent("check")
            let file = root.appendingPathComponent("App/Checkout.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            try text.replacingOccurrences(of: "!flags.isEnabled(", with: "!flags.isOn(").write(to: file, atomically: true, encoding: .utf8)
            #expect(try piranhaOutput(of: root).contains("Checkout.swift:13:21 names '.newCheckout' outside a flag check"))
            let configuration = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: configuration, encoding: .utf8) + "flag_check: [isEnabled, isOn]\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let output = try piranhaOutput(of: root)
            #expect(output.contains(#"(#match? @method "^(isEnabled|isOn)$")"#))
            #expect(output.contains("#   python3 -c "))
        }
    }

    /// A check name goes into the rules' patterns, so it must be a method name.
    @Test func aFlagCheckThatIsNoMethodNameIsAnError() throws {
        try withCopy(of: "piranha-shapes") { shapes in
            let configuration = shapes.appendingPathComponent("check/flagstaff.yml")
            try (String(contentsOf: configuration, encoding: .utf8) + "flag_check: [isEnabled, \"is(On\"]\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let result = try run(Fixtures.binary.path, ["validate"], in: configuration.deletingLastPathComponent())
            #expect(result.status == 1)
            #expect(result.error.contains(
                "flagstaff.yml:9:13: error: 'flag_check' names 'is(On', which is not a Swift method name; write the name alone, e.g. isEnabled"),
                "\(result.error)")
        }
    }

    /// `swiftc` on the PATH, else the toolchain's at `/opt/swift/usr/bin`.
    static let swiftc: String = {
        let toolchain = "/opt/swift/usr/bin/swiftc"
        return FileManager.default.isExecutableFile(atPath: toolchain) ? toolchain : "swiftc"
    }()

    /// What `flagstaff due --format piranha` prints, run in the workspace's folder.
    private func piranhaOutput(of root: URL) throws -> String {
        let result = try run(Fixtures.binary.path, ["due", "--format", "piranha"], in: root)
        #expect(result.status == 0, "\(result.error)")
        return result.output
    }
}
