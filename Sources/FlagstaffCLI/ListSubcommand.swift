import ArgumentParser
import Flagstaff

extension ListCommand.Format: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct List: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the flags as read from the sources: key, case, group and catalog row.",
            discussion: "Exit codes: 0 success; 1 the sources have errors; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var report: FormatOption<ListCommand.Format>

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try ListCommand(configurationPath: workspace.config, format: report.format).run(console: console)
        }
    }
}
