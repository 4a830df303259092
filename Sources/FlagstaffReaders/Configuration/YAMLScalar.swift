/// Text as a YAML scalar in `flagstaff.yml`, for what `init`, `new-tenant` and
/// `remote_config` edits write: plain when YAML reads it back as the same string,
/// in block and in flow (`{ … }`) context alike, else double-quoted.
public enum YAMLScalar {
    /// Words a plain scalar would be read as a Bool or null by (YAML 1.1, as Yams reads them).
    private static let reserved: Set<String> = ["true", "false", "yes", "no", "y", "n", "on", "off", "null", "~"]

    /// The text as it reads back: plain, or double-quoted with `\`, `"` and
    /// control characters escaped.
    public static func written(_ text: String) -> String {
        let plain = text.first.map { $0.isLetter || $0 == "_" } == true && text.last != " "
            && text.allSatisfy { $0.isLetter || $0.isNumber || " -_./*'".contains($0) }
            && !text.contains("  ") && !reserved.contains(text.lowercased())
        guard !plain else { return text }
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": quoted += "\\\\"
            case "\"": quoted += "\\\""
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case "\r": quoted += "\\r"
            case "\u{00}"..."\u{1F}", "\u{7F}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\x" + (hex.count == 1 ? "0" : "") + hex
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}
