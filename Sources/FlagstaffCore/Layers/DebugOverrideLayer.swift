/// The debug menu's override: the top of the chain on a device, unknowable at build time.
public struct DebugOverrideLayer: ResolutionLayer {
    /// The kind: in every chain.
    public static let kind = LayerKind(id: "debug") { _ in [DebugOverrideLayer()] }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "", code: "d", legend: "set in the app's debug menu, on one device only",
        isKnownAtBuildTime: false, isBundled: false, name: "debug override",
        explanation: "A value a developer or tester sets in the debug menu of one test device. It beats everything else, "
            + "but only on that device, so this site never shows it.")

    /// Creates the layer.
    public init() {}

    public var layer: LayerDescription { Self.layer }

    /// Always `nil`: no build can see a device's debug menu.
    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? { nil }

    /// Decides nothing, like `opinion(on:)`.
    public func decide(_ column: inout MatrixColumn) {}
}
