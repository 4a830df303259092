import FlagstaffCore
import Yams

/// The `remote_config` settings: template files by environment, and what the
/// core's `RemoteConfig` needs besides the templates themselves.
public struct RemoteConfigSettings: Hashable, Sendable {
    /// The keys of the `remote_config` mapping.
    public enum Key: String, ConfigurationKey {
        case template, templates, tenantSignal = "tenant_signal", tenants, parameterNames = "parameter_names", parameters

        public static let place = " in remote_config"
    }

    /// The keys of one tenant's mapping under `remote_config.tenants`.
    public enum TenantKey: String, ConfigurationKey {
        case appID = "app_id", signal

        public static let place = " for a tenant in remote_config"
        public static let otherwise = "use app_id or signal"
    }

    /// Where the settings are written.
    public struct Locations: Hashable, Sendable {
        /// Each key's value.
        public var keys: [Key: SourceLocation] = [:]
        /// Each environment's entry under `templates`; `*` for `template`.
        public var templates: [String: SourceLocation] = [:]
        /// Each tenant's entry under `tenants`, and each flag's under `parameters`.
        public var setting = RemoteConfig.SettingLocations()

        /// No locations.
        public init() {}
    }

    /// The template file of each environment that has one.
    public var templates: [String: String] = [:]
    /// How each tenant is recognised, by tenant id.
    public var identities: [String: TenantIdentity] = [:]
    /// The custom signal key that carries the tenant.
    public var tenantSignal: String?
    /// How keys become parameter names.
    public var naming: RemoteConfig.Naming = .same
    /// Parameter names given explicitly, by flag key.
    public var parameterNames: [String: String] = [:]
    /// Where each setting is written.
    public var locations = Locations()

    /// Creates empty settings.
    public init() {}
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
        for (key, keyNode, value) in members(of: mapping, as: RemoteConfigSettings.Key.self) {
            let path = "remote_config.\(key.rawValue)"
            settings.locations.keys[key] = location(of: value)
            switch key {
            case .template:
                guard let file = string(value, key: path) else { continue }
                settings.templates["*"] = file
                settings.locations.templates["*"] = location(of: value)
                if hasTemplate { diagnostics.append(.error("give either 'template' or 'templates', not both", at: location(of: keyNode))) }
                hasTemplate = true
            case .templates:
                if hasTemplate { diagnostics.append(.error("give either 'template' or 'templates', not both", at: location(of: keyNode))) }
                hasTemplate = true
                guard let entries = value.mapping else {
                    fail("'remote_config.templates' must map environments to files, e.g. { prod: remote/prod.json }", value, key: path)
                    continue
                }
                for (environment, file) in entries {
                    let name = environment.string ?? ""
                    settings.locations.templates[name] = location(of: environment)
                    if let file = string(file, key: "\(path).\(name)") { settings.templates[name] = file }
                }
            case .tenantSignal:
                settings.tenantSignal = string(value, key: path)
            case .tenants:
                guard let entries = value.mapping else {
                    fail("'remote_config.tenants' must map tenant ids to { app_id: …, signal: … }", value, key: path)
                    continue
                }
                for (tenant, fields) in entries {
                    let id = tenant.string ?? ""
                    settings.locations.setting.tenants[id] = location(of: tenant)
                    guard let fieldMapping = fields.mapping else {
                        fail("'\(id)' under remote_config.tenants must be a mapping, e.g. { app_id: \"1:123:ios:abc\" }", fields, key: path)
                        continue
                    }
                    var identity = TenantIdentity()
                    for (field, _, fieldValue) in members(of: fieldMapping, as: RemoteConfigSettings.TenantKey.self) {
                        switch field {
                        case .appID: identity.appID = string(fieldValue, key: field.rawValue)
                        case .signal: identity.signal = string(fieldValue, key: field.rawValue)
                        }
                    }
                    settings.identities[id] = identity
                }
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
                    settings.locations.setting.parameters[key] = location(of: flag)
                    if let name = string(name, key: "\(path).\(key)") { settings.parameterNames[key] = name }
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
}
