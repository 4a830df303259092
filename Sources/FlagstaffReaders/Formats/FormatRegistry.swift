/// Every format Flagstaff knows, by role. To add a format, write its type and
/// add it to the list of its role.
public enum FormatRegistry {
    /// The formats of declarations; the first is the default.
    public static let declarations: [any DeclarationsFormat.Type] = [SwiftFormat.self, JustTweakFormat.self, TogglesFormat.self, RemoteConfigDefaultsFormat.self]
    /// The formats of values; the first is the default.
    public static let values: [any ValuesFormat.Type] = [TenantJSONFormat.self, JustTweakFormat.self, RemoteConfigDefaultsFormat.self, TogglesFormat.self]
    /// The formats of metadata; the first is the default.
    public static let metadata: [any MetadataFormat.Type] = [MarkdownCatalogFormat.self]

    /// The names of a role's formats, in order.
    public static func names(for role: SourceRole) -> [String] {
        switch role {
        case .declarations: declarations.map { $0.name }
        case .values: values.map { $0.name }
        case .metadata: metadata.map { $0.name }
        }
    }

    /// The declarations format with a name; the default for `nil`.
    public static func declarations(named name: String?) -> (any DeclarationsFormat.Type)? {
        name.map { name in declarations.first { $0.name == name } } ?? declarations.first
    }

    /// The values format with a name; the default for `nil`.
    public static func values(named name: String?) -> (any ValuesFormat.Type)? {
        name.map { name in values.first { $0.name == name } } ?? values.first
    }

    /// The metadata format with a name; the default for `nil`.
    public static func metadata(named name: String?) -> (any MetadataFormat.Type)? {
        name.map { name in metadata.first { $0.name == name } } ?? metadata.first
    }
}
