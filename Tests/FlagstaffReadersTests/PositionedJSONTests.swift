import FlagstaffCore
@testable import FlagstaffReaders
import Testing

/// The hand-written JSON parser, edge by edge (RFC 8259).
@Suite("JSON parser")
struct PositionedJSONTests {
    func parse(_ text: String) throws(JSONSyntaxError) -> PositionedJSON {
        try PositionedJSONParser.parse(text, file: "t.json")
    }

    /// The error for a text that must not parse: "line:column: message".
    func failure(_ text: String) -> String? {
        do {
            _ = try parse(text)
            return nil
        } catch {
            return "\(error.location.line):\(error.location.column): \(error.message)"
        }
    }

    func number(_ text: String) -> String? {
        guard case .number(let number)? = try? parse(text).kind else { return nil }
        return number
    }

    func string(_ text: String) -> String? {
        guard case .string(let value)? = try? parse(text).kind else { return nil }
        return value
    }

    @Test(arguments: ["0", "-0", "10", "1.5", "0.25", "-1.5E+3", "1e3", "1E-0", "12345678901234567890"])
    func validNumbersKeepTheirText(_ text: String) {
        #expect(number(text) == text)
    }

    @Test func leadingZerosAreRefused() {
        #expect(failure("01") == "1:1: numbers must not start with a leading zero")
        #expect(failure("-01") == "1:2: numbers must not start with a leading zero")
        #expect(failure("[1, 007]") == "1:5: numbers must not start with a leading zero")
        #expect(number("0.01") == "0.01")
    }

    @Test(arguments: [
        ("1.", "1:3: expected a digit after '.', found end of file"),
        (".5", "1:1: expected a value, found '.'"),
        ("1e", "1:3: expected a digit in the exponent, found end of file"),
        ("1e+", "1:4: expected a digit in the exponent, found end of file"),
        ("+1", "1:1: expected a value, found '+'"),
        ("-", "1:2: expected a digit, found end of file"),
        ("- 1", "1:2: expected a digit, found ' '"),
        ("NaN", "1:1: expected a value, found 'N'"),
    ])
    func malformedNumbers(_ text: String, _ message: String) {
        #expect(failure(text) == message)
    }

    @Test func trailingCommasAreRefusedInArraysAndObjects() {
        #expect(failure("[1,]") == "1:4: expected a value, found ']'")
        #expect(failure("[1, 2, ]") == "1:8: expected a value, found ']'")
        #expect(failure("[,1]") == "1:2: expected a value, found ','")
        #expect(failure("{\"a\": 1,}") == "1:9: trailing comma before '}'")
        #expect(failure("{,}") == "1:2: expected a key in double quotes, found ','")
    }

    @Test func separatorsAreRequired() {
        #expect(failure("[1 2]") == "1:4: expected ',' or ']', found '2'")
        #expect(failure("{\"a\" 1}") == "1:6: expected ':' after the key \"a\", found '1'")
        #expect(failure("{\"a\": 1 \"b\": 2}") == "1:9: expected ',' or '}', found '\"'")
        #expect(failure("{a: 1}") == "1:2: expected a key in double quotes, found 'a'")
        #expect(failure("[1") == "1:3: expected ',' or ']', found end of file")
        #expect(failure("{\"a\": 1") == "1:8: expected ',' or '}', found end of file")
        #expect(failure("") == "1:1: expected a value, found end of file")
        #expect(failure("true false") == "1:6: unexpected 'f' after the end of the JSON value")
        #expect(failure("tru") == "1:1: expected a value, found 't'")
        #expect(failure("nul") == "1:1: expected a value, found 'n'")
        // Each byte of a word counts, the fifth of `false` too.
        for wrong in ["[trUe]", "[truE]", "[falsE]", "[fals ]", "[nulL]", "[tRue]"] {
            #expect(failure(wrong) == "1:2: expected a value, found '\(wrong.dropFirst().first!)'")
        }
        #expect(failure("[true, false, null]") == nil)
    }

    /// Indentation of any width, tabs and line ends between tokens: each line and
    /// column is where the text has it.
    @Test func whitespaceOfAnyWidthKeepsLinesAndColumns() throws {
        for width in 0...20 {
            let indent = String(repeating: " ", count: width)
            let text = "{\n\(indent)\"a\": \(indent)true,\r\n\t\(indent)\"b\":\(indent) [\n\(indent)1\(indent)]\(indent)\n}\(indent)"
            guard case .object(let members) = try parse(text).kind else { Issue.record("not an object"); return }
            #expect(members.map(\.keyLocation.line) == [2, 3])
            #expect(members.map(\.keyLocation.column) == [width + 1, width + 2])
            #expect(members.map(\.value.location.column) == [width + 6 + width, width + 7 + width])
            guard case .array(let numbers) = members[1].value.kind else { Issue.record("b is not an array"); return }
            #expect(numbers.map(\.location.line) == [4])
            #expect(numbers.map(\.location.column) == [width + 1])
        }
    }

    @Test func escapesAreDecoded() {
        #expect(string(#""\"\\\/\b\f\n\r\t""#) == "\"\\/\u{08}\u{0C}\n\r\t")
        #expect(string(#""caf\u00e9 \u00E9""#) == "café é")
        #expect(string(#""\u0000""#) == "\u{0}")
        #expect(string("\"déjà vu 🚩\"") == "déjà vu 🚩")
    }

    @Test func surrogatePairsMakeOneScalar() {
        #expect(string(#""\ud83d\ude00""#) == "😀")
        #expect(string(#""\uD83D\uDE00!""#) == "😀!")
        #expect(failure(#""\ud83d""#) == "1:8: unpaired surrogate in \\u escape")
        #expect(failure(#""\ud83dx""#) == "1:8: unpaired surrogate in \\u escape")
        #expect(failure(#""\ud83d\u0041""#) == "1:14: unpaired surrogate in \\u escape")
        #expect(failure(#""\ude00""#) == "1:8: invalid \\u escape")
    }

    /// Each end of both surrogate ranges, and the code points just outside them,
    /// so a range made half-open or shifted by one fails here.
    @Test func surrogateRangesAreExactAtBothEnds() {
        #expect(string(#""\ud800\udc00""#)?.unicodeScalars.map(\.value) == [0x10000])
        #expect(string(#""\ud800\udfff""#)?.unicodeScalars.map(\.value) == [0x103FF])
        #expect(string(#""\udbff\udc00""#)?.unicodeScalars.map(\.value) == [0x10FC00])
        #expect(string(#""\udbff\udfff""#)?.unicodeScalars.map(\.value) == [0x10FFFF])
        #expect(string(#""\ud7ff""#)?.unicodeScalars.map(\.value) == [0xD7FF])
        #expect(string(#""\ue000""#)?.unicodeScalars.map(\.value) == [0xE000])
        #expect(failure(#""\udbff\udbff""#) == "1:14: unpaired surrogate in \\u escape")
        #expect(failure(#""\udbff\ue000""#) == "1:14: unpaired surrogate in \\u escape")
        #expect(failure(#""\ud800\udbff""#) == "1:14: unpaired surrogate in \\u escape")
        #expect(failure(#""\udc00""#) == "1:8: invalid \\u escape")
        #expect(failure(#""\udfff""#) == "1:8: invalid \\u escape")
    }

    @Test func badEscapesAndControlCharactersAreRefused() {
        #expect(failure(#""\x""#) == "1:3: invalid escape '\\x' in string")
        #expect(failure(#""\u12""#) == "1:4: expected four hex digits after \\u")
        #expect(failure(#""\u12G4""#) == "1:4: expected four hex digits after \\u")
        #expect(failure("\"a\tb\"") == "1:3: control character in string")
        #expect(failure("\"a\u{1F}b\"") == "1:3: control character in string")
        #expect(failure("\"a\nb\"") == "1:3: unterminated string")
        #expect(failure("\"abc") == "1:5: unterminated string")
        #expect(failure("\"abc\\") == "1:6: unterminated string")
        #expect(string("\"a\u{7F}b\"") == "a\u{7F}b", "DEL is not a control character in JSON")
    }

    @Test func positionsCountLinesAndUTF8Bytes() {
        #expect(failure("{\n  \"a\": true,\n  \"b\" false\n}") == "3:7: expected ':' after the key \"b\", found 'f'")
        #expect(failure("{\"é\": tru}") == "1:8: expected a value, found 't'", "é takes two bytes")
        #expect(failure("\r\n[1,\r\n x]") == "3:2: expected a value, found 'x'")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let value = try parse("\u{FEFF}{\"a\": 1}")
        guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
        #expect(members.map(\.key) == ["a"])
        #expect(members[0].keyLocation == SourceLocation(file: "t.json", line: 1, column: 2))
        #expect(members[0].keyRange == 4..<7)
    }

    @Test func nestingIsLimited() {
        #expect((try? parse(String(repeating: "[", count: 512) + String(repeating: "]", count: 512))) != nil)
        #expect(failure(String(repeating: "[", count: 513) + String(repeating: "]", count: 513)) == "1:513: nesting is deeper than 512 levels")
        #expect(failure(String(repeating: "{\"a\":", count: 600)) == "1:2561: nesting is deeper than 512 levels")
    }

    @Test func membersRememberTheirBytes() throws {
        let text = "{\n  \"A\": true,\n  \"B\" : [1, 2] ,\n  \"C\": \"x\"\n}\n"
        let value = try parse(text)
        let bytes = Array(text.utf8)
        func slice(_ range: ByteRange) -> String { String(decoding: bytes[range], as: UTF8.self) }
        #expect(slice(value.range) == "{\n  \"A\": true,\n  \"B\" : [1, 2] ,\n  \"C\": \"x\"\n}")
        guard case .object(let members) = value.kind else { Issue.record("not an object"); return }
        #expect(members.map { slice($0.keyRange) } == ["\"A\"", "\"B\"", "\"C\""])
        #expect(members.map { slice($0.value.range) } == ["true", "[1, 2]", "\"x\""])
    }

    /// The members `readObject` hands over for the root, read back as the whole parse
    /// would have kept them, and the root's bytes; the root when it is not an object.
    func streamed(_ text: String) throws(JSONSyntaxError) -> (
        root: ByteRange, members: [PositionedJSON.Member], notAnObject: PositionedJSON?, plain: [Bool]
    ) {
        var members: [PositionedJSON.Member] = []
        var plain: [Bool] = []
        var root: ByteRange = 0..<0
        let notAnObject = try PositionedJSONParser.read(text, file: "t.json") { parser throws(JSONSyntaxError) -> PositionedJSON? in
            guard parser.isAtObject else { return try parser.parseValue() }
            root = try parser.readObject { parser, key throws(JSONSyntaxError) in
                plain.append(key.plainUTF8 != nil)
                let keyLocation = key.location(in: parser.file)
                let value = try parser.parseValue()
                members.append(.init(key: key.string, keyLocation: keyLocation, keyRange: key.range, value: value))
            }
            return nil
        }
        return (root, members, notAnObject, plain)
    }

    @Test func readingAnObjectHandsOverEachMemberInOrder() throws {
        let text = "\u{FEFF}{\n  \"A\": true,\n  \"B\" : {\"x\": [1]} ,\n  \"A\": \"again\",\"\\u0041\\n\": 1, \"caf\u{E9}\": 2\n}\n"
        let whole = try parse(text)
        let (root, members, notAnObject, plain) = try streamed(text)
        guard case .object(let expected) = whole.kind else { Issue.record("not an object"); return }
        #expect(notAnObject == nil)
        #expect(root == whole.range)
        #expect(members.map(\.key) == ["A", "B", "A", "A\n", "caf\u{E9}"], "repeated keys are handed over too")
        #expect(plain == [true, true, true, false, true], "only a key with escapes is decoded")
        #expect(members.map(\.keyRange) == expected.map(\.keyRange))
        #expect(members.map(\.keyLocation) == expected.map(\.keyLocation))
        #expect(members.map(\.value.range) == expected.map(\.value.range))
        guard case .object(let nested) = members[1].value.kind else { Issue.record("B is not an object"); return }
        #expect(nested.map(\.key) == ["x"])
    }

    @Test func keysAreComparedAsSwiftComparesStrings() throws {
        // Plain ASCII keys compare by bytes; escaped and other keys as strings, where
        // the Kelvin sign is a K and a decomposed é the precomposed one.
        let text = #"{"overrides": 1, "over\u0072ides": 2, "\u212A": 3, "e\u0301": 4, "overrides ": 5, "override": 6, "": 7, "\#u{212A}": 8, "e\#u{301}": 9}"#
        var answers: [(plain: Bool, overrides: Bool, k: Bool, é: Bool, empty: Bool)] = []
        _ = try PositionedJSONParser.read(text, file: "t.json") { parser throws(JSONSyntaxError) in
            try parser.readObject { parser, key throws(JSONSyntaxError) in
                answers.append((key.isPlainASCII, key.equals("overrides"), key.equals("K"), key.equals("\u{E9}"), key.equals("")))
                _ = try parser.parseValue()
            }
        }
        #expect(answers.map(\.plain) == [true, false, false, false, true, true, true, false, false])
        #expect(answers.map(\.overrides) == [true, true, false, false, false, false, false, false, false])
        #expect(answers.map(\.k) == [false, false, true, false, false, false, false, true, false])
        #expect(answers.map(\.é) == [false, false, false, true, false, false, false, false, true])
        #expect(answers.map(\.empty) == [false, false, false, false, false, false, true, false, false])
    }

    /// Long keys and strings, with an escape, a byte beyond ASCII or a control
    /// character at every place: read eight bytes at a time until such a byte, the
    /// same as one byte at a time.
    @Test func longStringsAreReadTheSameWhereverTheirSpecialBytesAre() throws {
        for before in 0...20 {
            let head = String(repeating: "k", count: before), tail = String(repeating: "z", count: 21 - before)
            let cases: [(written: String, key: String, plain: Bool)] = [
                (head + tail, head + tail, true),
                (head + "\u{E9}" + tail, head + "\u{E9}" + tail, true),
                (head + #"\n"# + tail, head + "\n" + tail, false),
                (head + #"\""# + tail, head + "\"" + tail, false),
                (head + #"\\"# + tail, head + "\\" + tail, false),
            ]
            for (written, key, plain) in cases {
                var keys: [(String, Bool, Bool)] = []
                let text = "{\"\(written)\": \"\(written)\"}"
                _ = try PositionedJSONParser.read(text, file: "t.json") { parser throws(JSONSyntaxError) in
                    try parser.readObject { parser, key throws(JSONSyntaxError) in
                        keys.append((key.string, key.plainUTF8 == nil, key.isPlainASCII))
                        guard case .string(let value) = try parser.parseValue().kind else { Issue.record("not a string"); return }
                        #expect(value == key.string)
                    }
                }
                #expect(keys.map(\.0) == [key], "\(before) bytes before")
                #expect(keys.map(\.1) == [!plain], "decoded only with an escape, \(before) bytes before")
                #expect(keys.map(\.2) == [plain && written.utf8.allSatisfy { $0 < 0x80 }], "\(before) bytes before")
            }
            // A control character or a line break inside a string is refused, wherever it is.
            for control in ["\u{01}", "\u{1F}", "\n"] {
                #expect(throws: JSONSyntaxError.self) { try parse("{\"\(head + control + tail)\": 1}") }
            }
        }
    }

    @Test(arguments: ["[1, 2]", "\"text\"", "null", " 42 "])
    func aRootThatIsNotAnObjectIsReadWhole(_ text: String) throws {
        let (_, members, notAnObject, _) = try streamed(text)
        #expect(members.isEmpty)
        #expect(notAnObject?.kindName == (try parse(text)).kindName)
        #expect(notAnObject?.range == (try parse(text)).range)
    }

    @Test(arguments: [
        "{\"a\": 1} x", "{\"a\": 1,}", "{\"a\": 1", "{\"a\" 1}", "{\"a\": 1 \"b\": 2}", "{1: 2}", "", "  ", "{\"a\": tru}",
        "\u{FEFF}{\"a\": 1}]",
    ])
    func readingAnObjectFailsAsTheWholeParseDoes(_ text: String) {
        var streamedFailure: String?
        do {
            _ = try streamed(text)
        } catch {
            streamedFailure = "\(error.location.line):\(error.location.column): \(error.message)"
        }
        #expect(streamedFailure != nil)
        #expect(streamedFailure == failure(text))
    }
}
