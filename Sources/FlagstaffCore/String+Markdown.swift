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
}
