import FlagstaffCore
import Yams

extension Configuration {
    /// The keys of the `lifecycle` mapping.
    public enum LifecycleKey: String, ConfigurationKey {
        case asOf = "as_of", dueSoonDays = "due_soon_days", staleAfterDays = "stale_after_days", addedFromGit = "added_from_git"
        case inDevelopment = "in_development"

        public static let place = " in lifecycle"
    }
}

extension ConfigurationValues {
    /// The `lifecycle` mapping: `as_of`, `due_soon_days`, `stale_after_days` and `added_from_git`.
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
                        let names = FlagKind.allCases.filter { !$0.isPermanent }.map(\.rawValue)
                        diagnostics.append(
                            .error(
                                "unknown flag type '\(kindName)' in stale_after_days", at: location(of: kindNode),
                                hint: Suggestion.didYouMean(kindName, in: names) ?? "use \(names.joined(separator: ", "))"))
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
            }
        }
    }
}
