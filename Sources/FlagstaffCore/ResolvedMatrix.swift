/// Every flag resolved for every tenant in every environment.
public struct ResolvedMatrix: Sendable {
    /// The model the matrix was resolved from.
    public let model: FlagModel
    /// Each flag's type, by key.
    public let types: [String: FlagType]
    private let cells: [String: [String: [String: Resolution]]]

    /// Resolves every cell of a model.
    public init(model: FlagModel) {
        self.model = model
        let types = FlagTypeInference.types(of: model)
        self.types = types
        var cells: [String: [String: [String: Resolution]]] = [:]
        for flag in model.flags {
            let type = types[flag.key] ?? .bool
            for tenant in model.tenants {
                for environment in model.environments {
                    cells[flag.key, default: [:]][tenant.id, default: [:]][environment] =
                        tenant.resolve(flag.key, in: environment, type: type)
                }
            }
        }
        self.cells = cells
    }

    /// The type of a flag.
    public func type(of flag: Flag) -> FlagType { types[flag.key] ?? .bool }

    /// The resolution of one cell. Precondition: the flag, tenant and environment belong to the model.
    public func resolution(_ flag: Flag, _ tenant: Tenant, _ environment: String) -> Resolution {
        guard let resolution = cells[flag.key]?[tenant.id]?[environment] else {
            preconditionFailure("\(flag.key) × \(tenant.id) × \(environment) is not part of the matrix")
        }
        return resolution
    }

    /// The resolution of one cell by key, tenant id and environment; `nil` when any is unknown.
    public func resolution(key: String, tenant: String, environment: String) -> Resolution? {
        cells[key]?[tenant]?[environment]
    }

    /// Whether the flag's value differs between tenants in an environment.
    public func differsBetweenTenants(_ flag: Flag, in environment: String) -> Bool {
        Set(model.tenants.map { resolution(flag, $0, environment).value }).count > 1
    }

    /// Every value the flag takes across all tenants and environments.
    public func values(of flag: Flag) -> Set<FlagValue> {
        Set(model.tenants.flatMap { tenant in model.environments.map { resolution(flag, tenant, $0).value } })
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
