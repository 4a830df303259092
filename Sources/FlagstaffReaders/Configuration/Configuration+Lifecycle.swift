import FlagstaffCore
import Yams

extension Configuration {
    /// The keys of the `lifecycle` mapping.
    public enum LifecycleKey: String, ConfigurationKey {
        case asOf = "as_of", dueSoonDays = "due_soon_days", staleAfterDays = "stale_after_days", addedFromGit = "added_from_git"
        case inDevelopment = "in_development", defaultType = "default_type"

        public static let place = " in lifecycle"
    }
}

extension ConfigurationValues {
    /// The `lifecycle` mapping: `as_of`, `due_soon_days`, `stale_after_days`, `added_from_git`,
    /// `in_development` and `default_type`.
    mutating func lifecycle(_ node: Node, into configuration: inout Configuration) {
        guard let mapping = node.mapping else {
            fail("'lifecycle' must be a mapping, e.g. { due_soon_days: 30 }", node, key: "lifecycle")
            return
        }
        for (key, _, value) in members(of: mapping, as: Configuration.LifecycleKey.self) {
            let name = key.rawValue
            switch key {
            case .asOf:
                guard let text = string(value, key: name) else { continue }
                if let date = CalendarDate(parsing: text) {
                    configuration.asOf = date
                } else {
                    fail("'as_of' is not a date: '\(text)'; \(CalendarDate.problem(parsing: text) ?? "")", value, key: name)
                }
            case .dueSoonDays:
                if let days = days(value, key: name) { configuration.policy.dueSoonDays = days }
            case .staleAfterDays:
                guard let kinds = value.mapping else {
                    fail("'stale_after_days' must be a mapping of flag types to days, e.g. { release: 40, ops: 7 }", value, key: name)
                    continue
                }
                for (kindNode, daysNode) in kinds {
                    let kindName = kindNode.string ?? ""
                    guard let kind = FlagKind(rawValue: kindName) else {
                        unknown("flag type", kindName, in: FlagKind.allCases.filter { !$0.isPermanent }.map(\.rawValue), key: name, at: kindNode)
                        continue
                    }
                    guard !kind.isPermanent else {
                        diagnostics.append(.error("'\(kindName)' flags are permanent and never stale", at: location(of: kindNode), hint: "remove this line"))
                        continue
                    }
                    if let days = days(daysNode, key: name) { configuration.policy.expectedLifetimes[kind] = days }
                }
            case .addedFromGit:
                if let flag = bool(value, key: name) { configuration.addedFromGit = flag }
            case .inDevelopment:
                configuration.policy.inDevelopment = Set((strings(value, key: name, allowSingle: true) ?? []).map { $0.lowercased() })
            case .defaultType:
                configuration.policy.defaultKinds = defaultKinds(value)
            }
        }
    }

    /// `default_type`: one flag type for every flag without a `Type`
    /// (`default_type: kill-switch`), or one per value type
    /// (`default_type: { bool: release, number: configuration, string: configuration }`).
    private mutating func defaultKinds(_ node: Node) -> [FlagType: FlagKind] {
        if node.scalar != nil {
            guard let kind = flagKind(node) else { return [:] }
            return Dictionary(uniqueKeysWithValues: FlagType.allCases.map { ($0, kind) })
        }
        guard let mapping = node.mapping else {
            fail("'default_type' must be a flag type or a mapping of value types to flag types, e.g. { number: configuration }", node, key: "default_type")
            return [:]
        }
        var kinds: [FlagType: FlagKind] = [:]
        for (typeNode, kindNode) in mapping {
            let typeName = typeNode.string ?? ""
            guard let type = FlagType(rawValue: typeName) else {
                unknown("value type", typeName, in: FlagType.allCases.map(\.rawValue), key: "default_type", at: typeNode)
                continue
            }
            kinds[type] = flagKind(kindNode)
        }
        return kinds
    }

    /// A flag type's name, such as `kill-switch`; an unknown one is an error with a "did you mean".
    private mutating func flagKind(_ node: Node) -> FlagKind? {
        guard let name = string(node, key: "default_type") else { return nil }
        if let kind = FlagKind(rawValue: name) { return kind }
        unknown("flag type", name, in: FlagKind.allCases.map(\.rawValue), key: "default_type", at: node)
        return nil
    }

    /// `unknown flag type 'relase' in stale_after_days`, with a "did you mean" or the names.
    private mutating func unknown(_ what: String, _ name: String, in names: [String], key: String, at node: Node) {
        diagnostics.append(
            .error(
                "unknown \(what) '\(name)' in \(key)", at: location(of: node),
                hint: Suggestion.didYouMean(name, in: names) ?? "use \(names.joined(separator: ", "))"))
    }
}
