import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Validate: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            abstract: "Check the sources and print every diagnostic.",
            discussion: "Exit codes: 0 valid; 1 validation errors; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @Flag(help: "Treat warnings as errors.")
        var strict = false

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try ValidateCommand(configurationPath: workspace.config, strict: strict).run(console: console)
        }
    }
}
