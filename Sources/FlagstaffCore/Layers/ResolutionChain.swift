/// The layers the app asks, in order; the first with an opinion decides.
public struct ResolutionChain: Sendable {
    /// The layers, first asked first. The last one always has an opinion.
    public let layers: [any ResolutionLayer]

    /// A chain of layers. Precondition: the last layer always has an opinion (the fallback).
    public init(_ layers: [any ResolutionLayer]) {
        precondition(layers.last is FallbackLayer, "a resolution chain ends with the fallback")
        self.layers = layers
    }

    /// The app's chain for a model, made of the layers of each `kinds` (by default
    /// the registered ones) the model has. When the model's `layerSources` give an
    /// order, the layers in that order; otherwise in the kinds' order, leaving out
    /// a kind not in the standard chain for the model. A kind placed first or
    /// last is there either way: the layer of a build that leaves a flag out
    /// first, the fallback last. An id that names no layer the model has (the
    /// configuration reports those) is left out.
    public static func standard(for model: FlagModel, kinds: [LayerKind] = LayerKind.registered) -> ResolutionChain {
        let pinned = { (place: LayerKind.Place) in kinds.filter { $0.place == place }.flatMap { $0.layers(model) } }
        guard let order = model.layerSources.order else {
            return ResolutionChain(kinds.filter { $0.isInStandardChain(model) }.flatMap { $0.layers(model) })
        }
        let configured = kinds.filter { $0.place == .configured }.flatMap { $0.layers(model) }
        let named = order.flatMap { id in
            kinds.first { $0.place == .named && $0.id == id }?.layers(model) ?? configured.first { $0.layer.id == id }.map { [$0] } ?? []
        }
        return ResolutionChain(pinned(.first) + named + pinned(.last))
    }

    /// The layer descriptions, in order.
    public var descriptions: [LayerDescription] { layers.map(\.layer) }

    /// The layers a build can decide a cell with, for legends.
    public var shownLayers: [LayerDescription] { descriptions.filter(\.isKnownAtBuildTime) }

    /// The legend of every view: each shown layer's mark, name and meaning, then
    /// the mark of a varying cell when a layer can vary or give a value the app works out when it runs.
    /// `label` is the layer's id, `name` its name in the site's words.
    public var legend: [(mark: String, label: String, name: String, text: String)] { legend(escapingNames: { $0 }) }

    /// The legend with each name the configuration gives passed through `escape`
    /// (`LayerDescription.legend(escapingNames:)`), for a format with markup.
    public func legend(escapingNames escape: (String) -> String) -> [(mark: String, label: String, name: String, text: String)] {
        // A source Flagstaff cannot see decides no value, so it has no mark: its cells say "may be changed by …".
        shownLayers.map { ($0.mark.isEmpty ? $0.changeNote.map(escape) ?? "" : $0.mark, $0.id, $0.name, $0.legend(escapingNames: escape)) }
            + (shownLayers.contains { $0.canVary || $0.canBeWorkedOutWhenRunning } ? [(CellPresentation.varyingMark, "varies", "varies", CellPresentation.varyingLegend)] : [])
    }

    /// Resolves one cell: the first opinion wins. A varying opinion lists each
    /// possible value, those where the layer has no opinion taken from the layers below.
    public func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Resolution {
        resolve(flag, type: type, tenant: tenant, environment: environment, from: 0, skipping: [])
    }

    /// A cell's resolution with the layers at the positions `skipped` asked for no
    /// opinion: what the layers below external sources give, which `ResolvedMatrix`
    /// stores and puts the sources' cases above when asked.
    public func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String, skipping skipped: Set<Int>) -> Resolution {
        resolve(flag, type: type, tenant: tenant, environment: environment, from: 0, skipping: skipped)
    }

    private func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String, from start: Int, skipping skipped: Set<Int>) -> Resolution {
        for index in start..<layers.count where !skipped.contains(index) {
            let layer = layers[index]
            guard let opinion = layer.opinion(on: flag, type: type, tenant: tenant, environment: environment) else { continue }
            let below = { self.resolve(flag, type: type, tenant: tenant, environment: environment, from: index + 1, skipping: skipped) }
            if !opinion.variants.isEmpty {
                let fallThrough = below()
                let variants = opinion.variants.flatMap { variant -> [Resolution.Variant] in
                    switch variant.outcome {
                    case .value(let value):
                        [Resolution.Variant(condition: variant.condition, value: value, layer: layer.layer, location: variant.location)]
                    case .unknown:
                        [Resolution.Variant(condition: variant.condition, value: nil, layer: layer.layer, location: variant.location)]
                    case .decidedInCode:
                        [
                            Resolution.Variant(
                                condition: variant.condition, value: nil, layer: layer.layer, location: variant.location, isDecidedInCode: true)
                        ]
                    case .noOpinion:
                        Self.passedOn(fallThrough, when: variant.condition)
                    }
                }
                let last = variants[variants.count - 1]
                return Resolution(
                    value: last.value ?? fallThrough.value, layer: layer.layer, location: last.location, variants: variants,
                    hidden: layer.layer.showsHiddenValue ? hidden(fallThrough) : nil)
            }
            guard let value = opinion.value else { continue }
            return Resolution(
                value: value, layer: layer.layer, location: opinion.location, reason: opinion.reason,
                hidden: layer.layer.showsHiddenValue ? hidden(below()) : nil)
        }
        preconditionFailure("the fallback layer always has an opinion")
    }

    /// What the layers below give when a varying layer has no opinion under
    /// `condition`: their value, or, when they vary too, each of their cases, so
    /// that no case below is lost (a Remote Config rollout under a source Flagstaff
    /// cannot see). Under "otherwise" their cases keep their own conditions.
    static func passedOn(_ below: Resolution, when condition: String) -> [Resolution.Variant] {
        guard below.isVarying else {
            return [Resolution.Variant(condition: condition, value: below.value, layer: below.layer, location: below.location)]
        }
        return below.variants.map { variant in
            var variant = variant
            if condition != Resolution.otherwise { variant.condition = "\(condition), then \(variant.condition)" }
            return variant
        }
    }

    private func hidden(_ resolution: Resolution) -> Resolution.Hidden {
        Resolution.Hidden(value: resolution.value, layer: resolution.layer, location: resolution.location)
    }

    /// Every layer's answer for one cell, top to bottom, with what it looked at, for explaining a value.
    public func explain(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> [(layer: LayerDescription, opinion: Opinion?, trace: LayerTrace?)] {
        layers.map {
            (
                $0.layer, $0.opinion(on: flag, type: type, tenant: tenant, environment: environment),
                $0.trace(of: flag, type: type, tenant: tenant, environment: environment)
            )
        }
    }
}
