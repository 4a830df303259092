import FlagstaffCore

/// The lifecycle report for a terminal: a summary, an aligned table, then each
/// flag's reasons and the places in code that use it.
public enum LifecycleTextRenderer {
    /// The report of `entries`, most urgent first: by each flag's first status,
    /// then in enum order. With `colour`, status words get ANSI colours;
    /// `pathPrefix` goes before code paths so they open from the current folder.
    public static func render(_ report: LifecycleReport, entries: [LifecycleEntry], colour: Bool, pathPrefix: String = "") -> String {
        let paint = Paint(enabled: colour)
        let counts = LifecycleStatus.allCases.compactMap { status -> String? in
            let count = entries.filter { $0.has(status) }.count
            return count == 0 ? nil : paint(status, "\(count) \(status.label)")
        }
        var text = paint.bold("Flag lifecycle as of \(report.asOf)") + ": "
        text += counts.isEmpty ? "nothing to do" : counts.joined(separator: ", ")
        text += " (\(report.entries.count.counted("flag")) in all)\n"
        text += LifecycleText.policySummary(report.policy) + "\n"
        for note in report.notes { text += "Note: \(note).\n" }
        guard !entries.isEmpty else { return text + "\nNo flag matches.\n" }
        // Rank by the first status; a flag without one goes last. The offset keeps enum order within a rank.
        func rank(_ entry: LifecycleEntry) -> Int {
            entry.statuses.first.flatMap { LifecycleStatus.allCases.firstIndex(of: $0) } ?? LifecycleStatus.allCases.count
        }
        let entries = entries.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }.map(\.element)
        let rows = [["FLAG", "OWNER", "REMOVE BY", "USES", "STATUS"]] + entries.map { entry in
            [
                entry.flag.key, entry.lifecycle.owner ?? "-", entry.lifecycle.removeBy?.description ?? "-",
                report.usesAreKnown ? String(entry.references.count) : "-",
                entry.statuses.map { paint($0, $0.label) }.joined(separator: ", "),
            ]
        }
        // The coloured status column is last, so escape codes never upset the padding.
        let table = TextTable.render(rows)
        text += "\n" + (colour ? paint.bold(String(table.prefix { $0 != "\n" })) + String(table.drop { $0 != "\n" }) : table)
        for entry in entries {
            text += "\n" + paint.bold(entry.flag.key) + " (.\(entry.flag.caseName))"
            text += entry.lifecycle.owner.map { ", owned by \($0)" } ?? ", no owner"
            if let ticket = entry.lifecycle.ticket { text += ", \(ticket)" }
            text += "\n"
            for finding in entry.findings {
                text += "  " + paint(finding.status, finding.status.label) + ": \(finding.reason)\n"
            }
            if !entry.references.isEmpty {
                text += "  used in \(entry.references.count.counted("place")):\n"
                for reference in entry.references {
                    text += "    \(pathPrefix)\(reference.location)\n"
                }
            }
        }
        return text
    }

    /// ANSI colours, or plain text when disabled.
    private struct Paint {
        let enabled: Bool

        func callAsFunction(_ status: LifecycleStatus, _ text: String) -> String {
            let colour: TerminalColour
            switch status {
            case .overdue: colour = .red
            case .dueSoon, .stale: colour = .yellow
            case .rolledOut, .dead, .notOnYet, .notInProduction, .offInRemoteConfig, .partlySeen: colour = .green
            case .incomplete, .deprecatedInCode: colour = .magenta
            case .unusedInCode: colour = .cyan
            }
            return enabled ? colour.paint(text) : text
        }

        func bold(_ text: String) -> String {
            enabled ? TerminalColour.bold.paint(text) : text
        }
    }
}
