import FlagstaffCore
import FlagstaffReaders
import Testing

/// The editors splice text; each test checks the exact bytes, and that removing
/// what was added gives back the original.
@Suite("source editors")
struct EditorTests {
    // MARK: - Text edits

    @Test func editsApplyInOffsetOrderAndInsertionsAtOneOffsetKeepTheirOrder() {
        let edits = [TextEdit.insert("b", at: 1), .delete(2..<3), .insert("c", at: 1), TextEdit(0..<1, "X")]
        #expect(TextEdit.apply(edits, to: "0123") == "Xbc13")
    }

    // MARK: - Tenant files

    /// Adds `NEW` ranked by `order`, checks the text, removes it again, and checks the original is back.
    func roundTrip(_ text: String, order: [String], overrides: [(environment: String, value: FlagValue)] = [], expected: String) throws {
        let added = TextEdit.apply(
            TenantDefaultsEditor.insertion(
                of: "NEW", value: .bool(true), overrides: overrides, into: text,
                environments: ["dev", "uat", "prod"], order: { order.firstIndex(of: $0) }),
            to: text)
        #expect(added == expected)
        let removed = TextEdit.apply(TenantDefaultsEditor.removal(of: "NEW", from: added), to: added)
        if overrides.isEmpty { #expect(removed == text) }
    }

    @Test func aValueGoesAfterTheFlagBeforeItInTheEnum() throws {
        try roundTrip(
            "{\n  \"A\": false,\n  \"B\": true\n}\n", order: ["A", "NEW", "B"],
            expected: "{\n  \"A\": false,\n  \"NEW\": true,\n  \"B\": true\n}\n")
    }

    @Test func aValueAfterTheLastMemberMovesTheComma() throws {
        try roundTrip(
            "{\n    \"A\": false,\n    \"B\": true\n}", order: ["A", "B", "NEW"],
            expected: "{\n    \"A\": false,\n    \"B\": true,\n    \"NEW\": true\n}")
    }

    @Test func aValueBeforeEveryOtherGoesFirst() throws {
        try roundTrip("{\n\t\"A\": 1\n}\n", order: ["NEW", "A"], expected: "{\n\t\"NEW\": true,\n\t\"A\": 1\n}\n")
    }

    @Test func aValueGoesBeforeOverridesAndInAlphabeticalFilesByKey() throws {
        try roundTrip(
            "{\n  \"B\": 1,\n  \"Z\": 2,\n  \"overrides\": {}\n}\n", order: ["Z", "B", "NEW"],
            expected: "{\n  \"B\": 1,\n  \"NEW\": true,\n  \"Z\": 2,\n  \"overrides\": {}\n}\n")
    }

    @Test func anInlineObjectStaysOnOneLine() throws {
        try roundTrip("{ \"A\": 1, \"B\": 2 }", order: ["A", "NEW", "B"], expected: "{ \"A\": 1, \"NEW\": true, \"B\": 2 }")
    }

    /// Before the first member of a one-line object, at the top level and in an
    /// environment's overrides, with and without spaces inside the braces.
    @Test func aValueBeforeTheFirstMemberOfAOneLineObject() throws {
        try roundTrip("{ \"A\": 1, \"B\": 2 }", order: ["NEW", "A", "B"], expected: "{ \"NEW\": true, \"A\": 1, \"B\": 2 }")
        try roundTrip("{\"A\": 1}\n", order: ["NEW", "A"], expected: "{ \"NEW\": true,\"A\": 1}\n")
        try roundTrip(
            "{\n  \"A\": false,\n  \"overrides\": { \"dev\": { \"A\": true } }\n}\n", order: ["NEW", "A"], overrides: [("dev", .bool(false))],
            expected: "{\n  \"NEW\": true,\n  \"A\": false,\n  \"overrides\": { \"dev\": { \"NEW\": false, \"A\": true } }\n}\n")
    }

    @Test func anEmptyObjectGetsAnIndentedMember() throws {
        let text = "{}\n"
        let added = TextEdit.apply(
            TenantDefaultsEditor.insertion(
                of: "NEW", value: .string("a \"b\""), overrides: [], into: text, environments: [],
                order: { _ in nil }),
            to: text)
        #expect(added == "{\n  \"NEW\": \"a \\\"b\\\"\"\n}\n")
        #expect(TextEdit.apply(TenantDefaultsEditor.removal(of: "NEW", from: added), to: added) == "{}\n")
    }

    @Test func overridesGoIntoTheirEnvironmentOrANewOne() throws {
        try roundTrip(
            "{\n  \"A\": false,\n  \"overrides\": {\n    \"dev\": {\n      \"A\": true\n    },\n    \"prod\": {}\n  }\n}\n",
            order: ["A", "NEW"], overrides: [("dev", .bool(false)), ("uat", .bool(false)), ("prod", .bool(false))],
            expected: "{\n  \"A\": false,\n  \"NEW\": true,\n  \"overrides\": {\n    \"dev\": {\n      \"A\": true,\n      \"NEW\": false\n    },\n"
                + "    \"uat\": { \"NEW\": false },\n    \"prod\": {\n      \"NEW\": false\n    }\n  }\n}\n")
        try roundTrip(
            "{\n  \"A\": false\n}", order: ["A", "NEW"], overrides: [("uat", .bool(false))],
            expected: "{\n  \"A\": false,\n  \"NEW\": true,\n  \"overrides\": {\n    \"uat\": { \"NEW\": false }\n  }\n}")
    }

    // MARK: - The enum

    static let enumText = """
        enum FeatureFlag: String {
            // MARK: - One

            /// First.
            case first = "FIRST"
            case second = "SECOND", third = "THIRD"

            // MARK: - Two

            /// Only.
            case only = "ONLY"
        }

        """

    func flagEnum(_ text: String) throws -> FlagEnum {
        try #require(FlagEnumReader.read([.init(path: "F.swift", text: text)], enumName: "FeatureFlag").flagEnum)
    }

    func removing(_ key: String, from text: String) throws -> String {
        let flagEnum = try flagEnum(text)
        let flag = try #require(flagEnum.flags.first { $0.key == key })
        return TextEdit.apply(FlagEnumEditor.removal(of: flag, from: text, flagEnum: flagEnum), to: text)
    }

    @Test func aCaseGoesAtTheEndOfItsGroupOrUnderANewMark() throws {
        let text = Self.enumText
        let one = try #require(FlagEnumEditor.insertion(
            of: .init(caseName: "fourth", key: "FOURTH", documentation: "Fourth.\nTwo lines.", group: "One"), into: text,
            flagEnum: try flagEnum(text)))
        #expect(TextEdit.apply([one], to: text).contains(
            "case second = \"SECOND\", third = \"THIRD\"\n    /// Fourth.\n    /// Two lines.\n    case fourth = \"FOURTH\"\n\n    // MARK: - Two"))
        let new = try #require(FlagEnumEditor.insertion(
            of: .init(caseName: "same", key: "same", documentation: "Same.", group: "Three"), into: text, flagEnum: try flagEnum(text)))
        #expect(TextEdit.apply([new], to: text).hasSuffix(
            "case only = \"ONLY\"\n\n    // MARK: - Three\n\n    /// Same.\n    case same\n}\n"))
    }

    @Test func removingTheFirstCaseOfAGroupKeepsItsMark() throws {
        #expect(try removing("FIRST", from: Self.enumText).contains("    // MARK: - One\n\n    case second = \"SECOND\""))
    }

    @Test func removingTheOnlyCaseOfAGroupRemovesItsMark() throws {
        #expect(try removing("ONLY", from: Self.enumText).hasSuffix("third = \"THIRD\"\n}\n"))
    }

    @Test func removingOneCaseOfSeveralKeepsTheOthersAndTheirComma() throws {
        #expect(try removing("SECOND", from: Self.enumText).contains("    case third = \"THIRD\"\n"))
        #expect(try removing("THIRD", from: Self.enumText).contains("    case second = \"SECOND\"\n"))
    }

    // MARK: - The catalog

    func catalog(_ text: String) throws -> Catalog {
        try #require(CatalogReader.read(text, file: "c.md").catalog)
    }

    static let table = "## Flags\n\n| Flag | Description | Owner |\n|---|---|---|\n| `B` | Bee | x |\n| `D` | Dee \\| two |  |\n"

    @Test func aRowGoesInKeyOrderInTheTablesStyle() throws {
        let text = Self.table
        let edit = CatalogEditor.insertion(
            of: ["description": "See | pipe", "Owner": "me"], key: "C", into: text, catalog: try catalog(text), order: .key,
            enumIndex: { _ in nil })
        let added = TextEdit.apply([edit], to: text)
        #expect(added.contains("| `B` | Bee | x |\n| `C` | See \\| pipe | me |\n| `D` |"))
        let entry = try #require(try catalog(added).entry(for: "C"))
        #expect(TextEdit.apply([CatalogEditor.removal(of: entry, in: added)], to: added) == text)
        let first = CatalogEditor.insertion(of: [:], key: "A", into: text, catalog: try catalog(text), order: .key, enumIndex: { _ in nil })
        #expect(TextEdit.apply([first], to: text).contains("|---|---|---|\n| `A` |  |  |\n| `B` |"))
    }

    @Test func anAlignedTableIsPaddedAndWidenedWhenARowDoesNotFit() throws {
        let text = "## Flags\n\n| Flag | Description |\n| :--- | ----------: |\n| `B`  | Bee         |\n"
        let fits = CatalogEditor.insertion(of: ["Description": "Sea"], key: "C", into: text, catalog: try catalog(text), order: .key, enumIndex: { _ in nil })
        #expect(TextEdit.apply([fits], to: text).hasSuffix("| `B`  | Bee         |\n| `C`  | Sea         |\n"))
        let wide = CatalogEditor.insertion(
            of: ["Description": "A | longer one"], key: "A", into: text, catalog: try catalog(text), order: .key, enumIndex: { _ in nil })
        #expect(TextEdit.apply([wide], to: text) == "## Flags\n\n| Flag | Description     |\n| :--- | --------------: |\n| `A`  | A \\| longer one |\n| `B`  | Bee             |\n")
    }

    @Test func aTableWithoutClosingPipesGetsRowsWithout() throws {
        let text = "## Flags\n\n| Flag | Description\n|---|---\n| `B` | Bee\n"
        let edit = CatalogEditor.insertion(of: ["Description": "Sea"], key: "C", into: text, catalog: try catalog(text), order: .key, enumIndex: { _ in nil })
        #expect(TextEdit.apply([edit], to: text) == text + "| `C` | Sea \n")
    }

    /// A pipe with an accent joined to it is one Swift character, but a pipe to
    /// the reader: written raw, it would split the description into two cells.
    @Test func aPipeWithAMarkJoinedToItIsEscapedAndReadBack() throws {
        let text = "## Flags\n\n| Flag | Description |\n|---|---|\n| `B` | Bee |\n"
        let description = "Sea |\u{301} or \u{600}| land"
        let edit = CatalogEditor.insertion(of: ["Description": description], key: "C", into: text, catalog: try catalog(text), order: .key, enumIndex: { _ in nil })
        let written = TextEdit.apply([edit], to: text)
        let entry = try #require(try catalog(written).entries.first { $0.key == "C" })
        #expect(entry.description == description, "\(written)")
    }

    @Test func sortingMovesWholeRowsAndFollowsTheEnumOrderWhenAsked() throws {
        let text = Self.table.replacingOccurrences(of: "| `B` | Bee | x |\n| `D` | Dee \\| two |  |", with: "| `D` | Dee \\| two |  |\n| `b` | Bee | x |")
        let sorted = try #require(CatalogEditor.sorting(try catalog(text), in: text, order: .key, enumIndex: { _ in nil }))
        #expect(TextEdit.apply([sorted], to: text) == Self.table.replacingOccurrences(of: "`B`", with: "`b`"))
        #expect(CatalogEditor.sorting(try catalog(text), in: text, order: .enum, enumIndex: { ["D", "b"].firstIndex(of: $0) }) == nil)
    }

    // MARK: - The configuration

    @Test func aTenantNameJoinsAnInlineMappingBeforeItsComment() {
        let text = "title: X\ntenant_names: { WL: White Label } # names\nguide: g\n"
        #expect(TextEdit.apply([ConfigurationEditor.addingTenantName(id: "NEW", name: "New: One", to: text)], to: text)
            == "title: X\ntenant_names: { WL: White Label, NEW: \"New: One\" } # names\nguide: g\n")
        let empty = "tenant_names: {}\n"
        #expect(TextEdit.apply([ConfigurationEditor.addingTenantName(id: "A", name: "Ay", to: empty)], to: empty) == "tenant_names: { A: Ay }\n")
    }

    /// `new-tenant --app-id/--signal`: the tenant joins `remote_config.tenants`
    /// however the file writes it, and every other byte stays.
    @Test(arguments: [
        (
            "remote_config:\n  template: r.json\n  tenants: { CHL: { app_id: \"1:1:ios:chl\" } } # ids\nstrict: true\n",
            "remote_config:\n  template: r.json\n  tenants: { CHL: { app_id: \"1:1:ios:chl\" }, NEW: { app_id: \"1:1:ios:new\", signal: new } } # ids\nstrict: true\n"
        ),
        (
            "remote_config:\n  template: r.json\n  tenants: {}\n",
            "remote_config:\n  template: r.json\n  tenants: { NEW: { app_id: \"1:1:ios:new\", signal: new } }\n"
        ),
        (
            "remote_config:\n  tenants:\n    CHL: { app_id: \"1:1:ios:chl\" }\n    # more\n\n  template: r.json\n",
            "remote_config:\n  tenants:\n    CHL: { app_id: \"1:1:ios:chl\" }\n    NEW: { app_id: \"1:1:ios:new\", signal: new }\n    # more\n\n  template: r.json\n"
        ),
        (
            "remote_config:\n  template: r.json\n  tenants:\n    CHL:\n      app_id: \"1:1:ios:chl\"\nstrict: true\n",
            "remote_config:\n  template: r.json\n  tenants:\n    CHL:\n      app_id: \"1:1:ios:chl\"\n    NEW: { app_id: \"1:1:ios:new\", signal: new }\nstrict: true\n"
        ),
        (
            "remote_config:\n  template: r.json\n  tenant_signal: tenant\n\nstrict: true\n",
            "remote_config:\n  template: r.json\n  tenant_signal: tenant\n  tenants: { NEW: { app_id: \"1:1:ios:new\", signal: new } }\n\nstrict: true\n"
        ),
        (
            "remote_config: { template: r.json, tenant_signal: tenant }\n",
            "remote_config: { template: r.json, tenant_signal: tenant, tenants: { NEW: { app_id: \"1:1:ios:new\", signal: new } } }\n"
        ),
        (
            "remote_config: { template: \"r}.json\", tenants: { A: { signal: \"}\" } } }\r\n",
            "remote_config: { template: \"r}.json\", tenants: { A: { signal: \"}\" }, NEW: { app_id: \"1:1:ios:new\", signal: new } } }\r\n"
        ),
    ])
    func aRemoteTenantJoinsRemoteConfigTenants(_ text: String, _ expected: String) throws {
        let edit = try #require(ConfigurationEditor.addingRemoteTenant(id: "NEW", fields: [("app_id", "1:1:ios:new"), ("signal", "new")], to: text))
        #expect(TextEdit.apply([edit], to: text) == expected)
    }

    @Test func aRemoteTenantNeedsRemoteConfig() {
        #expect(ConfigurationEditor.addingRemoteTenant(id: "NEW", fields: [("app_id", "x")], to: "title: X\n") == nil)
        #expect(ConfigurationEditor.addingRemoteTenant(id: "NEW", fields: [("app_id", "x")], to: "remote_config: r.json\n") == nil)
    }

    @Test func aTenantNameJoinsABlockMappingOrStartsOne() {
        let block = "tenant_names:\n  WL: White Label\n  # more below\n\nguide: g\n"
        #expect(TextEdit.apply([ConfigurationEditor.addingTenantName(id: "A", name: "Ay", to: block)], to: block)
            == "tenant_names:\n  WL: White Label\n  A: Ay\n  # more below\n\nguide: g\n")
        let none = "title: X"
        #expect(TextEdit.apply([ConfigurationEditor.addingTenantName(id: "A", name: "Ay", to: none)], to: none)
            == "title: X\ntenant_names: { A: Ay }\n")
    }
}
