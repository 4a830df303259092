import FlagstaffCore

/// The settings of a workspace, read from `flagstaff.yml`. Paths are as written,
/// relative to the folder that holds the configuration file.
public struct Configuration: Hashable, Sendable {
    /// The top-level keys of `flagstaff.yml`.
    public enum Key: String, ConfigurationKey {
        case title, environments
        case enumFiles = "enum", enumName = "enum_name", flagProtocol = "flag_protocol"
        case catalog, catalogHeading = "catalog_heading", catalogOrder = "catalog_order"
        case tenants, tenantNames = "tenant_names", tenantFacts = "tenant_facts", template
        case output, matrixFile = "matrix_file", templates, guide, code
        case currentVersion = "current_version", lifecycle
        case remoteConfig = "remote_config", diff, history
        case strict, afterChange = "after_change", flagCheck = "flag_check"
        case swift, buildConfigurations = "build_configurations", appTargets = "app_targets"
        case values, external, chain
        case outsideWorkspace = "outside_workspace"
        case timeZone = "time_zone"

        public static let place = ""
        public static let otherwise = "see the README for the keys"

        /// The keys a configuration must have. Without `catalog` the declarations
        /// give what they can; without `tenants` the workspace is a single app.
        public static let required: [Key] = [.environments, .enumFiles]
    }

    /// The site's title.
    public var title = "Feature flags"
    /// The environments in display order.
    public var environments: [String] = []
    /// The Swift files to search for the flag enum.
    public var enumFiles: [String] = []
    /// The format of each source that names one (`format:`), by role; the role's
    /// first format in `FormatRegistry` when absent.
    public var formats: [SourceRole: String] = [:]
    /// The names of the types that declare the flags (`enum_name`, one or a
    /// list); empty when the files hold one `String` enum, or `flag_protocol` names them.
    public var enumNames: [String] = []
    /// A protocol every type that declares flags conforms to (`flag_protocol`),
    /// in its declaration or an extension.
    public var flagProtocol: String?
    /// What the Swift declarations say beyond which flags exist (`swift`).
    public var swift = SwiftSettings()
    /// The environments that are build configurations, with their compilation conditions.
    public var buildConfigurations = BuildConfigurations()
    /// The apps the codebase builds (`app_targets`), in the order written, each
    /// with the values its build fixes for checks such as `AppConfiguration.isJetpack`.
    public var appTargets: [AppTarget] = []
    /// The value files, external sources and chain order the workspace declares.
    public var layers = LayerSettings()
    /// The catalog's Markdown file; empty when the workspace has none.
    public var catalog = ""
    /// The heading the catalog table sits under.
    public var catalogHeading = "Flags"
    /// The tenant files' pattern; its one `*` stands for the tenant id. Empty for a
    /// single app, whose values come from the declarations.
    public var tenants = ""
    /// The tenant file new tenants start from (`template`), which `new` and `remove` keep in step.
    public var template: String?
    /// The order of the catalog's rows (`catalog_order`): by key, or as in the enum.
    public var catalogOrder = CatalogOrder.key
    /// A shell command run in the workspace's folder after `new`, `remove`,
    /// `new-tenant` or `validate --fix` changed the sources (`after_change`).
    public var afterChange: String?
    /// The names of the app's flag-check methods (`flag_check`, one name or a list):
    /// `flags.isEnabled(.caseName)` is a check whose call the Piranha rules replace
    /// with the flag's value.
    public var flagChecks = ["isEnabled"]
    /// Display names by tenant id.
    public var tenantNames: [String: String] = [:]
    /// Facts about tenants for people, such as country and currency, by tenant id in the order written.
    public var tenantFacts: [TenantFacts] = []
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
    /// Places outside the workspace's folder that Flagstaff may read and write
    /// (`outside_workspace`), relative to it or absolute.
    public var outsideWorkspace: [String] = []
    /// The IANA time zone (`time_zone`, such as `Europe/Paris`) that Remote Config
    /// templates' publishing times are shown in; UTC when `nil`.
    public var timeZone: String?
    /// Where each key's value is written, for diagnostics about it.
    public var locations: [Key: SourceLocation] = [:]

    /// Creates a configuration with defaults.
    public init() {}

    /// Whether the workspace is one app without tenant files.
    public var isSingleApp: Bool { tenants.isEmpty }
}
