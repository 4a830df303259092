/// The tenant's bundled override for one environment: `overrides.<environment>` in its defaults file.
public struct EnvironmentOverrideLayer: ResolutionLayer {
    /// The kind: in a workspace with tenant files.
    public static let kind = LayerKind(id: "override", requirement: .tenantFiles) { $0.isSingleApp ? [] : [EnvironmentOverrideLayer()] }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "◆", code: "o", legend: "set for this environment only",
        explanation: "A tenant's value for one environment only, which beats its base value there.", phrase: "an override")

    /// Creates the layer.
    public init() {}

    public var layer: LayerDescription { Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        tenant.overrides[environment]?[flag.key].map { Opinion(value: $0.value, location: $0.location) }
    }

    public func decide(_ column: inout MatrixColumn) {
        column.decide(column.settings.overrides[column.environmentIndex])
    }
}
