import FlagstaffCore

/// Reads a Toggles datasource (`{"toggles": [{"variable": …, "bool": true,
/// "metadata": {"group": …, "description": …}}]}`) as the Toggles library decodes
/// it: a toggle's value is under the first of `bool`, `int`, `number`, `string` and
/// `object` that holds one of that kind; `secure` holds a value the app decrypts
/// when it runs; `metadata` gives the group, the description and, for its code
/// generator, `propertyName`.
///
/// Written by hand over `PositionedJSON`, as Flagstaff needs each value's line
/// and column, which Foundation's decoder does not give.
public enum TogglesReader {
    /// One toggle of the file.
    public struct Entry: Sendable {
        /// The variable: the flag's key.
        public var variable: String
        /// The value; `nil` when it is encrypted.
        public var value: FlagValue?
        /// Where the value is written.
        public var valueLocation: SourceLocation
        /// Where the variable's name is written.
        public var keyLocation: SourceLocation
        /// The metadata's `group`, `description` and `propertyName`, where given.
        public var group: String?, description: String?, propertyName: String?
    }

    /// The value keys, in the order the library tries them.
    static let valueKeys = ["bool", "int", "number", "string", "object"]

    /// The toggles of a file in file order, and its problems; `nil` when the file is
    /// not an object with a `toggles` array.
    public static func read(_ text: String, file: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        var problems: [Diagnostic] = []
        guard let root = PositionedJSONParser.document(text, file: file, diagnostics: &problems) else { return (nil, problems) }
        guard case .object(let members) = root.kind, let toggles = members.first(where: { $0.key == "toggles" }),
            case .array(let elements) = toggles.value.kind
        else {
            return (
                nil,
                [
                    .error(
                        "a Toggles datasource must be an object with a \"toggles\" array", at: root.location,
                        hint: "for example {\"toggles\": [{\"variable\": \"new_checkout\", \"bool\": false, \"metadata\": {\"group\": …, \"description\": …}}]}")
                ]
            )
        }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        for element in elements {
            guard let entry = entry(element, diagnostics: &diagnostics) else { continue }
            if let first = seen[entry.variable] {
                diagnostics.append(
                    .error(
                        "duplicate variable '\(entry.variable)'", at: entry.keyLocation,
                        hint: "it is first given at line \(first.line), column \(first.column); the first is kept"))
                continue
            }
            seen[entry.variable] = entry.keyLocation
            entries.append(entry)
        }
        return (entries, diagnostics)
    }

    /// One toggle; `nil` with an error when it has no variable or no value.
    private static func entry(_ node: PositionedJSON, diagnostics: inout [Diagnostic]) -> Entry? {
        guard case .object(let fields) = node.kind else {
            diagnostics.append(.error("a toggle must be an object, found \(node.kindName)", at: node.location))
            return nil
        }
        guard let variable = fields.first(where: { $0.key == "variable" }), case .string(let name) = variable.value.kind else {
            diagnostics.append(.error("a toggle without a \"variable\" string", at: node.location, hint: "name it: \"variable\": \"new_checkout\""))
            return nil
        }
        var entry = Entry(variable: name, value: nil, valueLocation: node.location, keyLocation: variable.value.location)
        if let metadata = fields.first(where: { $0.key == "metadata" }) {
            guard case .object(let items) = metadata.value.kind else {
                diagnostics.append(.error("the metadata of '\(name)' must be an object, found \(metadata.value.kindName)", at: metadata.value.location))
                return nil
            }
            for item in items {
                guard case .string(let text) = item.value.kind else { continue }
                switch item.key {
                case "group": entry.group = text
                case "description": entry.description = text
                case "propertyName": entry.propertyName = text
                default: continue
                }
            }
        } else {
            diagnostics.append(
                .error("'\(name)' has no \"metadata\"", at: variable.value.location, hint: "the Toggles library refuses a toggle without one"))
        }
        for key in valueKeys {
            guard let field = fields.first(where: { $0.key == key }), let value = value(of: field.value, as: key) else { continue }
            (entry.value, entry.valueLocation) = (value, field.value.location)
            return entry
        }
        if let secure = fields.first(where: { $0.key == "secure" }) {
            entry.valueLocation = secure.value.location
            diagnostics.append(
                .warning(
                    "'\(name)' holds an encrypted value (\"secure\"), which the app decrypts when it runs", at: secure.value.location,
                    hint: "Flagstaff cannot decrypt it, so it is not listed as a flag"))
            return nil
        }
        diagnostics.append(
            .error("'\(name)' has no value", at: variable.value.location, hint: "give one of \"bool\", \"int\", \"number\", \"string\" or \"object\""))
        return nil
    }

    /// A value under `key`, when it is of that key's kind, as the library decodes it.
    private static func value(of node: PositionedJSON, as key: String) -> FlagValue? {
        switch (key, node.kind) {
        case ("bool", .bool(let bool)): .bool(bool)
        case ("int", .number(let text)): Int(text).map(FlagValue.integer)
        case ("number", .number(let text)): Int(text).map(FlagValue.integer) ?? .decimal(text)
        case ("string", .string(let text)): .string(text)
        case ("object", .object): .structured(StructuredValue(node.kind))
        default: nil
        }
    }
}
