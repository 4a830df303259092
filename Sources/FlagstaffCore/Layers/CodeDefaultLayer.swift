/// The default the app's code declares (a `switch` arm over the flag, a registry
/// entry, a `defaultValue:` argument), asked after the tenant's bundled values
/// and before the fallback. A value the code works out when it runs is shown as
/// decided in code; `#if` arms the configuration does not settle show each value.
public struct CodeDefaultLayer: ResolutionLayer {
    /// The kind: in the standard chain when the declarations give some flag a default.
    public static let kind = LayerKind(id: "code", isInStandardChain: { model in model.flags.contains { $0.codeDefault != nil } }) { _ in
        [CodeDefaultLayer()]
    }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "‹›", code: "c", legend: "the default written in the app's code", canBeWorkedOutWhenRunning: true)

    /// Creates the layer.
    public init() {}

    public var layer: LayerDescription { Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        flag.codeDefault?.outcomes[environment].flatMap(Self.opinion)
    }

    /// The opinion an outcome gives.
    static func opinion(_ outcome: CodeDefault.Outcome) -> Opinion? {
        switch outcome {
        case .value(let value, let location):
            return Opinion(value: value, location: location)
        case .decidedInCode(let expression, let location):
            return Opinion(decidedInCode: expression, at: location)
        case .byCondition(let branches):
            guard branches.count > 1 else { return branches.first?.outcome.flatMap(opinion) }
            return Opinion(
                varying: branches.map { branch in
                    Opinion.Variant(
                        condition: branch.words ?? Resolution.otherwise, outcome: variantOutcome(branch.outcome),
                        location: branch.outcome?.location)
                })
        }
    }

    /// What one `#if` arm gives, as a variant's outcome.
    private static func variantOutcome(_ outcome: CodeDefault.Outcome?) -> Opinion.Variant.Outcome {
        switch outcome {
        case .value(let value, _)?: .value(value)
        case nil: .noOpinion
        case .decidedInCode?, .byCondition?: .decidedInCode
        }
    }
}
