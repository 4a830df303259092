import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct NewTenant: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "new-tenant",
            abstract: "Create a tenant file from the template (or another tenant) and name it in tenant_names.",
            discussion: "Exit codes: 0 success; 1 the change would leave the workspace invalid; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @Argument(help: "The new tenant's id, such as CHL.")
        var id: String
        @Option(help: "Copy this tenant's file instead of the template.")
        var like: String?
        @Option(help: "The display name, added to tenant_names.")
        var name: String?
        @Option(name: .customLong("app-id"), help: "The tenant's Firebase App ID, added to remote_config.tenants.")
        var appID: String?
        @Option(help: "The value the tenant sends for remote_config.tenant_signal.")
        var signal: String?
        @Option(name: .customLong("user-property"), help: "The value the tenant sets for remote_config.tenant_user_property.")
        var userProperty: String?
        @OptionGroup var changes: DryRunOption

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try NewTenantCommand(
                configurationPath: workspace.config, id: id, like: like, name: name, appID: appID, signal: signal, userProperty: userProperty,
                dryRun: changes.dryRun
            ).run(console: console)
        }
    }
}
