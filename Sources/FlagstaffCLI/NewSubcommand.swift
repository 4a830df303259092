import ArgumentParser
import Flagstaff
import FlagstaffCore
import Foundation

extension FlagType: ExpressibleByArgument {}

extension FlagstaffCommand {
    struct New: ParsableCommand, FlagstaffRunnable {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Add a flag to the enum, the catalog, every tenant file and the template in one step.",
            discussion: """
                On a terminal it asks for what the options leave open, then for confirmation; with --yes, or when \
                standard input is not a terminal, it never asks. Exit codes: 0 success; 1 the change would leave \
                the workspace invalid; 2 usage or I/O errors (nothing is changed).
                """)

        @OptionGroup var workspace: WorkspaceOptions
        @Option(name: .customLong("case"), help: "The Swift case name, in camelCase.")
        var caseName: String?
        @Option(name: .customLong("in"), help: "The type that declares the flag, where several types declare flags.")
        var declaringType: String?
        @Option(help: "The key (default: derived from the case name in the style of the existing keys).")
        var key: String?
        @Option(help: "The MARK group to add the case to.")
        var group: String?
        @Option(name: .customLong("new-group"), help: "Start a new MARK group with this name.")
        var newGroup: String?
        @Option(help: "What the flag does: the doc comment and the catalog's description.")
        var description: String?
        @Option(help: "The catalog's Owner.")
        var owner: String?
        @Option(help: "The catalog's Type: release, experiment, ops, kill-switch or permission.")
        var type: String?
        @Option(help: "The catalog's Added date, YYYY-MM-DD.")
        var added: String?
        @Option(name: .customLong("remove-by"), help: "The catalog's Remove by: a date or an app version.")
        var removeBy: String?
        @Option(help: "The catalog's Ticket.")
        var ticket: String?
        @Option(help: "Another catalog column, as Name=Value (repeatable).")
        var column: [String] = []
        @Option(name: .customLong("value-type"), help: "bool (default), string or number.")
        var valueType: FlagType = .bool
        @Option(help: "The value of a string or number flag, in every tenant.")
        var value: String?
        @Option(help: "The tenants whose Bool is true: all, or a comma list such as CHL,JLC.")
        var on: String?
        @Option(name: .customLong("on-in"), help: "Override to true in one environment, as ENV=all or ENV=CHL,JLC (repeatable).")
        var onIn: [String] = []
        @ArgumentParser.Flag(help: "Do not ask anything; take the options as they are.")
        var yes = false
        @OptionGroup var changes: DryRunOption

        func execute(console: Console) throws(FlagstaffError) -> Int32 {
            var draft = FlagDraft()
            draft.caseName = caseName ?? ""
            draft.key = key
            draft.declaringType = declaringType
            draft.group = newGroup ?? group
            draft.newGroup = newGroup != nil
            draft.description = description ?? ""
            let lifecycle = [("Owner", owner), ("Type", type), ("Added", added), ("Remove by", removeBy), ("Ticket", ticket)]
            for case let (name, value?) in lifecycle { draft.cells[name] = value }
            for pair in column {
                guard let equals = pair.firstIndex(of: "=") else { throw .usage("--column takes Name=Value, not '\(pair)'") }
                draft.cells[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            draft.valueType = valueType
            draft.value = value
            draft.on = on.map(Self.list) ?? []
            for pair in onIn {
                guard let equals = pair.firstIndex(of: "=") else { throw .usage("--on-in takes ENV=TENANTS, not '\(pair)'") }
                draft.onIn[String(pair[..<equals])] = Self.list(String(pair[pair.index(after: equals)...]))
            }
            let prompter = yes ? nil : Prompter.terminal(console: console)
            return try NewCommand(configurationPath: workspace.config, draft: draft, dryRun: changes.dryRun).run(console: console, prompter: prompter)
        }

        static func list(_ text: String) -> [String] {
            text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
    }
}
