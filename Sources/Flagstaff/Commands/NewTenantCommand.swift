import FlagstaffCore
import FlagstaffReaders

/// `flagstaff new-tenant ID`: creates a tenant file from the template or from
/// another tenant, adds the tenant's name to `tenant_names`, and how Remote Config
/// recognises it to `remote_config.tenants`.
public struct NewTenantCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The new tenant's id.
    public var id: String
    /// The tenant to copy instead of the template.
    public var like: String?
    /// The display name for `tenant_names`.
    public var name: String?
    /// The tenant's Firebase App ID, for `remote_config.tenants`.
    public var appID: String?
    /// The value the tenant sends for the tenant signal.
    public var signal: String?
    /// The value the tenant sets for the tenant user property.
    public var userProperty: String?
    /// Print the diff instead of writing.
    public var dryRun = false

    /// Creates a request.
    public init(
        configurationPath: String? = nil, id: String, like: String? = nil, name: String? = nil, appID: String? = nil, signal: String? = nil,
        userProperty: String? = nil, dryRun: Bool = false
    ) {
        self.configurationPath = configurationPath
        self.id = id
        self.like = like
        self.name = name
        self.appID = appID
        self.signal = signal
        self.userProperty = userProperty
        self.dryRun = dryRun
    }

    /// Creates the tenant and returns the exit status.
    public func run(console: Console, writer: SourceWriter = SourceWriter()) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath, forEditing: true)
        guard let model = workspace.report(to: console)?.model else { return ExitStatus.failure }
        let configuration = workspace.configuration
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-".contains($0)) }) else {
            throw .usage("invalid tenant id '\(id)': use letters, digits, '_' and '-'")
        }
        if let existing = model.tenant(id) {
            throw .rejected([.error("tenant '\(id)' already exists", at: .start(of: workspace.displayPrefix + existing.file))])
        }
        guard let pattern = TenantPattern(configuration.tenants) else { throw .usage("'tenants' has no '*' for the tenant id") }
        let path = pattern.path(of: pattern.prefix + id + pattern.suffix)
        var changes = SourceChangeSet(workspace: workspace, configurationPath: configurationPath, subject: .init(command: "new-tenant", tenant: id))
        let text: String
        if let like {
            guard let tenant = model.tenant(like) else { throw .unknown("tenant", like, in: model.tenants.map(\.id)) }
            text = try changes.text(of: tenant.file)
        } else if let template = configuration.template {
            text = try changes.text(of: template)
        } else {
            throw .usage("no template to start from: set 'template' in the configuration, or pass --like TENANT")
        }
        changes.create(path, text: text)
        let file = changes.configurationFile
        var configurationText = try changes.text(of: file)
        if let name { configurationText = TextEdit.apply([ConfigurationEditor.addingTenantName(id: id, name: name, to: configurationText)], to: configurationText) }
        let recognition = try remoteRecognition(model.remoteConfig)
        if !recognition.fields.isEmpty {
            guard let edit = ConfigurationEditor.addingRemoteTenant(id: id, fields: recognition.fields, to: configurationText) else {
                throw .usage("cannot find the remote_config mapping in \(workspace.displayPrefix)\(file) to add \(id) to; add it under remote_config.tenants by hand")
            }
            configurationText = TextEdit.apply([edit], to: configurationText)
        }
        if name != nil || !recognition.fields.isEmpty { changes.replace(file, with: configurationText) }
        if let remote = model.remoteConfig, model.tenants.contains(where: { remote.names($0.id) }) {
            var withTenant = remote
            withTenant.recognitions[id] = recognition.recognition
            if !withTenant.names(id) {
                let advice =
                    recognition.fields.isEmpty
                    ? "pass the --app-id, --signal or --user-property its conditions will use"
                    : "no template names the \(recognition.fields.map(\.key).joined(separator: " or ")) given yet: add \(id) to the conditions that should hold for it in the Firebase console"
                console.error(
                    "flagstaff: warning: no Remote Config condition recognises \(id) by its app id, signal or user property, "
                        + "while others name tenants; \(advice)\n")
            }
        }
        return try changes.commit(console: console, dryRun: dryRun, writer: writer)
    }

    /// How Remote Config will recognise the tenant, from the options, and the
    /// `remote_config.tenants` keys to write; the options need the settings they fill.
    private func remoteRecognition(_ remote: RemoteConfig?) throws(FlagstaffError) -> (recognition: TenantRecognition, fields: [(key: String, value: String)]) {
        let given = [(RemoteTenantKey.appID, appID), (.signal, signal), (.userProperty, userProperty)].compactMap { key, value in value.map { (key, $0) } }
        guard !given.isEmpty else { return (TenantRecognition(), []) }
        guard let remote else { throw .usage("--app-id, --signal and --user-property need remote_config in the configuration") }
        if signal != nil, remote.tenantSignal == nil { throw .usage("--signal needs remote_config.tenant_signal, the custom signal that carries the tenant") }
        if userProperty != nil, remote.tenantUserProperty == nil {
            throw .usage("--user-property needs remote_config.tenant_user_property, the user property that carries the tenant")
        }
        if given.contains(where: { $0.1.isEmpty }) { throw .usage("--app-id, --signal and --user-property take a non-empty value") }
        let recognition = TenantRecognition(appID: appID, signal: signal.map(TenantValue.value), userProperty: userProperty.map(TenantValue.value))
        return (recognition, given.map { (key: $0.0.rawValue, value: $0.1) })
    }
}
