import FlagstaffCore

/// `flagstaff history --format text`: each commit that changes what is shown,
/// newest first, its changes indented under it.
public enum HistoryTextRenderer {
    /// The report; with `colour`, headings are bold and values green, red or yellow.
    /// `pending` names an entry without a commit (the working tree).
    public static func render(_ history: ValueHistory, scope: HistoryScope, pending: String, colour: Bool, pathPrefix: String = "") -> String {
        let style = DiffStyle.terminal(colour: colour)
        var text = style.heading(HistorySections.title(scope, style: style)) + "\n"
        for note in HistorySections.notes(history, style: style, pathPrefix: pathPrefix) { text += note + "\n" }
        for entry in history.entries.reversed() {
            text += "\n" + style.heading(HistorySections.heading(entry, pending: pending, style: style)) + "\n"
            for line in HistorySections.lines(entry, scope: scope, style: style, pathPrefix: pathPrefix) { text += "  " + line + "\n" }
        }
        return text
    }

    /// What a shallow clone means for the history, in one plain sentence.
    public static func shallowNote(_ oldest: HistoryCommit) -> String {
        HistorySections.shallowNote(oldest, style: .terminal(colour: false))
    }
}
