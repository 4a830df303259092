/// Everything Flagstaff knows about a workspace, read from its sources.
public struct FlagModel: Hashable, Sendable {
    /// The site's title.
    public var title: String
    /// The environments in display order, e.g. dev, sit, uat, prod.
    public let environments: [String]
    /// The types that declare the flags, in the order the configuration names
    /// them (one, unless `enum_name` lists several or `flag_protocol` names a
    /// protocol several types conform to); each with its own flags.
    public let flagEnums: [FlagEnum]
    /// Every declaring type's flags, one type after the other.
    public let flags: [Flag]
    /// The catalog.
    public var catalog: Catalog
    /// The tenants, sorted by id.
    public internal(set) var tenants: [Tenant]
    /// Display names by tenant id, as the configuration gives them (`tenant_names`).
    public var tenantNames: [String: String]
    /// The lifecycle thresholds and the app's current version.
    public var policy: LifecyclePolicy
    /// Where the configuration's `tenant_names` is written, for a name without a tenant.
    public var tenantNamesLocation: SourceLocation?
    /// What the configuration says about tenants for people (`tenant_facts`), in the order written.
    public var tenantFacts: [TenantFacts] = []
    /// Firebase Remote Config's templates and settings, when the workspace has them.
    public var remoteConfig: RemoteConfig?
    /// Whether the workspace is one app without tenant files: its one tenant is
    /// the app, and views speak of the app rather than of tenants.
    public let isSingleApp: Bool
    /// The value files and external sources the configuration declares, and the
    /// chain's order when it gives one.
    public var layerSources: LayerSources
    /// The flags by key, and the environments.
    public let keys: FlagKeys
    private var tenantIndices: [String: Int]

    /// Creates a model; tenants are kept in id order.
    public init(
        title: String, environments: [String], flagEnums: [FlagEnum], catalog: Catalog, tenants: [Tenant],
        tenantNames: [String: String] = [:], policy: LifecyclePolicy = LifecyclePolicy(),
        tenantNamesLocation: SourceLocation? = nil, remoteConfig: RemoteConfig? = nil, isSingleApp: Bool = false,
        layerSources: LayerSources = LayerSources()
    ) {
        self.title = title
        self.environments = environments
        self.flagEnums = flagEnums
        // The one type's own array when there is one, not a copy of its thousands of flags.
        flags = flagEnums.count == 1 ? flagEnums[0].flags : flagEnums.flatMap(\.flags)
        self.catalog = catalog
        self.tenants = tenants.sorted { $0.id < $1.id }
        self.tenantNames = tenantNames
        self.policy = policy
        self.tenantNamesLocation = tenantNamesLocation
        self.remoteConfig = remoteConfig
        self.isSingleApp = isSingleApp
        self.layerSources = layerSources
        keys = FlagKeys(flags: flags, environments: environments)
        tenantIndices = Dictionary(self.tenants.enumerated().map { ($1.id, $0) }) { first, _ in first }
    }

    /// The type that declares the flag at a position of `flags`.
    public func flagEnum(declaringFlagAt position: Int) -> FlagEnum {
        var end = 0
        for flagEnum in flagEnums {
            end += flagEnum.flags.count
            if position < end { return flagEnum }
        }
        preconditionFailure("no flag at position \(position)")
    }

    /// The declaring types as messages name them: `enum FeatureFlag`, or
    /// `FeatureFlagBool, FeatureFlagDouble or FeatureFlagString`.
    public var declaringTypes: String {
        let names = flagEnums.map(\.name)
        guard names.count > 1 else { return "enum \(names.first ?? "")" }
        return names.dropLast().joined(separator: ", ") + " or " + names[names.count - 1]
    }

    /// The facts the configuration gives about a tenant; none when it gives none.
    public func facts(of tenant: String) -> [TenantFacts.Fact] { tenantFacts.first { $0.tenant == tenant }?.facts ?? [] }

    /// The position of the first flag with a key, if the enum declares one.
    public func flagIndex(_ key: String) -> Int? { keys.position(of: key) }

    /// The positions of flags whose key an earlier flag already has, each with
    /// that earlier flag's position (the validator reports them).
    public var repeatedFlags: [Int: Int] { keys.repeatedFlags }

    /// The position of the tenant with an id, if there is one.
    public func tenantIndex(_ id: String) -> Int? { tenantIndices[id] }

    /// The flag with a key, if the enum declares one.
    public func flag(_ key: String) -> Flag? { flagIndex(key).map { flags[$0] } }

    /// The tenant with an id, if there is one.
    public func tenant(_ id: String) -> Tenant? { tenantIndex(id).map { tenants[$0] } }

    /// The lifecycle columns of a flag's catalog row; empty when it has no row.
    public func lifecycle(of key: String) -> FlagLifecycle { catalog.entry(for: key)?.lifecycle ?? FlagLifecycle() }

    /// The same model with other tenants (kept in id order), sharing the flags' keys.
    public func replacingTenants(_ tenants: [Tenant]) -> FlagModel {
        var model = self
        model.tenants = tenants.sorted { $0.id < $1.id }
        model.tenantIndices = Dictionary(model.tenants.enumerated().map { ($1.id, $0) }) { first, _ in first }
        return model
    }
}

extension FlagModel {
    /// The Remote Config parameter the app reads for a flag: the one the workspace's
    /// remote config names, unless the code says the flag has none; without
    /// templates, the one the code names (`swift.remote_key`); `nil` for none.
    public func remoteParameter(of flag: Flag) -> String? {
        if let remoteConfig { return remoteConfig.isLinked(flag.key) ? remoteConfig.parameterName(for: flag.key) : nil }
        guard case .parameter(let name, _)? = flag.remoteKey else { return nil }
        return name
    }

    /// Remote Config as a source Flagstaff cannot see, when the code names the
    /// parameters flags read but the workspace has no template: it may change
    /// those flags. `nil` when there are templates, or no flag names a parameter.
    public var unseenRemoteConfig: ExternalSource? {
        guard remoteConfig == nil else { return nil }
        let keys = flags.filter { remoteParameter(of: $0) != nil }.map(\.key)
        return keys.isEmpty ? nil : ExternalSource(id: ExternalSource.unseenRemoteConfigID, name: "remote config", flags: Set(keys))
    }
}
