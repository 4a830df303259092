/// One kind of layer the app can ask: its id, what a workspace needs to have it,
/// how its layers are made from a model, and where the chain puts them. The
/// chain, the ids `chain` may name and the configuration's checks of those names
/// all derive from `registered`.
///
/// To add a layer, write one file with a type that conforms to `ResolutionLayer`
/// and a `kind`, and register the kind in `registered`, at its place in the
/// standard order.
public struct LayerKind: Sendable {
    /// Where the chain puts a kind's layers, and how `chain` names them.
    public enum Place: Sendable {
        /// First, whatever the order, and never named (a build that leaves a flag out).
        case first
        /// Where `chain` names the kind's one layer by the kind's id, or at the
        /// kind's place in the standard order.
        case named
        /// Where `chain` names each layer by the name the configuration gives it
        /// (value files, external sources), or at the kind's place in the standard order.
        case configured
        /// Last, whether `chain` names it or not (the fallback).
        case last
    }

    /// What a workspace needs to have the kind's layer; `chain` naming it without is an error.
    public enum Requirement: Sendable {
        /// A Remote Config template (`remote_config`).
        case remoteConfig
        /// Tenant files, which a single app has none of.
        case tenantFiles
    }

    /// The kind's id: the name `chain` gives its layer (`remote`, `base`), and the
    /// id of the layer it makes. Unique among the registered kinds.
    public let id: String
    /// Where the chain puts the kind's layers.
    public let place: Place
    /// What a workspace needs to have the layer; `nil` for nothing.
    public let requirement: Requirement?
    /// The kind's layers for a model, first asked first; empty when the model has none.
    public let layers: @Sendable (FlagModel) -> [any ResolutionLayer]
    /// Whether a chain in the standard order has the layers: a kind the model
    /// gives nothing to ask (the code's defaults, without any) is then left out,
    /// but kept where `chain` names it.
    public let isInStandardChain: @Sendable (FlagModel) -> Bool

    /// Creates a kind.
    public init(
        id: String, place: Place = .named, requirement: Requirement? = nil,
        isInStandardChain: @escaping @Sendable (FlagModel) -> Bool = { _ in true },
        layers: @escaping @Sendable (FlagModel) -> [any ResolutionLayer]
    ) {
        self.id = id
        self.place = place
        self.requirement = requirement
        self.isInStandardChain = isInStandardChain
        self.layers = layers
    }

    /// Whether `chain` names the kind's layer by the kind's id.
    public var isNamedByID: Bool { place == .named || place == .last }

    /// Every kind of layer, in the standard order of the chain: what the app asks
    /// first comes first.
    public static let registered: [LayerKind] = [
        NotInBuildLayer.kind, DebugOverrideLayer.kind, ExternalLayer.kind, RemoteConfigLayer.kind, EnvironmentOverrideLayer.kind,
        BaseValueLayer.kind, ValueFileLayer.kind, CodeDefaultLayer.kind, FallbackLayer.kind,
    ]

    /// The ids `chain` may name a built-in layer by, in the standard order.
    public static func builtInIDs(of kinds: [LayerKind] = registered) -> [String] { kinds.filter(\.isNamedByID).map(\.id) }
}
