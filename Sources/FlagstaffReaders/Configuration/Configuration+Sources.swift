import FlagstaffCore
import Yams

extension Configuration {
    /// The keys of a source written as a mapping (`tenants: { path: …, format: … }`)
    /// instead of a path.
    public enum SourceKey: String, ConfigurationKey {
        case path, format

        public static let place = " in a source"
    }
}

extension ConfigurationValues {
    /// A source key's value: a path (a list of them where `allowsList`), or a
    /// mapping with `path` and `format`, whose format must be one of the role's.
    /// The format is recorded in `formats`; `nil` paths when the value is refused.
    mutating func source(
        _ node: Node, key: Configuration.Key, role: SourceRole, allowsList: Bool, formats: inout [SourceRole: String]
    ) -> [String]? {
        guard let mapping = node.mapping else { return strings(node, key: key.rawValue, allowSingle: true, allowList: allowsList) }
        var paths: [String]?
        for (sourceKey, _, value) in members(of: mapping, as: Configuration.SourceKey.self, place: " in \(key.rawValue)") {
            switch sourceKey {
            case .path:
                paths = strings(value, key: "\(key.rawValue).path", allowSingle: true, allowList: allowsList)
            case .format:
                guard let name = string(value, key: "\(key.rawValue).format") else { continue }
                let names = FormatRegistry.names(for: role)
                guard names.contains(name) else {
                    fail(
                        "unknown \(role.rawValue) format '\(name)'; "
                            + (Suggestion.didYouMean(name, in: names) ?? "use \(names.joined(separator: ", "))"),
                        value, key: key.rawValue)
                    continue
                }
                formats[role] = name
            }
        }
        if paths == nil, !reported.contains(key.rawValue), !reported.contains("\(key.rawValue).path") {
            fail("'\(key.rawValue)' needs a 'path'", node, key: key.rawValue)
        }
        return paths
    }
}
