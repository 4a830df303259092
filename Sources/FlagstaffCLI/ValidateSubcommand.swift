import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Validate: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "validate",
            abstract: "Check the sources and print every diagnostic.",
            discussion: "Exit codes: 0 valid; 1 validation errors; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Treat warnings as errors.")
        var strict = false
        @Flag(help: "Sort the catalog's rows and add a row for every flag without one (orphan rows are reported, not deleted).")
        var fix = false
        @Flag(name: .customLong("dry-run"), help: "With --fix, print the diff instead of writing.")
        var dryRun = false

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try ValidateCommand(configurationPath: workspace.config, strict: strict, fix: fix, dryRun: dryRun).run(console: console)
        }
    }
}
