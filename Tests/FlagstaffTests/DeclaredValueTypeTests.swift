import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// Each flag's value type from its declaration (issue 34), not Bool for all:
/// the type of the defaults property (through a `typealias`), a registry's
/// tagged values (`.int(42)`), a flag wrapper's generic argument. Expected
/// values are read from the fixtures' code.
@Suite("Declared value types")
struct DeclaredValueTypeTests {
    static func matrix(_ fixture: String) throws -> ResolvedMatrix { try SwiftDeclarationsTests.matrix(fixture) }

    static func word(_ matrix: ResolvedMatrix, _ key: String, _ environment: String) throws -> String {
        CellPresentation(try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: environment))).word
    }

    @Test func aDefaultDecidedInCodeKeepsTheTypeItsPropertyDeclares() throws {
        let matrix = try Self.matrix("swift-typed-values")
        let ttl = try #require(matrix.model.flag("database_cache_ttl"))
        let premium = try #require(matrix.model.flag("premium_enabled"))
        // `var defaultValue: Data` with `typealias Data = Double`; the arm is `5.days`.
        #expect(ttl.valueType == .number)
        #expect(matrix.type(of: ttl) == .number)
        #expect(ttl.codeDefault?.outcomes["release"] == .decidedInCode("5.days", at: SourceLocation(file: "Sources/FeatureFlag.swift", line: 16, column: 20)))
        #expect(matrix.type(of: premium) == .bool)
        // The NUMBER parameter is the flag's own type, so its value is read, not refused.
        for environment in ["debug", "release"] {
            #expect(try Self.word(matrix, "database_cache_ttl", environment) == "86400")
            #expect(try Self.word(matrix, "premium_enabled", environment) == "off")
        }
    }

    @Test func aRegistryOfTaggedValuesGivesEachItsType() throws {
        let matrix = try Self.matrix("swift-registry-tagged")
        let types = matrix.model.flags.map { "\($0.key)=\(matrix.type(of: $0))" }
        // `.bool(true)`, `.int(42)`, `.string("Test String")`; testRemoteFlag has no local value.
        #expect(types == ["test-local-bool-flag=Bool", "test-local-int-flag=number", "test-local-string-flag=string", "testRemoteFlag=Bool"])
        #expect(try Self.word(matrix, "test-local-bool-flag", "release") == "on")
        #expect(try Self.word(matrix, "test-local-int-flag", "release") == "42")
        #expect(try Self.word(matrix, "test-local-string-flag", "release") == "Test String")
        #expect(matrix.model.flag("testRemoteFlag")?.codeDefault == nil)
    }

    /// The factory shape of the swift-factories fixture, with a default the app
    /// works out: `SettingsFeatureFlag<Int>` still says number.
    @Test(arguments: [
        ("static var limit: SettingsFeatureFlag<Int> { SettingsFeatureFlag(key: \"limit\", defaultValue: Config.limit) }", FlagType.number),
        ("static func names() -> SettingsFeatureFlag<[String]> { .init(key: \"names\", defaultValue: Config.names) }", .structured),
        ("static var title: String { Config.title }", .string),
        ("@FeatureFlag(\"merged\", defaultValue: Config.merged) static var merged: Bool", .bool),
        ("static var mode: SettingsFeatureFlag<Mode> { .init(key: \"mode\", defaultValue: .fast) }", nil),
    ] as [(String, FlagType?)])
    func aFlagWrapperOrAMembersTypeNamesTheValueType(_ member: String, _ expected: FlagType?) throws {
        let text = "enum SettingsFlags {\n    \(member)\n}\n"
        let (declarations, _) = SwiftDeclarationsReader.read([SourceFile(path: "S.swift", text: text)], options: .init(typeNames: ["SettingsFlags"]))
        let flag = try #require(declarations?.flags.first)
        #expect(flag.valueType == expected)
    }

    @Test func aRegistryTypeFieldThatNamesAValueTypeIsTheFlagsType() throws {
        let text = """
            enum Flag: String { case retries, banner }
            let registry: [Flag: FlagInfo] = [
                .retries: FlagInfo(type: .int, defaultValue: RemoteDefaults.retries),
                .banner: FlagInfo(type: .release, defaultValue: false),
            ]
            """
        var settings = SwiftSettings()
        settings.registry = "registry"
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [SourceFile(path: "F.swift", text: text)], options: .init(typeNames: ["Flag"], settings: settings, environments: ["prod"]))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(declarations?.flags.map(\.valueType) == [.number, nil])
        // `.release` is the catalog's Type, as before.
        #expect(declarations?.metadata?.entry(for: "banner")?.value("Type") == "release")
        #expect(declarations?.metadata?.entry(for: "retries")?.value("Type") == nil)
    }
}
