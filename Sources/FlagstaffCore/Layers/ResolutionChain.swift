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

    /// The layer descriptions, in order.
    public var descriptions: [Layer] { layers.map(\.layer) }

    /// The layers a build can decide a cell with, for legends.
    public var shownLayers: [Layer] { descriptions.filter(\.isKnownAtBuildTime) }

    /// Resolves one cell: the first opinion wins.
    public func resolve(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Resolution {
        for layer in layers {
            if let opinion = layer.opinion(on: flag, type: type, tenant: tenant, environment: environment) {
                return Resolution(value: opinion.value, layer: layer.layer, location: opinion.location)
            }
        }
        preconditionFailure("the fallback layer always has an opinion")
    }

    /// Every layer's answer for one cell, top to bottom, for explaining a value.
    public func explain(_ flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> [(layer: Layer, opinion: Opinion?)] {
        layers.map { ($0.layer, $0.opinion(on: flag, type: type, tenant: tenant, environment: environment)) }
    }
}

/// The value a flag has for one tenant in one environment, and the layer that decided it.
public struct Resolution: Hashable, Sendable {
    /// The resolved value.
    public var value: FlagValue
    /// The layer that decided it.
    public var layer: Layer
    /// Where the deciding value is written; `nil` for the fallback.
    public var location: SourceLocation?

    /// Creates a resolution.
    public init(value: FlagValue, layer: Layer, location: SourceLocation?) {
        self.value = value
        self.layer = layer
        self.location = location
    }
}
