import ArgumentParser
import Flagstaff

extension MatrixCommand.Format: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct Matrix: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "matrix",
            abstract: "Print the resolved matrix, or a slice of it.",
            discussion: "Exit codes: 0 success; 1 validation errors; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var environmentFilter: EnvironmentsOption
        @OptionGroup var tenantFilter: TenantsOption
        @OptionGroup var report: FormatOption<MatrixCommand.Format>

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try MatrixCommand(
                configurationPath: workspace.config, environments: environmentFilter.environments, tenants: tenantFilter.tenants,
                format: report.format
            ).run(console: console)
        }
    }
}
