import FlagstaffCore

/// Reads Remote Config's in-app defaults, in each form the tools write:
/// - the XML property list an iOS app loads with `setDefaults(fromPlist:)`, a
///   dictionary of `true`/`false`, `string`, `integer`, `real`, `date`, `data`,
///   `array` and `dict` values;
/// - the JSON and the XML (`<defaultsMap>`) forms that the REST API's
///   `remoteConfig:downloadDefaults` returns, whose values are texts.
///
/// A text is read as the Bool `true` or `false` when it is one of those words,
/// as a number when it is a plain number, and as JSON when it is an array or an
/// object; otherwise it is a string. A binary property list is refused with a
/// hint to convert it: only XML is read.
public enum RemoteConfigDefaultsReader {
    /// One default: its key and value, each where written.
    public struct Entry: Sendable {
        public var key: String
        public var value: FlagValue
        public var keyLocation: SourceLocation
        public var valueLocation: SourceLocation
    }

    /// The entries of a file, in file order, and its problems; `nil` entries when
    /// the file is not one of the forms.
    public static func read(_ text: String, file: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        if text.utf8.starts(with: "bplist".utf8) {
            return (
                nil,
                [
                    .error(
                        "'\(file)' is a binary property list; Flagstaff reads only XML property lists", at: .start(of: file),
                        hint: "convert it with `plutil -convert xml1 \(file)`; the app reads both forms alike")
                ]
            )
        }
        let first = text.unicodeScalars.first { !$0.properties.isWhitespace && $0 != "\u{FEFF}" }
        return first == "{" || first == "[" ? readJSON(text, file: file) : readXML(text, file: file)
    }

    private static func readJSON(_ text: String, file: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        var problems: [Diagnostic] = []
        guard let root = PositionedJSONParser.document(text, file: file, diagnostics: &problems) else { return (nil, problems) }
        guard case .object(let members) = root.kind else { return (nil, [notADictionary(root.kindName, at: root.location)]) }
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        for member in members {
            if let earlier = seen[member.key] {
                diagnostics.append(duplicate(member.key, at: member.keyLocation, first: earlier))
                continue
            }
            seen[member.key] = member.keyLocation
            let value: FlagValue
            switch member.value.kind {
            case .string(let text): value = reading(text)
            case .bool(let bool): value = .bool(bool)
            case .number(let number): value = Int(number).map(FlagValue.integer) ?? .decimal(number)
            case .array, .object: value = .structured(StructuredValue(member.value.kind))
            case .null:
                diagnostics.append(.error("the default of '\(member.key)' is null", at: member.value.location, hint: "Remote Config defaults are texts"))
                continue
            }
            entries.append(Entry(key: member.key, value: value, keyLocation: member.keyLocation, valueLocation: member.value.location))
        }
        return (entries, diagnostics)
    }

    private static func readXML(_ text: String, file: String) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        let root: PositionedXML
        do {
            root = try PositionedXML.parse(text, file: file)
        } catch {
            return (nil, [.error("malformed XML: \(error.message)", at: error.location)])
        }
        switch root.name {
        case "plist":
            guard let top = root.children.first, root.children.count == 1 else {
                return (nil, [notADictionary(root.children.isEmpty ? "nothing" : "\(root.children.count) values", at: root.location)])
            }
            guard top.name == "dict" else { return (nil, [notADictionary("<\(top.name)>", at: top.location)]) }
            return dictionary(top)
        case "defaultsMap": return defaultsMap(root)
        default:
            return (
                nil,
                [
                    .error(
                        "expected a property list (<plist>) or Remote Config defaults (<defaultsMap>), found <\(root.name)>", at: root.location)
                ]
            )
        }
    }

    /// A plist `<dict>`'s keys and values.
    private static func dictionary(_ dict: PositionedXML) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        var index = 0
        while index < dict.children.count {
            let keyNode = dict.children[index]
            guard keyNode.name == "key" else {
                diagnostics.append(.error("expected <key>, found <\(keyNode.name)>", at: keyNode.location, hint: "a dictionary alternates <key> and a value"))
                index += 1
                continue
            }
            guard index + 1 < dict.children.count else {
                diagnostics.append(.error("the key '\(keyNode.text)' has no value", at: keyNode.location))
                break
            }
            let valueNode = dict.children[index + 1]
            index += 2
            if let earlier = seen[keyNode.text] {
                diagnostics.append(duplicate(keyNode.text, at: keyNode.location, first: earlier))
                continue
            }
            seen[keyNode.text] = keyNode.location
            guard let value = plistValue(valueNode, key: keyNode.text, diagnostics: &diagnostics) else { continue }
            entries.append(Entry(key: keyNode.text, value: value, keyLocation: keyNode.location, valueLocation: valueNode.location))
        }
        return (entries, diagnostics)
    }

    /// A plist value as the app's defaults hold it.
    private static func plistValue(_ node: PositionedXML, key: String, diagnostics: inout [Diagnostic]) -> FlagValue? {
        switch node.name {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "string": return .string(node.text)
        case "integer":
            let text = node.text.trimmed
            guard let integer = Int(text) else {
                diagnostics.append(.error("'\(text)' is not an integer", at: node.location))
                return nil
            }
            return .integer(integer)
        case "real":
            let text = node.text.trimmed
            guard Double(text) != nil else {
                diagnostics.append(.error("'\(text)' is not a real number", at: node.location))
                return nil
            }
            return .decimal(text)
        case "date", "data":
            let text = node.text.filter { !$0.isWhitespace }
            diagnostics.append(
                .warning(
                    "the default of '\(key)' is \(node.name == "date" ? "a date" : "data"), shown as written: \(text)", at: node.location,
                    hint: node.name == "date"
                        ? "Remote Config hands the app a date as text formatted on the device; Flagstaff does not guess it"
                        : "Remote Config hands the app these bytes; Flagstaff shows their base64 text"))
            return .string("<\(node.name)> \(text)")
        case "array", "dict": return structured(node).map(FlagValue.structured)
        default:
            diagnostics.append(.error("<\(node.name)> is not a property list value", at: node.location))
            return nil
        }
    }

    /// An array or dictionary of a plist as JSON, as Remote Config stores it; `nil` for what JSON cannot hold.
    private static func structured(_ node: PositionedXML) -> StructuredValue? {
        switch node.name {
        case "array":
            var elements: [StructuredValue] = []
            for child in node.children {
                guard let element = structured(child) else { return nil }
                elements.append(element)
            }
            return .array(elements)
        case "dict":
            var members: [(key: String, value: StructuredValue)] = []
            var index = 0
            while index + 1 < node.children.count {
                guard node.children[index].name == "key", let value = structured(node.children[index + 1]) else { return nil }
                members.append((node.children[index].text, value))
                index += 2
            }
            return .object(members)
        case "true": return .scalar(.bool(true))
        case "false": return .scalar(.bool(false))
        case "string": return .scalar(.string(node.text))
        case "integer": return Int(node.text.trimmed).map { .scalar(.integer($0)) }
        case "real": return Double(node.text.trimmed) != nil ? .scalar(.decimal(node.text.trimmed)) : nil
        default: return nil
        }
    }

    /// The `<entry><key>…</key><value>…</value></entry>` members of a `<defaultsMap>`.
    private static func defaultsMap(_ root: PositionedXML) -> (entries: [Entry]?, diagnostics: [Diagnostic]) {
        var entries: [Entry] = []
        var diagnostics: [Diagnostic] = []
        var seen: [String: SourceLocation] = [:]
        for entry in root.children {
            guard entry.name == "entry" else {
                diagnostics.append(.error("expected <entry>, found <\(entry.name)>", at: entry.location))
                continue
            }
            guard let key = entry.children.first(where: { $0.name == "key" }), let value = entry.children.first(where: { $0.name == "value" }) else {
                diagnostics.append(.error("an <entry> needs a <key> and a <value>", at: entry.location))
                continue
            }
            if let earlier = seen[key.text] {
                diagnostics.append(duplicate(key.text, at: key.location, first: earlier))
                continue
            }
            seen[key.text] = key.location
            entries.append(Entry(key: key.text, value: reading(value.text), keyLocation: key.location, valueLocation: value.location))
        }
        return (entries, diagnostics)
    }

    /// A default written as text, read as the type its text has.
    static func reading(_ text: String) -> FlagValue {
        if text == "true" { return .bool(true) }
        if text == "false" { return .bool(false) }
        if isPlainNumber(text) { return Int(text).map(FlagValue.integer) ?? .decimal(text) }
        if let first = text.first, first == "[" || first == "{", let structured = StructuredValue(json: text) { return .structured(structured) }
        return .string(text)
    }

    /// Whether a text is a number as JSON writes one: `-12`, `0.5`, `1e3`.
    static func isPlainNumber(_ text: String) -> Bool {
        guard !text.isEmpty, text.first != "+", let number = Double(text), number.isFinite else { return false }
        let digits = text.drop { $0 == "-" }
        guard let first = digits.first, first.isASCII, first.isNumber else { return false }
        // A leading zero only before a point or an exponent, as JSON allows.
        if first == "0", digits.count > 1, let second = digits.dropFirst().first, second.isNumber { return false }
        return text.allSatisfy { $0.isASCII && ($0.isNumber || "-+.eE".contains($0)) }
    }

    private static func notADictionary(_ found: String, at location: SourceLocation) -> Diagnostic {
        .error(
            "Remote Config defaults must be a dictionary of keys and values, found \(found)", at: location,
            hint: "setDefaults(fromPlist:) reads a <dict> at the top of the property list")
    }

    private static func duplicate(_ key: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        .error("duplicate key '\(key)'", at: location, hint: "it is first given at line \(first.line), column \(first.column)")
    }
}

extension String {
    /// The text without leading and trailing whitespace.
    fileprivate var trimmed: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
