import FlagstaffCore

/// Reads the catalog: a Markdown file whose flag table sits under a heading such
/// as `## Flags`. cmark finds the heading and the table's lines; cmark 0.30 has no
/// pipe tables, so the rows are split here, following GitHub's table rules
/// (`\|` is a literal pipe inside a cell).
public enum CatalogReader {
    /// Reads the table under the heading named `heading` (matched without regard to case).
    public static func read(_ text: String, file: String, heading: String = "Flags") -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        let outline = MarkdownOutline(text)
        guard let headingIndex = outline.blocks.firstIndex(where: {
            if case .heading(_, let title) = $0.kind { return title.trimmingCharacters(in: " ").lowercased() == heading.lowercased() }
            return false
        }) else {
            return (nil, [.error("the catalog has no '\(heading)' heading", at: .start(of: file), hint: "add '## \(heading)' above the flag table")])
        }
        let headingLine = outline.blocks[headingIndex].lines.lowerBound
        let table = outline.blocks[(headingIndex + 1)...].prefix { block in
            if case .heading = block.kind { return false }
            return true
        }.first { block in
            guard case .paragraph = block.kind else { return false }
            return lines[block.lines.lowerBound - 1].trimmingCharacters(in: " \t").hasPrefix("|")
        }
        guard let table else {
            return (nil, [.error("no table under the '\(heading)' heading", at: SourceLocation(file: file, line: headingLine, column: 1))])
        }
        return readTable(lines: lines, range: table.lines, file: file)
    }

    private static func readTable(lines: [String], range: ClosedRange<Int>, file: String) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let headerLocation = SourceLocation(file: file, line: range.lowerBound, column: 1)
        let header = cells(of: lines[range.lowerBound - 1], line: range.lowerBound, file: file)
        let columns = header.map(\.text)
        let lowered = columns.map { $0.lowercased() }
        for required in ["Flag", "Description"] where !lowered.contains(required.lowercased()) {
            diagnostics.append(.error("the catalog table has no '\(required)' column", at: headerLocation, hint: "columns found: \(columns.joined(separator: ", "))"))
        }
        guard !diagnostics.containsErrors else { return (nil, diagnostics) }
        let flagColumn = lowered.firstIndex(of: "flag")!
        let descriptionColumn = lowered.firstIndex(of: "description")!
        guard range.count >= 2, isSeparator(cells(of: lines[range.lowerBound], line: range.lowerBound + 1, file: file), count: columns.count) else {
            let location = SourceLocation(file: file, line: min(range.lowerBound + 1, range.upperBound), column: 1)
            return (nil, [.error("the table's second line must be the separator row, e.g. |---|---|", at: location)])
        }
        var entries: [CatalogEntry] = []
        for lineNumber in stride(from: range.lowerBound + 2, through: range.upperBound, by: 1) {
            let rowLocation = SourceLocation(file: file, line: lineNumber, column: 1)
            var row = cells(of: lines[lineNumber - 1], line: lineNumber, file: file)
            if row.count != columns.count {
                diagnostics.append(
                    .error(
                        "this row has \(row.count) cells, but the header has \(columns.count)", at: rowLocation,
                        hint: "a '|' inside a cell must be written '\\|'"))
                let end = CatalogEntry.Cell(text: "", location: rowLocation)
                row = Array(row.prefix(columns.count)) + Array(repeating: end, count: max(0, columns.count - row.count))
            }
            let key = row[flagColumn].text.trimmingCharacters(in: "` ")
            guard !key.isEmpty else {
                diagnostics.append(.error("this row has no flag key in the 'Flag' column", at: row[flagColumn].location))
                continue
            }
            let extra = columns.indices.filter { $0 != flagColumn && $0 != descriptionColumn }.map {
                CatalogEntry.Column(name: columns[$0], cell: row[$0])
            }
            entries.append(CatalogEntry(key: key, description: row[descriptionColumn].text, columns: extra, location: row[flagColumn].location))
        }
        return (Catalog(columns: columns, entries: entries, location: headerLocation), diagnostics)
    }

    private static func isSeparator(_ cells: [CatalogEntry.Cell], count: Int) -> Bool {
        cells.count == count && cells.allSatisfy { cell in
            let core = cell.text.trimmingPrefix(":")
            let body = core.hasSuffix(":") ? core.dropLast() : core
            return !body.isEmpty && body.allSatisfy { $0 == "-" }
        }
    }

    /// Splits a table row into trimmed cells, each with the column where its text starts.
    static func cells(of line: String, line lineNumber: Int, file: String) -> [CatalogEntry.Cell] {
        let bytes = Array(line.utf8)
        var cells: [CatalogEntry.Cell] = []
        var index = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "|") { index += 1 }
        var current: [UInt8] = []
        var start = index
        func finish() {
            let leading = current.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let text = String(decoding: current, as: UTF8.self).trimmingCharacters(in: " \t")
            cells.append(.init(text: text, location: SourceLocation(file: file, line: lineNumber, column: start + leading + 1)))
            current = []
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "|") {
                current.append(UInt8(ascii: "|"))
                index += 2
            } else if byte == UInt8(ascii: "|") {
                finish()
                index += 1
                start = index
            } else {
                current.append(byte)
                index += 1
            }
        }
        if !String(decoding: current, as: UTF8.self).trimmingCharacters(in: " \t").isEmpty { finish() }
        return cells
    }
}
