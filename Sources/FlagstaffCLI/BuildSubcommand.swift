import ArgumentParser
import Flagstaff

extension FlagstaffCommand {
    struct Build: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Validate, then write the site, the Markdown matrix and flags.json.",
            discussion: "Exit codes: 0 success; 1 validation errors or a stale output with --check; 2 usage or I/O errors.")

        @OptionGroup var workspace: WorkspaceOptions
        @Option(help: "The output folder (default: the configuration's 'output').")
        var output: String?
        @Flag(help: "Write nothing; exit 1 naming each file that is missing or differs.")
        var check = false
        @OptionGroup var strictness: StrictOption
        @Option(help: "A folder of templates that replace the default theme's, file by file.")
        var templates: String?
        @OptionGroup var lifecycle: AsOfOption

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try BuildCommand(
                configurationPath: workspace.config, output: output, check: check, strict: strictness.strict, templates: templates,
                asOf: lifecycle.asOf
            ).run(console: console)
        }
    }
}
