/// Which layer of the bundled chain decided a value.
public enum Provenance: String, Hashable, Sendable, CaseIterable {
    /// The tenant's `overrides.<environment>` sets it.
    case override
    /// The tenant's top-level (base) value sets it.
    case base
    /// Neither has an opinion, so the flag type's zero value applies (`false` for Bool flags).
    case fallback
}

/// The value a flag has for one tenant in one environment, and why.
public struct Resolution: Hashable, Sendable {
    /// The resolved value.
    public var value: FlagValue
    /// The layer that decided it.
    public var provenance: Provenance
    /// Where the deciding value is written; `nil` for a fallback.
    public var location: SourceLocation?

    /// Creates a resolution.
    public init(value: FlagValue, provenance: Provenance, location: SourceLocation?) {
        self.value = value
        self.provenance = provenance
        self.location = location
    }
}

extension Tenant {
    /// Resolves a flag through the bundled layers: the environment's override wins,
    /// then the base value, then the type's fallback. A layer without the key has
    /// no opinion and passes on; it never means `false`.
    public func resolve(_ key: String, in environment: String, type: FlagType) -> Resolution {
        if let setting = overrides[environment]?[key] {
            return Resolution(value: setting.value, provenance: .override, location: setting.location)
        }
        if let setting = base[key] {
            return Resolution(value: setting.value, provenance: .base, location: setting.location)
        }
        return Resolution(value: type.fallbackValue, provenance: .fallback, location: nil)
    }
}
