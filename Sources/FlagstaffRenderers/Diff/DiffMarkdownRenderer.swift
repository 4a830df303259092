import FlagstaffCore

/// `flagstaff diff --format md`: the report as one pull-request comment.
///
/// It starts with a hidden marker line, so a sticky-comment action finds and
/// updates the same comment on every push. Sections longer than `foldAfter`
/// lines fold into `<details>`. When the whole still exceeds the limit, it is cut
/// between lines, saying how many were left out and where the full report is.
public enum DiffMarkdownRenderer {
    /// The first line of every report: an HTML comment GitHub does not show.
    public static let marker = "<!-- flagstaff-diff -->"
    /// GitHub's limit on a comment's length. Reports are measured in UTF-8 bytes,
    /// which is never fewer than the characters GitHub counts.
    public static let commentLimit = 65_536
    /// Sections with more lines than this fold into `<details>`.
    public static let foldAfter = 10

    /// The report.
    /// - Parameters:
    ///   - base, head: the sides as the user named them.
    ///   - limit: the most UTF-8 bytes the report may take.
    ///   - fullReport: where the full report is, in Markdown (a link or a command), said when the report is cut.
    public static func render(
        _ diff: WorkspaceDiff, base: String, head: String, all: Bool, limit: Int = commentLimit, fullReport: String,
        pathPrefix: String = ""
    ) -> String {
        let style = DiffStyle.markdown
        var opening = marker + "\n### Flag changes from \(style.code(base)) to \(style.code(head))\n\n"
        opening += "**\(DiffSections.summary(diff).markdownEscaped)**\n"
        for note in DiffSections.notes(diff, base: base, style: style, all: all) { opening += "\n" + note + "\n" }
        let sections = DiffSections.make(diff, style: style, all: all, pathPrefix: pathPrefix)

        var output = Output(text: opening, limit: limit, fullReport: fullReport)
        for (index, section) in sections.enumerated() {
            let folded = section.lines.count > foldAfter
            let start = folded
                ? "\n<details><summary><b>\(section.title.markdownEscaped)</b></summary>\n\n"
                : "\n#### \(section.title.markdownEscaped)\n\n"
            let end = folded ? "\n</details>\n" : ""
            let remaining = sections[index...].reduce(0) { $0 + $1.lines.count }
            guard output.fits(start + end, leaving: remaining) else { return output.cut(leftOut: remaining) }
            output.text += start
            for (offset, line) in section.lines.enumerated() {
                guard output.fits("- \(line)\n" + end, leaving: remaining - offset) else {
                    output.text += end
                    return output.cut(leftOut: remaining - offset)
                }
                output.text += "- \(line)\n"
            }
            output.text += end
        }
        return output.text
    }

    /// The report so far, and what it may still take.
    private struct Output {
        var text: String
        let limit: Int
        let fullReport: String

        /// Whether `more` fits while keeping room for the note that says `leftOut` lines were cut.
        func fits(_ more: String, leaving leftOut: Int) -> Bool {
            text.utf8.count + more.utf8.count + note(leftOut: leftOut).utf8.count <= limit
        }

        /// The report cut here, with the note.
        func cut(leftOut: Int) -> String { text + note(leftOut: leftOut) }

        private func note(leftOut: Int) -> String {
            "\n_\(leftOut.counted("more line")) left out to fit the comment limit. The full report: \(fullReport)_\n"
        }
    }
}
