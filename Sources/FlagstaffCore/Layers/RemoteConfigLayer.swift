/// Firebase Remote Config: the template of the environment, read the way the
/// app's Remote Config client reads it. The first condition, in the template's
/// order, that holds and has a value for the parameter decides; otherwise the
/// parameter's default value. `useInAppDefault` and a missing parameter are no
/// opinion, so the bundled layers decide.
///
/// A condition that depends on the device or the user (a percentage, a signal
/// the device sets, a rollout) makes the cell vary: each case becomes a variant.
public struct RemoteConfigLayer: ResolutionLayer {
    /// The kind: the model's templates, or, as a source Flagstaff cannot see, the
    /// parameters the code names when the workspace has no template.
    public static let kind = LayerKind(id: "remote", requirement: .remoteConfig) { model in
        if let remote = model.remoteConfig { return [RemoteConfigLayer(remote, model: model)] }
        return model.unseenRemoteConfig.map { [ExternalLayer($0, number: model.layerSources.external.count + 1)] } ?? []
    }
    /// The layer's description.
    public static let layer = LayerDescription(
        id: kind.id, mark: "☁", code: "r", legend: "set by Remote Config, replacing the value the app ships", showsHiddenValue: true,
        canVary: true, isBundled: false, name: "remote config",
        explanation: "Firebase Remote Config: an online console where the team can change a flag without a new release of the app. "
            + "Where it sets a value, that value replaces the one the app ships. This site reads its templates, "
            + "so it shows what the app really gets.", reasonWord: "remote config")

    private let remote: RemoteConfig
    /// Each condition's truth, by environment, tenant id and condition name, worked out
    /// once: a large workspace asks for the same few conditions millions of times.
    private let truths: [String: [String: [String: ConditionTruth]]]
    /// Each flag's parameter, by environment and flag key, with its conditional
    /// values in the template's condition order (the order Firebase tries them),
    /// found once rather than for every cell.
    private let parameters: [String: [String: (parameter: RemoteParameter, conditionalValues: [RemoteParameter.ConditionalValue])]]
    /// The positions of the flags that have a parameter, by environment: the only cells the layer can decide.
    private let positions: [String: [Int]]

    /// Creates the layer for a model's templates and tenants.
    public init(_ remote: RemoteConfig, model: FlagModel) {
        self.remote = remote
        var truths: [String: [String: [String: ConditionTruth]]] = [:]
        var parameters: [String: [String: (RemoteParameter, [RemoteParameter.ConditionalValue])]] = [:]
        var positions: [String: [Int]] = [:]
        for (environment, template) in remote.templates {
            let order = Dictionary(template.conditions.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            var byKey: [String: (RemoteParameter, [RemoteParameter.ConditionalValue])] = [:]
            for (position, flag) in model.flags.enumerated() {
                guard remote.isLinked(flag.key), let parameter = template.parameter(named: remote.parameterName(for: flag.key)) else { continue }
                positions[environment, default: []].append(position)
                byKey[flag.key] = (
                    parameter,
                    parameter.conditionalValues.filter { order[$0.condition] != nil }.sorted { order[$0.condition]! < order[$1.condition]! }
                )
            }
            parameters[environment] = byKey
            var byTenant: [String: [String: ConditionTruth]] = [:]
            for tenant in model.tenants {
                let context = remote.context(for: tenant.id, in: environment)
                byTenant[tenant.id] = Dictionary(
                    template.conditions.map { ($0.name, $0.expression.truth(in: context)) }, uniquingKeysWith: { first, _ in first })
            }
            truths[environment] = byTenant
        }
        self.truths = truths
        self.parameters = parameters
        self.positions = positions
    }

    public var layer: LayerDescription { Self.layer }

    public func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
        guard let (parameter, conditionalValues) = parameters[environment]?[flag.key] else { return nil }
        var variants: [Opinion.Variant] = []
        for entry in conditionalValues {
            let (condition, value) = (entry.condition, entry.value)
            guard let truth = truth(of: condition, tenant: tenant.id, environment: environment), truth.value != .no else { continue }
            if truth.value == .varies {
                variants += Self.variants(of: value, type: type, condition: condition)
                continue
            }
            if case .value = value.kind, variants.isEmpty {
                return Self.fixed(value, type: type, reason: "condition '\(condition)'")
            }
            variants += Self.variants(of: value, type: type, condition: condition)
            if Self.settles(value) { return Self.combined(variants) }
        }
        guard let defaultValue = parameter.defaultValue else {
            return variants.isEmpty ? nil : Self.combined(variants + [.init(condition: Resolution.otherwise, outcome: .noOpinion, location: nil)])
        }
        if case .value = defaultValue.kind, variants.isEmpty {
            return Self.fixed(defaultValue, type: type, reason: "default value")
        }
        variants += Self.variants(of: defaultValue, type: type, condition: nil)
        if !Self.settles(defaultValue) { variants.append(.init(condition: Resolution.otherwise, outcome: .noOpinion, location: nil)) }
        return Self.combined(variants)
    }

    public func decide(_ column: inout MatrixColumn) {
        for index in positions[column.environment] ?? [] where column.isOpen(index) {
            if let opinion = opinion(
                on: column.flags[index], type: column.types[index], tenant: column.tenant, environment: column.environment)
            {
                column.decide(index, with: opinion)
            }
        }
    }

    public func trace(of flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> LayerTrace? {
        guard let template = remote.templates[environment] else {
            return LayerTrace(source: "no Remote Config template for \(environment)", checks: [])
        }
        guard remote.isLinked(flag.key) else {
            let place = if case .unlinked(let location)? = flag.remoteKey { " (\(location))" } else { "" }
            return LayerTrace(
                source: template.file + (template.version?.number.map { ", version \($0)" } ?? ""), checks: [],
                notes: ["the flag's code gives it no Remote Config parameter\(place), so remote config never decides it"])
        }
        let name = remote.parameterName(for: flag.key)
        let source = template.file + (template.version?.number.map { ", version \($0)" } ?? "") + ", parameter \(name)"
        guard let (parameter, conditionalValues) = parameters[environment]?[flag.key] else {
            return LayerTrace(source: source, checks: [], notes: ["the template has no parameter '\(name)', so the app keeps its own value"])
        }
        // Only conditions with a value for this parameter can decide it; the first
        // that holds with a settled value does. Rollouts and personalisation do not settle.
        var decided = false
        var checks: [LayerTrace.Check] = conditionalValues.map { entry in
            let truth = truth(of: entry.condition, tenant: tenant.id, environment: environment)
            let chosen = !decided && truth?.value == .yes && Self.settles(entry.value)
            decided = decided || chosen
            return LayerTrace.Check(
                name: "condition '\(entry.condition)'", truth: truth?.value, because: truth?.because ?? "",
                value: Self.describe(entry.value), chosen: chosen)
        }
        checks.append(
            LayerTrace.Check(
                name: "default value", truth: nil, because: "applies when no condition with a value holds",
                value: parameter.defaultValue.map(Self.describe) ?? "none", chosen: !decided && parameter.defaultValue.map(Self.settles) == true))
        var notes: [String] = []
        let others = template.conditions.count - (checks.count - 1)
        if others > 0 { notes.append("\(others.counted("other condition")) of the template set no value for this parameter") }
        if let version = template.version, version.updatedBy != nil || version.updateTime != nil || version.description != nil {
            notes.append("the template is \(version.summary)")
        }
        let context = remote.context(for: tenant.id, in: environment)
        if !template.conditions.contains(where: { $0.expression.mentions(context) }) {
            notes.append("no condition in this template names \(tenant.id) by its app id, signal or user property")
        }
        return LayerTrace(source: source, checks: checks, notes: notes)
    }

    /// A condition's truth for a tenant in an environment; `nil` when the template does not declare it.
    func truth(of condition: String, tenant: String, environment: String) -> ConditionTruth? {
        truths[environment]?[tenant]?[condition]
    }

    /// Whether a value ends the search: a plain value or the in-app default. A rollout
    /// reaches only some devices, an experiment only its variants' devices, and
    /// personalisation only some users; the rest go on.
    private static func settles(_ value: RemoteValue) -> Bool {
        switch value.kind {
        case .value, .useInAppDefault: true
        case .rollout, .personalization, .experiment: false
        }
    }

    /// A plain value, as a fixed opinion, read as the app reads it.
    private static func fixed(_ value: RemoteValue, type: FlagType, reason: String) -> Opinion? {
        guard let text = value.text else { return nil }
        return Opinion(value: FlagValue(remote: text, as: type), location: value.location, reason: reason)
    }

    /// The cases one value object adds to a varying answer: a condition's value,
    /// or the default value when `condition` is `nil`.
    private static func variants(of value: RemoteValue, type: FlagType, condition: String?) -> [Opinion.Variant] {
        func outcome(_ text: String) -> Opinion.Variant.Outcome { .value(FlagValue(remote: text, as: type)) }
        let holds = condition.map { "if condition '\($0)' holds" }
        switch value.kind {
        case .value(let text):
            return [.init(condition: holds ?? Resolution.otherwise, outcome: outcome(text), location: value.location)]
        case .useInAppDefault:
            return [.init(condition: holds ?? Resolution.otherwise, outcome: .noOpinion, location: value.location)]
        case .rollout(let id, let text, let percent):
            let share = percent.map { " (\($0)% of devices)" } ?? ""
            let when = (holds.map { "\($0) and" } ?? "if") + " the device is in rollout '\(id)'\(share)"
            return [.init(condition: when, outcome: outcome(text), location: value.location)]
        case .personalization(let id):
            let when = (holds.map { "\($0) and" } ?? "if") + " personalization '\(id)' picks the value for the user"
            return [.init(condition: when, outcome: .unknown, location: value.location)]
        case .experiment(let id, let variants, let exposure):
            // A variant without a value makes no change: its devices go on, as those outside the experiment do.
            let share = exposure.map { " (in the test: \($0.percentText)% of devices; of those, this variant's share, 1 of \(variants.count) variants)" } ?? ""
            return variants.compactMap { variant in
                guard let text = variant.value else { return nil }
                let when = (holds.map { "\($0) and" } ?? "if") + " the device gets variant '\(variant.id)' of experiment '\(id)'\(share)"
                return .init(condition: when, outcome: outcome(text), location: variant.location)
            }
        }
    }

    /// The answer for a list of cases: no opinion when none has one, a fixed
    /// opinion when only one case is left, otherwise a varying opinion.
    private static func combined(_ variants: [Opinion.Variant]) -> Opinion? {
        if variants.allSatisfy({ $0.outcome == .noOpinion }) { return nil }
        if variants.count == 1, case .value(let value) = variants[0].outcome {
            return Opinion(value: value, location: variants[0].location, reason: variants[0].condition)
        }
        return Opinion(varying: variants)
    }

    /// A value object as the trace shows it: `"true"`, `in-app default`, a rollout or a personalization.
    private static func describe(_ value: RemoteValue) -> String {
        switch value.kind {
        case .value(let text): "\"\(text)\""
        case .useInAppDefault: "in-app default"
        case .rollout(let id, let text, let percent):
            "\"\(text)\" for devices in rollout '\(id)'" + (percent.map { " (\($0)%)" } ?? "")
        case .personalization(let id): "a value personalization '\(id)' picks per user"
        case .experiment(let id, let variants, let exposure):
            "variants of experiment '\(id)'" + (exposure.map { " (\($0.percentText)% of devices)" } ?? "") + ": "
                + variants.map { "'\($0.id)' " + ($0.value.map { "\"\($0)\"" } ?? "no change") }.joined(separator: ", ")
        }
    }
}
