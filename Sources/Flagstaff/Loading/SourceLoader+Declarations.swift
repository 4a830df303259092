import FlagstaffCore
import FlagstaffReaders

/// The declarations alone, for `flagstaff list`.
extension SourceLoader {
    /// Reads only what declares the flags, the declarations, and the catalog when
    /// it can be read without errors, for `flagstaff list`, which must work while
    /// tenant files or the catalog are broken. `nil` when the declarations cannot be read.
    mutating func loadDeclarations() throws(FlagstaffError) -> (flagEnums: [FlagEnum], catalog: Catalog?)? {
        let enumFiles = configuration.enumFiles.compactMap { path in
            read(path, key: .enumFiles).map { SourceFile(path: path, text: $0) }
        }
        let conditions = buildConditions()
        guard unreadable.isEmpty else { throw .unreadableInputs(unreadable) }
        let (declarations, enumDiagnostics) = formats.declarations.read(enumFiles, configuration: configuration, conditions: conditions)
        diagnostics += enumDiagnostics
        guard let declarations else { return nil }
        let file = configuration.catalog.isEmpty ? nil : (try? source.text(of: configuration.catalog)).map {
            formats.metadata.read($0, file: configuration.catalog, configuration: configuration)
        }
        let fileCatalog = file.flatMap { $0.diagnostics.containsErrors ? nil : $0.catalog }
        guard configuration.catalog.isEmpty || fileCatalog != nil else { return (declarations.flagEnums, nil) }
        let catalog = MetadataMerge.merged(
            file: fileCatalog, declarations: declarations.metadata, flags: declarations.flags,
            location: .start(of: declarations.flagEnums.first?.file ?? "")).catalog
        return (declarations.flagEnums, catalog)
    }
}
