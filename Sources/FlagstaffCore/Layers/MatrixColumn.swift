/// A tenant's settings by flag position rather than by key: each key is looked
/// up once per tenant, so resolving, typing and checking a large matrix costs an
/// array index per cell instead of a string-keyed lookup.
public struct IndexedSettings: Sendable {
    /// One setting of a flag the enum declares, as its table keeps it; its file is the tenant's.
    public typealias Entry = SettingTable.Entry

    /// The tenant's file, where every entry is written.
    public let file: String

    /// The base values, in file order.
    public let base: [Entry]
    /// The overrides by the position of their environment in the model; environments
    /// the model does not configure are left out.
    public let overrides: [[Entry]]
    /// Keys the enum does not declare, with their environment (`nil` for a base value).
    public let unknown: [(key: String, environment: String?, setting: Tenant.Setting)]

    /// Indexes a tenant's settings against a model's flags and environments.
    public init(_ tenant: Tenant, in model: FlagModel) {
        self.init(tenant, keys: model.keys)
    }

    /// Indexes a tenant's settings against the enum's flags and the environments.
    public init(_ tenant: Tenant, keys: FlagKeys) {
        var unknown: [(key: String, environment: String?, setting: Tenant.Setting)] = []
        file = tenant.file
        base = Self.entries(tenant.base, environment: nil, keys: keys, unknown: &unknown)
        overrides = keys.environments.map { Self.entries(tenant.overrides[$0] ?? [:], environment: $0, keys: keys, unknown: &unknown) }
        self.unknown = unknown
    }

    /// A setting written somewhere else in a new version of the file, its value the same.
    public struct Move: Sendable, Equatable {
        /// The flag's position in the model.
        public var flag: Int
        /// The position of the environment whose overrides hold the setting; `nil` for a base value.
        public var environment: Int?
        /// Where the setting was written, and where it is now.
        public var from: (line: Int32, column: Int32), to: (line: Int32, column: Int32)

        /// Creates a move.
        public init(flag: Int, environment: Int? = nil, from: (line: Int32, column: Int32), to: (line: Int32, column: Int32)) {
            self.flag = flag
            self.environment = environment
            self.from = from
            self.to = to
        }

        public static func == (a: Move, b: Move) -> Bool {
            a.flag == b.flag && a.environment == b.environment && a.from == b.from && a.to == b.to
        }
    }

    /// How these settings become `other`, flag by flag: the positions, in order, of
    /// the flags whose values differ (a base value or an override set, removed or
    /// changed), and for every other flag each setting that only moved in the file.
    /// `nil` when a list names a flag twice, or the two have other files or
    /// environments, so that every flag must be looked at.
    public func changes(to other: IndexedSettings, flags flagCount: Int) -> (changed: [Int], moved: [Move])? {
        guard file == other.file, overrides.count == other.overrides.count else { return nil }
        var changed = [Bool](repeating: false, count: flagCount)
        // Each flag's entry in the table before, by position; -1 for none.
        var earlier = [Int32](repeating: -1, count: flagCount)
        var seen = [Bool](repeating: false, count: flagCount)
        var moved: [Move] = []
        for table in 0...overrides.count {
            let (before, after) = table == 0 ? (base, other.base) : (overrides[table - 1], other.overrides[table - 1])
            for (position, entry) in before.enumerated() {
                guard entry.flag < flagCount, earlier[entry.flag] < 0 else { return nil }
                earlier[entry.flag] = Int32(position)
            }
            for entry in after {
                guard entry.flag < flagCount, !seen[entry.flag] else { return nil }
                seen[entry.flag] = true
                let position = Int(earlier[entry.flag])
                guard position >= 0, before[position].value == entry.value else {
                    changed[entry.flag] = true
                    continue
                }
                let (line, column) = (before[position].line, before[position].column)
                if line != entry.line || column != entry.column {
                    moved.append(Move(flag: entry.flag, environment: table == 0 ? nil : table - 1, from: (line, column), to: (entry.line, entry.column)))
                }
            }
            for entry in before where !seen[entry.flag] { changed[entry.flag] = true }
            for entry in before { earlier[entry.flag] = -1 }
            for entry in after { seen[entry.flag] = false }
        }
        return (changed.indices.filter { changed[$0] }, moved.filter { !changed[$0.flag] })
    }

    /// Calls `body` with each entry, the base values first, then each environment's
    /// overrides, in order. The entries are read where they are: a loop over the
    /// arrays copied each one, value and all, which cost more than the body.
    public func forEachEntry(_ body: (borrowing Entry) -> Void) {
        for entries in CollectionOfOne(base).lazy + overrides {
            entries.withUnsafeBufferPointer { entries in
                for index in entries.indices { body(entries[index]) }
            }
        }
    }

    /// For each flag position, the positions of the environments where the tenant
    /// gives it no value (no base value and no override there), so it falls back.
    /// Worked out in one flat table: most flags are set everywhere (a base value
    /// sets a flag in all of them at once), and their empty lists cost no allocation.
    public func unsetEnvironments(flagCount: Int) -> [[Int]] {
        let count = overrides.count
        var isSet = [Bool](repeating: false, count: flagCount * count)
        var hasBase = [Bool](repeating: false, count: flagCount)
        base.withUnsafeBufferPointer { base in
            for index in base.indices { hasBase[base[index].flag] = true }
        }
        for (environment, entries) in overrides.enumerated() {
            entries.withUnsafeBufferPointer { entries in
                for index in entries.indices { isSet[entries[index].flag * count + environment] = true }
            }
        }
        return (0..<flagCount).map { flag in
            hasBase[flag] ? [] : (0..<count).filter { !isSet[flag * count + $0] }
        }
    }

    /// One object's settings by flag position. A static function with borrowed
    /// arguments, so the threads that index tenants at once do not fight over the
    /// reference counts of the keys they share. A table read against a copy of
    /// `keys` already knows each setting's position, and when it holds only flags
    /// `keys` declares, its entries are taken as they are, without a copy.
    private static func entries(
        _ table: SettingTable, environment: String?, keys: FlagKeys,
        unknown: inout [(key: String, environment: String?, setting: Tenant.Setting)]
    ) -> [Entry] {
        if keys.repeatedFlags.isEmpty, table.isAllFlags(of: keys) { return table.entries }
        var entries: [Entry] = []
        entries.reserveCapacity(table.count)
        for (index, flag) in table.flagPositions(in: keys).enumerated() {
            if flag >= 0 {
                entries.append(table.entries[index].of(flag: Int(flag)))
            } else {
                unknown.append((table.key(at: index), environment, table.setting(at: index)))
            }
        }
        for (position, first) in keys.repeatedFlags {
            for entry in entries where entry.flag == first { entries.append(entry.of(flag: position)) }
        }
        return entries
    }

    /// Where an entry's value is written.
    public func location(of entry: Entry) -> SourceLocation {
        SourceLocation(file: file, line: Int(entry.line), column: Int(entry.column))
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
    /// Whether the layer deciding now shows the value it hides, and its position in the chain.
    var showsHiddenValue = false, layerIndex: UInt8 = 0
    /// Each flag's cell so far, by position; `open` until a layer decides it. A cell
    /// with details is resolved again through the whole chain by the matrix.
    private(set) var cells: [ResolvedMatrix.PackedCell]
    /// The column's values and files.
    let interner: Interner
    /// The tenant's file in `interner`.
    private let tenantFile: UInt32
    /// The positions of the flags the column resolves: all, or some again.
    public let positions: Positions

    /// The positions of the flags a column resolves, in order, without making an
    /// array of every position when it resolves them all.
    public struct Positions: Sequence {
        let only: [Int]?, count: Int

        public func makeIterator() -> Iterator { Iterator(only: only, count: count) }

        public struct Iterator: IteratorProtocol {
            let only: [Int]?, count: Int
            var step = 0

            public mutating func next() -> Int? {
                defer { step += 1 }
                if let only { return step < only.count ? only[step] : nil }
                return step < count ? step : nil
            }
        }
    }

    static let open = ResolvedMatrix.PackedCell(value: 0, file: 0, line: 0, column: 0, layer: .max, hasDetails: false)
    /// A cell no layer may decide: resolving some of a tenant's flags again leaves
    /// the others' cells as they are, so their columns here are never read.
    static let skipped = ResolvedMatrix.PackedCell(
        value: 0, file: ResolvedMatrix.PackedCell.nowhere, line: 0, column: 0, layer: .max - 1, hasDetails: false)

    /// A column to resolve; only the flags at the positions `only` names, when it names some.
    init(
        flags: [Flag], types: [FlagType], tenant: Tenant, settings: IndexedSettings, environment: String, environmentIndex: Int,
        interner: Interner, only: [Int]? = nil
    ) {
        self.flags = flags
        self.types = types
        self.tenant = tenant
        self.settings = settings
        self.environment = environment
        self.environmentIndex = environmentIndex
        self.interner = interner
        tenantFile = interner.id(ofFile: settings.file)
        positions = Positions(only: only, count: flags.count)
        if let only {
            cells = Array(repeating: Self.skipped, count: flags.count)
            for flag in only { cells[flag] = Self.open }
        } else {
            cells = Array(repeating: Self.open, count: flags.count)
        }
    }

    /// Whether no layer has decided the flag at a position yet.
    public func isOpen(_ flag: Int) -> Bool { cells[flag].layer == .max }

    /// Decides an open cell with a fixed value; does nothing when it is decided.
    /// Only for a layer whose opinions carry no reason and hide nothing.
    public mutating func decide(_ flag: Int, value: FlagValue, at location: SourceLocation?) {
        guard isOpen(flag) else { return }
        cells[flag] = interner.pack(value, location, layer: layerIndex)
        cells[flag].hasDetails = showsHiddenValue
    }

    /// Decides the open cells of a tenant's settings, in order; does nothing for a
    /// decided one. Only for a layer whose opinions carry no reason and hide
    /// nothing. The entries are read where they are: a loop over the array copied
    /// each one, value and all, which cost more than deciding its cell.
    public mutating func decide(_ entries: [IndexedSettings.Entry]) {
        entries.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let entry = entries.baseAddress! + index
                guard isOpen(entry.pointee.flag) else { continue }
                cells[entry.pointee.flag] = ResolvedMatrix.PackedCell(
                    value: interner.id(of: entry.pointee.value), file: tenantFile, line: UInt32(clamping: entry.pointee.line),
                    column: UInt32(clamping: entry.pointee.column), layer: layerIndex, hasDetails: showsHiddenValue)
            }
        }
    }

    /// Decides an open cell with any opinion; does nothing when it is decided.
    public mutating func decide(_ flag: Int, with opinion: Opinion) {
        guard isOpen(flag) else { return }
        cells[flag] = interner.pack(opinion.value ?? types[flag].fallbackValue, opinion.location, layer: layerIndex)
        cells[flag].hasDetails = opinion.value == nil || opinion.reason != nil || !opinion.variants.isEmpty || showsHiddenValue
    }
}
