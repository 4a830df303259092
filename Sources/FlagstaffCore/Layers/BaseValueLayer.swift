/// The tenant's bundled base value: a top-level key of its defaults file, for every environment.
public struct BaseValueLayer: ResolutionLayer {
    /// The kind: in a workspace with tenant files.
    public static let kind = LayerKind(id: "base", requirement: .tenantFiles) { $0.isSingleApp ? [] : [BaseValueLayer()] }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "", code: "b", legend: "the tenant's value for every environment", name: "base value",
        explanation: "A tenant's own value for every environment, unless an override says otherwise. A value with no mark is a base value.",
        phrase: "its base value")

    /// Creates the layer.
    public init() {}

    public var layer: LayerDescription { Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        tenant.base[flag.key].map { Opinion(value: $0.value, location: $0.location) }
    }

    public func decide(_ column: inout MatrixColumn) {
        column.decide(column.settings.base)
    }
}
