/// Every flag resolved for every tenant in every environment.
public struct ResolvedMatrix: Sendable {
    /// The model the matrix was resolved from.
    public let model: FlagModel
    /// The chain the cells were resolved through.
    public let chain: ResolutionChain
    /// Each flag's type, by key.
    public let types: [String: FlagType]
    /// The cells, flag-major, then tenant, then environment, in model order.
    private let cells: [Resolution]

    /// Resolves every cell of a model through a chain: by default the app's chain for the model.
    public init(model: FlagModel, chain: ResolutionChain? = nil) {
        let chain = chain ?? .standard(for: model)
        self.model = model
        self.chain = chain
        let types = FlagTypeInference.types(of: model)
        self.types = types
        var cells: [Resolution] = []
        cells.reserveCapacity(model.flags.count * model.tenants.count * model.environments.count)
        for flag in model.flags {
            let type = types[flag.key] ?? .bool
            for tenant in model.tenants {
                for environment in model.environments {
                    cells.append(chain.resolve(flag, type: type, tenant: tenant, environment: environment))
                }
            }
        }
        self.cells = cells
    }

    /// The type of a flag.
    public func type(of flag: Flag) -> FlagType { types[flag.key] ?? .bool }

    /// The resolution of one cell by the positions of its flag, tenant and
    /// environment in the model. Precondition: each index is in range.
    public func resolution(flag: Int, tenant: Int, environment: Int) -> Resolution {
        cells[(flag * model.tenants.count + tenant) * model.environments.count + environment]
    }

    /// The resolution of one cell. Precondition: the flag, tenant and environment belong to the model.
    public func resolution(_ flag: Flag, _ tenant: Tenant, _ environment: String) -> Resolution {
        guard let cell = resolution(key: flag.key, tenant: tenant.id, environment: environment) else {
            preconditionFailure("\(flag.key) × \(tenant.id) × \(environment) is not part of the matrix")
        }
        return cell
    }

    /// The resolution of one cell by key, tenant id and environment; `nil` when any is unknown.
    public func resolution(key: String, tenant: String, environment: String) -> Resolution? {
        guard let f = model.flagIndex(key), let t = model.tenantIndex(tenant),
            let e = model.environments.firstIndex(of: environment)
        else { return nil }
        return resolution(flag: f, tenant: t, environment: e)
    }

    /// Whether the flag's value differs between tenants in an environment; a
    /// varying cell equals only a cell that varies between the same values.
    public func differsBetweenTenants(_ flag: Flag, in environment: String) -> Bool {
        Set(model.tenants.map { tenant -> [FlagValue?] in
            let cell = resolution(flag, tenant, environment)
            return cell.isVarying ? cell.variants.map(\.value) : [cell.value]
        }).count > 1
    }

    /// Whether a layer that replaces the app's own values changes the flag for
    /// at least one tenant in an environment: a value other than the one the app
    /// ships, or one that varies.
    public func isChanged(_ flag: Flag, by layer: Layer, in environment: String) -> Bool {
        model.tenants.contains { tenant in
            let cell = resolution(flag, tenant, environment)
            return cell.layer == layer && (cell.isVarying || cell.hidden.map { $0.value != cell.value } ?? true)
        }
    }

    /// The flags, in model order, that a layer changes for at least one tenant in an environment.
    public func flags(changedBy layer: Layer, in environment: String) -> [Flag] {
        model.flags.filter { isChanged($0, by: layer, in: environment) }
    }

    /// Every value the flag can take for any tenant in the given environments
    /// (all when `nil`), a varying cell's values included. A cell with a value the
    /// inputs do not hold adds `nil`.
    public func values(of flag: Flag, in environments: [String]? = nil) -> Set<FlagValue?> {
        var values = Set<FlagValue?>()
        for tenant in model.tenants {
            for environment in environments ?? model.environments {
                let cell = resolution(flag, tenant, environment)
                values.formUnion(cell.possibleValues.map(Optional.some))
                if cell.hasUnknownValue { values.insert(nil) }
            }
        }
        return values
    }
}

/// Decides each flag's type from the values tenants give it.
public enum FlagTypeInference {
    /// The type most tenant values have, per flag key; a tie goes to the type seen
    /// first in tenant-id order. Flags no tenant sets are Bool.
    public static func types(of model: FlagModel) -> [String: FlagType] {
        var counts: [String: [FlagType: Int]] = [:]
        var firstSeen: [String: [FlagType]] = [:]
        for tenant in model.tenants {
            for item in tenant.allSettings {
                let type = item.setting.value.type
                counts[item.key, default: [:]][type, default: 0] += 1
                if !(firstSeen[item.key]?.contains(type) ?? false) { firstSeen[item.key, default: []].append(type) }
            }
        }
        var types: [String: FlagType] = [:]
        for flag in model.flags {
            guard let order = firstSeen[flag.key], let tally = counts[flag.key] else {
                types[flag.key] = .bool
                continue
            }
            let best = tally.values.max() ?? 0
            types[flag.key] = order.first { tally[$0] == best }
        }
        return types
    }
}

/// The whole chain for one cell, top to bottom: what each layer answered, what
/// it looked at, and which layer decided. What `flagstaff explain` prints.
public struct CellExplanation: Sendable {
    /// One layer's part.
    public struct Step: Sendable {
        /// The layer.
        public var layer: Layer
        /// Its answer; `nil` for no opinion.
        public var opinion: Opinion?
        /// What it looked at, when it says.
        public var trace: LayerTrace?
        /// Whether this layer decided the cell.
        public var decides: Bool
    }

    /// The flag, tenant and environment.
    public var flag: Flag, tenant: Tenant, environment: String
    /// The flag's type.
    public var type: FlagType
    /// The cell as resolved.
    public var resolution: Resolution
    /// Every layer, first asked first.
    public var steps: [Step]
}

extension ResolvedMatrix {
    /// The chain for one cell. Precondition: the flag, tenant and environment belong to the model.
    public func explain(_ flag: Flag, _ tenant: Tenant, _ environment: String) -> CellExplanation {
        let resolution = resolution(flag, tenant, environment)
        let type = type(of: flag)
        let steps = chain.explain(flag, type: type, tenant: tenant, environment: environment).map { layer, opinion, trace in
            CellExplanation.Step(layer: layer, opinion: opinion, trace: trace, decides: layer == resolution.layer)
        }
        return CellExplanation(flag: flag, tenant: tenant, environment: environment, type: type, resolution: resolution, steps: steps)
    }
}
