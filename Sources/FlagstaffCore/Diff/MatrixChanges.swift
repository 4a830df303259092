/// What differs between two resolved matrices, cell by cell: the values the app
/// gets and the layers that decide them, flags and tenants that come and go or
/// are renamed, and environments. `WorkspaceDiff` reports it for a pull request;
/// `flagstaff history` for each commit.
///
/// Pure: it reads both matrices by position and returns values.
public struct MatrixChanges: Sendable {
    /// One cell whose value or deciding layer differs.
    public struct Cell: Hashable, Sendable, Codable {
        /// The flag key on the head side (a renamed flag has another on the base side).
        public var flag: String
        /// The environment.
        public var environment: String
        /// The tenant id on the head side.
        public var tenant: String
        /// The value before and after, as `CellPresentation.word` writes them.
        public var old: String, new: String
        /// The ids of the deciding layer before and after.
        public var oldLayer: String, newLayer: String
        /// What changes in the cases a cell with the same value word varies by, in
        /// words (`VariantChange`): "share raised from 10% to 50%"; `nil` when they do not.
        public var detail: String?

        /// Creates a cell change.
        public init(
            flag: String, environment: String, tenant: String, old: String, new: String, oldLayer: String, newLayer: String, detail: String? = nil
        ) {
            self.flag = flag
            self.environment = environment
            self.tenant = tenant
            self.old = old
            self.new = new
            self.oldLayer = oldLayer
            self.newLayer = newLayer
            self.detail = detail
        }

        /// Whether the value the app gets changes, not only the layer that decides it:
        /// its word, or the cases it varies by.
        public var changesValue: Bool { old != new || detail != nil }
    }

    /// The values of a flag that is added or removed, on the side that has it.
    public struct FlagValues: Hashable, Sendable, Codable {
        /// The tenants that share one value in one environment.
        public struct Group: Hashable, Sendable, Codable {
            /// The value, as `CellPresentation.word` writes it.
            public var value: String
            /// The tenant ids, in id order.
            public var tenants: [String]
        }

        /// The groups of one environment.
        public struct Environment: Hashable, Sendable, Codable {
            /// The environment.
            public var name: String
            /// The tenants by value, in order of their first tenant.
            public var groups: [Group]
        }

        /// The flag key.
        public var flag: String
        /// Its type.
        public var type: FlagType
        /// Per environment, in the comparison's environment order, the tenants by value.
        public var environments: [Environment]

        /// Creates a flag's values.
        public init(flag: String, type: FlagType, environments: [Environment]) {
            self.flag = flag
            self.type = type
            self.environments = environments
        }
    }

    /// A tenant or flag whose id changes.
    public struct Rename: Hashable, Sendable, Codable {
        /// The base id and the head id.
        public var old: String, new: String

        /// Creates a rename.
        public init(old: String, new: String) {
            self.old = old
            self.new = new
        }
    }

    /// Every cell of the compared flags, tenants and environments whose value or
    /// layer differs: by head flag order, then environment order, then head tenant order.
    public let cells: [Cell]
    /// Flags only the head has, with their head values.
    public let addedFlags: [FlagValues]
    /// Flags only the base has, with their base values.
    public let removedFlags: [FlagValues]
    /// Flags whose key changes while their Swift case stays: renamed, not removed and added.
    public let renamedFlags: [Rename]
    /// The ids of the tenants both sides have, whose cells are compared, in head order.
    public let comparedTenants: [String]
    /// Tenant ids only the head has, or only the base has, renamed tenants aside.
    public let addedTenants: [String], removedTenants: [String]
    /// Tenants whose file moved to another id, with the same settings or as git
    /// says it renamed the file; their cells are compared.
    public let renamedTenants: [Rename]
    /// Environments only the head has, or only the base has.
    public let addedEnvironments: [String], removedEnvironments: [String]

    /// Compares two matrices.
    /// - Parameters:
    ///   - environments: the head environments in the order changes are listed; those the base lacks are not compared.
    ///   - renamedFiles: files git says moved, old path to new path: a tenant whose file moved is renamed, whatever its settings.
    ///   - excluding: tenant ids left out on both sides, as if neither had them (tenants whose values are not known).
    public init(
        base: ResolvedMatrix, head: ResolvedMatrix, environments order: [String], renamedFiles: [String: String] = [:],
        excluding excluded: Set<String> = []
    ) {
        let headEnvironments = head.model.environments, baseEnvironments = base.model.environments
        addedEnvironments = headEnvironments.filter { !baseEnvironments.contains($0) }
        removedEnvironments = baseEnvironments.filter { !headEnvironments.contains($0) }

        var added = head.model.tenants.filter { base.model.tenant($0.id) == nil && !excluded.contains($0.id) }
        var removed: [Tenant] = []
        var renames: [Rename] = []
        for tenant in base.model.tenants where head.model.tenant(tenant.id) == nil && !excluded.contains(tenant.id) {
            let moved = renamedFiles[tenant.file]
            if let index = added.firstIndex(where: { $0.file == moved }) ?? added.firstIndex(where: { $0.hasSameSettings(as: tenant) }) {
                renames.append(Rename(old: tenant.id, new: added.remove(at: index).id))
            } else {
                removed.append(tenant)
            }
        }
        addedTenants = added.map(\.id)
        removedTenants = removed.map(\.id)
        renamedTenants = renames
        // Each head tenant compared, with its position on both sides.
        let tenants = head.model.tenants.enumerated().compactMap { position, tenant -> TenantPair? in
            guard !excluded.contains(tenant.id) else { return nil }
            let baseID = base.model.tenant(tenant.id) != nil ? tenant.id : renames.first { $0.new == tenant.id }?.old
            return baseID.map { TenantPair(id: tenant.id, base: base.model.tenantIndex($0)!, head: position) }
        }
        comparedTenants = tenants.map(\.id)
        let commonEnvironments = order.filter(baseEnvironments.contains)

        var flagRenames: [Rename] = []
        var addedKeys = head.model.flags.filter { base.model.flag($0.key) == nil }
        var removedKeys = base.model.flags.filter { head.model.flag($0.key) == nil }
        for flag in removedKeys {
            guard let index = addedKeys.firstIndex(where: { $0.caseName == flag.caseName }) else { continue }
            flagRenames.append(Rename(old: flag.key, new: addedKeys.remove(at: index).key))
        }
        removedKeys.removeAll { flag in flagRenames.contains { $0.old == flag.key } }
        renamedFlags = flagRenames
        let flags = head.model.flags.enumerated().compactMap { position, flag -> FlagPair? in
            let baseKey = base.model.flag(flag.key) != nil ? flag.key : flagRenames.first { $0.new == flag.key }?.old
            return baseKey.map { FlagPair(key: flag.key, base: base.model.flagIndex($0)!, head: position) }
        }
        cells = Self.cells(base: base, head: head, flags: flags, tenants: tenants, environments: commonEnvironments)
        addedFlags = addedKeys.map { Self.values(of: $0, in: head, order: order) }
        removedFlags = removedKeys.map {
            Self.values(of: $0, in: base, order: commonEnvironments + baseEnvironments.reversed().filter { !order.contains($0) })
        }
    }

    /// A flag both sides have: its head key and its positions.
    public struct FlagPair: Sendable {
        /// The head key.
        public var key: String
        /// The positions in the base and head models.
        public var base: Int, head: Int

        /// Creates a pair.
        public init(key: String, base: Int, head: Int) {
            self.key = key
            self.base = base
            self.head = head
        }
    }

    /// A tenant both sides have: its head id and its positions.
    public struct TenantPair: Sendable {
        /// The head id.
        public var id: String
        /// The positions in the base and head models.
        public var base: Int, head: Int

        /// Creates a pair.
        public init(id: String, base: Int, head: Int) {
            self.id = id
            self.base = base
            self.head = head
        }
    }

    /// The cells of the given flags, tenants and environments whose value or layer
    /// differs, in flag, environment, then tenant order: read by position, since at
    /// thousands of flags and hundreds of tenants this loop is most of the work.
    public static func cells(
        base: ResolvedMatrix, head: ResolvedMatrix, flags: [FlagPair], tenants: [TenantPair], environments: [String]
    ) -> [Cell] {
        let environmentPositions = environments.compactMap { name -> (name: String, base: Int, head: Int)? in
            guard let b = base.model.environments.firstIndex(of: name), let h = head.model.environments.firstIndex(of: name) else { return nil }
            return (name, b, h)
        }
        // Which head values and layers are the base's, by position, so most cells are
        // compared as numbers, read straight from both matrices' storage.
        var baseValueIDs: [FlagValue: Int] = [:]
        for (id, value) in base.values.enumerated() where baseValueIDs[value] == nil { baseValueIDs[value] = id }
        let headValues = head.values.map { baseValueIDs[$0] ?? -1 }
        let headLayers = head.layers.map { layer in base.layers.firstIndex { $0.id == layer.id } ?? -1 }
        let (baseFlags, baseTenants, headFlags, headTenants) = (base.model.flags.count, base.model.tenants.count, head.model.flags.count, head.model.tenants.count)
        // Large comparisons (a whole read in history, a diff of thousands of flags)
        // are split by flag over every core, and the parts joined in order.
        let cellsPerFlag = max(1, tenants.count * environmentPositions.count)
        let parts = flags.count * cellsPerFlag >= Self.cellsComparedAtOnce ? min(flags.count, Self.parts) : 1
        let chunks = Parallel.map(parts) { part -> [Cell] in
            let range = (flags.count * part / parts)..<(flags.count * (part + 1) / parts)
            var cells: [Cell] = []
            base.cells.withUnsafeBufferPointer { baseCells in
                head.cells.withUnsafeBufferPointer { headCells in
                    for flag in flags[range] {
                        for environment in environmentPositions {
                            for tenant in tenants {
                                let oldCell = baseCells[
                                    ResolvedMatrix.index(flag: flag.base, tenant: tenant.base, environment: environment.base, flags: baseFlags, tenants: baseTenants)]
                                let newCell = headCells[
                                    ResolvedMatrix.index(flag: flag.head, tenant: tenant.head, environment: environment.head, flags: headFlags, tenants: headTenants)]
                                // Equal values and layers without details look the same: most cells stop here.
                                if !oldCell.hasDetails && !newCell.hasDetails && headLayers[Int(newCell.layer)] == Int(oldCell.layer)
                                    && headValues[Int(newCell.value)] == Int(oldCell.value)
                                {
                                    continue
                                }
                                let before = base.presentation(flag: flag.base, tenant: tenant.base, environment: environment.base).word
                                let after = head.presentation(flag: flag.head, tenant: tenant.head, environment: environment.head).word
                                let (oldLayer, newLayer) = (base.layers[Int(oldCell.layer)], head.layers[Int(newCell.layer)])
                                var detail: String?
                                if before == after && oldLayer == newLayer && (oldCell.hasDetails || newCell.hasDetails) {
                                    detail = VariantChange.sentence(
                                        old: base.resolution(flag: flag.base, tenant: tenant.base, environment: environment.base),
                                        new: head.resolution(flag: flag.head, tenant: tenant.head, environment: environment.head))
                                }
                                if let cell = change(
                                    flag: flag.key, environment: environment.name, tenant: tenant.id, old: (before, oldLayer), new: (after, newLayer),
                                    detail: detail)
                                {
                                    cells.append(cell)
                                }
                            }
                        }
                    }
                }
            }
            return cells
        }
        return parts == 1 ? chunks[0] : Array(chunks.joined())
    }

    /// How many cells a comparison needs before it is split over every core, and in how many parts.
    private static let cellsComparedAtOnce = 20_000, parts = 8

    /// The change of one cell, given its word and deciding layer on each side and
    /// what changes in its cases; `nil` when nothing does.
    static func change(
        flag: String, environment: String, tenant: String, old: (word: String, layer: LayerDescription), new: (word: String, layer: LayerDescription),
        detail: String? = nil
    ) -> Cell? {
        guard old.word != new.word || old.layer != new.layer || detail != nil else { return nil }
        return Cell(
            flag: flag, environment: environment, tenant: tenant, old: old.word, new: new.word, oldLayer: old.layer.id, newLayer: new.layer.id,
            detail: detail)
    }

    /// A flag's values on one side, grouped by value per environment.
    public static func values(of flag: Flag, in matrix: ResolvedMatrix, order: [String]) -> FlagValues {
        FlagValues(
            flag: flag.key, type: matrix.type(of: flag),
            environments: order.compactMap { environment in
                guard let environmentPosition = matrix.model.environments.firstIndex(of: environment) else { return nil }
                var groups: [FlagValues.Group] = []
                let position = matrix.model.flagIndex(flag.key)!
                for (tenantPosition, tenant) in matrix.model.tenants.enumerated() {
                    let word = matrix.presentation(flag: position, tenant: tenantPosition, environment: environmentPosition).word
                    if let index = groups.firstIndex(where: { $0.value == word }) {
                        groups[index].tenants.append(tenant.id)
                    } else {
                        groups.append(FlagValues.Group(value: word, tenants: [tenant.id]))
                    }
                }
                return FlagValues.Environment(name: environment, groups: groups)
            })
    }
}

extension Tenant {
    /// Whether another tenant sets the same values, base and overrides, wherever they are written.
    func hasSameSettings(as other: Tenant) -> Bool {
        base.mapValues(\.value) == other.base.mapValues(\.value)
            && overrides.mapValues { $0.mapValues(\.value) } == other.overrides.mapValues { $0.mapValues(\.value) }
    }
}
