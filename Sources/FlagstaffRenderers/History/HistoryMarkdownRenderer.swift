import FlagstaffCore

/// `flagstaff history --format md`: the report as Markdown, one heading per
/// commit, newest first, for a wiki page, an issue or an incident's notes.
public enum HistoryMarkdownRenderer {
    /// The report. `pending` names an entry without a commit (the working tree).
    public static func render(_ history: ValueHistory, scope: HistoryScope, pending: String, pathPrefix: String = "") -> String {
        let style = DiffStyle.markdown
        var text = "### " + HistorySections.title(scope, style: style) + "\n\n"
        for note in HistorySections.notes(history, style: style, pathPrefix: pathPrefix) { text += note + "\n\n" }
        for entry in history.entries.reversed() {
            text += "#### " + HistorySections.heading(entry, pending: pending.markdownEscaped, style: style) + "\n\n"
            for line in HistorySections.lines(entry, scope: scope, style: style, pathPrefix: pathPrefix) { text += "- " + line + "\n" }
            text += "\n"
        }
        return text
    }
}
