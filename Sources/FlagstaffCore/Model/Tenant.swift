/// One brand of the app and the defaults bundled for it.
public struct Tenant: Hashable, Sendable {
    /// A value a tenant file sets, and where.
    ///
    /// The key's position is stored as two 32-bit numbers and shares the value's
    /// file: a workspace holds hundreds of thousands of settings, and this keeps
    /// each one small. How the value is written (its bytes) belongs to the file's
    /// format, which works it out again when a command edits the file.
    public struct Setting: Hashable, Sendable {
        /// The value.
        public var value: FlagValue
        /// Where the value is written.
        public var location: SourceLocation
        private var keyLine: Int32, keyColumn: Int32

        /// Where the value's key is written, in the value's file.
        public var keyLocation: SourceLocation {
            get { SourceLocation(file: location.file, line: Int(keyLine), column: Int(keyColumn)) }
            set { (keyLine, keyColumn) = (Int32(clamping: newValue.line), Int32(clamping: newValue.column)) }
        }

        /// Creates a setting; its key is where its value is unless given.
        public init(value: FlagValue, location: SourceLocation, keyLocation: SourceLocation? = nil) {
            let key = keyLocation ?? location
            self.init(value: value, location: location, keyLine: key.line, keyColumn: key.column)
        }

        /// Creates a setting whose key is at a line and column of the value's file:
        /// a reader then makes no second `SourceLocation` for the key.
        public init(value: FlagValue, location: SourceLocation, keyLine: Int, keyColumn: Int) {
            self.value = value
            self.location = location
            (self.keyLine, self.keyColumn) = (Int32(clamping: keyLine), Int32(clamping: keyColumn))
        }
    }

    /// The id of the one tenant of a workspace without tenant files: a single app.
    public static let singleAppID = "app"
    /// The name of the one tenant of a single app.
    public static let singleAppName = "The app"

    /// The short code, taken from the tenant's folder name, e.g. `CHL`.
    public var id: String
    /// The display name, e.g. "White Label"; the id when none is configured.
    public var name: String
    /// The defaults file's path.
    public var file: String
    /// Top-level values, which apply in every environment.
    public var base: SettingTable
    /// Per-environment values that differ from the base, by environment.
    public var overrides: [String: SettingTable]
    /// Where each environment's block in `overrides` starts.
    public var overrideLocations: [String: SourceLocation]

    /// Creates a tenant.
    public init(
        id: String, name: String, file: String, base: SettingTable = [:],
        overrides: [String: SettingTable] = [:], overrideLocations: [String: SourceLocation] = [:]
    ) {
        self.id = id
        self.name = name
        self.file = file
        self.base = base
        self.overrides = overrides
        self.overrideLocations = overrideLocations
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
