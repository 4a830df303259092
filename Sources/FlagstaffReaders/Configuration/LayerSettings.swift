import FlagstaffCore
import Yams

/// The layers a workspace declares beyond its tenant files, templates and code:
/// `values` (bundled value files, each a layer of its own), `external` (sources
/// Flagstaff cannot see) and `chain` (the order of every layer).
public struct LayerSettings: Hashable, Sendable {
    /// The keys of one value file's mapping under `values`.
    public enum ValueKey: String, ConfigurationKey {
        case path, format, environments

        public static let place = " in a value file"
    }

    /// The keys of one external source's mapping under `external`.
    public enum ExternalKey: String, ConfigurationKey {
        case name, flags

        public static let place = " in an external source"
    }

    /// A value file: a layer of its own, read by a values format.
    public struct ValueFile: Hashable, Sendable {
        /// The layer's id: the key it is listed under.
        public var id: String
        /// The file.
        public var path: String
        /// The values format that reads it; the role's default when `nil`.
        public var format: String?
        /// The environments the app reads it in; `nil` for every one.
        public var environments: [String]?
        /// Where the entry is written.
        public var location: SourceLocation
    }

    /// A source Flagstaff cannot see.
    public struct External: Hashable, Sendable {
        /// The layer's id: the key it is listed under.
        public var id: String
        /// The name people know it by; the id when not given.
        public var name: String
        /// The keys of the flags it may change, each where it is written; `nil` for every flag.
        public var flags: [(key: String, location: SourceLocation)]?
        /// Where the entry is written.
        public var location: SourceLocation

        public static func == (lhs: External, rhs: External) -> Bool {
            lhs.id == rhs.id && lhs.name == rhs.name && lhs.flags?.map(\.key) == rhs.flags?.map(\.key) && lhs.location == rhs.location
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(id)
            hasher.combine(flags?.map(\.key))
        }
    }

    /// The value files, in the order listed.
    public var values: [ValueFile] = []
    /// The external sources, in the order listed.
    public var external: [External] = []
    /// The chain's layer ids, each where it is written; `nil` for the standard order.
    public var chain: [(id: String, location: SourceLocation)]?

    /// No layers beyond the standard ones.
    public init() {}

    public static func == (lhs: LayerSettings, rhs: LayerSettings) -> Bool {
        lhs.values == rhs.values && lhs.external == rhs.external && lhs.chain?.map(\.id) == rhs.chain?.map(\.id)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(values)
        hasher.combine(external)
        hasher.combine(chain?.map(\.id))
    }

    /// The ids a `chain` can name: the built-in layers' (those of `kinds`), then the value files' and external sources'.
    public func layerIDs(kinds: [LayerKind] = LayerKind.registered) -> [String] {
        LayerKind.builtInIDs(of: kinds) + values.map(\.id) + external.map(\.id)
    }

    /// The problems of a `chain`, and of ids given twice: an id no layer has, a layer
    /// named twice, a layer the workspace cannot have (remote config without
    /// `remote_config`, the tenant layers of a single app), and value files limited
    /// to environments that are not configured. The built-in layers are those of `kinds`.
    func problems(in configuration: Configuration, kinds: [LayerKind] = LayerKind.registered) -> [Diagnostic] {
        let builtIn = LayerKind.builtInIDs(of: kinds)
        let layerIDs = layerIDs(kinds: kinds)
        var problems: [Diagnostic] = []
        var seenIDs = Set<String>()
        for (id, location) in values.map({ ($0.id, $0.location) }) + external.map({ ($0.id, $0.location) }) {
            if builtIn.contains(id) {
                problems.append(
                    .error("'\(id)' is the name of a built-in layer", at: location, hint: "give the source another name, such as '\(id)_file'"))
            } else if !seenIDs.insert(id).inserted {
                problems.append(.error("two layers are named '\(id)'", at: location, hint: "each value file and external source needs its own name"))
            }
        }
        for file in values {
            for environment in file.environments ?? [] where !configuration.environments.contains(environment) {
                problems.append(
                    .error(
                        "values.\(file.id).environments names environment '\(environment)', which is not configured", at: file.location,
                        hint: Suggestion.didYouMean(environment, in: configuration.environments)
                            ?? "configured environments: \(configuration.environments.joined(separator: ", "))"))
            }
        }
        guard let chain else { return problems }
        var named: [String: SourceLocation] = [:]
        for (id, location) in chain {
            if let first = named[id] {
                problems.append(
                    .error("the chain names layer '\(id)' twice", at: location, hint: "it is first named at line \(first.line), column \(first.column)"))
                continue
            }
            named[id] = location
            if !layerIDs.contains(id) {
                problems.append(
                    .error(
                        "the chain names layer '\(id)', which the workspace does not have", at: location,
                        hint: Suggestion.didYouMean(id, in: layerIDs) ?? "layers: \(layerIDs.joined(separator: ", "))"))
                continue
            }
            switch kinds.first(where: { $0.isNamedByID && $0.id == id })?.requirement {
            case .remoteConfig? where configuration.remoteConfig == nil:
                problems.append(.error("the chain names layer '\(id)', but there is no 'remote_config'", at: location))
            case .tenantFiles? where configuration.isSingleApp:
                problems.append(
                    .error(
                        "the chain names layer '\(id)', but a single app has no tenant files", at: location,
                        hint: "name the app's value files under 'values' instead"))
            default: break
            }
        }
        for last in kinds where last.place == .last {
            guard let place = named[last.id], chain.last?.id != last.id else { continue }
            problems.append(.error("the \(last.id) must end the chain", at: place, hint: "move '\(last.id)' to the end, or leave it out"))
        }
        for file in values where named[file.id] == nil {
            problems.append(
                .warning("value file '\(file.id)' is not in the chain, so no cell reads it", at: file.location, hint: "add '\(file.id)' to 'chain'"))
        }
        for source in external where named[source.id] == nil {
            problems.append(
                .warning("external source '\(source.id)' is not in the chain", at: source.location, hint: "add '\(source.id)' to 'chain'"))
        }
        return problems
    }
}

extension ConfigurationValues {
    /// `values`: layer ids mapped to `{ path, format, environments }`.
    mutating func valueFiles(_ node: Node) -> [LayerSettings.ValueFile] {
        guard let mapping = node.mapping else {
            fail("'values' must map layer names to files, e.g. { local: { path: LocalConfiguration.json, format: justtweak } }", node, key: "values")
            return []
        }
        var files: [LayerSettings.ValueFile] = []
        for (idNode, value) in mapping {
            let id = idNode.string ?? ""
            let key = "values.\(id)"
            var file = LayerSettings.ValueFile(id: id, path: "", location: location(of: idNode))
            if value.scalar != nil {
                file.path = string(value, key: key) ?? ""
            } else if let fields = value.mapping {
                for (field, _, fieldValue) in members(of: fields, as: LayerSettings.ValueKey.self, place: " in \(key)") {
                    switch field {
                    case .path: file.path = string(fieldValue, key: "\(key).path") ?? ""
                    case .format:
                        guard let name = string(fieldValue, key: "\(key).format") else { continue }
                        let names = FormatRegistry.names(for: .values)
                        guard names.contains(name) else {
                            fail(
                                "unknown values format '\(name)'; " + (Suggestion.didYouMean(name, in: names) ?? "use \(names.joined(separator: ", "))"),
                                fieldValue, key: "\(key).format")
                            continue
                        }
                        file.format = name
                    case .environments: file.environments = strings(fieldValue, key: "\(key).environments", allowSingle: true)
                    }
                }
            } else {
                fail("'\(key)' must be a path or { path, format, environments }", value, key: key)
                continue
            }
            if file.path.isEmpty {
                if !reported.contains(key), !reported.contains("\(key).path") { fail("'\(key)' needs a 'path'", value, key: key) }
                continue
            }
            files.append(file)
        }
        return files
    }

    /// `external`: layer ids mapped to `{ name, flags }`, where `flags` is `all` or a list of keys.
    mutating func externalSources(_ node: Node) -> [LayerSettings.External] {
        guard let mapping = node.mapping else {
            fail("'external' must map layer names to sources, e.g. { launchdarkly: { name: LaunchDarkly, flags: all } }", node, key: "external")
            return []
        }
        var sources: [LayerSettings.External] = []
        for (idNode, value) in mapping {
            let id = idNode.string ?? ""
            let key = "external.\(id)"
            var source = LayerSettings.External(id: id, name: id, flags: nil, location: location(of: idNode))
            guard let fields = value.mapping else {
                fail("'\(key)' must be a mapping with 'name' and 'flags'", value, key: key)
                continue
            }
            var sawFlags = false
            for (field, _, fieldValue) in members(of: fields, as: LayerSettings.ExternalKey.self, place: " in \(key)") {
                switch field {
                case .name: source.name = string(fieldValue, key: "\(key).name") ?? id
                case .flags:
                    sawFlags = true
                    if fieldValue.scalar?.string == "all" { continue }
                    guard let sequence = fieldValue.sequence, !sequence.isEmpty else {
                        fail("'\(key).flags' must be 'all' or a non-empty list of flag keys", fieldValue, key: "\(key).flags")
                        continue
                    }
                    var flags: [(key: String, location: SourceLocation)] = []
                    for element in sequence {
                        guard let flag = string(element, key: "\(key).flags") else { continue }
                        flags.append((flag, location(of: element)))
                    }
                    source.flags = flags
                }
            }
            if !sawFlags {
                fail("'\(key)' needs 'flags': 'all', or the list of flag keys it may change", value, key: key)
                continue
            }
            sources.append(source)
        }
        return sources
    }

    /// `chain`: a list of layer ids, first asked first.
    mutating func chain(_ node: Node) -> [(id: String, location: SourceLocation)]? {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            fail("'chain' must be a non-empty list of layers, e.g. [debug, remote, override, base, fallback]", node, key: "chain")
            return nil
        }
        var ids: [(id: String, location: SourceLocation)] = []
        for element in sequence {
            guard let id = string(element, key: "chain") else { return nil }
            ids.append((id, location(of: element)))
        }
        return ids
    }
}
