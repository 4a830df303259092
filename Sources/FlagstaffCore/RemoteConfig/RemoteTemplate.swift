/// A Firebase Remote Config template, as `firebase remoteconfig:get` writes it:
/// conditions in priority order, and parameters (grouped ones merged in).
public struct RemoteTemplate: Hashable, Sendable {
    /// The template's file, relative to the configuration's folder.
    public var file: String
    /// The conditions, in the template's order: the first true one decides.
    public var conditions: [RemoteCondition]
    /// The parameters in file order, top-level ones first, then each group's.
    public let parameters: [RemoteParameter]
    /// The template's version metadata, when the file has it (the REST API's body and
    /// `remoteconfig:get` write it; a hand-made file may not).
    public var version: RemoteTemplateVersion?
    private let parameterIndices: [String: Int]

    /// Creates a template.
    public init(file: String, conditions: [RemoteCondition], parameters: [RemoteParameter], version: RemoteTemplateVersion? = nil) {
        self.file = file
        self.conditions = conditions
        self.parameters = parameters
        self.version = version
        parameterIndices = Dictionary(parameters.enumerated().map { ($1.name, $0) }) { first, _ in first }
    }

    /// The parameter with a name, if the template has one.
    public func parameter(named name: String) -> RemoteParameter? { parameterIndices[name].map { parameters[$0] } }
}

/// A named condition of a template.
public struct RemoteCondition: Hashable, Sendable {
    /// The condition's name, which conditional values refer to.
    public var name: String
    /// Its expression, parsed.
    public var expression: RemoteExpression
    /// Where the condition's name is written.
    public var location: SourceLocation

    /// Creates a condition.
    public init(name: String, expression: RemoteExpression, location: SourceLocation) {
        self.name = name
        self.expression = expression
        self.location = location
    }
}

/// The declared type of a parameter's values.
public enum RemoteValueType: String, CaseIterable, Hashable, Sendable {
    case boolean = "BOOLEAN", number = "NUMBER", string = "STRING", json = "JSON"

    /// Whether values of this type can hold a flag of a type. `STRING`, which is also
    /// the type of a parameter that declares none, holds any: the app converts its text.
    public func fits(_ type: FlagType) -> Bool {
        switch (self, type) {
        case (.string, _), (.boolean, .bool), (.number, .number), (.json, .string), (.json, .structured): true
        default: false
        }
    }
}

/// One parameter: a default value and values for conditions.
public struct RemoteParameter: Hashable, Sendable {
    /// A conditional value: the condition's name, the value, and where the entry is.
    public struct ConditionalValue: Hashable, Sendable {
        /// The condition's name.
        public var condition: String
        /// The value.
        public var value: RemoteValue
        /// Where the condition's name is written in `conditionalValues`.
        public var location: SourceLocation

        /// Creates a conditional value.
        public init(condition: String, value: RemoteValue, location: SourceLocation) {
            self.condition = condition
            self.value = value
            self.location = location
        }
    }

    /// The parameter's name, which the app asks for.
    public var name: String
    /// The parameter group it sits in, if any.
    public var group: String?
    /// The value when no condition with a value holds; `nil` when none is set.
    public var defaultValue: RemoteValue?
    /// The values by condition, in file order.
    public var conditionalValues: [ConditionalValue]
    /// The declared value type; `STRING` when the file gives none.
    public var valueType: RemoteValueType
    /// Where `valueType` is written, when it is.
    public var valueTypeLocation: SourceLocation?
    /// The parameter's description.
    public var description: String?
    /// Where the parameter's name is written.
    public var location: SourceLocation

    /// Creates a parameter.
    public init(
        name: String, group: String? = nil, defaultValue: RemoteValue?, conditionalValues: [ConditionalValue] = [],
        valueType: RemoteValueType = .string, valueTypeLocation: SourceLocation? = nil, description: String? = nil,
        location: SourceLocation
    ) {
        self.name = name
        self.group = group
        self.defaultValue = defaultValue
        self.conditionalValues = conditionalValues
        self.valueType = valueType
        self.valueTypeLocation = valueTypeLocation
        self.description = description
        self.location = location
    }
}

/// A value object of a template: exactly one of its four kinds, and where it is.
public struct RemoteValue: Hashable, Sendable {
    /// What the value object holds.
    public enum Kind: Hashable, Sendable {
        /// `{"value": "true"}`: always a string in the template.
        case value(String)
        /// `{"useInAppDefault": true}`: no opinion; the app's own chain decides.
        case useInAppDefault
        /// `{"rolloutValue": {…}}`: a value for the devices in a Firebase rollout.
        case rollout(id: String, value: String, percent: Int?)
        /// `{"personalizationValue": {…}}`: a value Firebase picks per user; the template does not hold it.
        case personalization(id: String)
        /// `{"experimentValue": {…}}`: the values of a Firebase A/B test's variants. Devices
        /// outside the experiment, and those in a `noChange` variant, go on to the next
        /// condition, as with a rollout.
        case experiment(id: String, variants: [ExperimentVariant], exposurePercent: Double?)
    }

    /// One variant of an experiment: its id and value, or no value when it makes no change.
    public struct ExperimentVariant: Hashable, Sendable {
        /// The variant's id, such as `Variant A`.
        public var id: String
        /// The value its devices get; `nil` for a `noChange` variant, whose devices go on to the next condition.
        public var value: String?
        /// Where the variant's value is written, or the variant when it has none.
        public var location: SourceLocation

        /// Creates a variant.
        public init(id: String, value: String?, location: SourceLocation) {
            self.id = id
            self.value = value
            self.location = location
        }
    }

    /// What it holds.
    public var kind: Kind
    /// Where its value is written (the `"value"` string), or the value object when it holds none.
    public var location: SourceLocation

    /// Creates a value.
    public init(_ kind: Kind, at location: SourceLocation) {
        self.kind = kind
        self.location = location
    }

    /// The text of a value as the template writes it, for messages: `"true"`, `in-app default`.
    public var text: String? {
        switch kind {
        case .value(let text), .rollout(_, let text, _): text
        case .useInAppDefault, .personalization, .experiment: nil
        }
    }

    /// Every text the value object can give a device, each with where it is written:
    /// the value, a rollout's value, or each experiment variant's.
    public var texts: [(text: String, location: SourceLocation)] {
        switch kind {
        case .value(let text), .rollout(_, let text, _): [(text, location)]
        case .experiment(_, let variants, _): variants.compactMap { variant in variant.value.map { ($0, variant.location) } }
        case .useInAppDefault, .personalization: []
        }
    }
}

/// A template's version metadata: its number, who published it, when, and why.
public struct RemoteTemplateVersion: Hashable, Sendable, Codable {
    /// The version number, such as `42`.
    public var number: String?
    /// When it was published, as the template writes it (RFC 3339, e.g. `2026-11-01T10:00:00Z`).
    public var updateTime: String?
    /// Who published it: the account's email, or its name.
    public var updatedBy: String?
    /// The description given when it was published.
    public var description: String?
    /// When it was published in the workspace's time zone (`time_zone`), as people
    /// read it: `2026-09-14 at 10:02 (Europe/Paris)`; `nil` to show the time in UTC.
    public var shownTime: String?

    /// Creates version metadata.
    public init(number: String? = nil, updateTime: String? = nil, updatedBy: String? = nil, description: String? = nil) {
        self.number = number
        self.updateTime = updateTime
        self.updatedBy = updatedBy
        self.description = description
    }

    /// Two versions are the same version whatever time zone each is shown in.
    public static func == (a: Self, b: Self) -> Bool {
        (a.number, a.updateTime, a.updatedBy, a.description) == (b.number, b.updateTime, b.updatedBy, b.description)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        hasher.combine(updateTime)
        hasher.combine(updatedBy)
        hasher.combine(description)
    }

    /// The metadata in one line for people: `version 8, published by ana@example.com on 2026-11-01 at 10:00 UTC: "Raise the rollout"`.
    public var summary: String {
        var text = number.map { "version \($0)" } ?? "an unnumbered version"
        if let updatedBy { text += ", published by \(updatedBy)" }
        if let updateTime { text += (updatedBy == nil ? ", published" : "") + " on \(shownTime ?? Self.readable(updateTime))" }
        if let description, !description.isEmpty { text += ": \"\(description)\"" }
        return text
    }

    /// An RFC 3339 time in UTC (`2026-11-01T10:00:00.123Z`) as people read it,
    /// `2026-11-01 at 10:00 UTC`; any other text as written.
    static func readable(_ time: String) -> String {
        let parts = time.split(separator: "T", maxSplits: 1)
        guard parts.count == 2, time.hasSuffix("Z"), parts[0].count == 10, parts[1].count >= 6,
            parts[1].prefix(5).enumerated().allSatisfy({ $0.offset == 2 ? $0.element == ":" : $0.element.isNumber })
        else { return time }
        return "\(parts[0]) at \(parts[1].prefix(5)) UTC"
    }
}
