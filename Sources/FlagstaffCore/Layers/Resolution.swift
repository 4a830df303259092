/// The value a flag has for one tenant in one environment, and the layer that decided it.
public struct Resolution: Hashable, Sendable {
    /// One value a varying cell can take, and when.
    public struct Variant: Hashable, Sendable {
        /// When it applies, in words.
        public var condition: String
        /// The value; `nil` when the inputs do not hold it (Firebase personalises it per user).
        public var value: FlagValue?
        /// The layer that gives it: the varying layer, or a layer below when the varying one has no opinion then.
        public var layer: LayerDescription
        /// Where the value is written; `nil` for the fallback.
        public var location: SourceLocation?
        /// Whether the value is one the app's code works out when it runs (`value` is then `nil`).
        public var isDecidedInCode: Bool

        /// Creates a variant.
        public init(condition: String, value: FlagValue?, layer: LayerDescription, location: SourceLocation?, isDecidedInCode: Bool = false) {
            self.condition = condition
            self.value = value
            self.layer = layer
            self.location = location
            self.isDecidedInCode = isDecidedInCode
        }

        /// The value in words: `on`, `personalized`, `decided in code`.
        public var word: String {
            if isDecidedInCode { return CellPresentation.decidedInCodeWord }
            if changeNote != nil { return "not known here" }
            return CellPresentation.word(for: value)
        }

        /// What the cell says when this variant's value is one a layer Flagstaff
        /// cannot see may give: "may be changed by LaunchDarkly"; `nil` otherwise.
        public var changeNote: String? { value == nil && !isDecidedInCode ? layer.changeNote : nil }

        /// The case in words: "if condition 'Ten percent' holds: on (remote)".
        public var summary: String { "\(condition): \(word) (\(layer.id))" }
    }

    /// The value a layer below would give, when the deciding layer hides it.
    public struct Hidden: Hashable, Sendable {
        /// The hidden value.
        public var value: FlagValue
        /// The layer that would decide it.
        public var layer: LayerDescription
        /// Where it is written; `nil` for the fallback.
        public var location: SourceLocation?
    }

    /// The resolved value. For a varying cell, the value when none of the varying
    /// conditions holds (the last variant's); `variants` has every value it can take.
    public var value: FlagValue
    /// The layer that decided it.
    public var layer: LayerDescription
    /// Where the deciding value is written; `nil` for the fallback.
    public var location: SourceLocation?
    /// Why the layer decided so, in words, when it says: "condition 'CHL'", "default value".
    public var reason: String?
    /// Every value the cell can take, first match first, when it depends on the device or the user; otherwise empty.
    public var variants: [Variant]
    /// The value the app ships, when the deciding layer replaces it (remote config).
    public var hidden: Hidden?

    /// Creates a resolution.
    /// The condition of the case that applies when no earlier one does.
    public static let otherwise = "otherwise"

    public init(
        value: FlagValue, layer: LayerDescription, location: SourceLocation?, reason: String? = nil, variants: [Variant] = [],
        hidden: Hidden? = nil
    ) {
        self.value = value
        self.layer = layer
        self.location = location
        self.reason = reason
        self.variants = variants
        self.hidden = hidden
    }

    /// Whether the value depends on the device or the user.
    public var isVarying: Bool { !variants.isEmpty }

    /// Whether the cell has one value: not a varying cell, and not one of a build
    /// that leaves the flag out (`LayerDescription.leavesFlagOut`), which has none.
    public var hasValue: Bool { !isVarying && !layer.leavesFlagOut }

    /// Every known value the cell can take, each once, in the order the variants give them.
    public var possibleValues: [FlagValue] {
        guard isVarying else { return [value] }
        var values: [FlagValue] = []
        for case let value? in variants.map(\.value) where !values.contains(value) { values.append(value) }
        return values
    }

    /// Whether a variant's value is not in the inputs (personalised by Firebase).
    public var hasUnknownValue: Bool { variants.contains { $0.value == nil } }
}

extension Resolution {
    /// The same resolution with each place it names (where it decides, each
    /// variant's, the hidden value's) moved where `place` says, when it says: the
    /// settings of a file moved, their values the same.
    func moving(_ place: (SourceLocation) -> SourceLocation?) -> Resolution {
        var moved = self
        if let location = moved.location, let new = place(location) { moved.location = new }
        for index in moved.variants.indices {
            if let location = moved.variants[index].location, let new = place(location) { moved.variants[index].location = new }
        }
        if let location = moved.hidden?.location, let new = place(location) { moved.hidden?.location = new }
        return moved
    }

    /// Why the cell has its value, in words, when the deciding layer says more than
    /// its name: "condition 'CHL'", or for a varying cell each case in order:
    /// "if condition 'Ten percent' holds (…): on (remote); otherwise: off (base)".
    public var explanation: String? {
        guard isVarying else { return reason }
        return variants.map(\.summary).joined(separator: "; ")
    }
}
