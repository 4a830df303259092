import FlagstaffCore

/// An XML element that remembers where it was written, for the property lists
/// and defaults files Remote Config reads. Syntax errors are `JSONSyntaxError`s,
/// the readers' positioned syntax error, whatever the syntax.
///
/// Hand-written: Foundation's `XMLParser` lives in `FoundationXML` on Linux,
/// which needs libxml2 when it runs, and reports positions only through its
/// delegate, loosely. These files use elements, text, comments, the XML
/// declaration, a DOCTYPE and the five named entities plus character
/// references, which is all this reads; anything else is a positioned error.
struct PositionedXML: Sendable {
    /// The element's name.
    var name: String
    /// The child elements, in order.
    var children: [PositionedXML]
    /// The text directly inside the element, entities decoded.
    var text: String
    /// Where the element's `<` is.
    var location: SourceLocation

    /// Parses a document's root element.
    static func parse(_ text: String, file: String) throws(JSONSyntaxError) -> PositionedXML {
        var parser = Parser(bytes: Array(text.utf8), file: file)
        parser.skipProlog()
        guard parser.peek == UInt8(ascii: "<") else { throw parser.error("expected an XML element") }
        let root = try parser.element(depth: 0)
        parser.skipMisc()
        guard parser.offset == parser.bytes.count else { throw parser.error("unexpected text after the root element") }
        return root
    }

    private struct Parser {
        let bytes: [UInt8]
        let file: String
        var offset = 0, line = 1, lineStart = 0

        var peek: UInt8? { offset < bytes.count ? bytes[offset] : nil }

        var location: SourceLocation { SourceLocation(file: file, line: line, column: offset - lineStart + 1) }

        func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, location: location) }

        mutating func advance() {
            if bytes[offset] == UInt8(ascii: "\n") { (line, lineStart) = (line + 1, offset + 1) }
            offset += 1
        }

        /// Whether the bytes at the offset are `text`'s; compared in place, as this
        /// runs at every `<` of the file.
        func starts(with text: StaticString) -> Bool {
            text.withUTF8Buffer { prefix in
                guard offset + prefix.count <= bytes.count else { return false }
                for index in 0..<prefix.count where bytes[offset + index] != prefix[index] { return false }
                return true
            }
        }

        mutating func skipSpace() {
            while let byte = peek, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { advance() }
        }

        /// Skips past `end`, or to the end of the text.
        mutating func skip(past end: StaticString) {
            while offset < bytes.count, !starts(with: end) { advance() }
            for _ in 0..<end.utf8CodeUnitCount where offset < bytes.count { advance() }
        }

        /// Skips whitespace, comments and processing instructions.
        mutating func skipMisc() {
            while true {
                skipSpace()
                if starts(with: "<!--") { skip(past: "-->") } else if starts(with: "<?") { skip(past: "?>") } else { return }
            }
        }

        /// Skips the byte-order mark, the XML declaration, the DOCTYPE and comments.
        mutating func skipProlog() {
            if starts(with: "\u{FEFF}") { offset += 3 }
            while true {
                skipMisc()
                guard starts(with: "<!DOCTYPE") else { return }
                skip(past: ">")
            }
        }

        mutating func name() throws(JSONSyntaxError) -> String {
            let start = offset
            while let byte = peek, byte != 0x20, byte != 0x09, byte != 0x0A, byte != 0x0D, byte != UInt8(ascii: ">"), byte != UInt8(ascii: "/") {
                advance()
            }
            guard offset > start else { throw error("expected an element name") }
            return String(decoding: bytes[start..<offset], as: UTF8.self)
        }

        /// An element, from its `<`.
        mutating func element(depth: Int) throws(JSONSyntaxError) -> PositionedXML {
            guard depth < InputLimits.xmlDepth else { throw error("elements nested deeper than \(InputLimits.xmlDepth) levels") }
            let start = location
            advance()
            let name = try name()
            // Attributes are skipped: plists carry only `version`.
            while let byte = peek, byte != UInt8(ascii: ">") {
                if byte == UInt8(ascii: "/"), offset + 1 < bytes.count, bytes[offset + 1] == UInt8(ascii: ">") {
                    advance()
                    advance()
                    return PositionedXML(name: name, children: [], text: "", location: start)
                }
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    let quote = byte
                    advance()
                    while let inner = peek, inner != quote { advance() }
                }
                guard peek != nil else { break }
                advance()
            }
            guard peek == UInt8(ascii: ">") else { throw error("the element <\(name)> is not closed") }
            advance()
            var children: [PositionedXML] = []
            var text = ""
            while true {
                guard let byte = peek else { throw error("<\(name)> at line \(start.line) has no end tag") }
                if starts(with: "<!--") {
                    skip(past: "-->")
                } else if starts(with: "<![CDATA[") {
                    offset += 9
                    let begin = offset
                    while offset < bytes.count, !starts(with: "]]>") { advance() }
                    text += String(decoding: bytes[begin..<offset], as: UTF8.self)
                    skip(past: "]]>")
                } else if starts(with: "</") {
                    let tag = location
                    offset += 2
                    let closing = try self.name()
                    guard closing == name else { throw JSONSyntaxError(message: "expected </\(name)>, found </\(closing)>", location: tag) }
                    skipSpace()
                    guard peek == UInt8(ascii: ">") else { throw error("the end tag </\(name)> is not closed") }
                    advance()
                    return PositionedXML(name: name, children: children, text: text, location: start)
                } else if byte == UInt8(ascii: "<") {
                    children.append(try element(depth: depth + 1))
                } else if byte == UInt8(ascii: "&") {
                    text += try entity()
                } else {
                    let begin = offset
                    while let next = peek, next != UInt8(ascii: "<"), next != UInt8(ascii: "&") { advance() }
                    text += String(decoding: bytes[begin..<offset], as: UTF8.self)
                }
            }
        }

        /// A named entity or a character reference, from its `&`.
        mutating func entity() throws(JSONSyntaxError) -> String {
            let start = location
            advance()
            let begin = offset
            while let byte = peek, byte != UInt8(ascii: ";"), offset - begin < 12 { advance() }
            guard peek == UInt8(ascii: ";") else { throw JSONSyntaxError(message: "an '&' that starts no entity", location: start) }
            let name = String(decoding: bytes[begin..<offset], as: UTF8.self)
            advance()
            switch name {
            case "amp": return "&"
            case "lt": return "<"
            case "gt": return ">"
            case "quot": return "\""
            case "apos": return "'"
            default:
                let number = name.hasPrefix("#x") ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                guard let number, let scalar = Unicode.Scalar(number) else {
                    throw JSONSyntaxError(message: "unknown entity '&\(name);'", location: start)
                }
                return String(Character(scalar))
            }
        }
    }
}
