extension String {
    /// The text escaped so that Markdown shows it literally, also inside a table
    /// cell: every character with a meaning in Markdown gets a backslash, and a
    /// line break becomes a space.
    public var markdownEscaped: String {
        var output = ""
        output.reserveCapacity(utf8.count)
        for character in self {
            switch character {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "|":
                output.append("\\")
                output.append(character)
            case "\n", "\r", "\r\n":
                output.append(" ")
            default:
                output.append(character)
            }
        }
        return output
    }

    /// The text as inline code (a flag key, a path), safe inside a table cell: a
    /// code span with `|` written `\|`, or escaped plain text when a backtick or a
    /// line break would end or split the span.
    public var markdownCode: String {
        if contains(where: { $0 == "`" || $0.isNewline }) { return markdownEscaped }
        var output = "`"
        for character in self {
            if character == "|" { output.append("\\") }
            output.append(character)
        }
        return output + "`"
    }
}
