import FlagstaffCore
import Yams

/// `build_configurations`: the environments that are build configurations, and
/// the compilation conditions each is built with, so that `#if` arms in the
/// Swift declarations resolve per environment.
public struct BuildConfigurations: Hashable, Sendable {
    /// The keys of one environment's mapping.
    public enum Key: String, ConfigurationKey {
        case conditions, xcconfig, values

        public static let place = " in a build configuration"
    }

    /// One environment's conditions: listed, and read from `.xcconfig` files.
    public struct Entry: Hashable, Sendable {
        /// The conditions listed in the configuration.
        public var conditions: [String] = []
        /// The `.xcconfig` files whose `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and
        /// `OTHER_SWIFT_FLAGS` (`-D NAME`) add conditions, in order.
        public var xcconfigs: [String] = []
        /// The values the build fixes for checks the app makes when it runs, by
        /// the expression checked (`BuildConfiguration.current` → `appStore`,
        /// `AppConfiguration.isJetpack` → `true`): such checks then resolve like `#if` arms.
        public var values: [String: String] = [:]
        /// Whether the entry says which compilation conditions the build has: an
        /// entry that gives only `values` leaves its `#if` arms unknown.
        public var settlesConditions = true
        /// Where the entry is written.
        public var location: SourceLocation

        /// An entry.
        public init(conditions: [String] = [], xcconfigs: [String] = [], values: [String: String] = [:], location: SourceLocation) {
            self.conditions = conditions
            self.xcconfigs = xcconfigs
            self.values = values
            self.location = location
        }
    }

    /// Each build configuration's entry, by environment.
    public var entries: [String: Entry] = [:]

    /// No build configurations.
    public init() {}
}

/// One app the codebase builds (`app_targets`), such as WordPress and Jetpack
/// from one project: the values its build fixes for checks the app makes when it
/// runs (`AppConfiguration.isJetpack` → `true`). A default that checks them
/// resolves per app, like an `#if` arm, in every environment.
public struct AppTarget: Hashable, Sendable {
    /// The app's name, as people call it.
    public var name: String
    /// The values its build fixes, by the expression checked.
    public var values: [String: String]
    /// Where the app is named.
    public var location: SourceLocation

    /// An app target.
    public init(name: String, values: [String: String], location: SourceLocation) {
        self.name = name
        self.values = values
        self.location = location
    }
}

extension ConfigurationValues {
    /// The `app_targets` mapping: each app's name to the values its build fixes,
    /// `{ WordPress: { AppConfiguration.isJetpack: false }, Jetpack: { AppConfiguration.isJetpack: true } }`.
    mutating func appTargets(_ node: Node) -> [AppTarget] {
        guard let mapping = node.mapping, !mapping.isEmpty else {
            fail(
                "'app_targets' must map each app the code builds to the values its build fixes, "
                    + "e.g. { WordPress: { AppConfiguration.isJetpack: false }, Jetpack: { AppConfiguration.isJetpack: true } }",
                node, key: "app_targets")
            return []
        }
        return mapping.map { nameNode, value in
            let name = nameNode.string ?? ""
            let values = knownValues(value, key: "app_targets.\(name)")
            if value.mapping?.isEmpty == true {
                fail("app target '\(name)' gives no values; give what its build fixes, e.g. { AppConfiguration.isJetpack: true }", value, key: "app_targets")
            }
            return AppTarget(name: name, values: values, location: location(of: nameNode))
        }
    }

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
                entry.settlesConditions = fields.keys.contains { [BuildConfigurations.Key.conditions.rawValue, BuildConfigurations.Key.xcconfig.rawValue].contains($0.string) }
                for (field, _, fieldValue) in members(of: fields, as: BuildConfigurations.Key.self) {
                    switch field {
                    case .conditions: entry.conditions = conditions(fieldValue, key: "\(key).conditions")
                    case .xcconfig: entry.xcconfigs = strings(fieldValue, key: "\(key).xcconfig", allowSingle: true) ?? []
                    case .values: entry.values = knownValues(fieldValue, key: "\(key).values")
                    }
                }
            } else {
                entry.conditions = conditions(value, key: key)
            }
            configurations.entries[environment] = entry
        }
        return configurations
    }

    /// `values`: each checked expression, a chain of Swift names such as
    /// `BuildConfiguration.current`, to a case name (`appStore`, `.appStore`) or `true`/`false`.
    private mutating func knownValues(_ node: Node, key: String) -> [String: String] {
        guard let mapping = node.mapping else {
            fail("'\(key)' must map what the app checks to its value in this build, e.g. { BuildConfiguration.current: appStore }", node, key: key)
            return [:]
        }
        func isName(_ text: Substring) -> Bool {
            (text.first.map { $0 == "_" || $0.isLetter } ?? false) && text.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber }
        }
        var values: [String: String] = [:]
        for (subjectNode, valueNode) in mapping {
            let subject = subjectNode.string ?? ""
            guard !subject.isEmpty, subject.split(separator: ".", omittingEmptySubsequences: false).allSatisfy(isName) else {
                fail("'\(subjectNode.string ?? "")' in \(key) is not what Swift code checks; write a name such as BuildConfiguration.current", subjectNode, key: key)
                continue
            }
            var value = valueNode.string ?? ""
            if value.hasPrefix(".") { value.removeFirst() }
            guard isName(value[...]) else {
                fail("the value of \(subject) in \(key) must be a case name such as appStore, or true or false", valueNode, key: key)
                continue
            }
            values[subject] = value
        }
        return values
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
