import FlagstaffCore

/// Adds, removes and sorts catalog rows in place, keeping the table's style:
/// the closing pipe, backticks around keys, and padding when the columns are aligned.
public enum CatalogEditor {
    /// The edit that adds a row with the given cells (by column name, matched
    /// without regard to case; missing columns stay empty) at its sorted place.
    public static func insertion(
        of cells: [String: String], key: String, into text: String, catalog: Catalog, order: CatalogOrder,
        enumIndex: (String) -> Int?
    ) -> TextEdit {
        let style = TableStyle(text: text, catalog: catalog)
        let row = catalog.writtenColumns.map { column in
            if column == catalog.keyColumn { return style.backtickKeys ? "`\(key)`" : key }
            return (cells.first { $0.key.lowercased() == column.lowercased() }?.value ?? "").markdownPipesEscaped
        }
        let previous = catalog.entries.last { !order.precedes(key, $0.key, enumIndex: enumIndex) }
        if let widths = style.alignedWidths, let last = catalog.entries.last, zip(row, widths).contains(where: { $0.count + 2 > $1 }) {
            // The row does not fit: pad the whole table to the wider columns.
            let bytes = Array(text.utf8)
            func cells(_ range: ByteRange) -> [String] {
                TableStyle.rawCells(String(decoding: bytes[range], as: UTF8.self)).map { $0.trimmingCharacters(in: " \t") }
            }
            var rows = catalog.entries.map { cells($0.range) }
            rows.insert(row, at: previous.flatMap { catalog.entries.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
            let header = cells(catalog.headerRange)
            let wider = widths.indices.map { column in ([header] + rows).map { $0[column].count + 2 }.max().map { max($0, widths[column]) } ?? widths[column] }
            let separator = TableStyle.rawCells(String(decoding: bytes[catalog.separatorRange], as: UTF8.self))
            let lines = [style.line(header, widths: wider), style.separator(separator, widths: wider)] + rows.map { style.line($0, widths: wider) }
            return TextEdit(catalog.headerRange.lowerBound..<last.range.upperBound, lines.joined(separator: style.newline))
        }
        let line = style.line(row, widths: style.alignedWidths)
        if previous == nil, let first = catalog.entries.first {
            return .insert(line + style.newline, at: first.range.lowerBound)
        }
        return .insert(style.newline + line, at: previous?.range.upperBound ?? catalog.separatorRange.upperBound)
    }

    /// The edit that removes a row and the line break before it.
    public static func removal(of entry: CatalogEntry, in text: String) -> TextEdit {
        .delete(EditableText(text).startOfLineBreak(before: entry.range.lowerBound)..<entry.range.upperBound)
    }

    /// The edit that puts the rows in `order`, each row's bytes unchanged; `nil` when they already are.
    public static func sorting(_ catalog: Catalog, in text: String, order: CatalogOrder, enumIndex: (String) -> Int?) -> TextEdit? {
        guard let first = catalog.entries.first, let last = catalog.entries.last,
            !order.isSorted(catalog, enumIndex: enumIndex)
        else { return nil }
        let bytes = Array(text.utf8)
        let newline = EditableText(text).lineEnding
        let sorted = catalog.entries.enumerated().sorted { lhs, rhs in
            if order.precedes(lhs.element.key, rhs.element.key, enumIndex: enumIndex) { return true }
            if order.precedes(rhs.element.key, lhs.element.key, enumIndex: enumIndex) { return false }
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
        backtickKeys = catalog.entries.isEmpty || catalog.entries.contains { entry in
            String(decoding: editable.bytes[entry.range], as: UTF8.self).contains("`\(entry.key)`")
        }
        let lines = [catalog.headerRange, catalog.separatorRange] + catalog.entries.map(\.range)
        let widths = lines.map { Self.rawCells(String(decoding: editable.bytes[$0], as: UTF8.self)).map(\.count) }
        alignedWidths = catalog.entries.isEmpty || Set(widths).count != 1 ? nil : widths[0]
    }

    /// The cells between a line's unescaped pipes, padding included. Read by
    /// Unicode scalar, as the catalog's Markdown reader reads it: a pipe with a
    /// mark joined to it is one Swift character, but still a pipe to the reader.
    static func rawCells(_ line: String) -> [String] {
        var cells: [String] = []
        var current = String.UnicodeScalarView()
        var started = false
        for scalar in line.unicodeScalars {
            if scalar == "|" && current.last != "\\" {
                if started { cells.append(String(current)) }
                started = true
                current = String.UnicodeScalarView()
            } else {
                current.append(scalar)
            }
        }
        return cells
    }

    /// A row of cells (Markdown, pipes already escaped), each padded to its
    /// column's width when `widths` are given and it fits.
    func line(_ cells: [String], widths: [Int]?) -> String {
        let padded = cells.enumerated().map { index, text -> String in
            guard let widths, index < widths.count, text.count + 2 <= widths[index] else { return " \(text) " }
            return " " + text + String(repeating: " ", count: widths[index] - text.count - 1)
        }
        return "|" + padded.joined(separator: "|") + (trailingPipe ? "|" : "")
    }

    /// The separator row at new widths, keeping each cell's colons and spaces.
    func separator(_ cells: [String], widths: [Int]) -> String {
        let padded = zip(cells, widths).map { cell, width -> String in
            let spaced = cell.hasPrefix(" ")
            let core = cell.trimmingCharacters(in: " \t")
            let left = core.hasPrefix(":"), right = core.count > 1 && core.hasSuffix(":")
            let dashes = max(1, width - (spaced ? 2 : 0) - (left ? 1 : 0) - (right ? 1 : 0))
            let body = (left ? ":" : "") + String(repeating: "-", count: dashes) + (right ? ":" : "")
            return spaced ? " \(body) " : body
        }
        return "|" + padded.joined(separator: "|") + (trailingPipe ? "|" : "")
    }
}
