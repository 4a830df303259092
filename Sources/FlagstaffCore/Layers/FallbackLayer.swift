/// The hard-coded end of the chain: `false`, `0` or `""`. It always has an opinion.
public struct FallbackLayer: ResolutionLayer {
    /// The layer's description.
    public static let layer = Layer(
        id: "fallback", mark: "○", code: "f", legend: "the tenant sets nothing, so it is off (or empty)",
        explanation: "The tenant sets nothing for the flag, so the app uses off (0 for a number, an empty text for a text).",
        phrase: "not set")
    /// The layer's description in a single app, which has no tenants.
    public static let appLayer = Layer(
        id: "fallback", mark: "○", code: "f", legend: "nothing sets it, so it is off (or empty)",
        explanation: "Nothing sets the flag, so the app uses off (0 for a number, an empty text for a text).", phrase: "not set")

    /// Whether the workspace is a single app.
    private let singleApp: Bool

    /// Creates the layer; a single app's is described without tenants.
    public init(singleApp: Bool = false) { self.singleApp = singleApp }

    public var layer: Layer { singleApp ? Self.appLayer : Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        Opinion(value: type.fallbackValue, location: nil)
    }

    public func decide(_ column: inout MatrixColumn) {
        for index in column.positions where column.isOpen(index) { column.decide(index, value: column.types[index].fallbackValue, at: nil) }
    }
}
