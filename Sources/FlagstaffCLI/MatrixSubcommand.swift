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
        @Option(name: .customLong("env"), help: "Only this environment (repeatable).")
        var environments: [String] = []
        @Option(name: .customLong("tenant"), help: "Only this tenant id (repeatable).")
        var tenants: [String] = []
        @Option(help: "md, json or csv.")
        var format: MatrixCommand.Format = .md

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try MatrixCommand(configurationPath: workspace.config, environments: environments, tenants: tenants, format: format)
                .run(console: console)
        }
    }
}
