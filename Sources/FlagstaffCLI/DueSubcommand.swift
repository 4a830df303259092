import ArgumentParser
import Flagstaff
import FlagstaffCore

extension DueCommand.Format: ExpressibleByArgument {}
extension DueCommand.FailOn: ExpressibleByArgument {}
extension LifecycleStatus: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct Due: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "due",
            abstract: "List flags that are due for removal, with owners, reasons and uses in code.",
            discussion: """
                Statuses: overdue, due-soon, rolled-out, dead, not-on-yet, not-in-production, off-in-remote-config, partly-seen, stale, incomplete, deprecated-in-code, unused-in-code. \
                Exit codes: 0 success; 1 validation errors, or a flag matching --fail-on; 2 usage or I/O errors.
                """)

        @OptionGroup var workspace: WorkspaceOptions
        @OptionGroup var lifecycle: AsOfOption
        @Option(help: "Removal dates this many days away or fewer are due soon (default: lifecycle.due_soon_days, 30).")
        var within: Int?
        @Option(help: "Only flags whose owner contains this text, ignoring case.")
        var owner: String?
        @Option(help: "Only flags with this status (repeatable).")
        var status: [LifecycleStatus] = []
        @OptionGroup var report: FormatOption<DueCommand.Format>
        @Option(name: .customLong("fail-on"), help: "Exit 1 when a listed flag is overdue, or overdue or due soon (due-soon); never by default.")
        var failOn: DueCommand.FailOn = .never

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try DueCommand(
                configurationPath: workspace.config, asOf: lifecycle.asOf, within: within, owner: owner, statuses: status, format: report.format,
                failOn: failOn
            ).run(console: console)
        }
    }
}
