extension String {
    /// The text as a JSON string literal, quotes included: quotes, backslashes and
    /// control characters (C0, delete and C1) escaped, so that no output holds a raw
    /// one, and U+2028 and U+2029 too, which would end a JavaScript string.
    public var jsonQuoted: String {
        // Most text needs no escape: a scan of its bytes is enough then.
        if !needsJSONEscapes { return "\"" + self + "\"" }
        var output = "\""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// Whether `jsonQuoted` may escape something: a byte of a character it escapes.
    /// Most text has none, and is then quoted as it stands.
    public var needsJSONEscapes: Bool {
        utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0xE2 || $0 == 0x7F || $0 == 0xC2 }
    }
}
