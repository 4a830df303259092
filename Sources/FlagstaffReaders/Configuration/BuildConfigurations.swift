import FlagstaffCore
import Yams

/// `build_configurations`: the environments that are build configurations, and
/// the compilation conditions each is built with, so that `#if` arms in the
/// Swift declarations resolve per environment.
public struct BuildConfigurations: Hashable, Sendable {
    /// The keys of one environment's mapping.
    public enum Key: String, ConfigurationKey {
        case conditions, xcconfig

        public static let place = " in a build configuration"
    }

    /// One environment's conditions: listed, and read from `.xcconfig` files.
    public struct Entry: Hashable, Sendable {
        /// The conditions listed in the configuration.
        public var conditions: [String] = []
        /// The `.xcconfig` files whose `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and
        /// `OTHER_SWIFT_FLAGS` (`-D NAME`) add conditions, in order.
        public var xcconfigs: [String] = []
        /// Where the entry is written.
        public var location: SourceLocation

        /// An entry.
        public init(conditions: [String] = [], xcconfigs: [String] = [], location: SourceLocation) {
            self.conditions = conditions
            self.xcconfigs = xcconfigs
            self.location = location
        }
    }

    /// Each build configuration's entry, by environment.
    public var entries: [String: Entry] = [:]

    /// No build configurations.
    public init() {}
}

extension ConfigurationValues {
    /// The `build_configurations` mapping: each environment to a list of conditions
    /// (`debug: [DEBUG]`), or to `{ conditions: …, xcconfig: … }`.
    mutating func buildConfigurations(_ node: Node) -> BuildConfigurations {
        var configurations = BuildConfigurations()
        guard let mapping = node.mapping else {
            fail("'build_configurations' must map environments to conditions, e.g. { debug: [DEBUG], release: [] }", node, key: "build_configurations")
            return configurations
        }
        for (environmentNode, value) in mapping {
            let environment = environmentNode.string ?? ""
            var entry = BuildConfigurations.Entry(location: location(of: environmentNode))
            let key = "build_configurations.\(environment)"
            if let fields = value.mapping {
                for (field, _, fieldValue) in members(of: fields, as: BuildConfigurations.Key.self) {
                    switch field {
                    case .conditions: entry.conditions = conditions(fieldValue, key: "\(key).conditions")
                    case .xcconfig: entry.xcconfigs = strings(fieldValue, key: "\(key).xcconfig", allowSingle: true) ?? []
                    }
                }
            } else {
                entry.conditions = conditions(value, key: key)
            }
            configurations.entries[environment] = entry
        }
        return configurations
    }

    /// A list of compilation conditions, possibly empty.
    private mutating func conditions(_ node: Node, key: String) -> [String] {
        if let sequence = node.sequence, sequence.isEmpty { return [] }
        guard let names = strings(node, key: key, allowSingle: true) else { return [] }
        for name in names where !(name.first.map { $0 == "_" || $0.isLetter } ?? false) || !name.allSatisfy({ $0 == "_" || $0.isLetter || $0.isNumber }) {
            fail("'\(name)' in \(key) is not a compilation condition; write names such as DEBUG", node, key: key)
        }
        return names
    }
}
