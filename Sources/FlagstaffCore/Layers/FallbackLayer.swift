/// The hard-coded end of the chain: `false`, `0` or `""`. It always has an opinion.
public struct FallbackLayer: ResolutionLayer {
    /// The kind: the end of every chain.
    public static let kind = LayerKind(id: "fallback", place: .last) { [FallbackLayer(singleApp: $0.isSingleApp)] }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "○", code: "f", legend: "the tenant sets nothing, so it is off (or empty)",
        explanation: "The tenant sets nothing for the flag, so the app uses off (0 for a number, an empty text for a text).",
        phrase: "not set", meansUnset: true)
    /// The layer's description in a single app, which has no tenants.
    public static let appLayer = LayerDescription(
        id: kind.id, mark: "○", code: "f", legend: "nothing sets it, so it is off (or empty)",
        explanation: "Nothing sets the flag, so the app uses off (0 for a number, an empty text for a text).", phrase: "not set", meansUnset: true)

    /// Whether the workspace is a single app.
    private let singleApp: Bool

    /// Creates the layer; a single app's is described without tenants.
    public init(singleApp: Bool = false) { self.singleApp = singleApp }

    public var layer: LayerDescription { singleApp ? Self.appLayer : Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        Opinion(value: type.fallbackValue, location: nil)
    }

    public func decide(_ column: inout MatrixColumn) {
        for index in column.positions where column.isOpen(index) { column.decide(index, value: column.types[index].fallbackValue, at: nil) }
    }
}
