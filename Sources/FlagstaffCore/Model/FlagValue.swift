/// The kind of value a flag holds. A flag keeps one type across all tenants.
public enum FlagType: String, CaseIterable, Hashable, Sendable, Codable, CustomStringConvertible {
    case bool
    case number
    case string
    /// An array or a dictionary, such as a list of strings a Swift default gives.
    case structured

    /// The value used when no layer has an opinion: `false`, `0` or `""`.
    public var fallbackValue: FlagValue {
        switch self {
        case .bool: .bool(false)
        case .number: .integer(0)
        case .string: .string("")
        case .structured: .structured(.array([]))
        }
    }

    /// A readable name: "Bool", "number", "string" or "JSON".
    public var description: String {
        switch self {
        case .bool: "Bool"
        case .number: "number"
        case .string: "string"
        case .structured: "JSON"
        }
    }
}

/// One value a flag can take, as written in a tenant's defaults.
public enum FlagValue: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case integer(Int)
    /// A number with a fraction, kept as its source text so output stays byte-stable.
    case decimal(String)
    case string(String)
    /// An array or a dictionary.
    case structured(StructuredValue)

    /// The value's type.
    public var type: FlagType {
        switch self {
        case .bool: .bool
        case .integer, .decimal: .number
        case .string: .string
        case .structured: .structured
        }
    }

    /// `true` only for `.bool(true)`.
    public var isOn: Bool { self == .bool(true) }

    /// The value as a person reads it: `true`, `42`, `carousel`.
    public var description: String {
        switch self {
        case .bool(let value): String(value)
        case .integer(let value): String(value)
        case .decimal(let text): text
        case .string(let text): text
        case .structured(let value): value.description
        }
    }
}

/// An array or a dictionary of values, as a Swift literal or JSON writes it.
/// Shown compactly as JSON (`["a","b"]`, `{"limit":3}`) in the order written,
/// and compared structurally: two dictionaries with the same members in another
/// order are equal.
public indirect enum StructuredValue: Hashable, Sendable, CustomStringConvertible {
    /// An array's elements, in order.
    case array([StructuredValue])
    /// A dictionary's members, in the order written; keys are unique.
    case object([(key: String, value: StructuredValue)])
    /// A Bool, a number or a string.
    case scalar(FlagValue)
    /// JSON's `null`, Swift's `nil`.
    case null

    /// Compact JSON: no spaces, members in the order written.
    public var description: String {
        switch self {
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ",") + "]"
        case .object(let members): "{" + members.map { $0.key.jsonQuoted + ":" + $0.value.description }.joined(separator: ",") + "}"
        case .scalar(.string(let text)): text.jsonQuoted
        case .scalar(let value): value.description
        case .null: "null"
        }
    }

    /// The members of a dictionary sorted by key, so that order does not count.
    private var sortedMembers: [(key: String, value: StructuredValue)]? {
        guard case .object(let members) = self else { return nil }
        return members.sorted { $0.key < $1.key }
    }

    public static func == (lhs: StructuredValue, rhs: StructuredValue) -> Bool {
        switch (lhs, rhs) {
        case (.array(let left), .array(let right)): left == right
        case (.object, .object):
            lhs.sortedMembers!.elementsEqual(rhs.sortedMembers!) { $0.key == $1.key && $0.value == $1.value }
        case (.scalar(let left), .scalar(let right)): left == right
        case (.null, .null): true
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .array(let elements):
            hasher.combine(0)
            hasher.combine(elements)
        case .object:
            hasher.combine(1)
            for member in sortedMembers! {
                hasher.combine(member.key)
                hasher.combine(member.value)
            }
        case .scalar(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .null:
            hasher.combine(3)
        }
    }
}
