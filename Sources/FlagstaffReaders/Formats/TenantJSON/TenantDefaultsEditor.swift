import FlagstaffCore

/// Adds and removes flag values in a tenant file (or the template), keeping its
/// indentation, its key order and its final newline: each change is a splice
/// next to an existing member, written the way that member is.
public enum TenantDefaultsEditor {
    /// The edits that set `key` to `value` at the top level and, for each
    /// environment in `overrides`, inside `overrides`. `order` ranks keys: a new
    /// member goes after the last member that ranks before it. No edits when the
    /// text is not a JSON object.
    public static func insertion(
        of key: String, value: FlagValue, overrides: [(environment: String, value: FlagValue)], into text: String,
        environments: [String], order: (String) -> Int?
    ) -> [TextEdit] {
        guard let layout = TenantFileLayout(text) else { return [] }
        let editable = EditableText(text)
        let unit = indentationUnit(editable, layout: layout)
        var edits: [TextEdit] = []
        let base = layout.base + (layout.overrides.map { [$0] } ?? [])
        edits.append(member(key, text: json(value), into: layout.root, siblings: base, editable, unit: unit, order: order))
        guard !overrides.isEmpty else { return edits }
        guard let overridesRange = layout.overrides?.valueRange else {
            let body = object(overrides.map { (json: json($0.value), environment: $0.environment) }, key: key, editable, unit: unit, depth: 1)
            edits.append(member(TenantDefaultsReader.overridesKey, text: body, into: layout.root, siblings: base, editable, unit: unit, order: { _ in .max }))
            return edits
        }
        var missing: [(json: String, environment: String)] = []
        for (environment, value) in overrides {
            guard let range = layout.environment(environment) else {
                missing.append((json(value), environment))
                continue
            }
            let siblings = layout.overrideMembers[environment] ?? []
            edits.append(member(key, text: json(value), into: range, siblings: siblings, editable, unit: unit, order: order))
        }
        for (text, environment) in missing {
            let body = "{ \(key.jsonQuoted): \(text) }"
            edits.append(member(environment, text: body, into: overridesRange, siblings: layout.environments, editable, unit: unit,
                order: { environments.firstIndex(of: $0) }))
        }
        return edits
    }

    /// The edits that delete a key from the top level and from every environment's overrides.
    public static func removal(of key: String, from text: String) -> [TextEdit] {
        guard let layout = TenantFileLayout(text) else { return [] }
        let editable = EditableText(text)
        var members = layout.baseMember(key).map { [$0] } ?? []
        members += layout.environments.compactMap { layout.overrideMembers[$0.key]?.first { $0.key == key } }
        return members.map { deletion(of: $0.keyRange.lowerBound..<$0.valueRange.upperBound, editable) }
    }

    /// Deletes a member (key to value) with one comma and the line break before it,
    /// so that inserting it again the way `member` does gives back the same bytes.
    static func deletion(of range: ByteRange, _ editable: EditableText) -> TextEdit {
        let after = editable.skippingWhitespace(from: range.upperBound)
        let before = editable.lastNonWhitespace(before: range.lowerBound)
        if after < editable.bytes.count, editable.bytes[after] == UInt8(ascii: ",") {
            return .delete(before + 1..<after + 1)
        }
        if before >= 0, editable.bytes[before] == UInt8(ascii: ",") {
            return .delete(before..<range.upperBound)
        }
        return .delete(before + 1..<after)
    }

    /// The edit that adds `"key": text` to an object, after the last sibling
    /// ranked before it, on its own line as the siblings are (or inline when
    /// the object is written on one line).
    static func member(
        _ key: String, text: String, into object: ByteRange, siblings: [TenantFileLayout.Member],
        _ editable: EditableText, unit: String, order: (String) -> Int?
    ) -> TextEdit {
        let ordered = siblings.sorted { $0.keyRange.lowerBound < $1.keyRange.lowerBound }
        let keys = ordered.map(\.key).filter { $0 != TenantDefaultsReader.overridesKey }
        let enumOrdered = keys == keys.sorted { (order($0) ?? .max) < (order($1) ?? .max) }
        let alphabetical = !enumOrdered && keys.count > 1 && keys == keys.sorted()
        let rank = order(key) ?? .max
        func before(_ sibling: String) -> Bool {
            guard sibling != TenantDefaultsReader.overridesKey else { return false }
            return alphabetical && rank != .max ? sibling < key : (order(sibling) ?? .max) <= rank
        }
        let member = "\(key.jsonQuoted): \(text)"
        guard let first = ordered.first else {
            let indentation = editable.indentation(of: object.lowerBound)
            let newline = editable.lineEnding
            return TextEdit(object.lowerBound + 1..<object.upperBound - 1, newline + indentation + unit + member + newline + indentation)
        }
        let multiline = isOnOwnLine(first.keyRange.lowerBound, editable)
        let separator = multiline ? editable.lineEnding + editable.indentation(of: first.keyRange.lowerBound) : " "
        let previous = ordered.last { before($0.key) } ?? (rank == .max ? ordered.last : nil)
        guard let previous else {
            // Before the first member.
            let start = multiline ? editable.startOfLineBreak(before: first.keyRange.lowerBound) : editable.lastNonWhitespace(before: first.keyRange.lowerBound) + 1
            return .insert(separator + member + ",", at: start)
        }
        let end = previous.valueRange.upperBound
        let after = editable.skippingWhitespace(from: end)
        if after < editable.bytes.count, editable.bytes[after] == UInt8(ascii: ",") {
            return .insert(separator + member + ",", at: after + 1)
        }
        return .insert("," + separator + member, at: end)
    }

    /// `{ "ENV": { "key": value } }` written over lines at the given depth.
    static func object(_ values: [(json: String, environment: String)], key: String, _ editable: EditableText, unit: String, depth: Int) -> String {
        let newline = editable.lineEnding
        let outer = String(repeating: unit, count: depth)
        let lines = values.map { outer + unit + "\($0.environment.jsonQuoted): { \(key.jsonQuoted): \($0.json) }" }
        return "{" + newline + lines.joined(separator: "," + newline) + newline + outer + "}"
    }

    /// Whether only spaces and tabs come before an offset on its line.
    static func isOnOwnLine(_ offset: Int, _ editable: EditableText) -> Bool {
        editable.lineStart(of: offset) + editable.indentation(of: offset).utf8.count == offset
    }

    /// One level of indentation: the top-level members' indentation, else two spaces.
    static func indentationUnit(_ editable: EditableText, layout: TenantFileLayout) -> String {
        let first = (layout.base.first ?? layout.overrides)?.keyRange.lowerBound
        guard let first, isOnOwnLine(first, editable) else { return "  " }
        let indentation = editable.indentation(of: first)
        return indentation.isEmpty ? "  " : indentation
    }

    /// A value as JSON.
    public static func json(_ value: FlagValue) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let number): String(number)
        case .decimal(let text): text
        case .string(let text): text.jsonQuoted
        case .structured(let value): value.description
        }
    }
}
