import FlagstaffCore

/// JustTweak's LocalConfiguration JSON (`justtweak`), read as JustTweak's
/// `LocalTweakProvider` reads it (`JustTweakReader`): a flag per feature and
/// variable, described by each entry's `Title`, `Description` and `Group`, with
/// each entry's `Value`.
public enum JustTweakFormat: DeclaringValuesFormat {
    public static let name = "justtweak"
    public static let declarationsName = "JustTweak"
    public static let columns = ["Title"]

    public static func entries(in text: String, file: String) -> (entries: [DeclaredEntry]?, diagnostics: [Diagnostic]) {
        let (read, diagnostics) = JustTweakReader.read(text, file: file)
        return (
            read?.map { entry in
                DeclaredEntry(
                    key: entry.key, caseName: entry.propertyName ?? DeclaredEntry.swiftName(of: entry.variable), group: entry.group,
                    description: entry.description, cells: ["Title": entry.title ?? ""], value: entry.value, valueLocation: entry.valueLocation,
                    keyLocation: entry.keyLocation)
            }, diagnostics
        )
    }
}
