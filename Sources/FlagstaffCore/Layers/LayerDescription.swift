/// One layer of the resolution chain as people see it: its name, the mark the
/// views put after a value it decides, and a line for the legend.
///
/// A reference type, so a resolved cell carries its layer with one pointer.
/// Two layers are equal when their ids are.
public final class LayerDescription: Hashable, Sendable, CustomStringConvertible {
    /// The stable name used in exports and URLs: `override`, `base`, `fallback`.
    public let id: String
    /// The layer in the site's words, as the glossary and legends name it:
    /// "base value", "remote config"; the id unless given.
    public let name: String
    /// What the layer is, in a sentence or two for the glossary; the legend unless given.
    public let explanation: String
    /// The layer after a value, as a sentence says where it comes from: "on (an
    /// override)", "off (its base value)"; the name unless given.
    public let phrase: String
    /// The mark shown after a value this layer decides; empty for none.
    public let mark: String
    /// One letter for compact class names in HTML (`o` for override).
    public let code: String
    /// What the layer is, for the legend: "set for this environment only".
    public let legend: String
    /// The legend made with a way to show the names the configuration gives (an external source's).
    private let legendNaming: @Sendable ((String) -> String) -> String
    /// Whether a build can know this layer's opinion. The debug override lives
    /// only on a device, so it is part of the chain but never decides a cell here.
    public let isKnownAtBuildTime: Bool
    /// Whether views should show the value this layer hides: remote config's value
    /// means little without the value the app ships, which it replaces.
    public let showsHiddenValue: Bool
    /// Whether the layer's answer can depend on the device or the user.
    public let canVary: Bool
    /// Whether the layer can answer with a value the app's code works out when it
    /// runs, which views mark as varying as they do `canVary`'s.
    public let canBeWorkedOutWhenRunning: Bool
    /// What a cell says when the layer may replace its value with one no input
    /// holds, such as "may be changed by LaunchDarkly"; `nil` when such a value
    /// reads as `CellPresentation.unknownWord` (Firebase's personalisation).
    public let changeNote: String?
    /// Whether the app ships this layer's values inside its build (the tenant files,
    /// value files, the code's defaults, the fallback), so a change to them reaches
    /// people only with a release of the app built after it; `false` for what the
    /// app asks when it runs (remote config, the debug menu, an external source).
    public let isBundled: Bool
    /// Whether the layer's opinion is that the flag does not exist in the cell's
    /// build (its `#if` leaves it out): views say `CellPresentation.notInBuildWord`
    /// instead of a value, and no rule counts the cell's value.
    public let leavesFlagOut: Bool
    /// The layer as a reason under a cell names what sets it: "set by remote config
    /// for everyone"; the id unless given.
    public let reasonWord: String
    /// Whether a value from this layer means nothing sets the flag (the fallback),
    /// so views say the value without saying where it comes from.
    public let meansUnset: Bool
    /// The name people know the layer's source by when Flagstaff cannot see it
    /// ("LaunchDarkly"); `nil` for a layer Flagstaff sees.
    public let unseenSourceName: String?

    /// Creates a layer description.
    public init(
        id: String, mark: String, code: String, legend: String, isKnownAtBuildTime: Bool = true, showsHiddenValue: Bool = false,
        canVary: Bool = false, canBeWorkedOutWhenRunning: Bool = false, changeNote: String? = nil, isBundled: Bool = true, leavesFlagOut: Bool = false, name: String? = nil, explanation: String? = nil,
        phrase: String? = nil, reasonWord: String? = nil, meansUnset: Bool = false, unseenSourceName: String? = nil,
        legendNaming: (@Sendable ((String) -> String) -> String)? = nil
    ) {
        self.id = id
        self.name = name ?? id
        self.explanation = explanation ?? legend
        self.phrase = phrase ?? name ?? id
        self.mark = mark
        self.code = code
        self.legend = legend
        self.legendNaming = legendNaming ?? { _ in legend }
        self.isKnownAtBuildTime = isKnownAtBuildTime
        self.showsHiddenValue = showsHiddenValue
        self.canVary = canVary
        self.canBeWorkedOutWhenRunning = canBeWorkedOutWhenRunning
        self.changeNote = changeNote
        self.isBundled = isBundled
        self.leavesFlagOut = leavesFlagOut
        self.reasonWord = reasonWord ?? id
        self.meansUnset = meansUnset
        self.unseenSourceName = unseenSourceName
    }

    /// The legend with each name the configuration gives (an external source's)
    /// passed through `escape`, for a format whose markup such a name could hold.
    public func legend(escapingNames escape: (String) -> String) -> String { legendNaming(escape) }

    /// The id.
    public var description: String { id }

    public static func == (lhs: LayerDescription, rhs: LayerDescription) -> Bool { lhs.id == rhs.id }

    public func hash(into hasher: inout Hasher) { hasher.combine(id) }
}

/// One layer's answer for one cell: a value and where it is written, or, when
/// the answer depends on the device or the user, each value it can give.
/// A layer without an opinion answers `nil`, which passes the question on; it never means `false`.
public struct Opinion: Hashable, Sendable {
    /// One possible answer of a layer whose answer varies, and when it applies.
    public struct Variant: Hashable, Sendable {
        /// What the layer answers then.
        public enum Outcome: Hashable, Sendable {
            /// A value.
            case value(FlagValue)
            /// No opinion: the layers below decide.
            case noOpinion
            /// A value the inputs do not hold, such as one Firebase personalises per user.
            case unknown
            /// A value the app's code works out when it runs; the variant's condition says how.
            case decidedInCode
        }

        /// When this answer applies, in words: "if condition 'Ten percent' holds".
        public var condition: String
        /// What the layer answers then.
        public var outcome: Outcome
        /// Where the value is written.
        public var location: SourceLocation?

        /// Creates a variant.
        public init(condition: String, outcome: Outcome, location: SourceLocation?) {
            self.condition = condition
            self.outcome = outcome
            self.location = location
        }
    }

    /// The value the layer gives; `nil` for a varying opinion.
    public var value: FlagValue?
    /// Where the value is written; `nil` when it is written nowhere (the fallback).
    public var location: SourceLocation?
    /// Why the layer gives this value, in words, when a person needs to know: "condition 'CHL'".
    public var reason: String?
    /// Every answer the layer can give, first match first, when it depends on the device or
    /// the user; empty for a fixed answer.
    public var variants: [Variant]

    /// A fixed opinion.
    public init(value: FlagValue, location: SourceLocation?, reason: String? = nil) {
        self.value = value
        self.location = location
        self.reason = reason
        variants = []
    }

    /// An opinion that depends on the device or the user. Precondition: at least two variants.
    public init(varying variants: [Variant]) {
        precondition(variants.count > 1, "a varying opinion has several answers")
        self.init(variants: variants)
    }

    /// An opinion the app's code works out when it runs: `expression` is what it
    /// evaluates, as written. No value is guessed.
    public init(decidedInCode expression: String, at location: SourceLocation?) {
        self.init(variants: [Variant(condition: Self.worksOut + expression, outcome: .decidedInCode, location: location)])
    }

    /// What the condition of a decided-in-code opinion says before its expression.
    public static let worksOut = "the app works out "


    private init(variants: [Variant]) {
        self.variants = variants
        value = nil
        location = nil
        reason = nil
    }
}

/// A layer that can be asked for its opinion on a cell.
///
/// To add a layer, write one type that conforms, with a `LayerKind` that makes
/// it, and register the kind in `LayerKind.registered`.
public protocol ResolutionLayer: Sendable {
    /// How the layer is shown.
    var layer: LayerDescription { get }

    /// Whether the layer decides no cell when a matrix is resolved: the cells it
    /// may change (`mayChangeUnseen`) keep what the layers below give, and the
    /// matrix puts the layer's cases above them when asked, so that a layer that
    /// may change every flag costs no stored resolution per cell.
    var decidesLazily: Bool { get }

    /// Whether the layer may change the flag with `key` to a value no input holds
    /// (a source Flagstaff cannot see), so no view calls its value settled.
    func mayChangeUnseen(_ key: String) -> Bool

    /// The layer's opinion on a flag for a tenant in an environment, or `nil` for none.
    func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion?

    /// Decides every open cell of a column (one tenant in one environment) that the
    /// layer has an opinion on, exactly as `opinion(on:)` would. The default asks
    /// `opinion(on:)` for each open cell; a layer that can find its few opinions
    /// faster, or knows it has none, implements it for speed.
    func decide(_ column: inout MatrixColumn)

    /// What the layer looked at to answer, for `flagstaff explain`; `nil` when its
    /// opinion says it all. Layers that weigh conditions implement it.
    func trace(of flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> LayerTrace?
}

extension ResolutionLayer {
    /// A layer decides the cells it has an opinion on as the matrix is resolved.
    public var decidesLazily: Bool { false }

    /// A layer Flagstaff sees changes nothing unseen.
    public func mayChangeUnseen(_ key: String) -> Bool { false }

    public func decide(_ column: inout MatrixColumn) {
        for index in column.positions where column.isOpen(index) {
            if let opinion = opinion(
                on: column.flags[index], type: column.types[index], tenant: column.tenant, environment: column.environment)
            {
                column.decide(index, with: opinion)
            }
        }
    }

    /// No trace: the opinion and its location say it all.
    public func trace(of flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> LayerTrace? { nil }
}

/// What a layer looked at for one cell: where, each check it made in order, and notes.
public struct LayerTrace: Hashable, Sendable {
    /// One check, such as a condition of a template.
    public struct Check: Hashable, Sendable {
        /// What was checked: "condition 'CHL'".
        public var name: String
        /// Whether it held, when it is a condition.
        public var truth: ConditionTruth.Value?
        /// Why, in words.
        public var because: String
        /// The value it would give, as written; `nil` when it gives none.
        public var value: String?
        /// Whether this check decided the answer.
        public var chosen: Bool

        /// Creates a check.
        public init(name: String, truth: ConditionTruth.Value?, because: String, value: String?, chosen: Bool) {
            self.name = name
            self.truth = truth
            self.because = because
            self.value = value
            self.chosen = chosen
        }
    }

    /// Where the layer looked: "content/remote/prod.json, version 42, parameter ENABLE_X".
    public var source: String
    /// The checks, in the order the layer made them.
    public var checks: [Check]
    /// Anything else worth knowing, in words.
    public var notes: [String]

    /// Creates a trace.
    public init(source: String, checks: [Check], notes: [String] = []) {
        self.source = source
        self.checks = checks
        self.notes = notes
    }
}
