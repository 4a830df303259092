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
            text += "\(shown)\n"
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

    static func escapeData(_ text: String) -> String {
        var output = ""
        for character in text {
            switch character {
            case "%": output += "%25"
            case "\r": output += "%0D"
            case "\n": output += "%0A"
            default: output.append(character)
            }
        }
        return output
    }

    static func escapeProperty(_ text: String) -> String {
        var output = ""
        for character in escapeData(text) {
            switch character {
            case ":": output += "%3A"
            case ",": output += "%2C"
            default: output.append(character)
            }
        }
        return output
    }
}
