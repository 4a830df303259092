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

    /// The app's chain for a model: the bundled chain, with remote config after
    /// the debug override when the model has a Remote Config template, and the
    /// code's defaults before the fallback when the declarations give any.
    public static func standard(for model: FlagModel) -> ResolutionChain {
        let hasCodeDefaults = model.flags.contains { $0.codeDefault != nil }
        guard model.remoteConfig != nil || hasCodeDefaults || model.isSingleApp else { return .bundled }
        var layers: [any ResolutionLayer] = [DebugOverrideLayer()]
        if let remote = model.remoteConfig { layers.append(RemoteConfigLayer(remote, model: model)) }
        // A single app has no tenant files to override or set values in.
        if !model.isSingleApp { layers += [EnvironmentOverrideLayer(), BaseValueLayer()] }
        if hasCodeDefaults { layers.append(CodeDefaultLayer()) }
        return ResolutionChain(layers + [FallbackLayer(singleApp: model.isSingleApp)])
    }

    /// The layer descriptions, in order.
    public var descriptions: [Layer] { layers.map(\.layer) }

    /// The layers a build can decide a cell with, for legends.
    public var shownLayers: [Layer] { descriptions.filter(\.isKnownAtBuildTime) }

    /// The legend of every view: each shown layer's mark, name and meaning, then
    /// the mark of a varying cell when a layer can vary.
    public var legend: [(mark: String, label: String, text: String)] {
        shownLayers.map { ($0.mark, $0.id, $0.legend) }
            + (shownLayers.contains(where: \.canVary) ? [(CellPresentation.varyingMark, "varies", CellPresentation.varyingLegend)] : [])
    }

    /// Resolves one cell: the first opinion wins. A varying opinion lists each
    /// possible value, those where the layer has no opinion taken from the layers below.
    public func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Resolution {
        resolve(flag, type: type, tenant: tenant, environment: environment, from: 0)
    }

    private func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String, from start: Int) -> Resolution {
        for index in start..<layers.count {
            let layer = layers[index]
            guard let opinion = layer.opinion(on: flag, type: type, tenant: tenant, environment: environment) else { continue }
            let below = { self.resolve(flag, type: type, tenant: tenant, environment: environment, from: index + 1) }
            if !opinion.variants.isEmpty {
                let fallThrough = below()
                let variants = opinion.variants.map { variant in
                    switch variant.outcome {
                    case .value(let value):
                        Resolution.Variant(condition: variant.condition, value: value, layer: layer.layer, location: variant.location)
                    case .unknown:
                        Resolution.Variant(condition: variant.condition, value: nil, layer: layer.layer, location: variant.location)
                    case .decidedInCode:
                        Resolution.Variant(
                            condition: variant.condition, value: nil, layer: layer.layer, location: variant.location, isDecidedInCode: true)
                    case .noOpinion:
                        Resolution.Variant(
                            condition: variant.condition, value: fallThrough.value, layer: fallThrough.layer, location: fallThrough.location)
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
