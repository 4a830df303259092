/// The human source of truth: one table row per flag.
public struct Catalog: Hashable, Sendable {
    /// The table's column names in order, the key's and `Description` included.
    public var columns: [String]
    /// The columns the file's table has, which edits to it write: `columns` less
    /// those only the code fills (`swift.columns`, registry fields).
    public var writtenColumns: [String]
    /// The name of the column that holds the flag keys, as written: `Flag`, `Key`
    /// or another of `keyColumnNames`.
    public var keyColumn: String
    /// The rows in file order.
    public let entries: [CatalogEntry]
    /// Where the table's header row is.
    public var location: SourceLocation
    /// The bytes of the whole table, header to last row, each line with its newline.
    public var tableRange: ByteRange
    /// The bytes of the header row and of the separator row, without their newlines.
    public var headerRange: ByteRange, separatorRange: ByteRange
    /// Whether a file the team writes holds the catalog, so that every flag needs
    /// a row; `false` for what the declarations say, which covers every flag by itself.
    public var isWritten: Bool
    private let indexByKey: [String: Int]

    /// Creates a catalog.
    public init(
        columns: [String], writtenColumns: [String]? = nil, keyColumn: String = "Flag", entries: [CatalogEntry], location: SourceLocation,
        tableRange: ByteRange = 0..<0, headerRange: ByteRange = 0..<0, separatorRange: ByteRange = 0..<0, isWritten: Bool = true
    ) {
        self.columns = columns
        self.writtenColumns = writtenColumns ?? columns
        self.keyColumn = keyColumn
        self.entries = entries
        self.location = location
        self.isWritten = isWritten
        self.tableRange = tableRange
        self.headerRange = headerRange
        self.separatorRange = separatorRange
        indexByKey = Dictionary(entries.enumerated().map { ($1.key, $0) }) { first, _ in first }
    }

    /// The columns other than the key's and `Description`, in table order.
    public var extraColumns: [String] {
        columns.filter { $0 != keyColumn && $0.lowercased() != "description" }
    }

    /// Whether the table has a column of this name, case ignored.
    public func hasColumn(_ name: String) -> Bool {
        columns.contains { $0.lowercased() == name.lowercased() }
    }

    /// The names a catalog's key column may have, lowercased, in order of
    /// preference: real catalogs head it `Flag`, `Key`, `Flag key`, `Feature flag` or `Toggle`.
    public static let keyColumnNames = ["flag", "key", "flag key", "feature flag", "toggle"]

    /// The first entry for a key, if the catalog has one.
    public func entry(for key: String) -> CatalogEntry? { indexByKey[key].map { entries[$0] } }
}

/// One row of the catalog table.
public struct CatalogEntry: Hashable, Sendable {
    /// A catalog cell: its Markdown text and where it is.
    public struct Cell: Hashable, Sendable {
        /// The cell's Markdown, trimmed, with `\|` turned into `|`.
        public var text: String
        /// Where the cell's text starts.
        public var location: SourceLocation
        /// The bytes between the cell's pipes, padding included.
        public var range: ByteRange

        /// Creates a cell.
        public init(text: String, location: SourceLocation, range: ByteRange = 0..<0) {
            self.text = text
            self.location = location
            self.range = range
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
    public var columns: [Column] {
        didSet { positionsByName = Self.positionsByName(of: columns) }
    }
    /// Where the row's key is.
    public var location: SourceLocation
    /// The lifecycle columns, read and checked.
    public var lifecycle: FlagLifecycle
    /// The bytes of the row's line, without its newline.
    public var range: ByteRange

    /// Creates an entry.
    public init(
        key: String, description: String, columns: [Column], location: SourceLocation,
        lifecycle: FlagLifecycle = FlagLifecycle(), range: ByteRange = 0..<0
    ) {
        self.key = key
        self.description = description
        self.columns = columns
        self.location = location
        self.lifecycle = lifecycle
        self.range = range
        positionsByName = Self.positionsByName(of: columns)
    }

    /// The positions in `columns` of each lowercased column name, so that finding a
    /// column does not scan them all: renderers look up every column of every row.
    private var positionsByName: [String: [Int]]

    private static func positionsByName(of columns: [Column]) -> [String: [Int]] {
        Dictionary(grouping: columns.indices) { columns[$0].name.lowercased() }
    }

    /// The cell of an optional column, matched without regard to case; `nil` when empty or absent.
    public func cell(_ column: String) -> Cell? {
        positionsByName[column.lowercased()]?.lazy.map { columns[$0].cell }.first { !$0.text.isEmpty }
    }

    /// The text of an optional column; `nil` when empty or absent.
    public func value(_ column: String) -> String? { cell(column)?.text }
}
