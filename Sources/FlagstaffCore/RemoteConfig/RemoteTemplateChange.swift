/// A change between two sides' Remote Config templates that changes which devices
/// get which value without changing the values a matrix shows: a new version, a
/// condition added, removed, rewritten or moved, a rollout's or experiment's share.
public struct RemoteTemplateChange: Hashable, Sendable, Codable {
    /// What changes.
    public enum Kind: Hashable, Sendable, Codable {
        /// The template's version metadata.
        case version(old: RemoteTemplateVersion?, new: RemoteTemplateVersion?)
        /// A condition only the head has, with its expression.
        case conditionAdded(name: String, expression: String)
        /// A condition only the base has, with its expression.
        case conditionRemoved(name: String, expression: String)
        /// A condition whose expression changes.
        case expressionChanged(name: String, old: String, new: String)
        /// The conditions both sides have, in another order: the first true one decides.
        case conditionsReordered(old: [String], new: [String])
        /// A flag's rollout or experiment reaching another share of devices, for a
        /// condition's value or (`condition` `nil`) the default value.
        case shareChanged(flag: String, condition: String?, what: String, old: Double?, new: Double?)
    }

    /// What changes.
    public var kind: Kind
    /// The environments whose template changes so, in the diff's order.
    public var environments: [String]
    /// The tenants (ids, in model order) whose devices the change can reach, on some
    /// day or app version: those a condition it names can hold for. `nil` for every
    /// tenant, and for a change Flagstaff cannot place (a condition that names none).
    public var tenants: [String]?
    /// For a change to conditions (one added, removed, rewritten, or the order), the
    /// flags whose parameter has a value under one of them, in model order: the
    /// flags whose devices it can change though no value a matrix shows does.
    /// `nil` for other changes.
    public var flags: [String]?
    /// A rewritten condition in plain words, what it tests now and before:
    /// "app versions below 5.4 (was app versions below 5.3)"; `nil` otherwise.
    public var words: String?

    /// A rewritten condition in a PM's words: "the condition “Xmas” now tests
    /// from 5 Dec 2026 (was from 1 Dec 2026)", or "now tests something else"
    /// where its tests have no plain words; `nil` for other changes.
    public var rewrittenSentence: String? {
        guard case .expressionChanged(let name, _, _) = kind else { return nil }
        return "the condition “\(name)” now tests " + (words ?? "something else")
    }

    /// Creates a change.
    public init(kind: Kind, environments: [String], tenants: [String]? = nil, flags: [String]? = nil, words: String? = nil) {
        self.kind = kind
        self.environments = environments
        self.tenants = tenants
        self.flags = flags
        self.words = words
    }

    /// The changes between the templates of two models, environment by environment in
    /// `environments` order, each listed once with every environment it applies to.
    public static func between(base: FlagModel, head: FlagModel, environments: [String]) -> [RemoteTemplateChange] {
        var changes: [RemoteTemplateChange] = []
        for environment in environments {
            let old = base.remoteConfig?.templates[environment], new = head.remoteConfig?.templates[environment]
            guard old != nil || new != nil else { continue }
            for kind in kinds(base: base, old: old, head: head, new: new) {
                let reached = tenants(reachedBy: kind, base: base, old: old, head: head, new: new, in: environment)
                let using = flags(using: kind, base: base, old: old, head: head, new: new)
                if let index = changes.firstIndex(where: { $0.kind == kind }) {
                    changes[index].environments.append(environment)
                    let known = changes[index].tenants.flatMap { earlier in reached.map { Set(earlier).union($0) } }
                    changes[index].tenants = known.map { union in head.tenants.map(\.id).filter(union.contains) }
                    if let using, let earlier = changes[index].flags {
                        let union = Set(earlier).union(using)
                        changes[index].flags = (head.flags + base.flags).map(\.key).reduce(into: []) { keys, key in
                            if union.contains(key), !keys.contains(key) { keys.append(key) }
                        }
                    }
                } else {
                    changes.append(
                        RemoteTemplateChange(
                            kind: kind, environments: [environment], tenants: reached, flags: using,
                            words: words(for: kind, base: base, old: old, head: head, new: new)))
                }
            }
        }
        return changes
    }

    /// The tenants a change can reach in one environment: for a change to a condition
    /// (or to a share under one), those the condition can hold for, read in the
    /// template that has it; `nil` for every tenant, or when that is all or none of them.
    private static func tenants(
        reachedBy kind: Kind, base: FlagModel, old: RemoteTemplate?, head: FlagModel, new: RemoteTemplate?, in environment: String
    ) -> [String]? {
        let name: String, model: FlagModel, template: RemoteTemplate?
        switch kind {
        case .conditionAdded(let added, _), .expressionChanged(let added, _, _): (name, model, template) = (added, head, new)
        case .shareChanged(_, let condition?, _, _, _): (name, model, template) = (condition, head, new)
        case .conditionRemoved(let removed, _): (name, model, template) = (removed, base, old)
        case .version, .conditionsReordered, .shareChanged: return nil
        }
        guard let remote = model.remoteConfig, let condition = template?.conditions.first(where: { $0.name == name }) else { return nil }
        let ids = model.tenants.map(\.id)
        let reached = ids.filter { condition.expression.canReach(remote.context(for: $0, in: environment)) }
        return reached.isEmpty || reached.count == ids.count ? nil : reached
    }

    /// The flags whose parameter has a value under a condition a change is about,
    /// read in the template that has it (both, for a reordering); `nil` for other changes.
    private static func flags(using kind: Kind, base: FlagModel, old: RemoteTemplate?, head: FlagModel, new: RemoteTemplate?) -> [String]? {
        func using(_ names: Set<String>, in template: RemoteTemplate?, model: FlagModel) -> [String] {
            guard let template, let remote = model.remoteConfig else { return [] }
            return model.flags.compactMap { flag in
                let parameter = template.parameter(named: remote.parameterName(for: flag.key))
                return parameter?.conditionalValues.contains(where: { names.contains($0.condition) }) == true ? flag.key : nil
            }
        }
        switch kind {
        case .conditionAdded(let name, _), .expressionChanged(let name, _, _): return using([name], in: new, model: head)
        case .conditionRemoved(let name, _): return using([name], in: old, model: base)
        case .conditionsReordered(_, let names):
            // A flag is moved only when it has values under two of the conditions.
            return head.flags.map(\.key).filter { key in
                guard let template = new, let remote = head.remoteConfig,
                    let parameter = template.parameter(named: remote.parameterName(for: key))
                else { return false }
                return Set(parameter.conditionalValues.map(\.condition)).intersection(names).count > 1
            }
        case .version, .shareChanged: return nil
        }
    }

    /// A rewritten condition in plain words, now and before.
    private static func words(for kind: Kind, base: FlagModel, old: RemoteTemplate?, head: FlagModel, new: RemoteTemplate?) -> String? {
        guard case .expressionChanged(let name, _, _) = kind, let before = old?.conditions.first(where: { $0.name == name }),
            let after = new?.conditions.first(where: { $0.name == name }), let oldRemote = base.remoteConfig, let newRemote = head.remoteConfig
        else { return nil }
        let now = RemoteConditionWords(remote: newRemote, tenants: head.tenants.map { ($0.id, $0.name) }).describe(after.expression)
        let was = RemoteConditionWords(remote: oldRemote, tenants: base.tenants.map { ($0.id, $0.name) }).describe(before.expression)
        return now == was ? nil : "\(now) (was \(was))"
    }

    /// What changes between one environment's two templates (either may be missing).
    private static func kinds(base: FlagModel, old: RemoteTemplate?, head: FlagModel, new: RemoteTemplate?) -> [Kind] {
        var kinds: [Kind] = []
        if old?.version != new?.version { kinds.append(.version(old: old?.version, new: new?.version)) }
        let oldConditions = old?.conditions ?? [], newConditions = new?.conditions ?? []
        let oldNames = oldConditions.map(\.name), newNames = newConditions.map(\.name)
        for condition in newConditions where !oldNames.contains(condition.name) {
            kinds.append(.conditionAdded(name: condition.name, expression: condition.expression.text))
        }
        for condition in oldConditions where !newNames.contains(condition.name) {
            kinds.append(.conditionRemoved(name: condition.name, expression: condition.expression.text))
        }
        for condition in newConditions {
            guard let before = oldConditions.first(where: { $0.name == condition.name }), before.expression.text != condition.expression.text else {
                continue
            }
            kinds.append(.expressionChanged(name: condition.name, old: before.expression.text, new: condition.expression.text))
        }
        let keptOld = oldNames.filter(newNames.contains), keptNew = newNames.filter(oldNames.contains)
        if keptOld != keptNew { kinds.append(.conditionsReordered(old: keptOld, new: keptNew)) }
        guard let old, let new, let oldRemote = base.remoteConfig, let newRemote = head.remoteConfig else { return kinds }
        for flag in head.flags where base.flag(flag.key) != nil {
            guard let before = old.parameter(named: oldRemote.parameterName(for: flag.key)),
                let after = new.parameter(named: newRemote.parameterName(for: flag.key))
            else { continue }
            var slots: [(String?, RemoteValue?, RemoteValue?)] = [(nil, before.defaultValue, after.defaultValue)]
            for entry in after.conditionalValues {
                slots.append((entry.condition, before.conditionalValues.first { $0.condition == entry.condition }?.value, entry.value))
            }
            for (condition, oldValue, newValue) in slots {
                guard let oldShare = oldValue.flatMap(share), let newShare = newValue.flatMap(share), oldShare.what == newShare.what,
                    oldShare.percent != newShare.percent
                else { continue }
                kinds.append(.shareChanged(flag: flag.key, condition: condition, what: newShare.what, old: oldShare.percent, new: newShare.percent))
            }
        }
        return kinds
    }

    /// A rollout's or experiment's name and share of devices.
    private static func share(of value: RemoteValue) -> (what: String, percent: Double?)? {
        switch value.kind {
        case .rollout(let id, _, let percent): ("rollout '\(id)'", percent.map(Double.init))
        case .experiment(let id, _, let exposure): ("experiment '\(id)'", exposure)
        case .value, .useInAppDefault, .personalization: nil
        }
    }
}

extension Double {
    /// The number as people write a percentage: `25`, `12.5`.
    public var percentText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(self)) : String(self)
    }
}
