import FlagstaffCore

/// Adds and removes flag values in a tenant file (or the template), keeping its
/// indentation, its key order and its final newline: each change is a splice
/// next to an existing member, written the way that member is.
public enum TenantDefaultsEditor {
    /// The edits that set `key` to `value` at the top level and, for each
    /// environment in `overrides`, inside `overrides`. `order` ranks keys: a new
    /// member goes after the last member that ranks before it.
    public static func insertion(
        of key: String, value: FlagValue, overrides: [(environment: String, value: FlagValue)], into text: String,
        tenant: Tenant, environments: [String], order: (String) -> Int?
    ) -> [TextEdit] {
        let editable = EditableText(text)
        let unit = indentationUnit(editable, tenant: tenant)
        var edits: [TextEdit] = []
        var base = tenant.base.map { (key: $0.key, setting: $0.value) }
        if let overridesKey = tenant.layout.overridesKey, let overridesRange = tenant.layout.overrides {
            base.append((TenantDefaultsReader.overridesKey, Tenant.Setting(
                value: .bool(false), location: .start(of: tenant.file), keyRange: overridesKey, valueRange: overridesRange)))
        }
        edits.append(member(key, text: json(value), into: tenant.layout.root, siblings: base, editable, unit: unit, order: order))
        guard !overrides.isEmpty else { return edits }
        guard let overridesRange = tenant.layout.overrides else {
            let body = object(overrides.map { (json: json($0.value), environment: $0.environment) }, key: key, editable, unit: unit, depth: 1)
            edits.append(member(TenantDefaultsReader.overridesKey, text: body, into: tenant.layout.root, siblings: base, editable, unit: unit, order: { _ in .max }))
            return edits
        }
        let environmentSiblings = tenant.layout.environments.map { environment, range in
            (key: environment, setting: Tenant.Setting(
                value: .bool(false), location: .start(of: tenant.file), keyRange: keyRange(before: range, editable), valueRange: range))
        }
        var missing: [(json: String, environment: String)] = []
        for (environment, value) in overrides {
            guard let range = tenant.layout.environments[environment] else {
                missing.append((json(value), environment))
                continue
            }
            let siblings = (tenant.overrides[environment] ?? [:]).map { (key: $0.key, setting: $0.value) }
            edits.append(member(key, text: json(value), into: range, siblings: siblings, editable, unit: unit, order: order))
        }
        for (text, environment) in missing {
            let body = "{ \(key.jsonQuoted): \(text) }"
            edits.append(member(environment, text: body, into: overridesRange, siblings: environmentSiblings, editable, unit: unit,
                order: { environments.firstIndex(of: $0) }))
        }
        return edits
    }

    /// The edits that delete a key from the top level and from every environment's overrides.
    public static func removal(of key: String, from text: String, tenant: Tenant) -> [TextEdit] {
        let editable = EditableText(text)
        var settings = tenant.base[key].map { [$0] } ?? []
        settings += tenant.overrides.values.compactMap { $0[key] }
        return settings.map { deletion(of: $0.keyRange.lowerBound..<$0.valueRange.upperBound, editable) }
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
        _ key: String, text: String, into object: ByteRange, siblings: [(key: String, setting: Tenant.Setting)],
        _ editable: EditableText, unit: String, order: (String) -> Int?
    ) -> TextEdit {
        let ordered = siblings.sorted { $0.setting.keyRange.lowerBound < $1.setting.keyRange.lowerBound }
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
        let multiline = isOnOwnLine(first.setting.keyRange.lowerBound, editable)
        let separator = multiline ? editable.lineEnding + editable.indentation(of: first.setting.keyRange.lowerBound) : " "
        let previous = ordered.last { before($0.key) } ?? (rank == .max ? ordered.last : nil)
        guard let previous else {
            // Before the first member.
            let start = multiline ? editable.startOfLineBreak(before: first.setting.keyRange.lowerBound) : editable.lastNonWhitespace(before: first.setting.keyRange.lowerBound) + 1
            return .insert(separator + member + ",", at: start)
        }
        let end = previous.setting.valueRange.upperBound
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

    /// The key in front of an object member's value: searched backwards from the value.
    static func keyRange(before value: ByteRange, _ editable: EditableText) -> ByteRange {
        var index = editable.lastNonWhitespace(before: value.lowerBound)  // the colon
        index = editable.lastNonWhitespace(before: index)  // the key's closing quote
        var start = index - 1
        while start > 0, !(editable.bytes[start] == UInt8(ascii: "\"") && editable.bytes[start - 1] != UInt8(ascii: "\\")) { start -= 1 }
        return start..<index + 1
    }

    /// Whether only spaces and tabs come before an offset on its line.
    static func isOnOwnLine(_ offset: Int, _ editable: EditableText) -> Bool {
        editable.lineStart(of: offset) + editable.indentation(of: offset).utf8.count == offset
    }

    /// One level of indentation: the top-level members' indentation, else two spaces.
    static func indentationUnit(_ editable: EditableText, tenant: Tenant) -> String {
        let first = tenant.allSettings.first { $0.environment == nil }?.setting.keyRange.lowerBound ?? tenant.layout.overridesKey?.lowerBound
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
        }
    }
}
