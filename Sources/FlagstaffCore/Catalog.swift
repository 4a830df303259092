/// The human source of truth: one table row per flag.
public struct Catalog: Hashable, Sendable {
    /// The table's column names in order, `Flag` and `Description` included.
    public var columns: [String]
    /// The rows in file order.
    public var entries: [CatalogEntry]
    /// Where the table's header row is.
    public var location: SourceLocation

    /// Creates a catalog.
    public init(columns: [String], entries: [CatalogEntry], location: SourceLocation) {
        self.columns = columns
        self.entries = entries
        self.location = location
    }

    /// The columns other than `Flag` and `Description`, in table order.
    public var extraColumns: [String] {
        columns.filter { !Catalog.requiredColumns.contains($0.lowercased()) }
    }

    /// The columns every catalog must have, lowercased.
    public static let requiredColumns: Set<String> = ["flag", "description"]

    /// The entry for a key, if the catalog has one.
    public func entry(for key: String) -> CatalogEntry? {
        entries.first { $0.key == key }
    }
}

/// One row of the catalog table.
public struct CatalogEntry: Hashable, Sendable {
    /// A catalog cell: its Markdown text and where it starts.
    public struct Cell: Hashable, Sendable {
        /// The cell's Markdown, trimmed, with `\|` turned into `|`.
        public var text: String
        /// Where the cell's text starts.
        public var location: SourceLocation

        /// Creates a cell.
        public init(text: String, location: SourceLocation) {
            self.text = text
            self.location = location
        }
    }

    /// An optional column's name and cell.
    public struct Column: Hashable, Sendable {
        /// The column's name from the header row.
        public var name: String
        /// The row's cell in that column.
        public var cell: Cell

        /// Creates a column value.
        public init(name: String, cell: Cell) {
            self.name = name
            self.cell = cell
        }
    }

    /// The flag key from the `Flag` column, without backticks.
    public var key: String
    /// The `Description` cell's Markdown.
    public var description: String
    /// Every other column, in table order, by column name.
    public var columns: [Column]
    /// Where the row starts.
    public var location: SourceLocation

    /// Creates an entry.
    public init(key: String, description: String, columns: [Column], location: SourceLocation) {
        self.key = key
        self.description = description
        self.columns = columns
        self.location = location
    }

    /// The cell of an optional column, matched without regard to case; `nil` when empty or absent.
    public func cell(_ column: String) -> Cell? {
        columns.first { $0.name.lowercased() == column.lowercased() && !$0.cell.text.isEmpty }?.cell
    }

    /// The text of an optional column; `nil` when empty or absent.
    public func value(_ column: String) -> String? { cell(column)?.text }
}
