import FlagstaffCore

/// Reads the catalog: a Markdown file whose flag table sits under a heading such
/// as `## Flags`. cmark finds the heading and the table's lines; cmark 0.30 has no
/// pipe tables, so the rows are split here, following GitHub's table rules
/// (`\|` is a literal pipe inside a cell). The lifecycle columns are read and
/// checked here too, each problem at its cell.
public enum CatalogReader {
    /// Reads the table under the heading named `heading` (matched without regard to case).
    public static func read(_ text: String, file: String, heading: String = "Flags") -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        let lines = TextLines(text)
        let outline = MarkdownOutline(text)
        // Every heading of that name, in file order: a title `# Flags` above the
        // section `## Flags` is common, so the first one that has a table wins.
        let headings = outline.blocks.indices.filter { index in
            if case .heading(let title) = outline.blocks[index].kind {
                return title.trimmingCharacters(in: " ").lowercased() == heading.lowercased()
            }
            return false
        }
        guard let first = headings.first else {
            return (nil, [.error("the catalog has no '\(heading)' heading", at: .start(of: file), hint: "add '## \(heading)' above the flag table")])
        }
        for headingIndex in headings {
            let table = outline.blocks[(headingIndex + 1)...].prefix { block in
                if case .heading = block.kind { return false }
                return true
            }.first { block in
                guard case .paragraph = block.kind else { return false }
                return lines.text(ofLine: block.lines.lowerBound).trimmingCharacters(in: " \t").hasPrefix("|")
            }
            if let table { return readTable(lines: lines, range: table.lines, file: file) }
        }
        let headingLine = outline.blocks[first].lines.lowerBound
        return (nil, [.error("no table under the '\(heading)' heading", at: SourceLocation(file: file, line: headingLine, column: 1))])
    }

    private static func readTable(lines: TextLines, range: ClosedRange<Int>, file: String) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let headerLine = range.lowerBound
        let headerLocation = SourceLocation(file: file, line: headerLine, column: 1)
        let header = cells(of: lines, line: headerLine, file: file)
        let columns = header.map(\.text)
        let lowered = columns.map { $0.lowercased() }
        let keyColumn = Catalog.keyColumnNames.lazy.compactMap { lowered.firstIndex(of: $0) }.first
        if keyColumn == nil {
            diagnostics.append(
                .error(
                    "the catalog table has no column of flag keys", at: headerLocation,
                    hint: "name it 'Flag' or 'Key'; columns found: \(columns.joined(separator: ", "))"))
        }
        if !lowered.contains("description") {
            diagnostics.append(
                .error("the catalog table has no 'Description' column", at: headerLocation, hint: "columns found: \(columns.joined(separator: ", "))"))
        }
        guard !diagnostics.containsErrors, let flagColumn = keyColumn, let descriptionColumn = lowered.firstIndex(of: "description")
        else { return (nil, diagnostics) }
        guard range.count >= 2, isSeparator(cells(of: lines, line: headerLine + 1, file: file), count: columns.count) else {
            let location = SourceLocation(file: file, line: min(headerLine + 1, range.upperBound), column: 1)
            return (nil, [.error("the table's second line must be the separator row, e.g. |---|---|", at: location)])
        }
        let extraColumns = columns.indices.filter { $0 != flagColumn && $0 != descriptionColumn }
        var entries: [CatalogEntry] = []
        for lineNumber in stride(from: headerLine + 2, through: range.upperBound, by: 1) {
            let rowLocation = SourceLocation(file: file, line: lineNumber, column: 1)
            var row = cells(of: lines, line: lineNumber, file: file)
            if row.count != columns.count {
                diagnostics.append(
                    .error(
                        "this row has \(row.count.counted("cell")), but the header has \(columns.count)", at: rowLocation,
                        hint: "a '|' inside a cell must be written '\\|'"))
                let end = lines.range(ofLine: lineNumber).upperBound
                let empty = CatalogEntry.Cell(text: "", location: rowLocation, range: end..<end)
                row = Array(row.prefix(columns.count)) + Array(repeating: empty, count: max(0, columns.count - row.count))
            }
            let key = row[flagColumn].text.trimmingCharacters(in: "` ")
            guard !key.isEmpty else {
                diagnostics.append(.error("this row has no flag key in the '\(columns[flagColumn])' column", at: row[flagColumn].location))
                continue
            }
            let extra = extraColumns.map { CatalogEntry.Column(name: columns[$0], cell: row[$0]) }
            var entry = CatalogEntry(
                key: key, description: row[descriptionColumn].text, columns: extra, location: row[flagColumn].location,
                range: lines.range(ofLine: lineNumber))
            entry.lifecycle = LifecycleCells.read(entry, diagnostics: &diagnostics)
            entries.append(entry)
        }
        let firstByte = lines.range(ofLine: headerLine).lowerBound
        let lastLine = lines.range(ofLine: range.upperBound)
        let afterTable = range.upperBound < lines.count ? lines.range(ofLine: range.upperBound + 1).lowerBound : lastLine.upperBound
        let catalog = Catalog(
            columns: columns, keyColumn: columns[flagColumn], entries: entries, location: headerLocation, tableRange: firstByte..<afterTable,
            headerRange: lines.range(ofLine: headerLine), separatorRange: lines.range(ofLine: headerLine + 1))
        return (catalog, diagnostics)
    }

    private static func isSeparator(_ cells: [CatalogEntry.Cell], count: Int) -> Bool {
        cells.count == count && cells.allSatisfy { cell in
            let core = cell.text.trimmingPrefix(":")
            let body = core.hasSuffix(":") ? core.dropLast() : core
            return !body.isEmpty && body.allSatisfy { $0 == "-" }
        }
    }

    /// Splits a table row into trimmed cells, each with the column where its text
    /// starts and the bytes between its pipes. A row without a closing pipe ends
    /// with its last cell; an empty last cell without one is no cell.
    static func cells(of lines: TextLines, line lineNumber: Int, file: String) -> [CatalogEntry.Cell] {
        let lineRange = lines.range(ofLine: lineNumber)
        let bytes = lines.bytes
        var cells: [CatalogEntry.Cell] = []
        var index = lineRange.lowerBound
        while index < lineRange.upperBound, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
        if index < lineRange.upperBound, bytes[index] == UInt8(ascii: "|") { index += 1 }
        var current: [UInt8] = []
        var start = index
        func finish(at end: Int) {
            let leading = current.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let text = String(decoding: current, as: UTF8.self).trimmingCharacters(in: " \t")
            let location = SourceLocation(file: file, line: lineNumber, column: start - lineRange.lowerBound + leading + 1)
            cells.append(.init(text: text, location: location, range: start..<end))
            current = []
        }
        while index < lineRange.upperBound {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\"), index + 1 < lineRange.upperBound, bytes[index + 1] == UInt8(ascii: "|") {
                current.append(UInt8(ascii: "|"))
                index += 2
            } else if byte == UInt8(ascii: "|") {
                finish(at: index)
                index += 1
                start = index
            } else {
                current.append(byte)
                index += 1
            }
        }
        if !String(decoding: current, as: UTF8.self).trimmingCharacters(in: " \t").isEmpty { finish(at: index) }
        return cells
    }
}

/// Reads a catalog row's lifecycle cells: `Owner`, `Type`, `Added`, `Remove by`
/// and `Ticket`, each problem an error at its cell.
enum LifecycleCells {
    static func read(_ entry: CatalogEntry, diagnostics: inout [Diagnostic]) -> FlagLifecycle {
        var lifecycle = FlagLifecycle(owner: entry.value(LifecycleColumns.owner), ticket: entry.value(LifecycleColumns.ticket))
        if let cell = entry.cell(LifecycleColumns.type) {
            let text = plain(cell.text).lowercased()
            if let kind = FlagKind(rawValue: text) {
                lifecycle.kind = kind
            } else {
                let names = FlagKind.allCases.map(\.rawValue)
                diagnostics.append(
                    .error(
                        "unknown flag type '\(plain(cell.text))'", at: cell.location,
                        hint: Suggestion.didYouMean(text, in: names) ?? "use one of \(names.joined(separator: ", "))"))
            }
        }
        if let cell = entry.cell(LifecycleColumns.added) {
            if let date = CalendarDate(parsing: plain(cell.text)) {
                lifecycle.added = date
            } else {
                diagnostics.append(
                    .error(
                        "'\(LifecycleColumns.added)' is not a date: '\(plain(cell.text))'", at: cell.location,
                        hint: CalendarDate.problem(parsing: plain(cell.text))))
            }
        }
        if let cell = entry.cell(LifecycleColumns.removeBy) {
            let text = plain(cell.text)
            lifecycle.removeByLocation = cell.location
            if let date = CalendarDate(parsing: text) {
                lifecycle.removeBy = .date(date)
            } else if let version = AppVersion(parsing: text) {
                lifecycle.removeBy = .version(version)
            } else if text.contains("-") || text.contains("/") {
                diagnostics.append(
                    .error(
                        "'\(LifecycleColumns.removeBy)' is not a date: '\(text)'", at: cell.location,
                        hint: CalendarDate.problem(parsing: text)))
            } else {
                diagnostics.append(
                    .error(
                        "'\(LifecycleColumns.removeBy)' is neither a date nor an app version: '\(text)'", at: cell.location,
                        hint: "write a date as YYYY-MM-DD or a version as numbers and dots, e.g. 3.0"))
            }
        }
        return lifecycle
    }

    /// The cell's text (already trimmed) without surrounding backticks.
    private static func plain(_ text: String) -> String {
        var text = Substring(text)
        while text.first == "`" && text.last == "`" && text.count >= 2 { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
