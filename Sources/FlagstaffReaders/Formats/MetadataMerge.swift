import FlagstaffCore

/// One catalog from what describes the flags: the metadata file (the Markdown
/// catalog) and what the declarations say (a description switch, registry
/// fields, other properties). The file wins; where both fill a cell and they
/// differ, a warning says so. Without a file, a flag the declarations do not
/// describe takes its doc comment as its description.
public enum MetadataMerge {
    /// The catalog of a workspace. `flags` are the declared flags; `location` is
    /// where a catalog without a file is said to be.
    public static func merged(
        file: Catalog?, declarations: Catalog?, flags: [Flag], location: SourceLocation
    ) -> (catalog: Catalog, diagnostics: [Diagnostic]) {
        guard let file else { return (fromDeclarations(declarations, flags: flags, location: location), []) }
        guard let declarations else { return (file, []) }
        var diagnostics: [Diagnostic] = []
        let added = declarations.extraColumns.filter { !file.hasColumn($0) }
        let entries = file.entries.map { entry -> CatalogEntry in
            guard let code = declarations.entry(for: entry.key) else { return entry }
            var merged = entry
            if merged.description.isEmpty {
                merged.description = code.description
            } else if !code.description.isEmpty, code.description != entry.description {
                diagnostics.append(disagreement("Description", key: entry.key, file: entry.description, code: code.description, at: entry.location, codeAt: code.location))
            }
            merged.columns = entry.columns.map { column in
                guard let cell = code.cell(column.name) else { return column }
                if column.cell.text.isEmpty { return CatalogEntry.Column(name: column.name, cell: cell) }
                if !Self.agree(cell.text, column.cell.text) {
                    diagnostics.append(disagreement(column.name, key: entry.key, file: column.cell.text, code: cell.text, at: column.cell.location, codeAt: cell.location))
                }
                return column
            }
            merged.columns += added.map { column in
                CatalogEntry.Column(name: column, cell: code.cell(column) ?? CatalogEntry.Cell(text: "", location: entry.location))
            }
            merged.lifecycle = LifecycleCells.read(merged, diagnostics: &diagnostics)
            return merged
        }
        let catalog = Catalog(
            columns: file.columns + added, writtenColumns: file.columns, keyColumn: file.keyColumn, entries: entries, location: file.location,
            tableRange: file.tableRange, headerRange: file.headerRange, separatorRange: file.separatorRange)
        // The lifecycle cells' own problems come again, at the same places, and are
        // printed once (`sortedForDisplay`).
        return (catalog, diagnostics)
    }

    /// Whether the code's and the catalog's texts of a cell say the same: equal, or
    /// the same yes or no (`true` in code, `Yes` in a catalog; case ignored).
    static func agree(_ code: String, _ catalog: String) -> Bool {
        guard code != catalog else { return true }
        let (yes, no): (Set<String>, Set<String>) = (["true", "yes", "on", "y", "✓", "✅"], ["false", "no", "off", "n", "✗", "❌"])
        let (a, b) = (code.trimmingCharacters(in: " ").lowercased(), catalog.trimmingCharacters(in: " ").lowercased())
        return (yes.contains(a) && yes.contains(b)) || (no.contains(a) && no.contains(b))
    }

    /// The catalog the declarations describe, a row for every flag, each without a
    /// description taking its doc comment.
    private static func fromDeclarations(_ declarations: Catalog?, flags: [Flag], location: SourceLocation) -> Catalog {
        let documented = flags.map { flag in
            var entry =
                declarations?.entry(for: flag.key)
                ?? CatalogEntry(key: flag.key, description: "", columns: [], location: flag.location)
            if entry.description.isEmpty, let documentation = flag.documentation {
                // A doc comment of one line, as most are, is its description as it stands.
                entry.description =
                    documentation.utf8.contains(UInt8(ascii: "\n")) ? documentation.split(separator: "\n").joined(separator: " ") : documentation
            }
            return entry
        }
        return Catalog(
            columns: declarations?.columns ?? ["Flag", "Description"], entries: documented, location: declarations?.location ?? location,
            isWritten: false)
    }

    /// The catalog with each flag that nothing describes described by its Remote
    /// Config parameter's `description`: the first template that gives one, the
    /// last environment (production) first.
    public static func describedByTemplates(_ catalog: Catalog, remote: RemoteConfig?, environments: [String]) -> Catalog {
        guard let remote, catalog.entries.contains(where: { $0.description.isEmpty }) else { return catalog }
        let templates = environments.reversed().compactMap { remote.templates[$0] }
        var changed = false
        let entries = catalog.entries.map { entry -> CatalogEntry in
            guard entry.description.isEmpty, remote.isLinked(entry.key) else { return entry }
            let name = remote.parameterName(for: entry.key)
            guard let description = templates.lazy.compactMap({ $0.parameter(named: name)?.description }).first(where: { !$0.isEmpty })
            else { return entry }
            var described = entry
            described.description = description
            changed = true
            return described
        }
        guard changed else { return catalog }
        return Catalog(
            columns: catalog.columns, keyColumn: catalog.keyColumn, entries: entries, location: catalog.location, tableRange: catalog.tableRange,
            headerRange: catalog.headerRange, separatorRange: catalog.separatorRange, isWritten: catalog.isWritten)
    }

    private static func disagreement(_ column: String, key: String, file: String, code: String, at location: SourceLocation, codeAt: SourceLocation) -> Diagnostic {
        .warning(
            "the catalog's \(column) for '\(key)' is '\(file)', but the code says '\(code)' (\(codeAt)); the catalog's is shown",
            at: location, hint: "make them agree, or keep it in one place")
    }
}
