import ArgumentParser
import Flagstaff

extension HistoryCommand.Format: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct History: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "history",
            abstract: "List every change to the values the app gets, newest first, with its commit.",
            discussion: """
                Reads git's objects along the first-parent line of --until (default HEAD, then the working tree's own \
                changes); nothing is checked out. Exit codes: 0 success; 2 a bad revision or date, a workspace outside \
                git, or another usage or I/O error. --write-snapshot writes the history the site shows (history.until, \
                history.since) to the file history.snapshot names, so a build needs no git.
                """)

        @OptionGroup var workspace: WorkspaceOptions
        @Argument(help: "A flag key or Swift case name; every flag when absent.")
        var key: String?
        @OptionGroup var tenantFilter: TenantsOption
        @OptionGroup var environmentFilter: EnvironmentsOption
        @Option(help: "Start after this revision, or on this day (YYYY-MM-DD).")
        var since: String?
        @Option(help: "The last commit (default: HEAD, followed by the working tree's changes).")
        var until: String?
        @OptionGroup var report: FormatOption<HistoryCommand.Format>
        @Option(
            name: .customLong("read-with"),
            help: "Read every commit with this configuration file, even those with their own (default: a commit without one is read with the working tree's).")
        var readWith: String?
        @Flag(help: "Write the site's history, up to history.until, to the file history.snapshot names, and print nothing else.")
        var writeSnapshot = false

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try HistoryCommand(
                configurationPath: workspace.config, key: key, tenants: tenantFilter.tenants, environments: environmentFilter.environments,
                since: since, until: until, format: report.format, readWith: readWith, writeSnapshot: writeSnapshot
            ).run(console: console)
        }
    }
}
