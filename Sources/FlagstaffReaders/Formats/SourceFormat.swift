import FlagstaffCore

/// What a source tells Flagstaff about the flags.
public enum SourceRole: String, CaseIterable, Sendable {
    /// Which flags exist: their keys, where they are declared, their groups.
    case declarations
    /// The values the app ships: per tenant, environment or build configuration.
    case values
    /// What people need to know: description, owner, type, removal target.
    case metadata
}

/// A file format Flagstaff reads, and edits when the authoring commands change
/// the flags. A format is one type conforming to the protocol of its role,
/// registered in `FormatRegistry`; `flagstaff.yml` names it with `format:`.
public protocol SourceFormat: Sendable {
    /// The name `flagstaff.yml` gives the format, such as `json`.
    static var name: String { get }
    /// Whether the authoring commands edit files of the format; `new` and
    /// `remove` refuse, naming the files, where they would have to and cannot.
    static var isEditable: Bool { get }
}

extension SourceFormat {
    /// Formats are edited unless they say otherwise.
    public static var isEditable: Bool { true }
}

/// A Swift file (or any text file) to read: its path and contents.
public struct SourceFile: Sendable {
    /// The path used in diagnostics.
    public var path: String
    /// The file's text.
    public var text: String

    /// Creates a source file.
    public init(path: String, text: String) {
        self.path = path
        self.text = text
    }
}

/// What a declarations format read from its files.
public struct FlagDeclarations: Sendable {
    /// The types that declare the flags, each with its flags in declaration
    /// order; each flag with the default and Remote Config parameter the code gives it.
    public var flagEnums: [FlagEnum]
    /// What the declarations say about each flag, as a catalog no file holds;
    /// `nil` when they say nothing beyond the flags.
    public var metadata: Catalog?

    /// Declarations of these flags.
    public init(flagEnums: [FlagEnum], metadata: Catalog? = nil) {
        self.flagEnums = flagEnums
        self.metadata = metadata
    }

    /// Every type's flags, one type after the other: the one type's own array
    /// when there is one, not a copy of its thousands of flags.
    public var flags: [Flag] { flagEnums.count == 1 ? flagEnums[0].flags : flagEnums.flatMap(\.flags) }
}

/// A flag `flagstaff new` adds to the declarations.
public struct NewFlag: Sendable {
    /// The Swift case name.
    public var caseName: String
    /// The key; written only when it differs from the case name.
    public var key: String
    /// The description, written as the doc comment, one line per line of text.
    public var documentation: String
    /// The group to put it at the end of; `nil` for the end of the declarations.
    public var group: String?
    /// Its default, where the declarations give defaults.
    public var defaultValue: FlagValue
    /// Its catalog cells by column name, where the declarations describe flags.
    public var cells: [String: String]

    /// Creates a description of a new flag.
    public init(
        caseName: String, key: String, documentation: String, group: String?, defaultValue: FlagValue = .bool(false),
        cells: [String: String] = [:]
    ) {
        self.caseName = caseName
        self.key = key
        self.documentation = documentation
        self.group = group
        self.defaultValue = defaultValue
        self.cells = cells
    }
}

/// A format that declares which flags exist.
public protocol DeclarationsFormat: SourceFormat {
    /// Reads the flags the files declare, as the configuration says to find them;
    /// `conditions` are the compilation conditions of each environment that is a
    /// build configuration.
    static func read(
        _ files: [SourceFile], configuration: Configuration, conditions: [String: Set<String>]
    ) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic])
    /// The edits, by file, that declare a new flag among the flags of `flagEnum`,
    /// the type that is to declare it; `nil` when
    /// the files no longer hold the declarations.
    static func insertion(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]]?
    /// The edits, by file, that remove a flag's declaration from `flagEnum`, the type that declares it.
    static func removal(of flag: Flag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]]
    /// The catalog columns the declarations would need for a new flag that it does
    /// not give, and that no default can stand for; `new` refuses without them.
    static func unfilledColumns(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String]
}

extension DeclarationsFormat {
    /// None: most formats need nothing beyond the flag itself.
    public static func unfilledColumns(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String] { [] }
}

/// A format of values: one file per tenant (or one for the whole app), with
/// values for every environment and overrides for some.
public protocol ValuesFormat: SourceFormat {
    /// Reads one tenant's file. When `keys` are given (the enum's, or another
    /// tenant's standing in for them), settings are stored against them (see `SettingTable`).
    static func read(_ text: String, file: String, id: String, name: String, keys: FlagKeys?) -> (tenant: Tenant?, diagnostics: [Diagnostic])
    /// The edits that set a flag in every environment and override it in some;
    /// `order` ranks keys, for files that keep them in the enum's order.
    static func insertion(
        of key: String, value: FlagValue, overrides: [(environment: String, value: FlagValue)], into text: String,
        environments: [String], order: (String) -> Int?
    ) -> [TextEdit]
    /// The edits that remove a flag's values.
    static func removal(of key: String, from text: String) -> [TextEdit]
}

/// A format of values that Flagstaff reads and never writes (JustTweak files,
/// Remote Config defaults): the authoring commands refuse rather than edit it.
public protocol ReadOnlyValuesFormat: ValuesFormat {}

extension ReadOnlyValuesFormat {
    public static var isEditable: Bool { false }

    /// None: the format is not written.
    public static func insertion(
        of key: String, value: FlagValue, overrides: [(environment: String, value: FlagValue)], into text: String,
        environments: [String], order: (String) -> Int?
    ) -> [TextEdit] {
        []
    }

    /// None: the format is not written.
    public static func removal(of key: String, from text: String) -> [TextEdit] { [] }
}

/// A format of metadata: one entry per flag, with a description and other columns.
public protocol MetadataFormat: SourceFormat {
    /// Reads the metadata file.
    static func read(_ text: String, file: String, configuration: Configuration) -> (catalog: Catalog?, diagnostics: [Diagnostic])
    /// The edit that adds an entry with the given cells, by column name, at its place in `order`.
    static func insertion(
        of cells: [String: String], key: String, into text: String, catalog: Catalog, order: CatalogOrder, enumIndex: (String) -> Int?
    ) -> TextEdit
    /// The edit that removes an entry.
    static func removal(of entry: CatalogEntry, in text: String) -> TextEdit
    /// The edit that puts the entries in `order`, or `nil` when they are.
    static func sorting(_ catalog: Catalog, in text: String, order: CatalogOrder, enumIndex: (String) -> Int?) -> TextEdit?
}
