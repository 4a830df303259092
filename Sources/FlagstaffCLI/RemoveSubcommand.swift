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
        @OptionGroup var flag: FlagKeyArgument
        @ArgumentParser.Flag(help: "Remove the flag even though code still uses it.")
        var force = false
        @OptionGroup var changes: DryRunOption

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try RemoveCommand(configurationPath: workspace.config, key: flag.key, force: force, dryRun: changes.dryRun)
                .run(console: console)
        }
    }
}
