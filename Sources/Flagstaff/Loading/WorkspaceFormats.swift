import FlagstaffReaders

/// The format of each source of a workspace: the one its configuration names,
/// or the role's default. The configuration reader has checked the names.
struct WorkspaceFormats: Sendable {
    let declarations: any DeclarationsFormat.Type
    let values: any ValuesFormat.Type
    let metadata: any MetadataFormat.Type

    init(_ configuration: Configuration) {
        declarations = FormatRegistry.declarations(named: configuration.formats[.declarations]) ?? SwiftFormat.self
        values = FormatRegistry.values(named: configuration.formats[.values]) ?? TenantJSONFormat.self
        metadata = FormatRegistry.metadata(named: configuration.formats[.metadata]) ?? MarkdownCatalogFormat.self
    }
}
