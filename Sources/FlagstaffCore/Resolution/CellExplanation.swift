/// The whole chain for one cell, top to bottom: what each layer answered, what
/// it looked at, and which layer decided. What `flagstaff explain` prints.
public struct CellExplanation: Sendable {
    /// One layer's part.
    public struct Step: Sendable {
        /// The layer.
        public var layer: LayerDescription
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
