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
        @Option(name: .customLong("as-of"), help: "The day to compute statuses for, YYYY-MM-DD (default: lifecycle.as_of, else SOURCE_DATE_EPOCH, else today).")
        var asOf: String?
        @Option(help: "Removal dates this many days away or fewer are due soon (default: lifecycle.due_soon_days, 30).")
        var within: Int?
        @Option(help: "Only flags whose owner contains this text, ignoring case.")
        var owner: String?
        @Option(help: "Only flags with this status (repeatable).")
        var status: [LifecycleStatus] = []
        @Option(help: "text, md, json or piranha.")
        var format: DueCommand.Format = .text
        @Option(name: .customLong("fail-on"), help: "Exit 1 when a listed flag is overdue, or overdue or due soon (due-soon); never by default.")
        var failOn: DueCommand.FailOn = .never

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            try DueCommand(
                configurationPath: workspace.config, asOf: asOf, within: within, owner: owner, statuses: status, format: format,
                failOn: failOn
            ).run(console: console)
        }
    }
}
