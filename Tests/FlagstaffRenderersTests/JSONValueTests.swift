import FlagstaffCore
@testable import FlagstaffRenderers
import Testing

/// The hand-written JSON writer of `flags.json`.
@Suite("JSON writer")
struct JSONValueTests {
    @Test func quotesAndBackslashesAreEscaped() {
        #expect((#"say "hi" \ bye"#).jsonQuoted == #""say \"hi\" \\ bye""#)
    }

    @Test func controlCharactersAreEscaped() {
        #expect(("a\nb\rc\td").jsonQuoted == #""a\nb\rc\td""#)
        #expect(("\u{0}\u{1}\u{8}\u{C}\u{1F}").jsonQuoted == #""\u0000\u0001\u0008\u000c\u001f""#)
        #expect(("\u{2028}\u{2029}").jsonQuoted == #""\u2028\u2029""#, "line separators would end a JavaScript string")
        #expect(("✅ a\u{2028}").jsonQuoted == "\"✅ a\\u2028\"", "a separator after other three-byte characters")
        #expect(("\u{7F}\u{80}\u{9B}\u{9F}").jsonQuoted == #""\u007f\u0080\u009b\u009f""#, "delete and the C1 controls, which a terminal may obey")
    }

    @Test func otherCharactersStayAsTheyAre() {
        #expect(("café 🚩 / \u{A0}© <>").jsonQuoted == "\"café 🚩 / \u{A0}© <>\"")
    }

    @Test func shortScalarContainersStayOnOneLine() {
        #expect(JSONValue.object([.init("a", .integer(1)), .init("b", .null), .init("c", .bool(false))]).serialized()
            == "{\"a\": 1, \"b\": null, \"c\": false}\n")
        #expect(JSONValue.array([.string("x"), .number("1.50")]).serialized() == "[\"x\", 1.50]\n")
        #expect(JSONValue.object([]).serialized() == "{}\n")
        #expect(JSONValue.array([]).serialized() == "[]\n")
    }

    @Test func longOrNestedContainersAreIndentedByTwoSpaces() {
        let long = JSONValue.array((0..<30).map { .integer($0 * 1000) })
        #expect(long.serialized().hasPrefix("[\n  0,\n  1000,\n"))
        #expect(long.serialized().hasSuffix("  29000\n]\n"))
        let nested = JSONValue.object([.init("k", .array([.object([.init("x", .optional(nil))])]))])
        #expect(nested.serialized() == "{\n  \"k\": [\n    {\"x\": null}\n  ]\n}\n")
    }

    /// A line is measured in characters, not bytes: 100 characters fit, 101 do not,
    /// whatever their bytes, at the top level and indented.
    @Test func theOneLineLimitCountsCharacters() {
        func array(_ character: String, _ count: Int) -> JSONValue { .array([.string(String(repeating: character, count: count))]) }
        // `["…"]` is the text plus 4 characters.
        for character in ["a", "é", "✅", "🚩"] {
            #expect(array(character, 96).serialized() == "[\"\(String(repeating: character, count: 96))\"]\n", "\(character) × 96 fits")
            #expect(array(character, 97).serialized().hasPrefix("[\n  \""), "\(character) × 97 does not")
            let nested = JSONValue.object([.init("k", array(character, 94))]).serialized()
            #expect(nested.hasPrefix("{\n  \"k\": [\""), "\(character) × 94 fits after a 2-space indent")
            #expect(!JSONValue.object([.init("k", array(character, 95))]).serialized().hasPrefix("{\n  \"k\": [\""))
        }
    }

    @Test func aLongScalarListIsWrittenOncePerElement() {
        let value = JSONValue.array([.string(String(repeating: "x", count: 90)), .string("say \"hi\""), .null])
        #expect(value.serialized() == "[\n  \"\(String(repeating: "x", count: 90))\",\n  \"say \\\"hi\\\"\",\n  null\n]\n")
    }

    @Test(arguments: [0, 7, 9, 10, 99, 100, 101, 1_000, 40_960, 999_999, Int.max, -1, -10, Int.min])
    func integersAreWrittenAsSwiftWritesThem(_ number: Int) {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        JSONValue.appendInteger(number, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "[" + String(number))
    }

    @Test func keyOrderIsKept() {
        #expect(JSONValue.object([.init("z", .integer(1)), .init("a", .integer(2))]).serialized() == "{\"z\": 1, \"a\": 2}\n")
    }
}

/// The CSV export (RFC 4180).
@Suite("CSV")
struct CSVTests {
    @Test(arguments: [
        ("plain", "plain"), ("", ""), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""),
        ("two\nlines", "\"two\nlines\""), ("cr\rhere", "\"cr\rhere\""), (" spaced ", " spaced "),
    ])
    func fieldsAreQuotedOnlyWhenNeeded(_ text: String, _ field: String) {
        #expect(MatrixCSVRenderer.field(text) == field)
    }

    @Test func everyCellIsOneRecordWithCRLFEndings() {
        let csv = MatrixCSVRenderer.render(MatrixSlice(Build.hostileMatrix()))
        let records = csv.components(separatedBy: "\r\n")
        #expect(records.first == "flag,case,group,tenant,environment,value,source,file,line,reason,bundled")
        #expect(records.count == 1 + 3 * 2 * 2 + 1)
        #expect(records.last == "")
        #expect(csv.contains("\r\nTEXT_B,b,Group | *one*,A|B,dev,\"x, \"\"y\"\"\nz|_w_\",base,tenants/A|B.json,1,,\r\n"))
        #expect(csv.contains("\r\nENABLE_A,a,Group | *one*,A|B,prod,false,override,tenants/A|B.json,3,,\r\n"))
        #expect(csv.contains("\r\nENABLE_A,a,Group | *one*,Z,dev,false,fallback,,,,\r\n"))
    }
}

/// `matrix.md`: everything from the inputs is escaped.
@Suite("Markdown matrix")
struct MatrixMarkdownTests {
    @Test func namesAndValuesAreEscaped() {
        let markdown = String(decoding: MatrixMarkdownRenderer.utf8(MatrixSlice(Build.hostileMatrix())), as: UTF8.self)
        #expect(markdown.contains("# Acme \\*Flags\\*: flag matrix\n"))
        #expect(markdown.contains("**Tenants:** A\\|B = \\<b\\>Bold\\</b\\> & co · Z\n"))
        #expect(markdown.contains("| Flag | A\\|B | Z |\n|:---|:-:|:-:|\n"))
        #expect(markdown.contains("| **Group \\| \\*one\\*** | | |\n"))
        #expect(markdown.contains("| `TEXT_B` | x, \"y\" z\\|\\_w\\_ | (empty) |\n"))
        #expect(markdown.contains("| `COUNT_C` | 1.50 | 0 ○ |\n"))
        #expect(markdown.contains("## prod\n\n| Flag | A\\|B | Z |\n|:---|:-:|:-:|\n| **Group \\| \\*one\\*** | | |\n| `ENABLE_A` | ❌ ◆ | ❌ ○ |\n"))
    }

    @Test func theLegendNamesEveryLayerABuildCanKnow() {
        let markdown = String(decoding: MatrixMarkdownRenderer.utf8(MatrixSlice(Build.hostileMatrix())), as: UTF8.self)
        #expect(markdown.contains("**Legend:** ✅ on · ❌ off · ◆ override, set for this environment only · no mark: base, the tenant's value for every environment · ○ fallback, the tenant sets nothing, so it is off (or empty).\n"))
    }

    @Test func theChunksAreTheWholeTextInOrderEachEndingALine() {
        let slice = MatrixSlice(Build.hostileMatrix())
        var chunks: [[UInt8]] = []
        MatrixMarkdownRenderer.write(slice) { chunks.append($0) }
        #expect(chunks.count > 2)
        #expect(Array(chunks.joined()) == MatrixMarkdownRenderer.utf8(slice))
        #expect(chunks.allSatisfy { $0.last == UInt8(ascii: "\n") })
        #expect(chunks.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "no chunk splits a character")
    }
}
