import FlagstaffCore
import Yams

extension Configuration {
    /// The keys of the `diff` mapping.
    public enum DiffKey: String, ConfigurationKey {
        case protected

        public static let place = " in diff"
    }
}

extension ConfigurationValues {
    /// The `diff` mapping: `protected`, one environment or a list.
    mutating func diff(_ node: Node) -> [String] {
        guard let mapping = node.mapping else {
            fail("'diff' must be a mapping, e.g. { protected: [prod] }", node, key: "diff")
            return []
        }
        var protected: [String] = []
        for (key, _, value) in members(of: mapping, as: Configuration.DiffKey.self) {
            switch key {
            case .protected: protected = strings(value, key: key.rawValue, allowSingle: true) ?? []
            }
        }
        return protected
    }
}
