import FlagstaffCore
import Synchronization
import Yams

/// Reads `flagstaff.yml` with Yams, keeping line and column for every problem.
/// Each section's keys are declared once, as a `ConfigurationKey` enum beside the
/// section (`Configuration.Key`, `Configuration.LifecycleKey`, `RemoteConfigSettings.Key`…).
public enum ConfigurationReader {
    /// Where a libyaml mark is. At the end of a text without a final line break,
    /// libyaml reports the line after the last; that is the end of the last line.
    static func location(of mark: Mark, in text: String, file: String, firstLine: Int = 1) -> SourceLocation {
        let lines = TextLines(text)
        guard mark.line > lines.count else { return SourceLocation(file: file, line: mark.line + firstLine - 1, column: mark.column) }
        return SourceLocation(file: file, line: lines.count + firstLine - 1, column: lines.range(ofLine: lines.count).count + 1)
    }

    /// Reads a configuration file's text; the configuration is `nil` when it has errors.
    ///
    /// The last text read is remembered with what it gave: a history walk reads
    /// the same configuration at every commit that changes a flag source, twice
    /// (Element X: 90 commits, a twentieth of `due`).
    public static func read(_ text: String, file: String) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        if let last = lastRead.withLock({ $0 }), last.text == text, last.file == file { return last.read }
        let read = readAfresh(text, file: file)
        lastRead.withLock { $0 = (text, file, read) }
        return read
    }

    /// The last text `read` read, its file's name and what it gave.
    private static let lastRead = Mutex<(text: String, file: String, read: (configuration: Configuration?, diagnostics: [Diagnostic]))?>(nil)

    /// A YAML document's nodes, each scalar tagged a string: Flagstaff reads every
    /// value from its text and never asks a tag. Yams' default resolver would first
    /// compile its regular expressions for YAML 1.1's Bools, numbers and dates,
    /// about 2 ms of every command's start before any work could begin.
    static func compose(_ yaml: String) throws -> Node? {
        try Yams.compose(yaml: yaml, .basic)
    }

    private static func readAfresh(_ text: String, file: String) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        let root: Node?
        do {
            root = try compose(text)
        } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
            let YamlError.composer(_, problem, mark, _)
        {
            return (nil, [.error("malformed YAML: \(problem)", at: location(of: mark, in: text, file: file))])
        } catch {
            return (nil, [.error("malformed YAML: \(error)", at: .start(of: file))])
        }
        guard let root, let mapping = root.mapping else {
            return (nil, [.error("the configuration must be a mapping of keys to values", at: .start(of: file), hint: "start from the example in the README")])
        }
        var reader = ConfigurationValues(file: file)
        var configuration = Configuration()
        for (key, _, value) in reader.members(of: mapping, as: Configuration.Key.self) {
            configuration.locations[key] = reader.location(of: value)
            let name = key.rawValue
            switch key {
            case .title: configuration.title = reader.string(value, key: name) ?? configuration.title
            case .environments: configuration.environments = reader.strings(value, key: name, allowSingle: false) ?? []
            case .enumFiles:
                configuration.enumFiles =
                    reader.source(value, key: key, role: .declarations, allowsList: true, formats: &configuration.formats) ?? []
            case .enumName: configuration.enumNames = reader.strings(value, key: name, allowSingle: true) ?? []
            case .flagProtocol: configuration.flagProtocol = reader.identifier(value, key: name)
            case .catalog:
                configuration.catalog =
                    reader.source(value, key: key, role: .metadata, allowsList: false, formats: &configuration.formats)?.first ?? ""
            case .catalogHeading: configuration.catalogHeading = reader.string(value, key: name) ?? configuration.catalogHeading
            case .catalogOrder: configuration.catalogOrder = reader.choice(value, key: name, as: CatalogOrder.self) ?? .key
            case .tenants:
                configuration.tenants =
                    reader.source(value, key: key, role: .values, allowsList: false, formats: &configuration.formats)?.first ?? ""
            case .tenantNames: configuration.tenantNames = reader.stringMap(value, key: name)
            case .tenantFacts: configuration.tenantFacts = reader.tenantFacts(value, key: name)
            case .template: configuration.template = reader.string(value, key: name)
            case .output: configuration.output = reader.string(value, key: name) ?? configuration.output
            case .matrixFile: configuration.matrixFile = reader.string(value, key: name)
            case .templates: configuration.templates = reader.string(value, key: name)
            case .guide: configuration.guide = reader.string(value, key: name)
            case .code: configuration.code = reader.codeRoots(value) ?? []
            case .currentVersion: configuration.policy.currentVersion = reader.version(value, key: name)
            case .lifecycle: reader.lifecycle(value, into: &configuration)
            case .remoteConfig: configuration.remoteConfig = reader.remoteConfig(value)
            case .diff: configuration.protectedEnvironments = reader.diff(value)
            case .history: configuration.history = reader.history(value)
            case .strict: configuration.strict = reader.bool(value, key: name) ?? false
            case .afterChange: configuration.afterChange = reader.string(value, key: name)
            case .flagCheck: configuration.flagChecks = reader.methodNames(value, key: name) ?? configuration.flagChecks
            case .swift: configuration.swift = reader.swift(value)
            case .buildConfigurations: configuration.buildConfigurations = reader.buildConfigurations(value)
            case .appTargets: configuration.appTargets = reader.appTargets(value)
            case .values: configuration.layers.values = reader.valueFiles(value)
            case .external: configuration.layers.external = reader.externalSources(value)
            case .chain: configuration.layers.chain = reader.chain(value)
            case .outsideWorkspace: configuration.outsideWorkspace = reader.strings(value, key: name, allowSingle: true) ?? []
            case .timeZone: configuration.timeZone = reader.timeZone(value, key: name)
            }
        }
        let start = SourceLocation.start(of: file)
        for key in Configuration.Key.required where configuration.locations[key] == nil && !reader.reported.contains(key.rawValue) {
            reader.diagnostics.append(.error("missing required key '\(key.rawValue)'", at: start))
        }
        checkAcrossKeys(&configuration, &reader)
        // Everything is checked; only a configuration without errors is indexed by its
        // environments, which are then known to be unique.
        guard !reader.diagnostics.containsErrors else { return (nil, reader.diagnostics) }
        configuration.remoteConfig = configuration.remoteConfig?.resolved(
            environments: configuration.environments, currentVersion: configuration.policy.currentVersion)
        return (configuration, reader.diagnostics)
    }

    /// The checks between keys: environments listed twice, environments named by
    /// `remote_config` and `diff` that `environments` lacks, the tenant pattern's `*`.
    private static func checkAcrossKeys(_ configuration: inout Configuration, _ reader: inout ConfigurationValues) {
        var seenEnvironments = Set<String>()
        for environment in configuration.environments where !seenEnvironments.insert(environment).inserted {
            reader.diagnostics.append(.error("environment '\(environment)' is listed twice", at: configuration.locations[.environments]))
        }
        if let remote = configuration.remoteConfig, !configuration.environments.isEmpty {
            let named = remote.templates.keys.map { ("remote_config.templates", $0) } + remote.appVersions.keys.map { ("remote_config.app_versions", $0) }
                + remote.appBuilds.keys.map { ("remote_config.app_builds", $0) }
            for (key, environment) in named.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) })
            where environment != "*" && !configuration.environments.contains(environment) {
                reader.diagnostics.append(
                    .error(
                        "\(key) names environment '\(environment)', which is not configured",
                        at: remote.locations["\(key).\(environment)"],
                        hint: Suggestion.didYouMean(environment, in: configuration.environments)
                            ?? "configured environments: \(configuration.environments.joined(separator: ", "))"))
            }
        }
        var seenTypes = Set<String>()
        for name in configuration.enumNames where !seenTypes.insert(name).inserted {
            reader.diagnostics.append(.error("enum_name lists '\(name)' twice", at: configuration.locations[.enumName]))
        }
        if configuration.flagProtocol != nil, !configuration.enumNames.isEmpty {
            reader.diagnostics.append(
                .error(
                    "enum_name and flag_protocol both say which types declare the flags", at: configuration.locations[.flagProtocol],
                    hint: "keep one: the list of types, or the protocol they conform to"))
        }
        for environment in configuration.buildConfigurations.entries.keys.sorted() where !configuration.environments.contains(environment) {
            reader.diagnostics.append(
                .error(
                    "build_configurations names environment '\(environment)', which is not configured",
                    at: configuration.buildConfigurations.entries[environment]?.location,
                    hint: Suggestion.didYouMean(environment, in: configuration.environments)
                        ?? "configured environments: \(configuration.environments.joined(separator: ", "))"))
        }
        for environment in configuration.protectedEnvironments where !configuration.environments.contains(environment) {
            reader.diagnostics.append(
                .error(
                    "diff.protected names environment '\(environment)', which is not configured",
                    at: configuration.locations[.diff],
                    hint: Suggestion.didYouMean(environment, in: configuration.environments)
                        ?? "configured environments: \(configuration.environments.joined(separator: ", "))"))
        }
        reader.diagnostics += configuration.layers.problems(in: configuration)
        if !configuration.tenants.isEmpty, configuration.tenants.filter({ $0 == "*" }).count != 1 {
            reader.diagnostics.append(
                .error(
                    "'tenants' must contain exactly one '*', which stands for the tenant id",
                    at: configuration.locations[.tenants], hint: "for example content/tenants/*/FeatureFlags.defaults.json"))
        }
    }
}
