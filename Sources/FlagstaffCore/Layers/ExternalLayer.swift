/// A source Flagstaff cannot see (`external` in `flagstaff.yml`): LaunchDarkly,
/// Optimizely, a team's backend. On the flags it may touch, its answer is
/// unknown, so every view says the value "may be changed by" it and shows what
/// the layers below give otherwise; it never guesses.
public struct ExternalLayer: ResolutionLayer {
    /// The kind: each source `external` declares, in the order listed.
    public static let kind = LayerKind(id: "external", place: .configured) { model in
        model.layerSources.external.enumerated().map { ExternalLayer($1, number: $0 + 1) }
    }
    /// The source.
    public let source: ExternalSource
    public let layer: LayerDescription

    /// Creates the layer of an external source; `number` (from 1) picks its
    /// one-letter code (`x`, `e`, `g`…), so that exports tell the sources apart.
    public init(_ source: ExternalSource, number: Int) {
        self.source = source
        let scope = source.flags.map { $0.count.counted("flag") } ?? "every flag"
        let legend: @Sendable ((String) -> String) -> String = { show in "\(show(source.name)), which Flagstaff cannot see, may change \(scope)" }
        layer = LayerDescription(
            id: source.id, mark: "", code: Self.code(number), legend: legend { $0 }, canVary: true, changeNote: Self.note(source.name), isBundled: false,
            unseenSourceName: source.name, legendNaming: legend)
    }

    /// What a cell under the source says: "may be changed by LaunchDarkly".
    public static func note(_ name: String) -> String { "may be changed by \(name)" }

    /// Decides no cell: `ResolvedMatrix` marks the cells below the layer and works
    /// out their cases when asked, as `opinion(on:)` gives them, so that a source
    /// that may change every flag costs no stored resolution per cell.
    public func decide(_ column: inout MatrixColumn) {}

    /// Its cases are worked out when asked, as `decide` says.
    public var decidesLazily: Bool { true }

    /// On the flags it may touch.
    public func mayChangeUnseen(_ key: String) -> Bool { source.touches(key) }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        guard source.touches(flag.key) else { return nil }
        return Opinion(varying: [
            Opinion.Variant(condition: Self.note(source.name), outcome: .unknown, location: nil),
            Opinion.Variant(condition: Resolution.otherwise, outcome: .noOpinion, location: nil),
        ])
    }

    /// The letters of external sources' codes, in order; a source past them shares the last.
    static let codes = Array("xeghijkayz")

    static func code(_ number: Int) -> String { String(codes[min(max(number, 1), codes.count) - 1]) }
}
