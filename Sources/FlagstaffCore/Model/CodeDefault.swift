/// A flag's default as the app's code declares it (a `switch` arm, a registry
/// entry, a `defaultValue:` argument), environment by environment: `#if` arms
/// can give each build configuration its own value.
public struct CodeDefault: Hashable, Sendable {
    /// What the code gives in one environment.
    public indirect enum Outcome: Hashable, Sendable {
        /// A value written in the code.
        case value(FlagValue, at: SourceLocation)
        /// An expression the app works out when it runs, such as a function call
        /// or a runtime value: shown as written, never guessed.
        case decidedInCode(String, at: SourceLocation)
        /// A value that depends on compilation conditions the configuration does
        /// not settle for the environment: each `#if` arm in order, the first that
        /// holds wins.
        case byCondition([Branch])
    }

    /// One `#if` arm, or the apps a check gives one outcome in: when it applies,
    /// and what it gives then. Nested arms are flattened, their conditions joined with `&&`.
    public struct Branch: Hashable, Sendable {
        /// The arm's condition as written (`DEBUG`), or `nil` for `#else`.
        public var condition: String?
        /// The apps the branch holds in (`app_targets`); empty when it holds in every app.
        public var appTargets: [String]
        /// What the arm gives; `nil` when the code gives no default then.
        public var outcome: Outcome?

        /// Creates an arm.
        public init(condition: String?, appTargets: [String] = [], outcome: Outcome?) {
            self.condition = condition
            self.appTargets = appTargets
            self.outcome = outcome
        }

        /// When the branch applies, for people: "if built with DEBUG", "if built as
        /// Jetpack", both, or `nil` for an `#else` that holds in every app.
        public var words: String? {
            let parts = [condition.map { "with \($0)" }, appTargets.isEmpty ? nil : "as \(appTargets.joined(separator: " or "))"].compactMap { $0 }
            return parts.isEmpty ? nil : "if built " + parts.joined(separator: " ")
        }
    }

    /// What the code gives in each environment, by environment; an environment
    /// it gives nothing in (all its `#if` arms left out) is absent.
    public var outcomes: [String: Outcome]

    /// A default for some environments.
    public init(outcomes: [String: Outcome]) {
        self.outcomes = outcomes
    }

    /// The same outcome in every environment.
    public init(_ outcome: Outcome, environments: [String]) {
        outcomes = Dictionary(uniqueKeysWithValues: environments.map { ($0, outcome) })
    }
}

extension CodeDefault {
    /// The type of the first value the code gives, environments in order; `nil`
    /// when it gives only expressions decided in code.
    public func declaredType(in environments: [String]) -> FlagType? {
        environments.lazy.compactMap { self.outcomes[$0]?.firstValue?.type }.first
    }
}

extension CodeDefault.Outcome {
    /// The first value written, arms in order.
    public var firstValue: FlagValue? {
        switch self {
        case .value(let value, _): value
        case .decidedInCode: nil
        case .byCondition(let branches): branches.lazy.compactMap { $0.outcome?.firstValue }.first
        }
    }

    /// Where the outcome is written; the first arm's place for one that depends on conditions.
    public var location: SourceLocation? {
        switch self {
        case .value(_, let location), .decidedInCode(_, let location): location
        case .byCondition(let branches): branches.lazy.compactMap { $0.outcome?.location }.first
        }
    }
}

/// The Remote Config parameter a flag's code names (a `remoteKey`-style switch).
public enum RemoteKey: Hashable, Sendable {
    /// The parameter's name, and where the code writes it.
    case parameter(String, at: SourceLocation)
    /// The code says the flag has no parameter (`nil`), so remote config never decides it.
    case unlinked(at: SourceLocation)
}
