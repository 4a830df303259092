/// The kind of value a flag holds. A flag keeps one type across all tenants.
public enum FlagType: String, Hashable, Sendable, CustomStringConvertible {
    case bool
    case number
    case string

    /// The value used when no layer has an opinion: `false`, `0` or `""`.
    public var fallbackValue: FlagValue {
        switch self {
        case .bool: .bool(false)
        case .number: .integer(0)
        case .string: .string("")
        }
    }

    /// A readable name: "Bool", "number" or "string".
    public var description: String {
        switch self {
        case .bool: "Bool"
        case .number: "number"
        case .string: "string"
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

    /// The value's type.
    public var type: FlagType {
        switch self {
        case .bool: .bool
        case .integer, .decimal: .number
        case .string: .string
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
        }
    }
}
