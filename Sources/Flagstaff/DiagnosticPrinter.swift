import FlagstaffCore

/// Prints diagnostics the way compilers do, sorted and each once, followed by a
/// count; with GitHub Actions, also as workflow annotations.
public enum DiagnosticPrinter {
    /// Prints diagnostics to the console's standard error. `pathPrefix` is put
    /// before each path so it can be opened from the current directory.
    public static func print(_ diagnostics: [Diagnostic], pathPrefix: String, to console: Console) {
        let sorted = diagnostics.sortedForDisplay()
        guard !sorted.isEmpty else { return }
        var text = ""
        for diagnostic in sorted {
            var shown = diagnostic
            shown.location?.file = pathPrefix + (diagnostic.location?.file ?? "")
            text += oneLine("\(shown)") + "\n"
            if console.githubActions { text += annotation(shown) + "\n" }
        }
        let errors = sorted.filter { $0.severity == .error }.count
        let warnings = sorted.count - errors
        text += "\(errors.counted("error")), \(warnings.counted("warning"))\n"
        console.error(text)
    }

    /// `::error file=…,line=…,col=…::message`, escaped as GitHub's workflow commands require.
    static func annotation(_ diagnostic: Diagnostic) -> String {
        var properties: [String] = []
        if let location = diagnostic.location {
            properties = ["file=\(escapeProperty(location.file))", "line=\(location.line)", "col=\(location.column)"]
        }
        let message = diagnostic.message + (diagnostic.hint.map { "; \($0)" } ?? "")
        let head = "::\(diagnostic.severity.rawValue)" + (properties.isEmpty ? "" : " " + properties.joined(separator: ","))
        return head + "::" + escapeData(message)
    }

    /// A diagnostic, or an error, on one line: a line end in text it quotes from
    /// the sources (a key read from JSON, a folder named in `flagstaff.yml`) is
    /// shown as `\r` or `\n`, so no input starts a line of its own, which a
    /// reader or a CI runner would take for another diagnostic or a workflow command.
    public static func oneLine(_ text: String) -> String {
        escaped(text, ["\r": "\\r", "\n": "\\n"])
    }

    /// A message as a workflow command's data. By Unicode scalar, not by
    /// character: a line end written `\r\n` is one Swift character, and left as
    /// it is it would end the command and start another line the runner reads.
    static func escapeData(_ text: String) -> String {
        escaped(text, ["%": "%25", "\r": "%0D", "\n": "%0A"])
    }

    /// A property's value (a path) as a workflow command needs it: its data escapes, and `:` and `,`.
    static func escapeProperty(_ text: String) -> String {
        escaped(escapeData(text), [":": "%3A", ",": "%2C"])
    }

    private static func escaped(_ text: String, _ replacements: [Unicode.Scalar: String]) -> String {
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let replacement = replacements[scalar] { output += replacement.unicodeScalars } else { output.append(scalar) }
        }
        return String(output)
    }
}
