import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// The fixture of every syntactic variation the reader must handle.
private let variations: String = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/EnumVariations.swift")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()

/// The text of a byte range.
private func slice(_ text: String, _ range: ByteRange) -> String {
    String(decoding: Array(text.utf8)[range], as: UTF8.self)
}

@Suite("Swift enum reader")
struct FlagEnumReaderTests {
    func read(_ text: String, name: String? = nil) -> (flagEnum: FlagEnum?, diagnostics: [Diagnostic]) {
        FlagEnumReader.read([.init(path: "F.swift", text: text)], enumName: name)
    }

    @Test func readsEverySyntacticVariation() throws {
        #expect(!variations.isEmpty)
        let (flagEnum, diagnostics) = FlagEnumReader.read([.init(path: "Flags.swift", text: variations)], enumName: "FeatureFlag")
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

    @Test func keepsTheBytesOfEveryCaseForEditing() throws {
        let flagEnum = try #require(FlagEnumReader.read([.init(path: "Flags.swift", text: variations)], enumName: "FeatureFlag").flagEnum)
        let flags = Dictionary(uniqueKeysWithValues: flagEnum.flags.map { ($0.caseName, $0) })
        let media = try #require(flags["mediaLibrary"])
        #expect(slice(variations, media.syntax.element) == "mediaLibrary = \"ENABLE_MEDIA_LIBRARY\"")
        #expect(slice(variations, media.syntax.declaration) == "case mediaLibrary = \"ENABLE_MEDIA_LIBRARY\"")
        #expect(slice(variations, media.syntax.leadingTrivia).hasSuffix("/// Shared media library.\n    /// Second line of the doc.\n    "))
        #expect(media.syntax.elementsInDeclaration == 1)
        let notes = try #require(flags["wishlistNotes"])
        #expect(slice(variations, notes.syntax.element) == "wishlistNotes = \"ENABLE_WISHLIST_NOTES\"")
        #expect(notes.syntax.elementsInDeclaration == 3)
        #expect(slice(variations, try #require(flags["darkMode"]).syntax.element) == "darkMode")
        #expect(slice(variations, try #require(flags["legacyCheckout"]).syntax.declaration)
            == "@available(*, deprecated, message: \"Use ENABLE_NEW_CHECKOUT\")\n    case legacyCheckout = \"ENABLE_LEGACY_CHECKOUT\"")
        let debug = try #require(flags["debugMenu"]?.syntax.conditionalClause)
        #expect(slice(variations, debug).contains("case debugMenu = \"ENABLE_DEBUG_MENU\""))
        #expect(!slice(variations, debug).contains("stagingBanner"))
        #expect(flags["mediaLibrary"]?.syntax.conditionalClause == nil)
        #expect(flagEnum.file == "Flags.swift")
        #expect(flagEnum.marks.map(\.name) == ["Media 📸", "Platform"])
        #expect(flagEnum.marks.map { slice(variations, $0.range) } == ["// MARK: - Media 📸", "// MARK: - Platform"])
        #expect(slice(variations, flagEnum.body).hasPrefix("\n    // MARK: - Media"))
        #expect(slice(variations, flagEnum.body).hasSuffix("      }\n    }\n  "))
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
        let model = FlagModel(
            title: "", environments: [], flagEnums: [result], catalog: Catalog(columns: [], entries: [], location: .start(of: "c.md")), tenants: [])
        let diagnostics = Validator.validate(ResolvedMatrix(model: model)).filter { $0.message.contains("duplicate") }
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
