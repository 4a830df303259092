import FlagstaffCore

/// JustTweak's LocalConfiguration JSON (`justtweak`), read as JustTweak's
/// `LocalTweakProvider` reads it (`JustTweakReader`). As declarations, the files
/// named by `enum` declare a flag per feature and variable, described by each
/// entry's `Title`, `Description` and `Group`; as values (a tenant's file, or a
/// layer under `values`), each entry's `Value`. Flagstaff does not edit these files:
/// `new` and `remove` say so.
public enum JustTweakFormat: DeclarationsFormat, ReadOnlyValuesFormat {
    public static let isEditable = false
    public static let name = "justtweak"

    public static func read(
        _ files: [SourceFile], configuration: Configuration, conditions: [String: Set<String>]
    ) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        var flags: [Flag] = []
        var entries: [CatalogEntry] = []
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        var readAny = false
        for file in files {
            let (read, problems) = JustTweakReader.read(file.text, file: file.path)
            diagnostics += problems
            guard let read else { continue }
            readAny = true
            // A key in several files is one flag, declared where it is first written.
            for entry in read where seen.insert(entry.key).inserted {
                flags.append(
                    Flag(
                        key: entry.key, caseName: entry.propertyName ?? JustTweakReader.propertyName(of: entry.variable), group: entry.group,
                        documentation: entry.description, location: entry.keyLocation))
                let title = CatalogEntry.Cell(text: entry.title ?? "", location: entry.keyLocation)
                entries.append(
                    CatalogEntry(
                        key: entry.key, description: entry.description ?? "", columns: [CatalogEntry.Column(name: "Title", cell: title)],
                        location: entry.keyLocation))
            }
        }
        guard readAny, let first = files.first else { return (nil, diagnostics) }
        let flagEnum = FlagEnum(name: "JustTweak", hasStringRawValues: true, flags: flags, file: first.path)
        let catalog = Catalog(columns: ["Flag", "Description", "Title"], entries: entries, location: .start(of: first.path), isWritten: false)
        return (FlagDeclarations(flagEnum: flagEnum, metadata: catalog), diagnostics)
    }

    /// `nil`: Flagstaff does not write JustTweak files.
    public static func insertion(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]]? {
        nil
    }

    /// None: Flagstaff does not write JustTweak files.
    public static func removal(of flag: Flag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]] {
        [:]
    }

    public static func read(_ text: String, file: String, id: String, name: String, keys: FlagKeys?) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        let (entries, diagnostics) = JustTweakReader.read(text, file: file)
        guard let entries else { return (nil, diagnostics) }
        var base = SettingTable(keys: keys, capacity: entries.count)
        for entry in entries {
            guard let value = entry.value else { continue }
            _ = base.insert(Tenant.Setting(value: value, location: entry.valueLocation, keyLocation: entry.keyLocation), forKey: entry.key)
        }
        return (Tenant(id: id, name: name, file: file, base: base), diagnostics)
    }
}
