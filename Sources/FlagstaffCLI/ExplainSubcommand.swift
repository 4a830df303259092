import ArgumentParser
import Flagstaff

extension ExplainCommand.Format: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct Explain: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "explain",
            abstract: "Explain one flag's value for a tenant in an environment, layer by layer.",
            discussion: "Exit codes: 0 success; 1 the sources have errors; 2 an unknown flag, tenant or environment, or an I/O error.")

        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var flag: FlagKeyArgument
        @Option(help: "The tenant id; may be left out where there is one tenant, such as a single app.")
        var tenant: String?
        @Option(name: .customLong("env"), help: "The environment.")
        var environment: String
        @OptionGroup var report: FormatOption<ExplainCommand.Format>

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try ExplainCommand(
                configurationPath: workspace.config, key: flag.key, tenant: tenant, environment: environment, format: report.format
            ).run(console: console)
        }
    }
}
