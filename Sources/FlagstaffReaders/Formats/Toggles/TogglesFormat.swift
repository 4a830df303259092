import FlagstaffCore

/// The Toggles library's datasource JSON (`toggles`), read as the library reads it
/// (`TogglesReader`): a flag per toggle, described by its metadata's
/// `description` and grouped by its `group`, with each toggle's value.
public enum TogglesFormat: DeclaringValuesFormat {
    public static let name = "toggles"
    public static let declarationsName = "Toggles"
    public static let columns: [String] = []

    public static func entries(in text: String, file: String) -> (entries: [DeclaredEntry]?, diagnostics: [Diagnostic]) {
        let (read, diagnostics) = TogglesReader.read(text, file: file)
        return (
            read?.map { entry in
                DeclaredEntry(
                    key: entry.variable, caseName: entry.propertyName ?? DeclaredEntry.swiftName(of: entry.variable), group: entry.group,
                    description: entry.description, cells: [:], value: entry.value, valueLocation: entry.valueLocation, keyLocation: entry.keyLocation)
            }, diagnostics
        )
    }
}
