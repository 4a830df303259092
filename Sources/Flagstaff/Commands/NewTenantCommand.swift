import FlagstaffCore
import FlagstaffReaders

/// `flagstaff new-tenant ID`: creates a tenant file from the template or from
/// another tenant, and adds the tenant's name to `tenant_names`.
public struct NewTenantCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The new tenant's id.
    public var id: String
    /// The tenant to copy instead of the template.
    public var like: String?
    /// The display name for `tenant_names`.
    public var name: String?
    /// Print the diff instead of writing.
    public var dryRun = false

    /// Creates a request.
    public init(configurationPath: String? = nil, id: String, like: String? = nil, name: String? = nil, dryRun: Bool = false) {
        self.configurationPath = configurationPath
        self.id = id
        self.like = like
        self.name = name
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
        if let name {
            let file = changes.configurationFile
            let configurationText = try changes.text(of: file)
            try changes.edit(file, [ConfigurationEditor.addingTenantName(id: id, name: name, to: configurationText)])
        }
        return try changes.commit(console: console, dryRun: dryRun, writer: writer)
    }
}
