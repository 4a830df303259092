import FlagstaffCore
import Yams

/// The `remote_config` settings: template files by environment, and what the
/// core's `RemoteConfig` needs besides the templates themselves.
public struct RemoteConfigSettings: Hashable, Sendable {
    /// The template file of each environment that has one; `*` stands for every
    /// environment until `resolved(environments:currentVersion:)` spreads it.
    public var templates: [String: String] = [:]
    /// How each tenant is recognised, by tenant id, as written.
    public var recognitions: [String: TenantRecognition] = [:]
    /// The custom signal key that carries the tenant.
    public var tenantSignal: String?
    /// The Google Analytics user property that carries the tenant.
    public var tenantUserProperty: String?
    /// How keys become parameter names.
    public var naming: RemoteConfig.Naming = .same
    /// Parameter names given explicitly, by flag key.
    public var parameterNames: [String: String] = [:]
    /// Whether the templates also serve the team's Android or web apps.
    public var isShared = false
    /// The platform the app runs on, as `device.os` names it.
    public var platform = "ios"
    /// The app version being built, by environment; `current_version` for the others.
    public var appVersions: [String: String] = [:]
    /// The app build being built, by environment.
    public var appBuilds: [String: String] = [:]
    /// Where each setting is written, by dotted key (`remote_config.templates.prod`).
    public var locations: [String: SourceLocation] = [:]

    /// Creates empty settings.
    public init() {}

    /// The settings with the environments known: `template` spread to every environment,
    /// and `current_version` as the app version of each environment without its own.
    /// Call only on a configuration without errors: the environments must be unique.
    func resolved(environments: [String], currentVersion: AppVersion?) -> RemoteConfigSettings {
        var settings = self
        if let everywhere = templates["*"] {
            settings.templates = [:]
            for environment in environments { settings.templates[environment] = everywhere }
        }
        if let currentVersion {
            for environment in environments where settings.appVersions[environment] == nil {
                settings.appVersions[environment] = currentVersion.description
            }
        }
        return settings
    }

    /// The core's `RemoteConfig` for these settings and the templates read.
    public func remoteConfig(templates: [String: RemoteTemplate], asOf: CalendarDate?) -> RemoteConfig {
        RemoteConfig(
            templates: templates, recognitions: recognitions, tenantSignal: tenantSignal, tenantUserProperty: tenantUserProperty,
            naming: naming, parameterNames: parameterNames, isShared: isShared, platform: platform, appVersions: appVersions,
            appBuilds: appBuilds, asOf: asOf, settingLocations: locations)
    }
}

/// The keys of the `remote_config` mapping, in the order the README lists them.
public enum RemoteConfigKey: String, ConfigurationKey {
    case template, templates
    case tenantSignal = "tenant_signal", tenantUserProperty = "tenant_user_property", tenants
    case parameterNames = "parameter_names", parameters
    case shared, platform
    case appVersions = "app_versions", appBuilds = "app_builds"

    public static let place = " in remote_config"
}

/// The keys of one tenant under `remote_config.tenants`.
public enum RemoteTenantKey: String, ConfigurationKey {
    case appID = "app_id", signal, userProperty = "user_property"

    public static let place = " for a tenant in remote_config"
}

extension ConfigurationValues {
    /// The `remote_config` mapping. `template` (one file for every environment) is
    /// kept under the environment `*` until the environments are known.
    mutating func remoteConfig(_ node: Node) -> RemoteConfigSettings? {
        guard let mapping = node.mapping else {
            fail("'remote_config' must be a mapping, e.g. { template: remote/template.json }", node, key: "remote_config")
            return nil
        }
        var settings = RemoteConfigSettings()
        var hasTemplate = false
        for (key, keyNode, value) in members(of: mapping, as: RemoteConfigKey.self) {
            let path = "remote_config.\(key.rawValue)"
            settings.locations[path] = location(of: value)
            switch key {
            case .template, .templates:
                if hasTemplate { diagnostics.append(.error("give either 'template' or 'templates', not both", at: location(of: keyNode))) }
                hasTemplate = true
                if key == .template {
                    guard let file = string(value, key: path) else { continue }
                    settings.templates["*"] = file
                    settings.locations["remote_config.templates.*"] = location(of: value)
                } else {
                    guard let entries = environmentMap(value, key: path, example: "{ prod: remote/prod.json }") else { continue }
                    for (environment, file, place, _) in entries {
                        settings.locations["remote_config.templates.\(environment)"] = place
                        settings.templates[environment] = file
                    }
                }
            case .tenantSignal: settings.tenantSignal = string(value, key: path)
            case .tenantUserProperty: settings.tenantUserProperty = string(value, key: path)
            case .tenants: settings.recognitions = remoteTenants(value, into: &settings.locations)
            case .parameterNames:
                guard let text = string(value, key: path) else { continue }
                guard let naming = RemoteConfig.Naming(rawValue: text) else {
                    let names = RemoteConfig.Naming.allCases.map(\.rawValue)
                    fail("'parameter_names' must be one of \(names.joined(separator: ", ")), not '\(text)'", value, key: path)
                    continue
                }
                settings.naming = naming
            case .parameters:
                guard let entries = value.mapping else {
                    fail("'remote_config.parameters' must map flag keys to parameter names", value, key: path)
                    continue
                }
                for (flag, name) in entries {
                    let key = flag.string ?? ""
                    settings.locations["remote_config.parameters.\(key)"] = location(of: flag)
                    if let name = string(name, key: "\(path).\(key)") { settings.parameterNames[key] = name }
                }
            case .shared: settings.isShared = bool(value, key: path) ?? false
            case .platform:
                guard let text = string(value, key: path) else { continue }
                let platforms = ["ios", "android", "web"]
                guard platforms.contains(text) else {
                    fail("'platform' must be one of \(platforms.joined(separator: ", ")), as device.os names them, not '\(text)'", value, key: path)
                    continue
                }
                settings.platform = text
            case .appVersions, .appBuilds:
                let example = key == .appVersions ? "{ prod: \"2.4\" }" : "{ prod: \"245\" }"
                for (environment, text, place, valuePlace) in environmentMap(value, key: path, example: example) ?? [] {
                    guard AppVersion(parsing: text) != nil else {
                        diagnostics.append(.error("'\(text)' is not a version; write numbers and dots, e.g. \"2.4\"", at: valuePlace))
                        continue
                    }
                    settings.locations["\(path).\(environment)"] = place
                    if key == .appVersions { settings.appVersions[environment] = text } else { settings.appBuilds[environment] = text }
                }
            }
        }
        if !hasTemplate {
            diagnostics.append(
                .error(
                    "remote_config needs 'template' (one file for every environment) or 'templates' (a file per environment)",
                    at: location(of: node)))
        }
        return settings
    }

    /// A mapping of environments to strings: each environment, its text, and where the environment and the text are written.
    mutating func environmentMap(_ node: Node, key: String, example: String) -> [(String, String, SourceLocation, SourceLocation)]? {
        guard let entries = node.mapping else {
            fail("'\(key)' must map environments to values, e.g. \(example)", node, key: key)
            return nil
        }
        return entries.compactMap { environment, value in
            let name = environment.string ?? ""
            return string(value, key: "\(key).\(name)").map { (name, $0, location(of: environment), location(of: value)) }
        }
    }

    /// `remote_config.tenants`: per tenant id, `app_id`, `signal` and `user_property`;
    /// `signal: null` (or `~`) says the tenant sends no signal.
    mutating func remoteTenants(_ node: Node, into locations: inout [String: SourceLocation]) -> [String: TenantRecognition] {
        guard let entries = node.mapping else {
            fail("'remote_config.tenants' must map tenant ids to { app_id: …, signal: … }", node, key: "remote_config.tenants")
            return [:]
        }
        var recognitions: [String: TenantRecognition] = [:]
        for (tenant, fields) in entries {
            let id = tenant.string ?? ""
            locations["remote_config.tenants.\(id)"] = location(of: tenant)
            guard let fieldMapping = fields.mapping else {
                fail("'\(id)' under remote_config.tenants must be a mapping, e.g. { app_id: \"1:123:ios:abc\" }", fields, key: "remote_config.tenants")
                continue
            }
            var recognition = TenantRecognition()
            for (key, _, value) in members(of: fieldMapping, as: RemoteTenantKey.self) {
                let name = key.rawValue
                switch key {
                case .appID: recognition.appID = string(value, key: name)
                case .signal: recognition.signal = tenantValue(value, key: name)
                case .userProperty: recognition.userProperty = tenantValue(value, key: name)
                }
            }
            recognitions[id] = recognition
        }
        return recognitions
    }

    /// A tenant's signal or user property: a non-empty string, or YAML's null for none.
    mutating func tenantValue(_ node: Node, key: String) -> TenantValue? {
        if node.null != nil { return .unset }
        guard let text = node.scalar?.string, !text.isEmpty else {
            fail("'\(key)' must be a non-empty string, or null when the tenant sends none", node, key: key)
            return nil
        }
        return .value(text)
    }
}
