import FlagstaffCore

/// The catalog as a Markdown table under a heading (`catalog_heading`), one row
/// per flag (`CatalogReader`, `CatalogEditor`).
public enum MarkdownCatalogFormat: MetadataFormat {
    public static let name = "markdown"

    public static func read(_ text: String, file: String, configuration: Configuration) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        CatalogReader.read(text, file: file, heading: configuration.catalogHeading)
    }

    public static func insertion(
        of cells: [String: String], key: String, into text: String, catalog: Catalog, order: CatalogOrder, enumIndex: (String) -> Int?
    ) -> TextEdit {
        CatalogEditor.insertion(of: cells, key: key, into: text, catalog: catalog, order: order, enumIndex: enumIndex)
    }

    public static func removal(of entry: CatalogEntry, in text: String) -> TextEdit {
        CatalogEditor.removal(of: entry, in: text)
    }

    public static func sorting(_ catalog: Catalog, in text: String, order: CatalogOrder, enumIndex: (String) -> Int?) -> TextEdit? {
        CatalogEditor.sorting(catalog, in: text, order: order, enumIndex: enumIndex)
    }
}
