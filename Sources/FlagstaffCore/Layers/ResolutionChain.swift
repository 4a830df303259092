/// The layers the app asks, in order; the first with an opinion decides.
public struct ResolutionChain: Sendable {
    /// The layers, first asked first. The last one always has an opinion.
    public let layers: [any ResolutionLayer]

    /// A chain of layers. Precondition: the last layer always has an opinion (the fallback).
    public init(_ layers: [any ResolutionLayer]) {
        precondition(layers.last is FallbackLayer, "a resolution chain ends with the fallback")
        self.layers = layers
    }

    /// The chain a build can know from the bundle: debug override (never known
    /// here), environment override, base value, fallback.
    public static let bundled = ResolutionChain([
        DebugOverrideLayer(), EnvironmentOverrideLayer(), BaseValueLayer(), FallbackLayer(),
    ])

    /// The ids of the layers every workspace can name in `chain`, beside its own
    /// value files and external sources.
    public static let builtInLayerIDs = ["debug", "remote", "override", "base", "code", "fallback"]

    /// The app's chain for a model. When the model's `layerSources` give an
    /// order, the layers in that order, ending with the fallback. Otherwise the
    /// bundled chain, with remote config after the debug override when the model
    /// has a Remote Config template (or, as a source Flagstaff cannot see, when
    /// the code names parameters without one), external sources between the two, value
    /// files after the tenant's values, and the code's defaults before the
    /// fallback when the declarations give any.
    public static func standard(for model: FlagModel) -> ResolutionChain {
        let sources = model.layerSources
        if let order = sources.order { return declared(order, for: model) }
        let hasCodeDefaults = model.flags.contains { $0.codeDefault != nil }
        let unseenRemote = model.unseenRemoteConfig
        let leftOut = leftOutLayers(for: model)
        guard model.remoteConfig != nil || unseenRemote != nil || hasCodeDefaults || model.isSingleApp || !sources.isEmpty || !leftOut.isEmpty
        else { return .bundled }
        var layers: [any ResolutionLayer] = leftOut + [DebugOverrideLayer()]
        layers += sources.external.enumerated().map { ExternalLayer($1, number: $0 + 1) as any ResolutionLayer }
        if let remote = model.remoteConfig { layers.append(RemoteConfigLayer(remote, model: model)) }
        if let unseenRemote { layers.append(ExternalLayer(unseenRemote, number: sources.external.count + 1)) }
        // A single app has no tenant files to override or set values in.
        if !model.isSingleApp { layers += [EnvironmentOverrideLayer(), BaseValueLayer()] }
        layers += sources.values.enumerated().map { ValueFileLayer($1, number: $0 + 1, environments: model.environments) as any ResolutionLayer }
        if hasCodeDefaults { layers.append(CodeDefaultLayer()) }
        return ResolutionChain(layers + [FallbackLayer(singleApp: model.isSingleApp)])
    }

    /// The chain in a declared order of layer ids. An id that names no layer the
    /// model has (the configuration reports those) is left out; the fallback
    /// ends the chain whether it is named or not.
    private static func declared(_ order: [String], for model: FlagModel) -> ResolutionChain {
        let sources = model.layerSources
        var layers = leftOutLayers(for: model)
        for id in order {
            switch id {
            case "debug": layers.append(DebugOverrideLayer())
            case "remote":
                if let remote = model.remoteConfig { layers.append(RemoteConfigLayer(remote, model: model)) }
                if let unseen = model.unseenRemoteConfig { layers.append(ExternalLayer(unseen, number: sources.external.count + 1)) }
            case "override": if !model.isSingleApp { layers.append(EnvironmentOverrideLayer()) }
            case "base": if !model.isSingleApp { layers.append(BaseValueLayer()) }
            case "code": layers.append(CodeDefaultLayer())
            case "fallback": continue
            default:
                if let index = sources.values.firstIndex(where: { $0.id == id }) {
                    layers.append(ValueFileLayer(sources.values[index], number: index + 1, environments: model.environments))
                } else if let index = sources.external.firstIndex(where: { $0.id == id }) {
                    layers.append(ExternalLayer(sources.external[index], number: index + 1))
                }
            }
        }
        return ResolutionChain(layers + [FallbackLayer(singleApp: model.isSingleApp)])
    }

    /// The layer that says a build leaves a flag out, first whatever the order,
    /// when some flag's `#if` leaves it out of some environment's build.
    private static func leftOutLayers(for model: FlagModel) -> [any ResolutionLayer] {
        model.flags.contains { !$0.absentIn.isEmpty } ? [NotInBuildLayer()] : []
    }

    /// The layer descriptions, in order.
    public var descriptions: [Layer] { layers.map(\.layer) }

    /// The layers a build can decide a cell with, for legends.
    public var shownLayers: [Layer] { descriptions.filter(\.isKnownAtBuildTime) }

    /// The legend of every view: each shown layer's mark, name and meaning, then
    /// the mark of a varying cell when a layer can vary or give a value the app works out when it runs.
    /// `label` is the layer's id, `name` its name in the site's words.
    public var legend: [(mark: String, label: String, name: String, text: String)] { legend(escapingNames: { $0 }) }

    /// The legend with each name the configuration gives passed through `escape`
    /// (`Layer.legend(escapingNames:)`), for a format with markup.
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
    public func explain(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> [(layer: Layer, opinion: Opinion?, trace: LayerTrace?)] {
        layers.map {
            (
                $0.layer, $0.opinion(on: flag, type: type, tenant: tenant, environment: environment),
                $0.trace(of: flag, type: type, tenant: tenant, environment: environment)
            )
        }
    }
}
