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
        /// The bytes of the key, quotes included.
        public var keyRange: ByteRange
        /// The bytes of the value.
        public var valueRange: ByteRange
        /// Where the comma after the member is, when one follows it.
        public var trailingComma: Int?

        /// Creates a setting.
        public init(
            value: FlagValue, location: SourceLocation, keyLocation: SourceLocation? = nil, keyRange: ByteRange = 0..<0,
            valueRange: ByteRange = 0..<0, trailingComma: Int? = nil
        ) {
            self.value = value
            self.location = location
            self.keyLocation = keyLocation ?? location
            self.keyRange = keyRange
            self.valueRange = valueRange
            self.trailingComma = trailingComma
        }
    }

    /// Where the objects of a tenant file are, for in-place edits.
    public struct FileLayout: Hashable, Sendable {
        /// The top-level object, braces included.
        public var root: ByteRange
        /// The `overrides` member: its key's bytes and its object's bytes.
        public var overridesKey: ByteRange?, overrides: ByteRange?
        /// Each environment's object inside `overrides`, braces included.
        public var environments: [String: ByteRange]

        /// Creates a layout.
        public init(root: ByteRange = 0..<0, overridesKey: ByteRange? = nil, overrides: ByteRange? = nil, environments: [String: ByteRange] = [:]) {
            self.root = root
            self.overridesKey = overridesKey
            self.overrides = overrides
            self.environments = environments
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
    /// Where the file's objects are.
    public var layout: FileLayout

    /// Creates a tenant.
    public init(
        id: String, name: String, file: String, base: [String: Setting] = [:],
        overrides: [String: [String: Setting]] = [:], overrideLocations: [String: SourceLocation] = [:],
        layout: FileLayout = FileLayout()
    ) {
        self.id = id
        self.name = name
        self.file = file
        self.base = base
        self.overrides = overrides
        self.overrideLocations = overrideLocations
        self.layout = layout
    }

    /// Every setting in the file, base values and overrides, in file order.
    public var allSettings: [(key: String, environment: String?, setting: Setting)] {
        let base = base.map { (key: $0.key, environment: String?.none, setting: $0.value) }
        let overrides = self.overrides.flatMap { environment, values in
            values.map { (key: $0.key, environment: Optional(environment), setting: $0.value) }
        }
        return (base + overrides).sorted { $0.setting.location < $1.setting.location }
    }
}
