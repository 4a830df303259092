/// One case of the feature flag enum.
public struct Flag: Hashable, Sendable {
    /// The key tenants and remote config use: the case's raw value.
    public var key: String
    /// The Swift case name, as code refers to it.
    public var caseName: String
    /// The nearest preceding `// MARK: -` group, if any.
    public var group: String?
    /// The `///` doc comment above the case, without the slashes.
    public var documentation: String?
    /// Set when the case is marked `@available(*, deprecated…)`: the message, or
    /// an empty string when the attribute has none.
    public var deprecation: String?
    /// The `#if` condition the case sits under, such as `DEBUG`.
    public var condition: String?
    /// Where the case is declared.
    public var location: SourceLocation

    /// Creates a flag.
    public init(
        key: String, caseName: String, group: String? = nil, documentation: String? = nil,
        deprecation: String? = nil, condition: String? = nil, location: SourceLocation
    ) {
        self.key = key
        self.caseName = caseName
        self.group = group
        self.documentation = documentation
        self.deprecation = deprecation
        self.condition = condition
        self.location = location
    }

    /// Whether the case carries a deprecation attribute.
    public var isDeprecated: Bool { deprecation != nil }
}

/// The flag enum as read from Swift source.
public struct FlagEnum: Hashable, Sendable {
    /// The enum's name.
    public var name: String
    /// Whether the enum has a `String` raw type. When it does not, keys are case names.
    public var hasStringRawValues: Bool
    /// Its cases in declaration order.
    public var flags: [Flag]

    /// Creates an enum description.
    public init(name: String, hasStringRawValues: Bool, flags: [Flag]) {
        self.name = name
        self.hasStringRawValues = hasStringRawValues
        self.flags = flags
    }
}
