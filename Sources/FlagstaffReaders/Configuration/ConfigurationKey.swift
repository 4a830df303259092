import FlagstaffCore
import Yams

/// The keys of one mapping of `flagstaff.yml`, declared once. A section's reader
/// switches over its cases, so a key without an arm does not compile; the same
/// cases give the unknown-key error its "did you mean" and its list of keys.
public protocol ConfigurationKey: RawRepresentable<String>, CaseIterable, Hashable, Sendable {
    /// Where these keys are, for messages: empty for the top level, ` in lifecycle`,
    /// ` for a tenant in remote_config`.
    static var place: String { get }
    /// The hint for an unknown key that is close to no key.
    static var otherwise: String { get }
}

extension ConfigurationKey {
    /// Every key's name, in declaration order.
    public static var names: [String] { allCases.map(\.rawValue) }

    /// `use a, b, c`: every key.
    public static var otherwise: String { "use \(names.joined(separator: ", "))" }
}

/// Typed access to YAML values that records a positioned error for each mismatch.
struct ConfigurationValues {
    let file: String
    var diagnostics: [Diagnostic] = []
    /// The keys whose value was refused, so that a missing-key error does not repeat it.
    var reported = Set<String>()

    init(file: String) { self.file = file }

    func location(of node: Node) -> SourceLocation {
        node.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) } ?? .start(of: file)
    }

    /// The members of a section whose keys are `Key`s, in file order. An unknown
    /// key is an error with a "did you mean", and is not returned. `place` says
    /// where the section is when `Key.place` cannot. (Yams refuses repeated keys.)
    mutating func members<Key: ConfigurationKey>(
        of mapping: Node.Mapping, as _: Key.Type, place: String = Key.place
    ) -> [(key: Key, keyNode: Node, value: Node)] {
        var members: [(key: Key, keyNode: Node, value: Node)] = []
        for (keyNode, value) in mapping {
            let name = keyNode.string ?? ""
            guard let key = Key(rawValue: name) else {
                diagnostics.append(
                    .error(
                        "unknown key '\(name)'\(place)", at: location(of: keyNode),
                        hint: Suggestion.didYouMean(name, in: Key.names) ?? Key.otherwise))
                continue
            }
            members.append((key, keyNode, value))
        }
        return members
    }

    mutating func fail(_ message: String, _ node: Node, key: String) {
        reported.insert(key)
        diagnostics.append(.error(message, at: location(of: node)))
    }

    mutating func string(_ node: Node, key: String) -> String? {
        guard let scalar = node.scalar, !scalar.string.isEmpty else {
            fail("'\(key)' must be a non-empty string", node, key: key)
            return nil
        }
        return scalar.string
    }

    /// An IANA time zone name the system knows, such as `Europe/Paris`.
    mutating func timeZone(_ node: Node, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        guard PublishingTime.isKnown(text) else {
            fail(
                "'\(key)' is not a time zone: '\(text)'; "
                    + (Suggestion.didYouMean(text, in: PublishingTime.knownZones) ?? "write an IANA name such as Europe/Paris or America/New_York"),
                node, key: key)
            return nil
        }
        return text
    }

    mutating func version(_ node: Node, key: String) -> AppVersion? {
        guard let text = string(node, key: key) else { return nil }
        guard let version = AppVersion(parsing: text) else {
            fail("'\(key)' is not an app version: '\(text)'; write numbers and dots, e.g. \"2.4\"", node, key: key)
            return nil
        }
        return version
    }

    mutating func days(_ node: Node, key: String) -> Int? {
        guard let text = node.scalar?.string, let days = Int(text), days >= 0 else {
            fail("'\(key)' must be a whole number of days, 0 or more", node, key: key)
            return nil
        }
        return days
    }

    mutating func bool(_ node: Node, key: String) -> Bool? {
        switch node.scalar?.string {
        case "true": return true
        case "false": return false
        default:
            fail("'\(key)' must be true or false", node, key: key)
            return nil
        }
    }

    /// One of a fixed set of words, such as `catalog_order: enum`.
    mutating func choice<Choice: RawRepresentable<String> & CaseIterable>(_ node: Node, key: String, as _: Choice.Type) -> Choice? {
        guard let text = string(node, key: key) else { return nil }
        if let choice = Choice(rawValue: text) { return choice }
        let names = Choice.allCases.map(\.rawValue)
        fail("unknown \(key) '\(text)'; " + (Suggestion.didYouMean(text, in: names) ?? "use one of \(names.joined(separator: ", "))"), node, key: key)
        return nil
    }

    mutating func strings(_ node: Node, key: String, allowSingle: Bool, allowList: Bool = true) -> [String]? {
        if allowSingle, node.scalar != nil { return string(node, key: key).map { [$0] } }
        guard allowList else {
            fail("'\(key)' must be a non-empty string", node, key: key)
            return nil
        }
        guard let sequence = node.sequence, !sequence.isEmpty else {
            fail("'\(key)' must be a non-empty list\(allowSingle ? " or a string" : "")", node, key: key)
            return nil
        }
        var values: [String] = []
        for element in sequence {
            guard let value = string(element, key: key) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The `code` folders. The file system's root is refused: the walk would read
    /// every file on the machine.
    mutating func codeRoots(_ node: Node) -> [String]? {
        guard let roots = strings(node, key: "code", allowSingle: true) else { return nil }
        if roots.contains(where: { $0.allSatisfy { $0 == "/" } }) {
            reported.insert("code")
            diagnostics.append(
                .error(
                    "'code' names the file system's root '/'", at: location(of: node),
                    hint: "name the folders of the app's Swift source, e.g. [App/Sources]"))
            return nil
        }
        return roots
    }

    /// Swift method names, one or a list, such as `flag_check: [isEnabled, isOn]`.
    mutating func methodNames(_ node: Node, key: String) -> [String]? {
        guard let names = strings(node, key: key, allowSingle: true) else { return nil }
        for name in names where !Self.isMethodName(name) {
            fail("'\(key)' names '\(name)', which is not a Swift method name; write the name alone, e.g. isEnabled", node, key: key)
            return nil
        }
        return names
    }

    /// Letters, digits and underscores, not starting with a digit.
    private static func isMethodName(_ name: String) -> Bool {
        guard let first = name.first, !first.isNumber else { return false }
        return name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
    }

    /// `{ CHL: { Country: Chile, Currency: CLP } }`: each tenant's facts, in the order written.
    mutating func tenantFacts(_ node: Node, key: String) -> [TenantFacts] {
        guard let mapping = node.mapping else {
            fail("'\(key)' must be a mapping of tenant ids to facts, e.g. { CHL: { Country: Chile, Currency: CLP } }", node, key: key)
            return []
        }
        var entries: [TenantFacts] = []
        for (idNode, facts) in mapping {
            guard let id = idNode.string, let facts = facts.mapping else {
                fail("each entry of '\(key)' must map a tenant id to its facts, e.g. CHL: { Country: Chile }", facts, key: key)
                continue
            }
            let list = facts.compactMap { name, value in
                name.string.flatMap { name in string(value, key: "\(key).\(id).\(name)").map { TenantFacts.Fact(name: name, value: $0) } }
            }
            entries.append(TenantFacts(tenant: id, facts: list, location: location(of: idNode)))
        }
        return entries
    }

    mutating func stringMap(_ node: Node, key: String) -> [String: String] {
        guard let mapping = node.mapping else {
            fail("'\(key)' must be a mapping, e.g. { WL: White Label }", node, key: key)
            return [:]
        }
        var values: [String: String] = [:]
        for (name, value) in mapping {
            if let name = name.string, let text = string(value, key: key) { values[name] = text }
        }
        return values
    }
}
