/// What a workspace knows about Firebase Remote Config: the template of each
/// environment, how each tenant is recognised, and the parameter each flag reads.
public struct RemoteConfig: Hashable, Sendable {
    /// How flag keys become parameter names when no name is given.
    public enum Naming: String, Hashable, Sendable, CaseIterable {
        /// The parameter has the flag's key: `ENABLE_MEDIA_LIBRARY`.
        case same
        /// Lower snake case: `ENABLE_MEDIA_LIBRARY` and `mediaLibrary` become `enable_media_library` and `media_library`.
        case snakeCase = "snake_case"
        /// What follows a key's last dot, as JustTweak's Firebase provider asks for a
        /// variable: `ui_customization.display_red_view` reads `display_red_view`.
        case variable

        /// The parameter name for a key.
        public func name(for key: String) -> String {
            switch self {
            case .same: return key
            case .variable: return key.split(separator: ".", omittingEmptySubsequences: false).last.map(String.init) ?? key
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
    /// How each tenant is recognised, as configured, by tenant id.
    public var recognitions: [String: TenantRecognition]
    /// The custom signal key that carries the tenant, e.g. `tenant`; `nil` when tenants are separate apps.
    public var tenantSignal: String?
    /// The Google Analytics user property that carries the tenant, e.g. `maison`.
    public var tenantUserProperty: String?
    /// How keys become parameter names.
    public var naming: Naming
    /// Parameter names given explicitly, by flag key.
    public var parameterNames: [String: String]
    /// The flags whose code says they have no parameter (a `nil` remote key):
    /// remote config never decides them.
    public var unlinkedFlags: Set<String> = []
    /// Whether the templates also serve other apps (Android, web), so that conditions,
    /// parameters and values meant for them are not problems of this app's.
    public var isShared: Bool
    /// The platform the app runs on, as `device.os` names it: `ios` unless configured.
    public var platform: String
    /// The version of the app being built, by environment, where known.
    public var appVersions: [String: String]
    /// The build of the app being built, by environment, where known.
    public var appBuilds: [String: String]
    /// The day values are worked out for, which decides `dateTime` rules; `nil` leaves them varying.
    public var asOf: CalendarDate?
    /// Where each `remote_config` setting is written, by dotted key (`remote_config.tenants.CHL`).
    public var settingLocations: [String: SourceLocation]

    /// Creates the remote-config part of a model.
    public init(
        templates: [String: RemoteTemplate], recognitions: [String: TenantRecognition] = [:], tenantSignal: String? = nil,
        tenantUserProperty: String? = nil, naming: Naming = .same, parameterNames: [String: String] = [:], isShared: Bool = false,
        platform: String = "ios", appVersions: [String: String] = [:], appBuilds: [String: String] = [:], asOf: CalendarDate? = nil,
        settingLocations: [String: SourceLocation] = [:]
    ) {
        self.templates = templates
        self.recognitions = recognitions
        self.tenantSignal = tenantSignal
        self.tenantUserProperty = tenantUserProperty
        self.naming = naming
        self.parameterNames = parameterNames
        self.isShared = isShared
        self.platform = platform
        self.appVersions = appVersions
        self.appBuilds = appBuilds
        self.asOf = asOf
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

    /// How a tenant is recognised. With a tenant signal (or user property), a tenant
    /// sends its id as the value unless configured otherwise, except one recognised by
    /// its app id, which sends none unless given one.
    public func identity(of tenant: String) -> TenantIdentity {
        let given = recognitions[tenant]
        let byDefault: TenantValue = given?.appID == nil ? .value(tenant) : .unset
        return TenantIdentity(
            appID: given?.appID, signal: tenantSignal == nil ? .unset : given?.signal ?? byDefault,
            userProperty: tenantUserProperty == nil ? .unset : given?.userProperty ?? byDefault)
    }

    /// What Flagstaff knows of a tenant's devices in an environment.
    public func context(for tenant: String, in environment: String) -> ConditionContext {
        ConditionContext(
            tenant: tenant, identity: identity(of: tenant), tenantSignal: tenantSignal, tenantUserProperty: tenantUserProperty,
            platform: platform, appVersion: appVersions[environment], appBuild: appBuilds[environment], asOf: asOf)
    }

    /// Whether a condition of some template names a tenant by its app id, tenant signal
    /// or tenant user property: whether the templates tell it from the others.
    public func names(_ tenant: String) -> Bool {
        templates.contains { environment, template in
            let context = context(for: tenant, in: environment)
            return template.conditions.contains { $0.expression.mentions(context) }
        }
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

/// What a tenant sends for the tenant signal, or sets for the tenant user property.
public enum TenantValue: Hashable, Sendable {
    /// This text.
    case value(String)
    /// Nothing: every rule on it is false for the tenant, as Firebase decides a rule on an unset value.
    case unset

    /// The text, or `nil` when unset.
    public var value: String? {
        switch self {
        case .value(let text): text
        case .unset: nil
        }
    }
}

/// How a tenant is recognised in conditions: its Firebase App ID, and what it sends
/// for the tenant signal and sets for the tenant user property.
public struct TenantIdentity: Hashable, Sendable {
    /// The Firebase App ID of the tenant's app, e.g. `1:123:ios:abc`.
    public var appID: String?
    /// The tenant signal's value.
    public var signal: TenantValue
    /// The tenant user property's value.
    public var userProperty: TenantValue

    /// Creates an identity.
    public init(appID: String? = nil, signal: TenantValue = .unset, userProperty: TenantValue = .unset) {
        self.appID = appID
        self.signal = signal
        self.userProperty = userProperty
    }
}

/// How a tenant is recognised, as `remote_config.tenants` says it; what it leaves out
/// takes the default (see `RemoteConfig.identity(of:)`).
public struct TenantRecognition: Hashable, Sendable {
    /// The Firebase App ID, when given.
    public var appID: String?
    /// The tenant signal's value (or `.unset`, written `null`), when given.
    public var signal: TenantValue?
    /// The tenant user property's value (or `.unset`), when given.
    public var userProperty: TenantValue?

    /// Creates a recognition.
    public init(appID: String? = nil, signal: TenantValue? = nil, userProperty: TenantValue? = nil) {
        self.appID = appID
        self.signal = signal
        self.userProperty = userProperty
    }
}
