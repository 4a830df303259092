import FlagstaffCore

/// A JSON document built in a fixed key order.
///
/// Hand-written rather than `JSONEncoder`, because the export is a contract
/// whose key order (`schemaVersion` first, flags in enum order) and bytes must not
/// change between runs or platforms; `JSONEncoder` only offers unordered or
/// alphabetical keys.
public indirect enum JSONValue: Hashable, Sendable {
    case object([Member])
    case array([JSONValue])
    case string(String)
    case integer(Int)
    /// A number kept as its JSON text.
    case number(String)
    case bool(Bool)
    case null

    /// One key and value of an object.
    public struct Member: Hashable, Sendable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A string, or `null` when the text is `nil`.
    public static func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }

    /// Pretty-printed text with two-space indentation and a final newline. Objects
    /// and arrays that hold only scalars and fit in a short line stay on one line.
    public func serialized() -> String {
        var output: [UInt8] = []
        write(into: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    /// Appends the value's UTF-8 text as it would stand after `indent` spaces,
    /// without a final newline. Bytes rather than a `String`: an export of
    /// thousands of flags is mostly short pieces, which a string appends slowly.
    func write(into output: inout [UInt8], indent: Int) {
        switch self {
        case .object(let members):
            if members.isEmpty { return output.append(contentsOf: "{}".utf8) }
            if members.allSatisfy(\.value.isScalar),
                Self.writesInline(into: &output, indent: indent, count: members.count, open: "{", close: "}", element: { index, output in
                    Self.appendQuoted(members[index].key, to: &output)
                    output.append(contentsOf: ": ".utf8)
                    members[index].value.appendScalar(to: &output)
                })
            {
                return
            }
            output.append(contentsOf: "{\n".utf8)
            for (index, member) in members.enumerated() {
                Self.appendSpaces(indent + 2, to: &output)
                Self.appendQuoted(member.key, to: &output)
                output.append(contentsOf: ": ".utf8)
                member.value.write(into: &output, indent: indent + 2)
                output.append(contentsOf: (index == members.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.appendSpaces(indent, to: &output)
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            if elements.isEmpty { return output.append(contentsOf: "[]".utf8) }
            let scalars = elements.allSatisfy(\.isScalar)
            if scalars,
                Self.writesInline(into: &output, indent: indent, count: elements.count, open: "[", close: "]", element: { index, output in
                    elements[index].appendScalar(to: &output)
                })
            {
                return
            }
            output.append(contentsOf: "[\n".utf8)
            // A long array of objects (a history's entries, a site's flags) is written
            // on every core, each element into bytes of its own, then joined in order.
            let texts: [[UInt8]]? =
                !scalars && elements.count >= Self.elementsWrittenAtOnce
                ? Parallel.map(elements.count) { index in
                    var text: [UInt8] = []
                    elements[index].write(into: &text, indent: indent + 2)
                    return text
                } : nil
            for (index, element) in elements.enumerated() {
                Self.appendSpaces(indent + 2, to: &output)
                if let texts { output.append(contentsOf: texts[index]) } else { element.write(into: &output, indent: indent + 2) }
                output.append(contentsOf: (index == elements.count - 1 ? "\n" : ",\n").utf8)
            }
            Self.appendSpaces(indent, to: &output)
            output.append(UInt8(ascii: "]"))
        default: appendScalar(to: &output)
        }
    }

    /// How many elements an array needs before they are written on every core.
    private static let elementsWrittenAtOnce = 64

    /// Writes a container of scalars on one line, `{a, b}`, when the line after
    /// `indent` is at most 100 characters; otherwise leaves `output` as it was.
    /// A character is one to four UTF-8 bytes, so the byte count often settles it.
    private static func writesInline(
        into output: inout [UInt8], indent: Int, count: Int, open: Unicode.Scalar, close: Unicode.Scalar,
        element: (Int, inout [UInt8]) -> Void
    ) -> Bool {
        let start = output.count
        let room = 100 - indent
        output.append(UInt8(ascii: open))
        for index in 0..<count {
            if index > 0 { output.append(contentsOf: ", ".utf8) }
            element(index, &output)
            // Exports hold strings of thousands of characters: stop once no count of characters can fit.
            if output.count - start > 4 * room { break }
        }
        output.append(UInt8(ascii: close))
        let bytes = output.count - start
        let fits =
            bytes <= room
            || (bytes <= 4 * room && !output[start...].allSatisfy { $0 < 0x80 }
                && String(decoding: output[start...], as: UTF8.self).count <= room)
        if !fits { output.removeSubrange(start...) }
        return fits
    }

    /// A scalar's text; a container's, serialized, should one be asked.
    private func appendScalar(to output: inout [UInt8]) {
        switch self {
        case .string(let text): Self.appendQuoted(text, to: &output)
        case .integer(let value): Self.appendInteger(value, to: &output)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        case .object, .array: write(into: &output, indent: 0)
        }
    }

    /// A JSON string literal of the text: `jsonQuoted`, without building a string when nothing needs escaping.
    static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        guard !text.needsJSONEscapes else { return output.append(contentsOf: text.jsonQuoted.utf8) }
        output.append(UInt8(ascii: "\""))
        output.append(contentsOf: text.utf8)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends an integer in decimal digits, as `String(number)` writes it,
    /// without making that string: `flags.json` writes millions of line numbers.
    static func appendInteger(_ number: Int, to output: inout [UInt8]) {
        guard number >= 0 else { return output.append(contentsOf: String(number).utf8) }
        var power = 1
        while power <= number / 10 { power *= 10 }
        var rest = number
        repeat {
            output.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / power))
            rest %= power
            power /= 10
        } while power > 0
    }

    private static func appendSpaces(_ count: Int, to output: inout [UInt8]) {
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: count))
    }
}

extension FlagValue {
    /// The value as JSON.
    var json: JSONValue {
        switch self {
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .decimal(let text): .number(text)
        case .string(let text): .string(text)
        case .structured(let value): value.json
        }
    }
}

extension StructuredValue {
    /// The value as JSON.
    var json: JSONValue {
        switch self {
        case .array(let elements): .array(elements.map(\.json))
        case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.value.json) })
        case .scalar(let value): value.json
        case .null: .null
        }
    }
}
