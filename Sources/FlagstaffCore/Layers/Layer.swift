/// One layer of the resolution chain as people see it: its name, the mark the
/// views put after a value it decides, and a line for the legend.
///
/// A reference type, so a resolved cell carries its layer with one pointer.
/// Two layers are equal when their ids are.
public final class Layer: Hashable, Sendable, CustomStringConvertible {
    /// The stable name used in exports and URLs: `override`, `base`, `fallback`.
    public let id: String
    /// The mark shown after a value this layer decides; empty for none.
    public let mark: String
    /// One letter for compact class names in HTML (`o` for override).
    public let code: String
    /// What the layer is, for the legend: "set for this environment only".
    public let legend: String
    /// Whether a build can know this layer's opinion. The debug override lives
    /// only on a device, so it is part of the chain but never decides a cell here.
    public let isKnownAtBuildTime: Bool

    /// Creates a layer description.
    public init(id: String, mark: String, code: String, legend: String, isKnownAtBuildTime: Bool = true) {
        self.id = id
        self.mark = mark
        self.code = code
        self.legend = legend
        self.isKnownAtBuildTime = isKnownAtBuildTime
    }

    /// The id.
    public var description: String { id }

    public static func == (lhs: Layer, rhs: Layer) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One layer's answer for one cell: a value and where it is written.
/// A layer without an opinion answers `nil`, which passes the question on; it never means `false`.
public struct Opinion: Hashable, Sendable {
    /// The value the layer gives.
    public var value: FlagValue
    /// Where the value is written; `nil` when it is written nowhere (the fallback).
    public var location: SourceLocation?

    /// Creates an opinion.
    public init(value: FlagValue, location: SourceLocation?) {
        self.value = value
        self.location = location
    }
}

/// A layer that can be asked for its opinion on a cell.
///
/// To add a layer, write one type that conforms, and register it in
/// `ResolutionChain.bundled` (or pass it to `ResolutionChain.init`).
public protocol ResolutionLayer: Sendable {
    /// How the layer is shown.
    var layer: Layer { get }

    /// The layer's opinion on a flag for a tenant in an environment, or `nil` for none.
    func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion?
}
