import FlagstaffCore

/// A JSON value that remembers where it was written: its line and column for
/// diagnostics, and its bytes for in-place edits.
///
/// Hand-written rather than Foundation's `JSONSerialization` or `JSONDecoder`,
/// because those drop source positions and silently keep the last of two
/// duplicate keys; Flagstaff must point at the exact line and column of each
/// value and report duplicates.
struct PositionedJSON: Sendable {
    /// An object member: its key, where the key is, and its value.
    struct Member: Sendable {
        var key: String
        var keyLocation: SourceLocation
        /// The key's bytes, quotes included.
        var keyRange: ByteRange
        var value: PositionedJSON
    }

    /// Not `indirect`: objects and arrays already live in arrays, and boxing every
    /// scalar would cost an allocation per value of a large tenant file.
    enum Kind: Sendable {
        case object([Member])
        case array([PositionedJSON])
        case string(String)
        /// The number's source text, e.g. `42` or `1.5e3`.
        case number(String)
        case bool(Bool)
        case null
    }

    var kind: Kind
    var location: SourceLocation
    /// The value's bytes: from its first byte to just after its last.
    var range: ByteRange

    /// A short name for the value's kind, as error messages use it.
    var kindName: String {
        switch kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a Bool"
        case .null: "null"
        }
    }
}

extension StructuredValue {
    /// A JSON value as a structured value, positions dropped.
    init(_ kind: PositionedJSON.Kind) {
        switch kind {
        case .object(let members): self = .object(members.map { ($0.key, StructuredValue($0.value.kind)) })
        case .array(let elements): self = .array(elements.map { StructuredValue($0.kind) })
        case .string(let text): self = .scalar(.string(text))
        case .number(let text): self = .scalar(Int(text).map(FlagValue.integer) ?? .decimal(text))
        case .bool(let bool): self = .scalar(.bool(bool))
        case .null: self = .null
        }
    }
}

/// A member's key, as `PositionedJSONParser.readObject(_:)` hands it over before
/// the member's value: with its bytes, so a reader can look a key up without
/// first making a `String` of it.
struct PositionedJSONKey {
    /// The bytes between the quotes, escapes as written. They point into the text
    /// being parsed, and are valid only while the parser runs.
    let utf8: UnsafeBufferPointer<UInt8>
    /// The key with its escapes decoded; `nil` when it has none, so `utf8` is the key.
    private let unescaped: String?
    /// Whether the key has no escapes and every byte is ASCII.
    let isPlainASCII: Bool
    /// Where the key's opening quote is: 1-based, as `SourceLocation` counts.
    let line: Int, column: Int
    /// The key's bytes, quotes included.
    let range: ByteRange

    init(utf8: UnsafeBufferPointer<UInt8>, unescaped: String?, isPlainASCII: Bool, line: Int, column: Int, range: ByteRange) {
        self.utf8 = utf8
        self.unescaped = unescaped
        self.isPlainASCII = isPlainASCII
        (self.line, self.column) = (line, column)
        self.range = range
    }

    /// The key's UTF-8 bytes, when the key has no escapes.
    var plainUTF8: UnsafeBufferPointer<UInt8>? { unescaped == nil ? utf8 : nil }

    /// The key.
    var string: String { unescaped ?? String(decoding: utf8, as: UTF8.self) }

    /// Whether the key is `text` as Swift compares strings. Two ASCII strings are
    /// equal only when their bytes are, so those are compared without a `String`.
    func equals(_ text: StaticString) -> Bool {
        guard isPlainASCII, text.hasPointerRepresentation, text.isASCII else { return string == text.description }
        return text.withUTF8Buffer { utf8.elementsEqual($0) }
    }

    /// Where the key is, in `file`.
    func location(in file: String) -> SourceLocation { SourceLocation(file: file, line: line, column: column) }
}

/// Malformed JSON: what broke and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    var location: SourceLocation

    /// The error a reader reports for a file that is not JSON.
    var malformed: Diagnostic { .error("malformed JSON: \(message)", at: location) }
}

/// A recursive-descent parser over UTF-8 bytes (RFC 8259).
struct PositionedJSONParser {
    /// The text's bytes, valid only while `read` runs.
    private let bytes: UnsafeBufferPointer<UInt8>
    /// The file, for the locations of values and errors.
    let file: String
    private var offset = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0

    /// A file's JSON; `nil` with the error "malformed JSON: …", at the place
    /// parsing stopped, added to `diagnostics` when it is not JSON.
    static func document(_ text: String, file: String, diagnostics: inout [Diagnostic]) -> PositionedJSON? {
        do {
            return try parse(text, file: file)
        } catch {
            diagnostics.append(error.malformed)
            return nil
        }
    }


    /// Parses a whole document.
    static func parse(_ text: String, file: String) throws(JSONSyntaxError) -> PositionedJSON {
        try read(text, file: file) { parser throws(JSONSyntaxError) in try parser.parseValue() }
    }

    /// Reads a document with `body`, which gets a parser at the first value and
    /// must read that value whole, with `parseValue()` or `readObject(_:)`; then
    /// checks that nothing follows it.
    ///
    /// The parser reads the text's own UTF-8 bytes: a tenant file can be
    /// megabytes, which a copy into an array would first write out once more.
    static func read<Value>(
        _ text: String, file: String, _ body: (inout PositionedJSONParser) throws(JSONSyntaxError) -> Value
    ) throws(JSONSyntaxError) -> Value {
        var text = text
        return try text.withUTF8 { bytes in
            var parser = PositionedJSONParser(bytes, file: file)
            return Result { () throws(JSONSyntaxError) in
                let value = try body(&parser)
                try parser.expectEnd()
                return value
            }
        }.get()
    }

    /// Checks that nothing but whitespace follows.
    private mutating func expectEnd() throws(JSONSyntaxError) {
        skipWhitespace()
        if offset < bytes.count { throw error("unexpected \(describeCurrent()) after the end of the JSON value") }
    }

    /// A parser at the first value of `bytes`: past a byte order mark and whitespace.
    private init(_ bytes: UnsafeBufferPointer<UInt8>, file: String) {
        self.bytes = bytes
        self.file = file
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { (offset, lineStart) = (3, 3) }
        skipWhitespace()
    }

    /// The 1-based column of the current offset, in UTF-8 bytes.
    private var column: Int { offset - lineStart + 1 }

    private var location: SourceLocation {
        SourceLocation(file: file, line: line, column: column)
    }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location)
    }

    private func describeCurrent() -> String {
        guard offset < bytes.count else { return "end of file" }
        let byte = bytes[offset]
        if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: " ") where offset + 8 <= bytes.count:
                // Indentation: a run of spaces, counted eight bytes at a time.
                let word = UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
                offset += (word ^ 0x2020_2020_2020_2020).trailingZeroBitCount / 8
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): offset += 1
            case UInt8(ascii: "\n"):
                offset += 1
                line += 1
                lineStart = offset
            default: return
            }
        }
    }

    /// Whether the value at the current offset is an object, which `readObject(_:)` reads.
    var isAtObject: Bool { offset < bytes.count && bytes[offset] == UInt8(ascii: "{") }

    /// Parses the value at the current offset.
    mutating func parseValue() throws(JSONSyntaxError) -> PositionedJSON {
        let (kind, line, column, range) = try parseValueKind()
        return PositionedJSON(kind: kind, location: SourceLocation(file: file, line: line, column: column), range: range)
    }

    /// Parses the value at the current offset as `parseValue()` does, but gives its
    /// first byte's line and column rather than a `SourceLocation`: a reader of
    /// hundreds of thousands of values then makes a location, which holds the
    /// file's name, only for those it keeps.
    mutating func parseValueKind() throws(JSONSyntaxError) -> (kind: PositionedJSON.Kind, line: Int, column: Int, range: ByteRange) {
        let (line, column, startOffset) = (line, column, offset)
        guard offset < bytes.count else { throw error("expected a value, found end of file") }
        let kind: PositionedJSON.Kind
        switch bytes[offset] {
        case UInt8(ascii: "{"):
            var members: [PositionedJSON.Member] = []
            _ = try readObject { parser, key throws(JSONSyntaxError) in
                let keyLocation = key.location(in: parser.file)
                let value = try parser.parseValue()
                members.append(PositionedJSON.Member(key: key.string, keyLocation: keyLocation, keyRange: key.range, value: value))
            }
            kind = .object(members)
        case UInt8(ascii: "["): kind = try parseArray()
        case UInt8(ascii: "\""): kind = .string(try parseString())
        case UInt8(ascii: "t"): try expectWord("true"); kind = .bool(true)
        case UInt8(ascii: "f"): try expectWord("false"); kind = .bool(false)
        case UInt8(ascii: "n"): try expectWord("null"); kind = .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = .number(try parseNumber())
        default:
            throw error("expected a value, found \(describeCurrent())")
        }
        return (kind, line, column, startOffset..<offset)
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > InputLimits.jsonDepth { throw error("nesting is deeper than \(InputLimits.jsonDepth) levels") }
    }

    /// Reads the object at the current offset one member at a time, and returns
    /// its bytes. `member` gets each key, in file order, with the parser at the
    /// key's value, and must read that value whole, with `parseValue()` or
    /// `readObject(_:)`. Repeated keys are handed over too. A reader can then keep
    /// what it needs of each member, rather than an array of all of them.
    mutating func readObject(
        _ member: (inout PositionedJSONParser, PositionedJSONKey) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) -> ByteRange {
        let start = offset
        try enter()
        defer { depth -= 1 }
        offset += 1
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
            offset += 1
            return start..<offset
        }
        while true {
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes, found \(describeCurrent())")
            }
            let key = try parseKey()
            skipWhitespace()
            guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else {
                throw error("expected ':' after the key \"\(key.string)\", found \(describeCurrent())")
            }
            offset += 1
            skipWhitespace()
            try member(&self, key)
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or '}', found end of file") }
            switch bytes[offset] {
            case UInt8(ascii: ","):
                offset += 1
                skipWhitespace()
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                    throw error("trailing comma before '}'")
                }
            case UInt8(ascii: "}"):
                offset += 1
                return start..<offset
            default: throw error("expected ',' or '}', found \(describeCurrent())")
            }
        }
    }

    /// Parses a key at the current offset, without decoding it when it has no escapes.
    private mutating func parseKey() throws(JSONSyntaxError) -> PositionedJSONKey {
        let (line, column, start) = (line, column, offset)
        if let (end, isASCII) = plainStringEnd() {
            offset = end + 1
            return PositionedJSONKey(
                utf8: UnsafeBufferPointer(rebasing: bytes[start + 1..<end]), unescaped: nil, isPlainASCII: isASCII, line: line,
                column: column, range: start..<offset)
        }
        let unescaped = try parseString()
        return PositionedJSONKey(
            utf8: UnsafeBufferPointer(rebasing: bytes[start + 1..<offset - 1]), unescaped: unescaped, isPlainASCII: false, line: line,
            column: column, range: start..<offset)
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> PositionedJSON.Kind {
        try enter()
        defer { depth -= 1 }
        offset += 1
        var elements: [PositionedJSON] = []
        skipWhitespace()
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
            offset += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            elements.append(try parseValue())
            skipWhitespace()
            guard offset < bytes.count else { throw error("expected ',' or ']', found end of file") }
            if bytes[offset] == UInt8(ascii: ",") {
                offset += 1
                continue
            }
            if bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            throw error("expected ',' or ']', found \(describeCurrent())")
        }
    }

    /// Reads `true`, `false` or `null`: their first four bytes compared as one word.
    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let count = word.utf8CodeUnitCount
        guard bytes.count - offset >= count,
            word.withUTF8Buffer({ expected in
                let (mine, theirs) = (UnsafeRawPointer(bytes.baseAddress! + offset), UnsafeRawPointer(expected.baseAddress!))
                return mine.loadUnaligned(as: UInt32.self) == theirs.loadUnaligned(as: UInt32.self)
                    && (4..<count).allSatisfy { bytes[offset + $0] == expected[$0] }
            })
        else {
            throw error("expected a value, found \(describeCurrent())")
        }
        offset += count
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let start = offset
        func digits(_ parser: inout PositionedJSONParser) -> Int {
            let from = parser.offset
            while parser.offset < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.offset]) {
                parser.offset += 1
            }
            return parser.offset - from
        }
        if bytes[offset] == UInt8(ascii: "-") { offset += 1 }
        let integerStart = offset
        guard digits(&self) > 0 else { throw error("expected a digit, found \(describeCurrent())") }
        if bytes[integerStart] == UInt8(ascii: "0"), offset - integerStart > 1 {
            offset = integerStart
            throw error("numbers must not start with a leading zero")
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
            offset += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.', found \(describeCurrent())") }
        }
        if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
            offset += 1
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent, found \(describeCurrent())") }
        }
        return String(decoding: bytes[start..<offset], as: UTF8.self)
    }

    /// For a string at the current offset (its opening quote) with no escape and
    /// no control character, the offset of its closing quote, and whether all its
    /// bytes are ASCII; `nil` for any other string, which `parseString` decodes.
    /// Always inlined: it runs for every key of a tenant file, and a call that
    /// returns the pair cost the reader more than the scan.
    /// Eight bytes are looked at at once while none of them is a quote, a
    /// backslash or a control character (`mayEndString`), then one at a time.
    @inline(__always)
    private func plainStringEnd() -> (end: Int, isASCII: Bool)? {
        var end = offset + 1
        var words: UInt64 = 0
        let base = UnsafeRawPointer(bytes.baseAddress!)
        while end + 8 <= bytes.count {
            let word = base.loadUnaligned(fromByteOffset: end, as: UInt64.self)
            guard !Self.mayEndString(word) else { break }
            words |= word
            end += 8
        }
        var bits: UInt8 = words & 0x8080_8080_8080_8080 == 0 ? 0 : 0x80
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 {
            bits |= bytes[end]
            end += 1
        }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\"") else { return nil }
        return (end, bits < 0x80)
    }

    /// Whether any of a word's eight bytes is a quote, a backslash or below 0x20:
    /// a zero byte is found as one whose subtraction borrows and whose high bit was
    /// clear; a byte below 0x20 likewise. Exact for the word as a whole.
    @inline(__always)
    static func mayEndString(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
        return hasZero(word ^ (ones &* 0x22)) || hasZero(word ^ (ones &* 0x5C)) || (word &- ones &* 0x20) & ~word & highs != 0
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        // Most strings have no escapes: take their bytes at once.
        if let (end, _) = plainStringEnd() {
            defer { offset = end + 1 }
            return String(decoding: bytes[offset + 1..<end], as: UTF8.self)
        }
        offset += 1
        var scalars = String.UnicodeScalarView()
        var chunkStart = offset
        func flush(_ parser: PositionedJSONParser, upTo end: Int) {
            scalars.append(contentsOf: String(decoding: parser.bytes[chunkStart..<end], as: UTF8.self).unicodeScalars)
        }
        while true {
            guard offset < bytes.count else { throw error("unterminated string") }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                flush(self, upTo: offset)
                offset += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                flush(self, upTo: offset)
                offset += 1
                guard offset < bytes.count else { throw error("unterminated string") }
                let escape = bytes[offset]
                offset += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try parseHex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard bytes.count - offset >= 6, bytes[offset] == UInt8(ascii: "\\"), bytes[offset + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in \\u escape") }
                        offset += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
                    scalars.append(scalar)
                default:
                    offset -= 1
                    throw error("invalid escape '\\\(Character(Unicode.Scalar(escape)))' in string")
                }
                chunkStart = offset
            case 0x00..<0x20:
                throw error(byte == UInt8(ascii: "\n") ? "unterminated string" : "control character in string")
            default:
                offset += 1
            }
        }
    }

    private mutating func parseHex4() throws(JSONSyntaxError) -> UInt32 {
        guard bytes.count - offset >= 4, let value = UInt32(String(decoding: bytes[offset..<offset + 4], as: UTF8.self), radix: 16)
        else { throw error("expected four hex digits after \\u") }
        offset += 4
        return value
    }
}
