import FlagstaffCore

/// The order of the catalog's rows.
public enum CatalogOrder: String, CaseIterable, Hashable, Sendable {
    /// By flag key, ignoring case, as the article's validator sorted it.
    case key
    /// In the enum's order.
    case `enum`
}

/// Adds, removes and sorts catalog rows in place, keeping the table's style:
/// the closing pipe, backticks around keys, and padding when the columns are aligned.
public enum CatalogEditor {
    /// Whether `a` comes before `b` in `order`; `enumIndex` gives each key's place in the enum.
    public static func precedes(_ a: String, _ b: String, order: CatalogOrder, enumIndex: (String) -> Int?) -> Bool {
        switch order {
        case .key:
            return (a.lowercased(), a) < (b.lowercased(), b)
        case .enum:
            return (enumIndex(a) ?? .max, a) < (enumIndex(b) ?? .max, b)
        }
    }

    /// Whether the rows are already in `order`.
    public static func isSorted(_ catalog: Catalog, order: CatalogOrder, enumIndex: (String) -> Int?) -> Bool {
        zip(catalog.entries, catalog.entries.dropFirst()).allSatisfy {
            !precedes($1.key, $0.key, order: order, enumIndex: enumIndex)
        }
    }

    /// The edit that adds a row with the given cells (by column name, matched
    /// without regard to case; missing columns stay empty) at its sorted place.
    public static func insertion(
        of cells: [String: String], key: String, into text: String, catalog: Catalog, order: CatalogOrder,
        enumIndex: (String) -> Int?
    ) -> TextEdit {
        let style = TableStyle(text: text, catalog: catalog)
        let row = style.row(for: catalog.columns.map { column in
            if column.lowercased() == "flag" { return style.backtickKeys ? "`\(key)`" : key }
            return cells.first { $0.key.lowercased() == column.lowercased() }?.value ?? ""
        })
        let previous = catalog.entries.last { !precedes(key, $0.key, order: order, enumIndex: enumIndex) }
        let anchor = previous?.range.upperBound ?? catalog.separatorRange.upperBound
        if previous == nil, let first = catalog.entries.first {
            return .insert(row + style.newline, at: first.range.lowerBound)
        }
        return .insert(style.newline + row, at: anchor)
    }

    /// The edit that removes a row and the line break before it.
    public static func removal(of entry: CatalogEntry, in text: String) -> TextEdit {
        .delete(EditableText(text).startOfLineBreak(before: entry.range.lowerBound)..<entry.range.upperBound)
    }

    /// The edit that puts the rows in `order`, each row's bytes unchanged; `nil` when they already are.
    public static func sorting(_ catalog: Catalog, in text: String, order: CatalogOrder, enumIndex: (String) -> Int?) -> TextEdit? {
        guard let first = catalog.entries.first, let last = catalog.entries.last,
            !isSorted(catalog, order: order, enumIndex: enumIndex)
        else { return nil }
        let bytes = Array(text.utf8)
        let newline = EditableText(text).lineEnding
        let sorted = catalog.entries.enumerated().sorted { lhs, rhs in
            if precedes(lhs.element.key, rhs.element.key, order: order, enumIndex: enumIndex) { return true }
            if precedes(rhs.element.key, lhs.element.key, order: order, enumIndex: enumIndex) { return false }
            return lhs.offset < rhs.offset
        }
        let lines = sorted.map { String(decoding: bytes[$0.element.range], as: UTF8.self) }
        return TextEdit(first.range.lowerBound..<last.range.upperBound, lines.joined(separator: newline))
    }
}

/// How a catalog table is written: a closing pipe, backticks, padding.
struct TableStyle {
    let newline: String
    /// Whether rows end with a pipe; they always start with one, or the reader would not see the table.
    let trailingPipe: Bool
    let backtickKeys: Bool
    /// Each column's width in characters between the pipes, when every line is aligned.
    let alignedWidths: [Int]?

    init(text: String, catalog: Catalog) {
        let editable = EditableText(text)
        newline = editable.lineEnding
        let header = String(decoding: editable.bytes[catalog.headerRange], as: UTF8.self).trimmingCharacters(in: " \t")
        trailingPipe = header.hasSuffix("|")
        let flagColumn = catalog.columns.firstIndex { $0.lowercased() == "flag" }
        backtickKeys = catalog.entries.isEmpty || catalog.entries.contains { entry in
            let line = String(decoding: editable.bytes[entry.range], as: UTF8.self)
            return flagColumn != nil && line.contains("`\(entry.key)`")
        }
        let lines = [catalog.headerRange, catalog.separatorRange] + catalog.entries.map(\.range)
        let widths = lines.map { Self.cellWidths(String(decoding: editable.bytes[$0], as: UTF8.self)) }
        alignedWidths = catalog.entries.isEmpty || Set(widths).count != 1 ? nil : widths[0]
    }

    /// The widths, in characters, of the cells between a line's unescaped pipes.
    static func cellWidths(_ line: String) -> [Int] {
        var widths: [Int] = []
        var current = 0
        var previous: Character?
        var started = false
        for character in line {
            if character == "|" && previous != "\\" {
                if started { widths.append(current) }
                started = true
                current = 0
            } else {
                current += 1
            }
            previous = character
        }
        return widths
    }

    /// A row for the cells' Markdown, pipes escaped, padded to the columns when they are aligned.
    func row(for cells: [String]) -> String {
        let padded = cells.enumerated().map { index, text -> String in
            let escaped = text.replacingOccurrences(of: "|", with: "\\|")
            guard let widths = alignedWidths, index < widths.count, escaped.count + 2 <= widths[index] else {
                return " \(escaped) "
            }
            return " " + escaped + String(repeating: " ", count: widths[index] - escaped.count - 1)
        }
        return "|" + padded.joined(separator: "|") + (trailingPipe ? "|" : "")
    }
}
