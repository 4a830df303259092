import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Remove: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Retire a flag: remove its case, catalog row, tenant values and template entry in one step.",
            discussion: """
                Refuses while the code folders still use the flag, unless --force; then prints the Polyglot Piranha \
                rules and call that delete those uses. Exit codes: 0 success; 1 the code still uses the flag, or the \
                change would leave the workspace invalid; 2 usage or I/O errors (nothing is changed).
                """)

        @OptionGroup var workspace: WorkspaceOptions
        @Argument(help: "The flag's key or Swift case name.")
        var key: String
        @ArgumentParser.Flag(help: "Remove the flag even though code still uses it.")
        var force = false
        @ArgumentParser.Flag(name: .customLong("dry-run"), help: "Print the diff of every file instead of writing.")
        var dryRun = false

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try RemoveCommand(configurationPath: workspace.config, key: key, force: force, dryRun: dryRun).run(console: console)
        }
    }
}
