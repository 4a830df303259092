import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Validate: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check the sources and print every diagnostic.",
            discussion: "--dry-run goes with --fix. Exit codes: 0 valid; 1 validation errors; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var strictness: StrictOption
        @Flag(help: "Sort the catalog's rows and add a row for every flag without one (orphan rows are reported, not deleted).")
        var fix = false
        @OptionGroup var changes: DryRunOption

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try ValidateCommand(configurationPath: workspace.config, strict: strictness.strict, fix: fix, dryRun: changes.dryRun)
                .run(console: console)
        }
    }
}
