import FlagstaffCore
import FlagstaffReaders
import Testing

@Suite("Swift enum reader")
struct FlagEnumReaderTests {
    func read(_ text: String, name: String? = nil) -> (flagEnum: FlagEnum?, diagnostics: [Diagnostic]) {
        FlagEnumReader.read([.init(path: "F.swift", text: text)], enumName: name)
    }

    @Test func readsEverySyntacticVariation() throws {
        let text = try Fixtures.text("enum-variations/Flags.swift")
        let (flagEnum, diagnostics) = FlagEnumReader.read([.init(path: "Flags.swift", text: text)], enumName: "FeatureFlag")
        #expect(diagnostics.isEmpty)
        let result = try #require(flagEnum)
        #expect(result.hasStringRawValues)
        #expect(result.flags.map(\.key) == [
            "ENABLE_MEDIA_LIBRARY", "ENABLE_CAMPAIGNS", "ENABLE_WISHLIST_SHARING", "ENABLE_WISHLIST_NOTES", "darkMode",
            "ENABLE_LEGACY_CHECKOUT", "oldThing", "ENABLE_DEBUG_MENU", "ENABLE_STAGING_BANNER", "ENABLE_RELEASE_ONLY", "null",
        ])
        let flags = Dictionary(uniqueKeysWithValues: result.flags.map { ($0.caseName, $0) })
        #expect(flags["mediaLibrary"]?.group == "Media 📸")
        #expect(flags["mediaLibrary"]?.documentation == "Shared media library.\nSecond line of the doc.")
        #expect(flags["mediaLibrary"]?.location == SourceLocation(file: "Flags.swift", line: 17, column: 10))
        #expect(flags["campaigns"]?.documentation == nil)
        #expect(flags["wishlistNotes"]?.documentation == "Several per line.")
        #expect(flags["wishlistNotes"]?.location == SourceLocation(file: "Flags.swift", line: 23, column: 55))
        #expect(flags["darkMode"]?.key == "darkMode")
        #expect(flags["legacyCheckout"]?.group == "Platform")
        #expect(flags["legacyCheckout"]?.deprecation == "Use ENABLE_NEW_CHECKOUT")
        #expect(flags["oldThing"]?.deprecation == "renamed to newThing")
        #expect(flags["mediaLibrary"]?.deprecation == nil)
        #expect(flags["debugMenu"]?.condition == "DEBUG")
        #expect(flags["debugMenu"]?.documentation == "Only in debug builds.")
        #expect(flags["stagingBanner"]?.condition == "!(DEBUG) && STAGING")
        #expect(flags["releaseOnly"]?.condition == "!(DEBUG) && !(STAGING)")
        #expect(flags["null"]?.documentation == "A block doc comment.")
        #expect(flags["null"]?.condition == nil)
    }

    @Test func findsTheOnlyStringEnumWithoutAName() throws {
        let (flagEnum, _) = read("enum Other: Int { case a }\nenum Flags: String { case a = \"A\" }")
        #expect(flagEnum?.name == "Flags")
    }

    @Test func enumNotFoundSuggestsANearName() {
        let (flagEnum, diagnostics) = read("enum FeatureFlags: String { case a }", name: "FeatureFlag")
        #expect(flagEnum == nil)
        #expect(diagnostics.map(\.description) == ["F.swift:1:1: error: enum 'FeatureFlag' not found; did you mean 'FeatureFlags'?"])
    }

    @Test func duplicateRawValuesAreErrors() throws {
        let (flagEnum, _) = read("enum FeatureFlag: String {\n    case a = \"X\"\n    case b = \"X\"\n}")
        let result = try #require(flagEnum)
        let diagnostics = Validator.validate(
            FlagModel(title: "", environments: [], flagEnum: result, catalog: Catalog(columns: [], entries: [], location: .start(of: "c.md")), tenants: []),
            types: [:]
        ).filter { $0.message.contains("duplicate") }
        #expect(diagnostics.map(\.description) == ["F.swift:3:10: error: duplicate raw value 'X' for case 'b'; case 'a' at line 2 already uses it"])
    }

    @Test func enumWithoutStringRawTypeUsesCaseNames() throws {
        let (flagEnum, diagnostics) = read("enum FeatureFlag: CaseIterable {\n  case alpha, beta\n}", name: "FeatureFlag")
        #expect(diagnostics.isEmpty)
        #expect(flagEnum?.hasStringRawValues == false)
        #expect(flagEnum?.flags.map(\.key) == ["alpha", "beta"])
    }

    @Test func syntaxErrorIsAWarningWithAPosition() {
        let (_, diagnostics) = read("enum FeatureFlag: String {\n  case a = \"A\"\n  case = \"B\"\n}")
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.location?.line == 3)
    }
}
