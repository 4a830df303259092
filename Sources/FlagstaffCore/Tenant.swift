/// One brand of the app and the defaults bundled for it.
public struct Tenant: Hashable, Sendable {
    /// A value a tenant file sets, and where.
    public struct Setting: Hashable, Sendable {
        /// The value.
        public var value: FlagValue
        /// Where the value is written.
        public var location: SourceLocation
        /// Where the value's key is written.
        public var keyLocation: SourceLocation

        /// Creates a setting.
        public init(value: FlagValue, location: SourceLocation, keyLocation: SourceLocation? = nil) {
            self.value = value
            self.location = location
            self.keyLocation = keyLocation ?? location
        }
    }

    /// The short code, taken from the tenant's folder name, e.g. `CHL`.
    public var id: String
    /// The display name, e.g. "White Label"; the id when none is configured.
    public var name: String
    /// The defaults file's path.
    public var file: String
    /// Top-level values, which apply in every environment: key → setting.
    public var base: [String: Setting]
    /// Per-environment values that differ from the base: environment → key → setting.
    public var overrides: [String: [String: Setting]]
    /// Where each environment's block in `overrides` starts.
    public var overrideLocations: [String: SourceLocation]

    /// Creates a tenant.
    public init(
        id: String, name: String, file: String, base: [String: Setting] = [:],
        overrides: [String: [String: Setting]] = [:], overrideLocations: [String: SourceLocation] = [:]
    ) {
        self.id = id
        self.name = name
        self.file = file
        self.base = base
        self.overrides = overrides
        self.overrideLocations = overrideLocations
    }

    /// Every setting in the file: base values first, then overrides by environment.
    public var allSettings: [(key: String, environment: String?, setting: Setting)] {
        let base = base.map { (key: $0.key, environment: String?.none, setting: $0.value) }
        let overrides = self.overrides.flatMap { environment, values in
            values.map { (key: $0.key, environment: Optional(environment), setting: $0.value) }
        }
        return (base + overrides).sorted { $0.setting.location < $1.setting.location }
    }
}
