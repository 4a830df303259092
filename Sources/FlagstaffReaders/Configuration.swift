import FlagstaffCore
import Yams

/// The settings of a workspace, read from `flagstaff.yml`. Paths are as written,
/// relative to the folder that holds the configuration file.
public struct Configuration: Hashable, Sendable {
    /// The site's title.
    public var title = "Feature flags"
    /// The environments in display order.
    public var environments: [String] = []
    /// The Swift files to search for the flag enum.
    public var enumFiles: [String] = []
    /// The enum's name; optional when the files hold one `String` enum.
    public var enumName: String?
    /// The catalog's Markdown file.
    public var catalog = ""
    /// The heading the catalog table sits under.
    public var catalogHeading = "Flags"
    /// The tenant files' pattern; its one `*` stands for the tenant id.
    public var tenants = ""
    /// The tenant file new tenants start from (`template`), which `new` and `remove` keep in step.
    public var template: String?
    /// The order of the catalog's rows (`catalog_order`): by key, or as in the enum.
    public var catalogOrder = CatalogOrder.key
    /// A shell command run in the workspace's folder after `new`, `remove`,
    /// `new-tenant` or `validate --fix` changed the sources (`after_change`).
    public var afterChange: String?
    /// The name of the app's flag-check method (`flag_check`), which the Piranha rules rewrite.
    public var flagCheck = "isEnabled"
    /// Display names by tenant id.
    public var tenantNames: [String: String] = [:]
    /// The output folder.
    public var output = "public"
    /// A second place `build` writes the Markdown matrix, outside the output
    /// folder, such as next to the sources where it is committed and reviewed.
    public var matrixFile: String?
    /// A folder of templates that replace the default theme's, file by file.
    public var templates: String?
    /// The folder of product guide pages.
    public var guide: String?
    /// Folders of Swift source to scan for uses of each flag.
    public var code: [String] = []
    /// The lifecycle thresholds, with `current_version` for `Remove by` version targets.
    public var policy = LifecyclePolicy()
    /// The day lifecycle statuses are computed for, when the workspace pins one (`lifecycle.as_of`).
    public var asOf: CalendarDate?
    /// Whether flags without an `Added` date take the date of the commit that added them.
    public var addedFromGit = true
    /// Firebase Remote Config: which template each environment uses, and how tenants and parameters are named.
    public var remoteConfig: RemoteConfigSettings?
    /// The environments `flagstaff diff` lists first (`diff.protected`); production,
    /// the last environment, when empty.
    public var protectedEnvironments: [String] = []
    /// The values' history on the site (`history`); `nil`, the default, for none.
    public var history: HistorySettings?
    /// Whether warnings count as errors.
    public var strict = false
    /// Where each key's value is written, for diagnostics about it.
    public var locations: [String: SourceLocation] = [:]

    /// Creates a configuration with defaults.
    public init() {}
}

/// Reads `flagstaff.yml` with Yams, keeping line and column for every problem.
public enum ConfigurationReader {
    /// Every key the configuration file accepts.
    public static let knownKeys = [
        "title", "environments", "enum", "enum_name", "catalog", "catalog_heading", "tenants", "tenant_names",
        "output", "templates", "guide", "code", "current_version", "lifecycle", "remote_config", "diff", "strict",
        "template", "catalog_order", "after_change", "flag_check", "matrix_file", "history",
    ]

    /// Where a libyaml mark is. At the end of a text without a final line break,
    /// libyaml reports the line after the last; that is the end of the last line.
    static func location(of mark: Mark, in text: String, file: String, firstLine: Int = 1) -> SourceLocation {
        let lines = TextLines(text)
        guard mark.line > lines.count else { return SourceLocation(file: file, line: mark.line + firstLine - 1, column: mark.column) }
        return SourceLocation(file: file, line: lines.count + firstLine - 1, column: lines.range(ofLine: lines.count).count + 1)
    }

    /// Every key the `lifecycle` mapping accepts.
    public static let lifecycleKeys = ["as_of", "due_soon_days", "stale_after_days", "added_from_git"]

    /// Reads a configuration file's text; the configuration is `nil` when it has errors.
    public static func read(_ text: String, file: String) -> (configuration: Configuration?, diagnostics: [Diagnostic]) {
        let root: Node?
        do {
            root = try Yams.compose(yaml: text)
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
        var reader = ValueReader(file: file)
        var configuration = Configuration()
        var seen = Set<String>()
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            let keyLocation = reader.location(of: keyNode)
            guard seen.insert(key).inserted else {
                reader.diagnostics.append(.error("duplicate key '\(key)'", at: keyLocation))
                continue
            }
            configuration.locations[key] = reader.location(of: value)
            switch key {
            case "title": configuration.title = reader.string(value, key: key) ?? configuration.title
            case "environments": configuration.environments = reader.strings(value, key: key, allowSingle: false) ?? []
            case "enum": configuration.enumFiles = reader.strings(value, key: key, allowSingle: true) ?? []
            case "enum_name": configuration.enumName = reader.string(value, key: key)
            case "catalog": configuration.catalog = reader.string(value, key: key) ?? ""
            case "catalog_heading": configuration.catalogHeading = reader.string(value, key: key) ?? configuration.catalogHeading
            case "tenants": configuration.tenants = reader.string(value, key: key) ?? ""
            case "tenant_names": configuration.tenantNames = reader.stringMap(value, key: key)
            case "output": configuration.output = reader.string(value, key: key) ?? configuration.output
            case "matrix_file": configuration.matrixFile = reader.string(value, key: key)
            case "templates": configuration.templates = reader.string(value, key: key)
            case "guide": configuration.guide = reader.string(value, key: key)
            case "code": configuration.code = reader.codeRoots(value) ?? []
            case "current_version": configuration.policy.currentVersion = reader.version(value, key: key)
            case "lifecycle": reader.lifecycle(value, into: &configuration)
            case "remote_config": configuration.remoteConfig = reader.remoteConfig(value)
            case "diff": configuration.protectedEnvironments = reader.diff(value)
            case "history": configuration.history = reader.history(value)
            case "strict": configuration.strict = reader.bool(value, key: key) ?? false
            case "template": configuration.template = reader.string(value, key: key)
            case "after_change": configuration.afterChange = reader.string(value, key: key)
            case "flag_check": configuration.flagCheck = reader.string(value, key: key) ?? configuration.flagCheck
            case "catalog_order":
                let text = reader.string(value, key: key) ?? CatalogOrder.key.rawValue
                if let order = CatalogOrder(rawValue: text) {
                    configuration.catalogOrder = order
                } else {
                    let names = CatalogOrder.allCases.map(\.rawValue)
                    reader.fail(
                        "unknown catalog_order '\(text)'; " + (Suggestion.didYouMean(text, in: names) ?? "use one of \(names.joined(separator: ", "))"),
                        value, key: key)
                }
            default:
                reader.diagnostics.append(
                    .error("unknown key '\(key)'", at: keyLocation, hint: Suggestion.didYouMean(key, in: knownKeys) ?? "see the README for the keys"))
            }
        }
        let start = SourceLocation.start(of: file)
        for (key, present) in [
            ("environments", !configuration.environments.isEmpty), ("enum", !configuration.enumFiles.isEmpty),
            ("catalog", !configuration.catalog.isEmpty), ("tenants", !configuration.tenants.isEmpty),
        ] where !present && !reader.reported.contains(key) {
            reader.diagnostics.append(.error("missing required key '\(key)'", at: start))
        }
        var seenEnvironments = Set<String>()
        for environment in configuration.environments where !seenEnvironments.insert(environment).inserted {
            reader.diagnostics.append(.error("environment '\(environment)' is listed twice", at: reader.location(ofKey: "environments", in: mapping)))
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
        for environment in configuration.protectedEnvironments where !configuration.environments.contains(environment) {
            reader.diagnostics.append(
                .error(
                    "diff.protected names environment '\(environment)', which is not configured",
                    at: configuration.locations["diff"],
                    hint: Suggestion.didYouMean(environment, in: configuration.environments)
                        ?? "configured environments: \(configuration.environments.joined(separator: ", "))"))
        }
        if !configuration.tenants.isEmpty, configuration.tenants.filter({ $0 == "*" }).count != 1 {
            reader.diagnostics.append(
                .error(
                    "'tenants' must contain exactly one '*', which stands for the tenant id",
                    at: reader.location(ofKey: "tenants", in: mapping), hint: "for example content/tenants/*/FeatureFlags.defaults.json"))
        }
        // Everything is checked; only a configuration without errors is indexed by its
        // environments, which are then known to be unique.
        guard !reader.diagnostics.containsErrors else { return (nil, reader.diagnostics) }
        configuration.remoteConfig = configuration.remoteConfig?.resolved(
            environments: configuration.environments, currentVersion: configuration.policy.currentVersion)
        return (configuration, reader.diagnostics)
    }
}

/// Typed access to YAML values that records a positioned error for each mismatch.
struct ValueReader {
    let file: String
    var diagnostics: [Diagnostic] = []
    var reported = Set<String>()

    func location(of node: Node) -> SourceLocation {
        node.mark.map { SourceLocation(file: file, line: $0.line, column: $0.column) } ?? .start(of: file)
    }

    func location(ofKey key: String, in mapping: Node.Mapping) -> SourceLocation {
        mapping.first { $0.key.string == key }.map { location(of: $0.value) } ?? .start(of: file)
    }

    mutating func fail(_ message: String, _ node: Node, key: String) {
        reported.insert(key)
        diagnostics.append(.error(message, at: location(of: node)))
    }

    mutating func string(_ node: Node, key: String) -> String? {
        guard let scalar = node.scalar, !scalar.string.isEmpty else {
            fail("'\(key)' must be a non-empty string", node, key: key)
            return nil
        }
        return scalar.string
    }

    mutating func version(_ node: Node, key: String) -> AppVersion? {
        guard let text = string(node, key: key) else { return nil }
        guard let version = AppVersion(parsing: text) else {
            fail("'\(key)' is not an app version: '\(text)'; write numbers and dots, e.g. \"2.4\"", node, key: key)
            return nil
        }
        return version
    }

    mutating func days(_ node: Node, key: String) -> Int? {
        guard let text = node.scalar?.string, let days = Int(text), days >= 0 else {
            fail("'\(key)' must be a whole number of days, 0 or more", node, key: key)
            return nil
        }
        return days
    }

    /// The `lifecycle` mapping: `as_of`, `due_soon_days`, `stale_after_days` and `added_from_git`.
    mutating func lifecycle(_ node: Node, into configuration: inout Configuration) {
        guard let mapping = node.mapping else {
            fail("'lifecycle' must be a mapping, e.g. { due_soon_days: 30 }", node, key: "lifecycle")
            return
        }
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            switch key {
            case "as_of":
                guard let text = string(value, key: key) else { continue }
                if let date = CalendarDate(parsing: text) {
                    configuration.asOf = date
                } else {
                    fail("'as_of' is not a date: '\(text)'; \(CalendarDate.problem(parsing: text) ?? "")", value, key: key)
                }
            case "due_soon_days":
                if let days = days(value, key: key) { configuration.policy.dueSoonDays = days }
            case "stale_after_days":
                guard let kinds = value.mapping else {
                    fail("'stale_after_days' must be a mapping of flag types to days, e.g. { release: 40, ops: 7 }", value, key: key)
                    continue
                }
                for (kindNode, daysNode) in kinds {
                    let name = kindNode.string ?? ""
                    guard let kind = FlagKind(rawValue: name) else {
                        let names = FlagKind.allCases.filter { !$0.isPermanent }.map(\.rawValue)
                        diagnostics.append(
                            .error(
                                "unknown flag type '\(name)' in stale_after_days", at: location(of: kindNode),
                                hint: Suggestion.didYouMean(name, in: names) ?? "use \(names.joined(separator: ", "))"))
                        continue
                    }
                    guard !kind.isPermanent else {
                        diagnostics.append(.error("'\(name)' flags are permanent and never stale", at: location(of: kindNode), hint: "remove this line"))
                        continue
                    }
                    if let days = days(daysNode, key: key) { configuration.policy.expectedLifetimes[kind] = days }
                }
            case "added_from_git":
                if let flag = bool(value, key: key) { configuration.addedFromGit = flag }
            default:
                diagnostics.append(
                    .error(
                        "unknown key '\(key)' in lifecycle", at: location(of: keyNode),
                        hint: Suggestion.didYouMean(key, in: ConfigurationReader.lifecycleKeys)
                            ?? "use \(ConfigurationReader.lifecycleKeys.joined(separator: ", "))"))
            }
        }
    }

    /// The `diff` mapping: `protected`, one environment or a list.
    mutating func diff(_ node: Node) -> [String] {
        guard let mapping = node.mapping else {
            fail("'diff' must be a mapping, e.g. { protected: [prod] }", node, key: "diff")
            return []
        }
        var protected: [String] = []
        for (keyNode, value) in mapping {
            let key = keyNode.string ?? ""
            guard key == "protected" else {
                diagnostics.append(
                    .error("unknown key '\(key)' in diff", at: location(of: keyNode), hint: Suggestion.didYouMean(key, in: ["protected"]) ?? "use protected"))
                continue
            }
            protected = strings(value, key: "protected", allowSingle: true) ?? []
        }
        return protected
    }

    mutating func bool(_ node: Node, key: String) -> Bool? {
        switch node.scalar?.string {
        case "true": return true
        case "false": return false
        default:
            fail("'\(key)' must be true or false", node, key: key)
            return nil
        }
    }

    mutating func strings(_ node: Node, key: String, allowSingle: Bool) -> [String]? {
        if allowSingle, node.scalar != nil { return string(node, key: key).map { [$0] } }
        guard let sequence = node.sequence, !sequence.isEmpty else {
            fail("'\(key)' must be a non-empty list\(allowSingle ? " or a string" : "")", node, key: key)
            return nil
        }
        var values: [String] = []
        for element in sequence {
            guard let value = string(element, key: key) else { return nil }
            values.append(value)
        }
        return values
    }

    /// The `code` folders. The file system's root is refused: the walk would read
    /// every file on the machine.
    mutating func codeRoots(_ node: Node) -> [String]? {
        guard let roots = strings(node, key: "code", allowSingle: true) else { return nil }
        if roots.contains(where: { $0.allSatisfy { $0 == "/" } }) {
            reported.insert("code")
            diagnostics.append(
                .error(
                    "'code' names the file system's root '/'", at: location(of: node),
                    hint: "name the folders of the app's Swift source, e.g. [App/Sources]"))
            return nil
        }
        return roots
    }

    mutating func stringMap(_ node: Node, key: String) -> [String: String] {
        guard let mapping = node.mapping else {
            fail("'\(key)' must be a mapping, e.g. { WL: White Label }", node, key: key)
            return [:]
        }
        var values: [String: String] = [:]
        for (name, value) in mapping {
            if let name = name.string, let text = string(value, key: key) { values[name] = text }
        }
        return values
    }
}
