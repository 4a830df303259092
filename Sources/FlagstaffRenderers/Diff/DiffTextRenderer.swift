import FlagstaffCore

/// `flagstaff diff --format text`: the report for a terminal, ending with the summary line.
public enum DiffTextRenderer {
    /// The report. `base` and `head` name the sides as the user gave them; with
    /// `colour`, headings are bold and values green, red or yellow.
    public static func render(
        _ diff: WorkspaceDiff, base: String, head: String, all: Bool, colour: Bool, pathPrefix: String = ""
    ) -> String {
        let style = DiffStyle.terminal(colour: colour)
        var text = style.heading("Flag changes from \(base) to \(head)") + "\n"
        for note in DiffSections.notes(diff, base: base, style: style, all: all) { text += "\n" + note + "\n" }
        for section in DiffSections.make(diff, style: style, all: all, pathPrefix: pathPrefix) {
            text += "\n" + style.heading(section.title) + "\n"
            for line in section.lines { text += "  " + line + "\n" }
        }
        return text + "\n" + DiffSections.summary(diff) + "\n"
    }
}
