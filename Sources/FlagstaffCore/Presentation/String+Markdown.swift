extension String {
    /// The text escaped so that Markdown shows it literally, also inside a table
    /// cell: every character with a meaning in Markdown gets a backslash, and a
    /// line break becomes a space.
    ///
    /// Read by Unicode scalar, as a Markdown reader reads it, not by character: a
    /// sign with a mark joined to it (`|` and a combining accent) is one Swift
    /// character, but still the sign to the reader.
    public var markdownEscaped: String {
        var output = String.UnicodeScalarView()
        var afterCarriageReturn = false
        for scalar in unicodeScalars {
            defer { afterCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "!", "|":
                output.append("\\")
                output.append(scalar)
            case "\n" where afterCarriageReturn:
                continue
            case "\n", "\r":
                output.append(" ")
            default:
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// The text as inline code (a flag key, a path), safe inside a table cell: a
    /// code span with `|` written `\|`, or escaped plain text when a backtick or a
    /// line break would end or split the span.
    public var markdownCode: String {
        if unicodeScalars.contains(where: { $0 == "`" || Character($0).isNewline }) { return markdownEscaped }
        return "`" + markdownPipesEscaped + "`"
    }

    /// The text with each `|` written `\|`, and nothing else changed: what keeps a
    /// table cell whole, by Unicode scalar (a pipe with a mark joined to it is one
    /// Swift character, but still a pipe to a Markdown reader).
    public var markdownPipesEscaped: String {
        var output = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == "|" { output.append("\\") }
            output.append(scalar)
        }
        return String(output)
    }
}
