/// A Firebase Remote Config template, as `firebase remoteconfig:get` writes it:
/// conditions in priority order, and parameters (grouped ones merged in).
public struct RemoteTemplate: Hashable, Sendable {
    /// The template's file, relative to the configuration's folder.
    public var file: String
    /// The conditions, in the template's order: the first true one decides.
    public var conditions: [RemoteCondition]
    /// The parameters in file order, top-level ones first, then each group's.
    public let parameters: [RemoteParameter]
    /// The template's version number, when the file has one.
    public var version: String?
    private let parameterIndices: [String: Int]

    /// Creates a template.
    public init(file: String, conditions: [RemoteCondition], parameters: [RemoteParameter], version: String? = nil) {
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

    /// Whether values of this type can hold a flag of a type.
    public func fits(_ type: FlagType) -> Bool {
        switch (self, type) {
        case (.boolean, .bool), (.number, .number), (.string, .string), (.json, .string), (.json, .structured): true
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
    }

    /// What it holds.
    public var kind: Kind
    /// Where the value object is.
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
        case .useInAppDefault, .personalization: nil
        }
    }
}

extension FlagValue {
    /// A Remote Config string read as a value of a flag type, as the app's Remote
    /// Config wrapper reads it: `true` or `false` for Bool flags, a JSON number for
    /// number flags, any text for string flags. `nil` when it does not fit.
    public init?(remote text: String, as type: FlagType) {
        switch type {
        case .bool:
            switch text {
            case "true": self = .bool(true)
            case "false": self = .bool(false)
            default: return nil
            }
        case .number:
            if let integer = Int(text) {
                self = .integer(integer)
            } else if Double(text) != nil, text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
                text.first != "+", text.first != "."
            {
                self = .decimal(text)
            } else {
                return nil
            }
        case .string:
            self = .string(text)
        case .structured:
            guard let value = StructuredValue(json: text) else { return nil }
            self = .structured(value)
        }
    }
}
