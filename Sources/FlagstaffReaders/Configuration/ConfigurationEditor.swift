import FlagstaffCore

/// Edits `flagstaff.yml` as text, so its comments and layout stay: only the
/// `tenant_names` entry a new tenant needs is added.
public enum ConfigurationEditor {
    /// The edit that adds `id: name` to `tenant_names`: inside its `{ … }` when
    /// it is written inline, as a new line when it is a block, or as a new key
    /// at the end of the file when there is none.
    public static func addingTenantName(id: String, name: String, to text: String) -> TextEdit {
        let editable = EditableText(text)
        let newline = editable.lineEnding
        let entry = "\(YAMLScalar.written(id)): \(YAMLScalar.written(name))"
        let lines = TextLines(text)
        for number in 1...lines.count {
            let line = lines.text(ofLine: number)
            guard line.hasPrefix("tenant_names:") else { continue }
            let range = lines.range(ofLine: number)
            let rest = uncommented(String(line.dropFirst("tenant_names:".count)))
            if rest.trimmingCharacters(in: " \t").hasPrefix("{"), let close = rest.lastIndex(of: "}") {
                let closeOffset = range.lowerBound + "tenant_names:".utf8.count + rest[..<close].utf8.count
                let last = editable.lastNonWhitespace(before: closeOffset)
                if editable.bytes[last] == UInt8(ascii: "{") { return TextEdit(last + 1..<closeOffset, " \(entry) ") }
                return .insert(", \(entry)", at: last + 1)
            }
            var end = range.upperBound
            var indentation = "  "
            var next = number + 1
            while next <= lines.count {
                let text = lines.text(ofLine: next)
                let trimmed = text.trimmingCharacters(in: " \t")
                guard text.hasPrefix(" ") || text.hasPrefix("\t") || trimmed.isEmpty else { break }
                if !trimmed.isEmpty && !trimmed.hasPrefix("#") {
                    end = lines.range(ofLine: next).upperBound
                    indentation = String(text.prefix { $0 == " " || $0 == "\t" })
                }
                next += 1
            }
            return .insert(newline + indentation + entry, at: end)
        }
        let ending = text.isEmpty || text.hasSuffix("\n") ? "" : newline
        return .insert(ending + "tenant_names: { \(entry) }" + newline, at: editable.bytes.count)
    }

    /// The line without a trailing `# comment` (outside quotes).
    static func uncommented(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (index, character) in zip(line.indices, line) {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#" && (previous == " " || previous == "\t") {
                return String(line[..<index])
            }
            previous = character
        }
        return line
    }
}
