import ArgumentParser
import Flagstaff

extension DiffCommand.Format: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct Diff: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what a change does to the values the app gets, between two git revisions.",
            discussion: """
                Both sides are read from git objects; nothing is checked out. \
                Exit codes: 0 success; 1 the head has errors, or a --fail-on-change environment changes; \
                2 a bad revision or another usage or I/O error.
                """)

        @OptionGroup var workspace: WorkspaceOptions
        @Option(help: "The base revision (default: the merge base with the default branch, else HEAD).")
        var base: String?
        @Option(help: "The head revision (default: the working tree).")
        var head: String?
        @OptionGroup var report: FormatOption<DiffCommand.Format>
        @Option(name: .customLong("fail-on-change"), help: "Exit 1 when any cell of this environment changes value (repeatable).")
        var failOnChange: [String] = []
        @Flag(help: "In md, also list cells that keep their value but get it from another layer.")
        var all = false
        @Option(help: "md: the most UTF-8 bytes the report may take (default: 65536, GitHub's comment limit).")
        var limit: Int?
        @Option(name: .customLong("full-report"), help: "md: where the full report is (Markdown, such as a link), said when the report is cut.")
        var fullReport: String?

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try DiffCommand(
                configurationPath: workspace.config, base: base, head: head, format: report.format, failOnChange: failOnChange, all: all,
                limit: limit, fullReport: fullReport
            ).run(console: console)
        }
    }
}
