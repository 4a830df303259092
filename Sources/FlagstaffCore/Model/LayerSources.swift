/// A bundled file of values that the app asks as a layer of its own, for the
/// whole app: a JustTweak LocalConfiguration, a Remote Config defaults plist.
/// Tenant files stay the override and base layers; these come beside them.
public struct ValueSource: Hashable, Sendable {
    /// The layer's id, as `flagstaff.yml` names it under `values` (`local`).
    public var id: String
    /// The file.
    public var file: String
    /// The environments (build configurations) the app reads the file in; `nil` for every one.
    public var environments: Set<String>?
    /// The values by flag key, each where it is written.
    public var settings: [String: Tenant.Setting]
    /// Values that differ in one environment, by environment and flag key (a
    /// tenant JSON file's `overrides`).
    public var overrides: [String: [String: Tenant.Setting]]

    /// Creates a value source.
    public init(
        id: String, file: String, environments: Set<String>? = nil, settings: [String: Tenant.Setting],
        overrides: [String: [String: Tenant.Setting]] = [:]
    ) {
        self.id = id
        self.file = file
        self.environments = environments
        self.settings = settings
        self.overrides = overrides
    }

    /// The value the file gives a flag in an environment, where it gives one.
    public func setting(for key: String, in environment: String) -> Tenant.Setting? {
        guard applies(in: environment) else { return nil }
        return overrides[environment]?[key] ?? settings[key]
    }

    /// Whether the app reads the file in an environment.
    public func applies(in environment: String) -> Bool { environments?.contains(environment) ?? true }
}

/// A source of values Flagstaff cannot see (LaunchDarkly, Optimizely, a team's
/// backend): it may change the flags it touches, and no build can know to what.
public struct ExternalSource: Hashable, Sendable {
    /// The layer's id, as `flagstaff.yml` names it under `external` (`launchdarkly`).
    public var id: String
    /// The name people know it by: "LaunchDarkly".
    public var name: String
    /// The keys of the flags it may change; `nil` for every flag.
    public var flags: Set<String>?

    /// Creates an external source.
    public init(id: String, name: String, flags: Set<String>? = nil) {
        self.id = id
        self.name = name
        self.flags = flags
    }

    /// Whether it may change a flag.
    public func touches(_ key: String) -> Bool { flags?.contains(key) ?? true }

    /// The id of Remote Config when the code names parameters but the workspace has
    /// no template (`FlagModel.unseenRemoteConfig`): the remote layer's own id.
    public static let unseenRemoteConfigID = RemoteConfigLayer.kind.id
}

/// The layers a workspace declares beyond its tenant files, its Remote Config
/// templates and its code: value files, external sources, and the order of the
/// whole chain when `flagstaff.yml` gives one (`chain`).
public struct LayerSources: Hashable, Sendable {
    /// The value files, in the order the configuration lists them.
    public var values: [ValueSource]
    /// The external sources, in the order the configuration lists them.
    public var external: [ExternalSource]
    /// The ids of the chain's layers, first asked first; `nil` for the standard order.
    public var order: [String]?

    /// Creates the sources; none by default.
    public init(values: [ValueSource] = [], external: [ExternalSource] = [], order: [String]? = nil) {
        self.values = values
        self.external = external
        self.order = order
    }

    /// The external sources that may change a flag, in order.
    public func external(touching key: String) -> [ExternalSource] { external.filter { $0.touches(key) } }
}
