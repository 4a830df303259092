/// A tenant's settings by flag position rather than by key: each key is looked
/// up once per tenant, so resolving, typing and checking a large matrix costs an
/// array index per cell instead of a string-keyed lookup.
public struct IndexedSettings: Sendable {
    /// One setting of a flag the enum declares.
    public struct Entry: Sendable {
        /// The flag's position in the model.
        public var flag: Int
        /// The setting.
        public var setting: Tenant.Setting
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
        func entries(_ settings: [String: Tenant.Setting], environment: String?) -> [Entry] {
            var entries: [Entry] = []
            entries.reserveCapacity(settings.count)
            for (key, setting) in settings {
                if let flag = model.flagIndex(key) {
                    entries.append(Entry(flag: flag, setting: setting))
                } else {
                    unknown.append((key, environment, setting))
                }
            }
            for (position, first) in model.repeatedFlags {
                for entry in entries where entry.flag == first { entries.append(Entry(flag: position, setting: entry.setting)) }
            }
            return entries
        }
        base = entries(tenant.base, environment: nil)
        overrides = model.environments.map { entries(tenant.overrides[$0] ?? [:], environment: $0) }
        self.unknown = unknown
    }
}

/// One column of the matrix while it is resolved: one tenant in one environment,
/// every flag. The matrix hands it to each layer in chain order; a layer decides
/// the cells it has an opinion on, and a decided cell stays decided.
public struct MatrixColumn {
    /// A decided cell, before the matrix packs it.
    enum Decision {
        /// A value, where it is written, and the deciding layer's position in the chain.
        case fixed(FlagValue, SourceLocation?, layer: UInt8)
        /// The layer said more (a reason, variants, or it hides a value), so the
        /// matrix resolves this cell through the whole chain.
        case detailed
    }

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
    /// Each flag's decision so far, by position.
    private(set) var decisions: [Decision?]

    init(flags: [Flag], types: [FlagType], tenant: Tenant, settings: IndexedSettings, environment: String, environmentIndex: Int, layer: Layer) {
        self.flags = flags
        self.types = types
        self.tenant = tenant
        self.settings = settings
        self.environment = environment
        self.environmentIndex = environmentIndex
        self.layer = layer
        decisions = Array(repeating: nil, count: flags.count)
    }

    /// Whether no layer has decided the flag at a position yet.
    public func isOpen(_ flag: Int) -> Bool { decisions[flag] == nil }

    /// Decides an open cell with a fixed value; does nothing when it is decided.
    /// Only for a layer whose opinions carry no reason and hide nothing.
    public mutating func decide(_ flag: Int, value: FlagValue, at location: SourceLocation?) {
        guard decisions[flag] == nil else { return }
        decisions[flag] = layer.showsHiddenValue ? .detailed : .fixed(value, location, layer: layerIndex)
    }

    /// Decides an open cell with any opinion; does nothing when it is decided.
    public mutating func decide(_ flag: Int, with opinion: Opinion) {
        guard decisions[flag] == nil else { return }
        if let value = opinion.value, opinion.reason == nil, opinion.variants.isEmpty, !layer.showsHiddenValue {
            decisions[flag] = .fixed(value, opinion.location, layer: layerIndex)
        } else {
            decisions[flag] = .detailed
        }
    }
}
