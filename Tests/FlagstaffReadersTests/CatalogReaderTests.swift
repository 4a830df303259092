import FlagstaffCore
import FlagstaffReaders
import Testing

@Suite("Catalog reader")
struct CatalogReaderTests {
    @Test func readsCellsWithInlineMarkdownAndEscapedPipes() throws {
        let (catalog, diagnostics) = CatalogReader.read(
            """
            # Catalog

            Intro with a | pipe that is not a table.

            ## Flags

            | Flag | Description | Owner | Type |
            |:-----|-------------|:-----:|------|
            | `ENABLE_A` | Shows **net \\| gross** [prices](https://example.com) | Ann | release |
            |ENABLE_B|Plain||ops|

            ## Later
            """, file: "c.md")
        #expect(diagnostics.isEmpty)
        let result = try #require(catalog)
        #expect(result.columns == ["Flag", "Description", "Owner", "Type"])
        #expect(result.extraColumns == ["Owner", "Type"])
        #expect(result.location == SourceLocation(file: "c.md", line: 7, column: 1))
        #expect(result.entries.map(\.key) == ["ENABLE_A", "ENABLE_B"])
        #expect(result.entries[0].description == "Shows **net | gross** [prices](https://example.com)")
        #expect(result.entries[0].value("owner") == "Ann")
        #expect(result.entries[0].cell("Type")?.location == SourceLocation(file: "c.md", line: 9, column: 77))
        #expect(result.entries[1].value("Owner") == nil)
        #expect(result.entries[1].location == SourceLocation(file: "c.md", line: 10, column: 2))
    }

    /// The heading is matched without regard to case, whatever its level.
    @Test(arguments: [
        ("## flags\n", "Flags"), ("### FLAGS\n", "Flags"), ("## Feature Flags\n", "Feature flags"), ("# feature flags\n", "FEATURE FLAGS"),
    ])
    func theHeadingIgnoresCase(_ heading: String, _ configured: String) throws {
        let (catalog, diagnostics) = CatalogReader.read(heading + "\n| Flag | Description |\n|---|---|\n| `A` | a |\n", file: "c.md", heading: configured)
        #expect(diagnostics.isEmpty)
        #expect(try #require(catalog).entries.map(\.key) == ["A"])
    }

    /// A title `# Flags` above the section `## Flags`: the heading with the table wins.
    @Test func theHeadingThatHasTheTableWins() throws {
        let text = "# Flags\n\nWhat each flag does.\n\n## Flags\n\n| Flag | Description |\n|---|---|\n| `A` | a |\n"
        let (catalog, diagnostics) = CatalogReader.read(text, file: "c.md")
        #expect(diagnostics.isEmpty)
        #expect(try #require(catalog).location == SourceLocation(file: "c.md", line: 7, column: 1))
        let (_, none) = CatalogReader.read("# Flags\n\ntext\n\n## flags\n\nmore text\n", file: "c.md")
        #expect(none.map(\.description) == ["c.md:1:1: error: no table under the 'Flags' heading"])
    }

    /// Real catalogs head the key column `Key` as often as `Flag`.
    @Test(arguments: ["Flag", "Key", "key", "Flag key", "Feature flag", "Toggle"])
    func theKeyColumnHasACommonName(_ name: String) throws {
        let (catalog, diagnostics) = CatalogReader.read("## Flags\n\n| \(name) | Description | Owner |\n|---|---|---|\n| `A` | a | Ann |\n", file: "c.md")
        #expect(diagnostics.isEmpty)
        let result = try #require(catalog)
        #expect(result.keyColumn == name)
        #expect(result.extraColumns == ["Owner"])
        #expect(result.entries.map(\.key) == ["A"])
    }

    @Test func headingIsRequired() {
        let (_, diagnostics) = CatalogReader.read("# Catalog\n\n| Flag | Description |\n|---|---|\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:1:1: error: the catalog has no 'Flags' heading; add '## Flags' above the flag table"])
    }

    @Test func requiredColumnsAreChecked() {
        let (_, diagnostics) = CatalogReader.read("## Flags\n\n| Flag | Owner |\n|---|---|\n| A | B |\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:3:1: error: the catalog table has no 'Description' column; columns found: Flag, Owner"])
    }

    static let table = "## Flags\n\n| Flag | Description | Owner |\n|---|---|---|\n| `A` | First | Ann |\n| B | Second |  |\n"

    @Test(arguments: ["\n", "\r\n", "\r"])
    func anyLineEndingReadsTheSame(_ ending: String) throws {
        let text = Self.table.replacingOccurrences(of: "\n", with: ending)
        let (catalog, diagnostics) = CatalogReader.read(text, file: "c.md")
        #expect(diagnostics.isEmpty)
        let result = try #require(catalog)
        #expect(result.entries.map(\.key) == ["A", "B"])
        #expect(result.entries.map(\.location.line) == [5, 6])
        #expect(result.entries[0].value("Owner") == "Ann")
        let bytes = Array(text.utf8)
        #expect(String(decoding: bytes[result.entries[1].range], as: UTF8.self) == "| B | Second |  |")
    }

    @Test func rowsAndCellsRememberTheirBytes() throws {
        let text = Self.table + "\nAfter the table.\n"
        let catalog = try #require(CatalogReader.read(text, file: "c.md").catalog)
        let bytes = Array(text.utf8)
        func slice(_ range: ByteRange) -> String { String(decoding: bytes[range], as: UTF8.self) }
        #expect(slice(catalog.headerRange) == "| Flag | Description | Owner |")
        #expect(slice(catalog.separatorRange) == "|---|---|---|")
        #expect(slice(catalog.tableRange) == "| Flag | Description | Owner |\n|---|---|---|\n| `A` | First | Ann |\n| B | Second |  |\n")
        let first = catalog.entries[0]
        #expect(slice(first.range) == "| `A` | First | Ann |")
        #expect(first.columns.map { slice($0.cell.range) } == [" Ann "])
        #expect(catalog.entries[1].columns.map { slice($0.cell.range) } == ["  "])
    }

    @Test func aTableAtTheEndOfTheFileWithoutANewline() throws {
        let text = "## Flags\n| Flag | Description |\n|---|---|\n| A | a |"
        let catalog = try #require(CatalogReader.read(text, file: "c.md").catalog)
        #expect(catalog.entries.map(\.key) == ["A"])
        #expect(catalog.tableRange.upperBound == text.utf8.count)
    }

    @Test func raggedRowsAreErrorsAtTheirLine() {
        let text = "## Flags\n\n| Flag | Description | Owner |\n|---|---|---|\n| A | short |\n| B | b | c | extra |\n| | no key | x |\n|C|c|d\n"
        let (catalog, diagnostics) = CatalogReader.read(text, file: "c.md")
        #expect(diagnostics.map(\.description) == [
            "c.md:5:1: error: this row has 2 cells, but the header has 3; a '|' inside a cell must be written '\\|'",
            "c.md:6:1: error: this row has 4 cells, but the header has 3; a '|' inside a cell must be written '\\|'",
            "c.md:7:3: error: this row has no flag key in the 'Flag' column",
        ])
        #expect(catalog?.entries.map(\.key) == ["A", "B", "C"])
        #expect(catalog?.entries.last?.value("Owner") == "d", "a row may leave out its closing pipe")
    }

    @Test func theSeparatorRowIsRequired() {
        let (_, diagnostics) = CatalogReader.read("## Flags\n\n| Flag | Description |\n| A | a |\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:4:1: error: the table's second line must be the separator row, e.g. |---|---|"])
        let (_, alone) = CatalogReader.read("## Flags\n\n| Flag | Description |\n", file: "c.md")
        #expect(alone.map(\.description) == ["c.md:3:1: error: the table's second line must be the separator row, e.g. |---|---|"])
    }

    @Test func aHeadingWithoutATable() {
        let (_, diagnostics) = CatalogReader.read("## Flags\n\nNo table here.\n\n## Other\n\n| Flag | Description |\n|---|---|\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:1:1: error: no table under the 'Flags' heading"])
    }
}
