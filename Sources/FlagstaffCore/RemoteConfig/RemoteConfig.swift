/// What a workspace knows about Firebase Remote Config: the template of each
/// environment, how each tenant is recognised, and the parameter each flag reads.
public struct RemoteConfig: Hashable, Sendable {
    /// How flag keys become parameter names when no name is given.
    public enum Naming: String, Hashable, Sendable, CaseIterable {
        /// The parameter has the flag's key: `ENABLE_MEDIA_LIBRARY`.
        case same
        /// Lower snake case: `ENABLE_MEDIA_LIBRARY` and `mediaLibrary` become `enable_media_library` and `media_library`.
        case snakeCase = "snake_case"

        /// The parameter name for a key.
        public func name(for key: String) -> String {
            switch self {
            case .same: return key
            case .snakeCase:
                var name = ""
                var previous: Character?
                for character in key {
                    if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { name.append("_") }
                    name += character == "-" || character == " " ? "_" : character.lowercased()
                    previous = character
                }
                return name
            }
        }
    }

    /// The template of each environment; an environment without one has no remote layer.
    public var templates: [String: RemoteTemplate]
    /// How each tenant is recognised, by tenant id.
    public var identities: [String: TenantIdentity]
    /// The custom signal key that carries the tenant, e.g. `tenant`; `nil` when tenants are separate apps.
    public var tenantSignal: String?
    /// How keys become parameter names.
    public var naming: Naming
    /// Parameter names given explicitly, by flag key.
    public var parameterNames: [String: String]
    /// The flags whose code says they have no parameter (a `nil` remote key):
    /// remote config never decides them.
    public var unlinkedFlags: Set<String> = []
    /// Where the `remote_config` settings about tenants and flags are written.
    public var settingLocations: SettingLocations

    /// Where the `remote_config` entries of each tenant and flag are written.
    public struct SettingLocations: Hashable, Sendable {
        /// Each tenant's entry under `remote_config.tenants`, by tenant id.
        public var tenants: [String: SourceLocation]
        /// Each flag's entry under `remote_config.parameters`, by flag key.
        public var parameters: [String: SourceLocation]

        /// Creates the locations.
        public init(tenants: [String: SourceLocation] = [:], parameters: [String: SourceLocation] = [:]) {
            self.tenants = tenants
            self.parameters = parameters
        }
    }

    /// Creates the remote-config part of a model.
    public init(
        templates: [String: RemoteTemplate], identities: [String: TenantIdentity] = [:], tenantSignal: String? = nil,
        naming: Naming = .same, parameterNames: [String: String] = [:], settingLocations: SettingLocations = SettingLocations()
    ) {
        self.templates = templates
        self.identities = identities
        self.tenantSignal = tenantSignal
        self.naming = naming
        self.parameterNames = parameterNames
        self.settingLocations = settingLocations
    }

    /// Takes the parameters the flags' code names (`Flag.remoteKey`) for the flags
    /// `parameters` does not name; a flag whose code says it has none is unlinked.
    public mutating func link(_ flags: [Flag]) {
        for flag in flags where parameterNames[flag.key] == nil {
            switch flag.remoteKey {
            case .parameter(let name, _)?: parameterNames[flag.key] = name
            case .unlinked?: unlinkedFlags.insert(flag.key)
            case nil: continue
            }
        }
    }

    /// Whether remote config can decide a flag: its code does not say it has no parameter.
    public func isLinked(_ key: String) -> Bool { !unlinkedFlags.contains(key) }

    /// The parameter a flag key reads.
    public func parameterName(for key: String) -> String { parameterNames[key] ?? naming.name(for: key) }

    /// How a tenant is recognised: as configured, and, with a tenant signal, the
    /// tenant id as its signal value when none is given.
    public func identity(of tenant: String) -> TenantIdentity {
        var identity = identities[tenant] ?? TenantIdentity()
        if tenantSignal != nil, identity.signal == nil { identity.signal = tenant }
        return identity
    }

    /// The distinct templates, each with the environments that use it, in environment order.
    public func templatesByFile(environments: [String]) -> [(template: RemoteTemplate, environments: [String])] {
        var result: [(template: RemoteTemplate, environments: [String])] = []
        for environment in environments {
            guard let template = templates[environment] else { continue }
            if let index = result.firstIndex(where: { $0.template.file == template.file }) {
                result[index].environments.append(environment)
            } else {
                result.append((template, [environment]))
            }
        }
        return result
    }
}
