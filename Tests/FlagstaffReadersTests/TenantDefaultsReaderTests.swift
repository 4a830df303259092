import FlagstaffCore
@testable import FlagstaffReaders
import Testing

@Suite("Tenant defaults reader")
struct TenantDefaultsReaderTests {
    func read(_ text: String) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        TenantDefaultsReader.read(text, file: "t.json", id: "T", name: "T")
    }

    @Test func readsBaseValuesAndOverridesWithPositions() throws {
        let (tenant, diagnostics) = read(
            """
            {
              "ENABLE_A": true,
              "COUNT": 3,
              "RATIO": 1.5,
              "NAME": "caf\\u00e9",
              "overrides": { "uat": { "ENABLE_A": false } }
            }
            """)
        #expect(diagnostics.isEmpty)
        let result = try #require(tenant)
        #expect(result.base["ENABLE_A"] == Tenant.Setting(
            value: .bool(true), location: .init(file: "t.json", line: 2, column: 15), keyLocation: .init(file: "t.json", line: 2, column: 3)))
        #expect(result.base["COUNT"]?.value == .integer(3))
        #expect(result.base["RATIO"]?.value == .decimal("1.5"))
        #expect(result.base["NAME"]?.value == .string("café"))
        #expect(result.overrides["uat"]?["ENABLE_A"]?.value == .bool(false))
        #expect(result.overrides["uat"]?["ENABLE_A"]?.location == .init(file: "t.json", line: 6, column: 39))
    }

    @Test func theEditorFindsWhereTheObjectsAre() throws {
        let text = "{\n  \"A\": true,\n  \"overrides\": {\n    \"uat\": { \"A\": false }\n  }\n}"
        let layout = try #require(TenantFileLayout(text))
        let bytes = Array(text.utf8)
        func slice(_ range: ByteRange?) -> String? { range.map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(slice(layout.root) == text)
        #expect(slice(layout.overrides?.keyRange) == "\"overrides\"")
        #expect(slice(layout.overrides?.valueRange) == "{\n    \"uat\": { \"A\": false }\n  }")
        #expect(slice(layout.environment("uat")) == "{ \"A\": false }")
        #expect(slice(layout.overrideMembers["uat"]?.first?.valueRange) == "false")
        #expect(slice(layout.baseMember("A")?.keyRange) == "\"A\"")
        #expect(TenantFileLayout("[1]") == nil)
    }

    @Test func malformedJSONSaysWhereItBroke() {
        let (tenant, diagnostics) = read("{\n  \"ENABLE_A\": true,\n  \"ENABLE_B\" false\n}")
        #expect(tenant == nil)
        #expect(diagnostics.map(\.description) == [
            "t.json:3:14: error: malformed JSON: expected ':' after the key \"ENABLE_B\", found 'f'"
        ])
    }

    @Test func trailingCommaIsMalformed() {
        let (_, diagnostics) = read("{\n  \"ENABLE_A\": true,\n}")
        #expect(diagnostics.map(\.description) == ["t.json:3:1: error: malformed JSON: trailing comma before '}'"])
    }

    @Test func duplicateKeyIsAnError() {
        let (_, diagnostics) = read("{\n  \"ENABLE_A\": true,\n  \"ENABLE_A\": false\n}")
        #expect(diagnostics.map(\.description) == [
            "t.json:3:3: error: duplicate key 'ENABLE_A'; it is first set at line 2, column 3"
        ])
    }

    /// The first of two members with one key is the one kept, refused or not; every
    /// repeat is a duplicate, whose own value is not checked.
    @Test func theFirstOfTwoKeysIsKeptEvenWhenItsValueIsRefused() throws {
        let text = """
            {
              "A": {},
              "A": true,
              "B": true,
              "B": [],
              "overrides": {"uat": {"C": null, "C": 1, "D": 2, "D": 3}},
              "overrides": {}
            }
            """
        let (tenant, diagnostics) = read(text)
        #expect(diagnostics.map(\.description) == [
            "t.json:3:3: error: duplicate key 'A'; it is first set at line 2, column 3",
            "t.json:5:3: error: duplicate key 'B'; it is first set at line 4, column 3",
            "t.json:6:30: error: the value of 'C' must be a Bool, number, string, array or object, found null; a flag that is not set is left out of the file",
            "t.json:6:36: error: duplicate key 'C'; it is first set at line 6, column 25",
            "t.json:6:52: error: duplicate key 'D'; it is first set at line 6, column 44",
            "t.json:7:3: error: duplicate key 'overrides'; it is first set at line 6, column 3",
        ])
        let read = try #require(tenant)
        #expect(read.base.keys.sorted() == ["A", "B"])
        #expect(read.base["A"]?.value == .structured(.object([])))
        #expect(read.base["B"]?.value == .bool(true))
        #expect(read.overrides["uat"]?.mapValues(\.value) == ["D": .integer(2)])
    }

    @Test func overridesMustBeAnObject() {
        let (_, diagnostics) = read("{\n  \"overrides\": [true]\n}")
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].message == "'overrides' must be an object mapping environments to values, found an array")
        #expect(diagnostics[0].location == SourceLocation(file: "t.json", line: 2, column: 16))
    }

    @Test func environmentOverridesMustBeObjects() {
        let (_, diagnostics) = read("{ \"overrides\": { \"uat\": true } }")
        #expect(diagnostics.map(\.description) == [
            "t.json:1:25: error: overrides for 'uat' must be an object of flag values, found a Bool"
        ])
    }

    @Test func nullIsNoFlagValue() {
        let (_, diagnostics) = read("{ \"ENABLE_A\": null }")
        #expect(diagnostics.map(\.description) == [
            "t.json:1:15: error: the value of 'ENABLE_A' must be a Bool, number, string, array or object, found null; a flag that is not set is left out of the file"
        ])
    }

    /// Arrays and objects are a JSON value, kept as written and compared structurally.
    @Test func arraysAndObjectsAreJSONValues() throws {
        let (tenant, diagnostics) = read(#"{ "LANGUAGES": ["es", "en"], "LIMITS": {"max": 3, "soft": true}, "overrides": {"uat": {"LANGUAGES": []}} }"#)
        #expect(diagnostics.isEmpty)
        let read = try #require(tenant)
        #expect(read.base["LANGUAGES"]?.value == .structured(.array([.scalar(.string("es")), .scalar(.string("en"))])))
        #expect(read.base["LIMITS"]?.value == .structured(.object([("max", .scalar(.integer(3))), ("soft", .scalar(.bool(true)))])))
        #expect(read.overrides["uat"]?["LANGUAGES"]?.value == .structured(.array([])))
    }

    @Test func topLevelMustBeAnObject() {
        let (_, diagnostics) = read("[]")
        #expect(diagnostics.map(\.description) == ["t.json:1:1: error: a tenant file must hold a JSON object, found an array"])
    }

    @Test func readingAgainstTheEnumsKeysChangesNothingButTheStorage() {
        // Escaped keys, and a Kelvin sign that Swift takes for a K, are looked up as
        // strings; plain keys by their bytes.
        let text = """
            {
              "A": true,
              "A": false,
              "B": [1],
              "overrides": {"uat": {"A": 1, "Z": 2, "A": 3, "\\u0041": 4}},
              "C": "x",
              "K": 1,
              "\\u212A": 2
            }
            """
        let unkeyed = read(text)
        for flags in [[], ["A"], ["C", "B", "A"], ["A", "A", "Z"], ["\u{212A}", "A"], ["K", "C"]] {
            let keys = FlagKeys(flags: flags.map { Flag(key: $0, caseName: $0.lowercased(), location: .start(of: "F.swift")) }, environments: ["uat"])
            let keyed = TenantDefaultsReader.read(text, file: "t.json", id: "T", name: "T", keys: keys)
            #expect(keyed.tenant == unkeyed.tenant, "\(flags)")
            #expect(keyed.diagnostics == unkeyed.diagnostics, "\(flags)")
            #expect(keyed.tenant?.base.keys == ["A", "B", "C", "K"], "file order, \(flags)")
            #expect(keyed.tenant?.base.flagKeys?.isCopy(of: keys) == true)
        }
        #expect(unkeyed.tenant?.overrides["uat"]?.keys == ["A", "Z"])
        #expect(unkeyed.diagnostics.count == 4)
    }
}
