/// Every rule of one environment's Remote Config template that can decide a
/// flag: each condition with a value for the flag's parameter, in the order
/// Firebase tries them, then the parameter's default value. Unlike the matrix,
/// which shows what the build being made gets on the as-of day, this keeps the
/// rules that hold only on other days or for other app versions and builds, so
/// a reader can tell what people on an older version, or after a date, get.
public struct RemoteFlagRules: Sendable {
    /// One conditional value of the parameter, or its default value.
    public struct Rule: Sendable {
        /// The condition; `nil` for the default value, which applies when no condition with a value holds.
        public var condition: RemoteCondition?
        /// The value it gives; `nil` for a parameter without a default value (no opinion: the app's own value).
        public var value: RemoteValue?
        /// The tenants (ids, in model order) the condition holds for on the as-of day in the build being made.
        public var holds: [String]
        /// The tenants for which it depends on the device or the user.
        public var varies: [String]
        /// The parts of the condition that rule it out for every tenant because of the
        /// day (`dateTime`) or the build being made (`app.version`, `app.build`): the
        /// condition still decides the flag on other days or for devices on other
        /// versions. Empty when it holds for some tenant, or is out for another reason.
        public var otherTimesOrVersions: [RemoteExpression.Part]
    }

    /// The environment whose template this is.
    public var environment: String
    /// The template.
    public var template: RemoteTemplate
    /// The parameter the flag reads.
    public var parameter: RemoteParameter
    /// The rules, in the order the app's Remote Config client tries them, the default value last.
    public var rules: [Rule]

    /// The rules of each environment, in `environments` order, whose template has a
    /// parameter the flag reads; none for a flag the code links to no parameter.
    public static func of(_ flag: Flag, in remote: RemoteConfig, environments: [String], tenants: [String]) -> [RemoteFlagRules] {
        guard remote.isLinked(flag.key) else { return [] }
        let name = remote.parameterName(for: flag.key)
        return environments.compactMap { environment in
            guard let template = remote.templates[environment], let parameter = template.parameter(named: name) else { return nil }
            let contexts = tenants.map { remote.context(for: $0, in: environment) }
            let byName = Dictionary(template.conditions.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let order = Dictionary(template.conditions.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            var rules: [Rule] = parameter.conditionalValues.compactMap { entry in
                guard let condition = byName[entry.condition] else { return nil }
                let truths = contexts.map { condition.expression.truth(in: $0) }
                let holds = zip(tenants, truths).filter { $0.1.value == .yes }.map(\.0)
                let varies = zip(tenants, truths).filter { $0.1.value == .varies }.map(\.0)
                var elsewhere: [RemoteExpression.Part] = []
                if holds.isEmpty, varies.isEmpty {
                    elsewhere = condition.expression.parts.filter { part in
                        switch part.kind {
                        case .dateTime, .appVersion, .appBuild: contexts.contains { part.truth(in: $0).value == .no }
                        default: false
                        }
                    }
                }
                return Rule(condition: condition, value: entry.value, holds: holds, varies: varies, otherTimesOrVersions: elsewhere)
            }
            rules.sort { order[$0.condition!.name]! < order[$1.condition!.name]! }
            rules.append(Rule(condition: nil, value: parameter.defaultValue, holds: tenants, varies: [], otherTimesOrVersions: []))
            return RemoteFlagRules(environment: environment, template: template, parameter: parameter, rules: rules)
        }
    }
}
