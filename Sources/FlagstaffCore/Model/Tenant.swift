/// One brand of the app and the defaults bundled for it.
public struct Tenant: Hashable, Sendable {
    /// A value a tenant file sets, and where.
    ///
    /// Positions are stored as 32-bit numbers, and the key's position shares the
    /// value's file: a workspace holds hundreds of thousands of settings, and this
    /// keeps each one to about half the size.
    public struct Setting: Hashable, Sendable {
        /// The value.
        public var value: FlagValue
        /// Where the value is written.
        public var location: SourceLocation
        private var keyLine: Int32, keyColumn: Int32
        private var keyBounds: (Int32, Int32), valueBounds: (Int32, Int32)
        private var comma: Int32

        /// Where the value's key is written, in the value's file.
        public var keyLocation: SourceLocation {
            get { SourceLocation(file: location.file, line: Int(keyLine), column: Int(keyColumn)) }
            set { (keyLine, keyColumn) = (Int32(clamping: newValue.line), Int32(clamping: newValue.column)) }
        }
        /// The bytes of the key, quotes included.
        public var keyRange: ByteRange {
            get { Int(keyBounds.0)..<Int(keyBounds.1) }
            set { keyBounds = (Int32(clamping: newValue.lowerBound), Int32(clamping: newValue.upperBound)) }
        }
        /// The bytes of the value.
        public var valueRange: ByteRange {
            get { Int(valueBounds.0)..<Int(valueBounds.1) }
            set { valueBounds = (Int32(clamping: newValue.lowerBound), Int32(clamping: newValue.upperBound)) }
        }
        /// Where the comma after the member is, when one follows it.
        public var trailingComma: Int? {
            get { comma < 0 ? nil : Int(comma) }
            set { comma = newValue.map { Int32(clamping: $0) } ?? -1 }
        }

        /// Creates a setting.
        public init(
            value: FlagValue, location: SourceLocation, keyLocation: SourceLocation? = nil, keyRange: ByteRange = 0..<0,
            valueRange: ByteRange = 0..<0, trailingComma: Int? = nil
        ) {
            let key = keyLocation ?? location
            self.init(
                value: value, location: location, keyLine: key.line, keyColumn: key.column, keyRange: keyRange, valueRange: valueRange,
                trailingComma: trailingComma)
        }

        /// Creates a setting whose key is at a line and column of the value's file:
        /// a reader then makes no second `SourceLocation` for the key.
        public init(
            value: FlagValue, location: SourceLocation, keyLine: Int, keyColumn: Int, keyRange: ByteRange, valueRange: ByteRange,
            trailingComma: Int?
        ) {
            self.value = value
            self.location = location
            (self.keyLine, self.keyColumn) = (Int32(clamping: keyLine), Int32(clamping: keyColumn))
            keyBounds = (Int32(clamping: keyRange.lowerBound), Int32(clamping: keyRange.upperBound))
            valueBounds = (Int32(clamping: valueRange.lowerBound), Int32(clamping: valueRange.upperBound))
            comma = trailingComma.map { Int32(clamping: $0) } ?? -1
        }

        public static func == (lhs: Setting, rhs: Setting) -> Bool {
            (lhs.value, lhs.location, lhs.keyLocation, lhs.keyRange, lhs.valueRange, lhs.trailingComma)
                == (rhs.value, rhs.location, rhs.keyLocation, rhs.keyRange, rhs.valueRange, rhs.trailingComma)
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(value)
            hasher.combine(location)
            hasher.combine(keyRange)
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
    /// Top-level values, which apply in every environment.
    public var base: SettingTable
    /// Per-environment values that differ from the base, by environment.
    public var overrides: [String: SettingTable]
    /// Where each environment's block in `overrides` starts.
    public var overrideLocations: [String: SourceLocation]
    /// Where the file's objects are.
    public var layout: FileLayout

    /// Creates a tenant.
    public init(
        id: String, name: String, file: String, base: SettingTable = [:],
        overrides: [String: SettingTable] = [:], overrideLocations: [String: SourceLocation] = [:],
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
