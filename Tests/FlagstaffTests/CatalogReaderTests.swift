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

    @Test func headingIsRequired() {
        let (_, diagnostics) = CatalogReader.read("# Catalog\n\n| Flag | Description |\n|---|---|\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:1:1: error: the catalog has no 'Flags' heading; add '## Flags' above the flag table"])
    }

    @Test func requiredColumnsAreChecked() {
        let (_, diagnostics) = CatalogReader.read("## Flags\n\n| Flag | Owner |\n|---|---|\n| A | B |\n", file: "c.md")
        #expect(diagnostics.map(\.description) == ["c.md:3:1: error: the catalog table has no 'Description' column; columns found: Flag, Owner"])
    }
}
