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
            if members.allSatisfy(\.value.isScalar) {
                let inline = "{" + members.map { "\($0.key.jsonQuoted): \($0.value.serialized().dropLast())" }.joined(separator: ", ") + "}"
                if inline.count + indent.count <= 100 { output += inline; return }
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
            if elements.allSatisfy(\.isScalar) {
                let inline = "[" + elements.map { String($0.serialized().dropLast()) }.joined(separator: ", ") + "]"
                if inline.count + indent.count <= 100 { output += inline; return }
            }
            let inner = indent + "  "
            output += "[\n"
            for (index, element) in elements.enumerated() {
                output += inner
                element.write(to: &output, indent: inner)
                output += index == elements.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .string(let text): output += text.jsonQuoted
        case .integer(let value): output += String(value)
        case .number(let text): output += text
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        }
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
        }
    }
}
