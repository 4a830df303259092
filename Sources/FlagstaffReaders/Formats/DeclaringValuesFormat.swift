import FlagstaffCore

/// A file format of entries that each declare a flag and give its bundled value
/// (JustTweak's LocalConfiguration, a Toggles datasource). As declarations, the
/// files named by `enum` declare a flag per entry, each key once, where it is
/// first written; as values (a tenant's file, or a layer under `values`), each
/// entry's value. Flagstaff does not edit such files: `new` and `remove` say so.
/// A format of this kind says only how its file reads into entries.
public protocol DeclaringValuesFormat: DeclarationsFormat, ReadOnlyValuesFormat {
    /// The name the declarations go by, in place of a Swift type's.
    static var declarationsName: String { get }
    /// The catalog columns the entries fill besides the description, in order.
    static var columns: [String] { get }
    /// The entries of a file in file order, and its problems; `nil` entries when
    /// the file is not of the format.
    static func entries(in text: String, file: String) -> (entries: [DeclaredEntry]?, diagnostics: [Diagnostic])
}

/// One entry of a file that declares a flag and gives its value.
public struct DeclaredEntry: Sendable {
    /// The flag's key, and the Swift-style name its uses in code go by.
    public var key: String, caseName: String
    /// The group, the description and cells of `columns`, by column name, where given.
    public var group: String?, description: String?, cells: [String: String]
    /// The value; `nil` when the entry has none Flagstaff shows.
    public var value: FlagValue?
    /// Where the value is written, and where the key is.
    public var valueLocation: SourceLocation, keyLocation: SourceLocation
    /// The Remote Config parameter the app reads for the flag, when the file says.
    public var remoteKey: RemoteKey? = nil

    /// A Swift-style name for a key or variable a file gives without one:
    /// `display_red_view` gives `displayRedView`.
    static func swiftName(of variable: String) -> String {
        let words = variable.split(whereSeparator: { $0 == "_" || $0 == "-" || $0 == " " })
        guard let first = words.first else { return variable }
        return first.lowercased() + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

extension DeclaringValuesFormat {
    public static var isEditable: Bool { false }

    public static func read(
        _ files: [SourceFile], configuration: Configuration, conditions: [String: Set<String>]
    ) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        var flags: [Flag] = []
        var rows: [CatalogEntry] = []
        var seen = Set<String>()
        var diagnostics: [Diagnostic] = []
        var readAny = false
        for file in files {
            let (read, problems) = entries(in: file.text, file: file.path)
            diagnostics += problems
            guard let read else { continue }
            readAny = true
            for entry in read where seen.insert(entry.key).inserted {
                flags.append(
                    Flag(
                        key: entry.key, caseName: entry.caseName, group: entry.group, documentation: entry.description, location: entry.keyLocation,
                        remoteKey: entry.remoteKey))
                let columns = Self.columns.map { column in
                    CatalogEntry.Column(name: column, cell: CatalogEntry.Cell(text: entry.cells[column] ?? "", location: entry.keyLocation))
                }
                rows.append(CatalogEntry(key: entry.key, description: entry.description ?? "", columns: columns, location: entry.keyLocation))
            }
        }
        guard readAny, let first = files.first else { return (nil, diagnostics) }
        let flagEnum = FlagEnum(name: declarationsName, hasStringRawValues: true, flags: flags, file: first.path)
        let catalog = Catalog(columns: ["Flag", "Description"] + columns, entries: rows, location: .start(of: first.path), isWritten: false)
        return (FlagDeclarations(flagEnums: [flagEnum], metadata: catalog), diagnostics)
    }

    /// `nil`: Flagstaff does not write these files.
    public static func insertion(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]]? {
        nil
    }

    /// None: Flagstaff does not write these files.
    public static func removal(of flag: Flag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]] {
        [:]
    }

    public static func read(_ text: String, file: String, id: String, name: String, keys: FlagKeys?) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        let (read, diagnostics) = entries(in: text, file: file)
        guard let read else { return (nil, diagnostics) }
        var base = SettingTable(keys: keys, capacity: read.count)
        for entry in read {
            guard let value = entry.value else { continue }
            _ = base.insert(Tenant.Setting(value: value, location: entry.valueLocation, keyLocation: entry.keyLocation), forKey: entry.key)
        }
        return (Tenant(id: id, name: name, file: file, base: base), diagnostics)
    }
}
