/// The hard-coded end of the chain: `false`, `0` or `""`. It always has an opinion.
public struct FallbackLayer: ResolutionLayer {
    /// The layer's description.
    public static let layer = Layer(
        id: "fallback", mark: "○", code: "f", legend: "the tenant sets nothing, so it is off (or empty)")

    /// Creates the layer.
    public init() {}

    public var layer: Layer { Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        Opinion(value: type.fallbackValue, location: nil)
    }

    public func decide(_ column: inout MatrixColumn) {
        for index in column.types.indices { column.decide(index, value: column.types[index].fallbackValue, at: nil) }
    }
}
