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
        var output = ""
        write(to: &output, indent: "")
        return output + "\n"
    }

    private var isScalar: Bool {
        switch self {
        case .object, .array: false
        default: true
        }
    }

    /// Appends the value's text as it would stand at `indent`, without a final newline.
    func write(to output: inout String, indent: String) {
        switch self {
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            // Scalars are written once, and the line they would make is measured in
            // characters only when its byte count leaves the answer open: exports
            // hold strings of thousands of characters.
            if members.allSatisfy(\.value.isScalar) {
                let inline = "{" + members.map { "\($0.key.jsonQuoted): \($0.value.scalarText)" }.joined(separator: ", ") + "}"
                if Self.fits(inline, at: indent) { output += inline; return }
            }
            let inner = indent + "  "
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + member.key.jsonQuoted + ": "
                member.value.write(to: &output, indent: inner)
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        case .array(let elements):
            if elements.isEmpty { output += "[]"; return }
            var texts: [String]?
            if elements.allSatisfy(\.isScalar) {
                texts = elements.map(\.scalarText)
                let inline = "[" + texts!.joined(separator: ", ") + "]"
                if Self.fits(inline, at: indent) { output += inline; return }
            }
            let inner = indent + "  "
            output += "[\n"
            // A long array of objects (a history's entries, a site's flags) is written
            // on every core, each element into a text of its own, then joined in order.
            if texts == nil, elements.count >= Self.elementsWrittenAtOnce {
                texts = Parallel.map(elements.count) { index in
                    var text = ""
                    elements[index].write(to: &text, indent: inner)
                    return text
                }
            }
            for (index, element) in elements.enumerated() {
                output += inner
                if let texts { output += texts[index] } else { element.write(to: &output, indent: inner) }
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        default: output += scalarText
        }
    }

    /// How many elements an array needs before they are written on every core.
    private static let elementsWrittenAtOnce = 64

    /// The text of a scalar.
    private var scalarText: String {
        switch self {
        case .string(let text): text.jsonQuoted
        case .integer(let value): String(value)
        case .number(let text): text
        case .bool(let value): value ? "true" : "false"
        case .null: "null"
        case .object, .array: serialized()
        }
    }

    /// Whether a line of `text` after `indent` is at most 100 characters. A
    /// character is one to four UTF-8 bytes, so the byte count often settles it.
    private static func fits(_ text: String, at indent: String) -> Bool {
        let room = 100 - indent.utf8.count
        let bytes = text.utf8.count
        if bytes <= room { return true }
        if bytes > 4 * room { return false }
        return text.count <= room
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
