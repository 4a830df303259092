import FlagstaffCore

/// Reads a JustTweak LocalConfiguration JSON, as JustTweak's `LocalTweakProvider`
/// does: features mapping variables to entries with `Title`, `Description`,
/// `Group`, `Value` and optionally `GeneratedPropertyName` and `Encrypted`.
///
/// A flag's key is the feature and the variable joined with a dot,
/// `ui_customization.display_red_view`: the two names JustTweak asks for, in
/// the order it asks, and what the site, `explain` and `external.flags` show.
public enum JustTweakReader {
    /// The separator between a feature and a variable in a flag's key.
    public static let separator = "."

    /// One entry of the file.
    public struct Entry: Sendable {
        /// `feature.variable`.
        public var key: String
        /// The variable's name, for a flag's Swift-style name when the entry gives none.
        public var variable: String
        /// The value; `nil` when the entry has none the reader accepts.
        public var value: FlagValue?
        /// Where the value is written, or the entry when it has none.
        public var valueLocation: SourceLocation
        /// Where the variable's key is written.
        public var keyLocation: SourceLocation
        /// `Title`, `Description`, `Group` and `GeneratedPropertyName`, where given.
        public var title: String?, description: String?, group: String?, propertyName: String?
    }

    /// The entries of a file in file order, and its problems; `nil` entries when the
    /// file is not a JSON object of features.
    public static func read(_ text: String, file: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        var problems: [Diagnostic] = []
        guard let root = PositionedJSONParser.document(text, file: file, diagnostics: &problems) else { return (nil, problems) }
        guard case .object(let features) = root.kind else {
            return (
                nil,
                [
                    .error(
                        "a JustTweak configuration must hold a JSON object of features, found \(root.kindName)", at: root.location,
                        hint: "for example {\"ui_customization\": {\"display_red_view\": {\"Title\": …, \"Value\": false}}}")
                ]
            )
        }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        for feature in features {
            guard case .object(let variables) = feature.value.kind else {
                diagnostics.append(
                    .error(
                        "feature '\(feature.key)' must be an object of variables, found \(feature.value.kindName)", at: feature.value.location,
                        hint: "each variable maps to {\"Title\", \"Description\", \"Group\", \"Value\"}"))
                continue
            }
            for variable in variables {
                let key = feature.key + separator + variable.key
                if let first = seen[key] {
                    diagnostics.append(
                        .error(
                            "duplicate variable '\(variable.key)' in feature '\(feature.key)'", at: variable.keyLocation,
                            hint: "it is first given at line \(first.line), column \(first.column)"))
                    continue
                }
                seen[key] = variable.keyLocation
                guard let entry = entry(key: key, variable: variable, diagnostics: &diagnostics) else { continue }
                entries.append(entry)
            }
        }
        return (entries, diagnostics)
    }

    /// An entry from a variable's member; `nil` when its value is not an object.
    private static func entry(key: String, variable: PositionedJSON.Member, diagnostics: inout [Diagnostic]) -> Entry? {
        guard case .object(let fields) = variable.value.kind else {
            diagnostics.append(
                .error(
                    "'\(key)' must be an object with a \"Value\", found \(variable.value.kindName)", at: variable.value.location,
                    hint: "for example {\"Title\": \"Display Red View\", \"Value\": false}"))
            return nil
        }
        var entry = Entry(key: key, variable: variable.key, value: nil, valueLocation: variable.value.location, keyLocation: variable.keyLocation)
        var hasValue = false
        for field in fields {
            switch field.key {
            case "Value":
                hasValue = true
                entry.valueLocation = field.value.location
                entry.value = value(of: field.value, key: key, diagnostics: &diagnostics)
            case "Title": entry.title = text(field, key: key, diagnostics: &diagnostics)
            case "Description": entry.description = text(field, key: key, diagnostics: &diagnostics)
            case "Group": entry.group = text(field, key: key, diagnostics: &diagnostics)
            case "GeneratedPropertyName": entry.propertyName = text(field, key: key, diagnostics: &diagnostics)
            case "Encrypted":
                if case .bool(true) = field.value.kind {
                    diagnostics.append(
                        .warning(
                            "'\(key)' is encrypted: the app decrypts its value when it runs, so the value shown is the encrypted text",
                            at: field.value.location, hint: "Flagstaff cannot decrypt it"))
                }
            default: continue
            }
        }
        if !hasValue {
            diagnostics.append(
                .error(
                    "'\(key)' has no \"Value\"", at: variable.value.location,
                    hint: "JustTweak reads a missing value as false; write \"Value\": false if that is meant"))
        }
        return entry
    }

    /// A `Value`, as `LocalTweakProvider` takes it: a Bool, a number or a string.
    /// An array or an object is kept as the file writes it, with a warning: the
    /// library's provider reads it as `false`.
    private static func value(of node: PositionedJSON, key: String, diagnostics: inout [Diagnostic]) -> FlagValue? {
        switch node.kind {
        case .bool(let bool): return .bool(bool)
        case .string(let text): return .string(text)
        case .number(let text): return Int(text).map(FlagValue.integer) ?? .decimal(text)
        case .array, .object:
            diagnostics.append(
                .warning(
                    "the Value of '\(key)' is \(node.kindName): JustTweak's LocalTweakProvider reads it as false", at: node.location,
                    hint: "Flagstaff shows the JSON as written; a custom provider may decode it"))
            return .structured(StructuredValue(node.kind))
        case .null:
            diagnostics.append(
                .error("the Value of '\(key)' is null", at: node.location, hint: "write a Bool, a number or a string; JustTweak reads null as false"))
            return nil
        }
    }

    /// A text field's string; `nil` with an error when it is not a string.
    private static func text(_ field: PositionedJSON.Member, key: String, diagnostics: inout [Diagnostic]) -> String? {
        guard case .string(let text) = field.value.kind else {
            diagnostics.append(.error("the \(field.key) of '\(key)' must be a string, found \(field.value.kindName)", at: field.value.location))
            return nil
        }
        return text
    }
}
