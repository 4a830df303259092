import FlagstaffCore
import Yams

extension ConfigurationEditor {
    /// The edit that adds `id: { app_id: …, signal: … }` to `remote_config.tenants`:
    /// inside its `{ … }` when written inline, as a new line of its block otherwise,
    /// or as a new `tenants` key of `remote_config` when it has none. `fields` are the
    /// tenant's keys and values in order. `nil` when the text has no `remote_config`
    /// mapping to add to (or is not YAML Flagstaff read).
    public static func addingRemoteTenant(id: String, fields: [(key: String, value: String)], to text: String) -> TextEdit? {
        guard let root = try? ConfigurationReader.compose(text), let remote = root.mapping?.first(where: { $0.key.string == "remote_config" })?.value,
            let remoteMapping = remote.mapping
        else { return nil }
        let editable = EditableText(text)
        let lines = TextLines(text)
        let entry = "\(YAMLScalar.written(id)): { " + fields.map { "\($0.key): \(YAMLScalar.written($0.value))" }.joined(separator: ", ") + " }"
        if let (key, tenants) = remoteMapping.first(where: { $0.key.string == "tenants" }) {
            guard let tenantsMapping = tenants.mapping, let start = offset(of: tenants, in: lines) else { return nil }
            // Yams does not say how a parsed mapping is written; a flow mapping starts with `{`.
            if editable.bytes[start] == UInt8(ascii: "{") { return insertingIntoFlow(entry, openingAt: start, in: editable) }
            guard let keyStart = offset(of: key, in: lines), let first = tenantsMapping.first?.key, let firstStart = offset(of: first, in: lines) else {
                return nil
            }
            let indentation = String(decoding: editable.bytes[editable.lineStart(of: firstStart)..<firstStart], as: UTF8.self)
            return .insert(editable.lineEnding + indentation + entry, at: endOfBlock(after: keyStart, in: editable, lines: lines))
        }
        let member = "tenants: { \(entry) }"
        guard let start = offset(of: remote, in: lines) else { return nil }
        if editable.bytes[start] == UInt8(ascii: "{") { return insertingIntoFlow(member, openingAt: start, in: editable) }
        guard let first = remoteMapping.first?.key, let firstStart = offset(of: first, in: lines),
            let remoteKey = root.mapping?.first(where: { $0.key.string == "remote_config" })?.key, let keyStart = offset(of: remoteKey, in: lines)
        else { return nil }
        let indentation = String(decoding: editable.bytes[editable.lineStart(of: firstStart)..<firstStart], as: UTF8.self)
        return .insert(editable.lineEnding + indentation + member, at: endOfBlock(after: keyStart, in: editable, lines: lines))
    }

    /// The byte offset where a node starts. libyaml counts columns in characters.
    private static func offset(of node: Node, in lines: TextLines) -> Int? {
        guard let mark = node.mark, mark.line >= 1, mark.line <= lines.count else { return nil }
        let range = lines.range(ofLine: mark.line)
        let line = String(decoding: lines.bytes[range], as: UTF8.self)
        let prefix = line.unicodeScalars.prefix(max(0, mark.column - 1))
        let offset = range.lowerBound + prefix.reduce(0) { $0 + String($1).utf8.count }
        return offset < lines.bytes.count ? offset : nil
    }

    /// An entry inserted before the `}` that closes the flow mapping opening at `start`.
    private static func insertingIntoFlow(_ entry: String, openingAt start: Int, in text: EditableText) -> TextEdit? {
        guard start < text.bytes.count, text.bytes[start] == UInt8(ascii: "{") else { return nil }
        var depth = 0
        var quote: UInt8?
        var index = start
        while index < text.bytes.count {
            let byte = text.bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") && open == UInt8(ascii: "\"") {
                    index += 1
                } else if byte == open {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                depth -= 1
                if depth == 0 {
                    let last = text.lastNonWhitespace(before: index)
                    if text.bytes[last] == UInt8(ascii: "{") { return TextEdit(last + 1..<index, " \(entry) ") }
                    if text.bytes[last] == UInt8(ascii: ",") { return .insert(" \(entry)", at: last + 1) }
                    return .insert(", \(entry)", at: last + 1)
                }
            } else if byte == UInt8(ascii: "#"), index > start, text.bytes[index - 1] == UInt8(ascii: " ") {
                while index < text.bytes.count, text.bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            index += 1
        }
        return nil
    }

    /// The end of the last line of the block a key starts: the lines after it that are
    /// indented deeper, or blank, or comments, up to the last one with content.
    private static func endOfBlock(after keyStart: Int, in text: EditableText, lines: TextLines) -> Int {
        let keyLine = lines.location(ofByte: keyStart, file: "").line
        let keyIndent = keyStart - text.lineStart(of: keyStart)
        var end = lines.range(ofLine: keyLine).upperBound
        var line = keyLine + 1
        while line <= lines.count {
            let range = lines.range(ofLine: line)
            let content = lines.bytes[range].drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let indent = range.count - content.count
            if content.isEmpty || content.first == UInt8(ascii: "#") {
                line += 1
                continue
            }
            guard indent > keyIndent else { break }
            end = range.upperBound
            line += 1
        }
        return end
    }
}
