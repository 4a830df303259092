/// A tenant's settings by flag position rather than by key: each key is looked
/// up once per tenant, so resolving, typing and checking a large matrix costs an
/// array index per cell instead of a string-keyed lookup.
public struct IndexedSettings: Sendable {
    /// One setting of a flag the enum declares.
    public struct Entry: Sendable {
        /// The flag's position in the model.
        public var flag: Int
        /// The value.
        public var value: FlagValue
        /// Where the value is written.
        public var location: SourceLocation
    }

    /// The base values, in no particular order.
    public let base: [Entry]
    /// The overrides by the position of their environment in the model; environments
    /// the model does not configure are left out.
    public let overrides: [[Entry]]
    /// Keys the enum does not declare, with their environment (`nil` for a base value).
    public let unknown: [(key: String, environment: String?, setting: Tenant.Setting)]

    /// Indexes a tenant's settings against a model's flags and environments.
    public init(_ tenant: Tenant, in model: FlagModel) {
        var unknown: [(key: String, environment: String?, setting: Tenant.Setting)] = []
        base = Self.entries(tenant.base, environment: nil, model: model, unknown: &unknown)
        overrides = model.environments.map { Self.entries(tenant.overrides[$0] ?? [:], environment: $0, model: model, unknown: &unknown) }
        self.unknown = unknown
    }

    /// For each flag position, the positions of the environments where the tenant
    /// gives it no value (no base value and no override there), so it falls back.
    /// Worked out in one flat table: most flags are set everywhere, and their
    /// empty lists cost no allocation.
    public func unsetEnvironments(flagCount: Int) -> [[Int]] {
        let count = overrides.count
        var isSet = [Bool](repeating: false, count: flagCount * count)
        for entry in base { for environment in 0..<count { isSet[entry.flag * count + environment] = true } }
        for (environment, entries) in overrides.enumerated() {
            for entry in entries { isSet[entry.flag * count + environment] = true }
        }
        return (0..<flagCount).map { flag in
            let row = flag * count..<(flag + 1) * count
            return isSet[row].allSatisfy { $0 } ? [] : (0..<count).filter { !isSet[flag * count + $0] }
        }
    }

    /// One object's settings by flag position. A static function with borrowed
    /// arguments, so the threads that index tenants at once do not fight over the
    /// reference counts of the model they share.
    private static func entries(
        _ settings: [String: Tenant.Setting], environment: String?, model: FlagModel,
        unknown: inout [(key: String, environment: String?, setting: Tenant.Setting)]
    ) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(settings.count)
        for index in settings.indices {
            let key = settings.keys[index]
            if let flag = model.flagIndex(key) {
                entries.append(Entry(flag: flag, value: settings.values[index].value, location: settings.values[index].location))
            } else {
                unknown.append((key, environment, settings.values[index]))
            }
        }
        for (position, first) in model.repeatedFlags {
            for entry in entries where entry.flag == first { entries.append(Entry(flag: position, value: entry.value, location: entry.location)) }
        }
        return entries
    }
}

/// One column of the matrix while it is resolved: one tenant in one environment,
/// every flag. The matrix hands it to each layer in chain order; a layer decides
/// the cells it has an opinion on, and a decided cell stays decided.
public struct MatrixColumn {
    /// The flags, in model order.
    public let flags: [Flag]
    /// Each flag's type, by position.
    public let types: [FlagType]
    /// The tenant.
    public let tenant: Tenant
    /// The tenant's settings by flag position.
    public let settings: IndexedSettings
    /// The environment, and its position in the model.
    public let environment: String, environmentIndex: Int
    /// The layer deciding now, and its position in the chain.
    var layer: Layer, layerIndex: UInt8 = 0
    /// Each flag's cell so far, by position; `open` until a layer decides it. A cell
    /// with details is resolved again through the whole chain by the matrix.
    private(set) var cells: [ResolvedMatrix.PackedCell]
    /// The column's values and files.
    let interner: Interner

    static let open = ResolvedMatrix.PackedCell(value: 0, file: 0, line: 0, column: 0, layer: .max, hasDetails: false)

    init(
        flags: [Flag], types: [FlagType], tenant: Tenant, settings: IndexedSettings, environment: String, environmentIndex: Int,
        interner: Interner
    ) {
        self.flags = flags
        self.types = types
        self.tenant = tenant
        self.settings = settings
        self.environment = environment
        self.environmentIndex = environmentIndex
        self.interner = interner
        layer = FallbackLayer.layer
        cells = Array(repeating: Self.open, count: flags.count)
    }

    /// Whether no layer has decided the flag at a position yet.
    public func isOpen(_ flag: Int) -> Bool { cells[flag].layer == .max }

    /// Decides an open cell with a fixed value; does nothing when it is decided.
    /// Only for a layer whose opinions carry no reason and hide nothing.
    public mutating func decide(_ flag: Int, value: FlagValue, at location: SourceLocation?) {
        guard isOpen(flag) else { return }
        cells[flag] = interner.pack(value, location, layer: layerIndex)
        cells[flag].hasDetails = layer.showsHiddenValue
    }

    /// Decides an open cell with any opinion; does nothing when it is decided.
    public mutating func decide(_ flag: Int, with opinion: Opinion) {
        guard isOpen(flag) else { return }
        cells[flag] = interner.pack(opinion.value ?? types[flag].fallbackValue, opinion.location, layer: layerIndex)
        cells[flag].hasDetails = opinion.value == nil || opinion.reason != nil || !opinion.variants.isEmpty || layer.showsHiddenValue
    }
}
