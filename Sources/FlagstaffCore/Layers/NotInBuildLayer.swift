/// The top of the chain for a flag whose declaration sits under an `#if` that an
/// environment's build surely does not meet (`Flag.absentIn`): the flag does not
/// exist in that build, so the cell has no value, and every view says so instead
/// of what the layers below would give.
public struct NotInBuildLayer: ResolutionLayer {
    /// The kind: first whatever the order, when some flag's `#if` leaves it out of some environment's build.
    public static let kind = LayerKind(id: "absent", place: .first) { model in
        model.flags.contains { !$0.absentIn.isEmpty } ? [NotInBuildLayer()] : []
    }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "⊘", code: "n", legend: "the app's code leaves the flag out of this build (#if)",
        leavesFlagOut: true, name: "not in this build",
        explanation: "The flag is declared under an #if that this environment's build does not meet, "
            + "so the flag does not exist in that build and has no value there.",
        phrase: "not in this build")

    /// Creates the layer.
    public init() {}

    public var layer: LayerDescription { Self.layer }

    /// A cell of a build that leaves the flag out: no value, only where the `#if` is.
    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        guard flag.absentIn.contains(environment) else { return nil }
        return Opinion(value: type.fallbackValue, location: flag.location, reason: Self.reason(flag, environment: environment))
    }

    /// Which `#if` leaves the flag out, and of which build: "#if DEBUG leaves it out of the prod build".
    static func reason(_ flag: Flag, environment: String) -> String {
        "#if \(flag.condition ?? "…") leaves it out of the \(environment) build"
    }
}
