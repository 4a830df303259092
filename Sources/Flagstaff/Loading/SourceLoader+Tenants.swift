import FlagstaffCore
import FlagstaffReaders

/// The tenant files: which the `tenants` pattern matches, and each read in its format.
extension SourceLoader {
    /// Reads one tenant's file in its format, and indexes its settings against the
    /// declarations' `keys` when they are known: what `loadModel` does for each
    /// tenant, and what history does for a tenant file a commit changes. Before
    /// they are known, the file is read against `stand-in` keys when given (another
    /// tenant's), which spares looking each key up by name when it is indexed.
    static func readTenant(
        _ text: String, path: String, id: String, configuration: Configuration, format: any ValuesFormat.Type, keys: FlagKeys?,
        standIn: FlagKeys? = nil
    ) -> (tenant: Tenant?, settings: IndexedSettings?, diagnostics: [Diagnostic]) {
        let (tenant, diagnostics) = format.read(text, file: path, id: id, name: configuration.tenantNames[id] ?? id, keys: keys ?? standIn)
        return (tenant, tenant.flatMap { tenant in keys.map { IndexedSettings(tenant, keys: $0) } }, diagnostics)
    }


    /// The paths of the tenant files matching the `tenants` pattern, sorted by id. Ids are
    /// compared as Swift compares strings, after Unicode normalisation: two folders
    /// whose names differ only in how an accent is encoded (`é` and `e` + U+0301)
    /// would be one tenant with two files, so the second is an error and not read.
    mutating func tenantFiles() -> [(id: String, path: String)] {
        guard let pattern = TenantPattern(configuration.tenants) else { return [] }
        let entries: [FileEntry]
        do {
            entries = try source.entries(of: pattern.directory)
        } catch .outsideWorkspace(let refusal) {
            unreadable.append(.error("\(refusal.message) (named by 'tenants')", at: configuration.locations[.tenants], hint: refusal.hint))
            return []
        } catch {
            entries = []
        }
        var files: [(id: String, path: String)] = []
        var pathsByID: [String: String] = [:]
        for entry in entries {
            guard let id = pattern.id(of: entry.name) else { continue }
            // A commit holds a submodule as another repository's commit id, without its files.
            if entry.kind == .submodule {
                let folder = FilePath.join(pattern.directory, entry.name)
                diagnostics.append(
                    .error(
                        "'\(folder)' is a git submodule, which Flagstaff does not read at a commit", at: .start(of: folder),
                        hint: "keep the tenant's file in this repository, or run Flagstaff on the working tree, where the submodule is checked out"))
                continue
            }
            let path = pattern.path(of: entry.name)
            guard source.kind(of: path) == .file else { continue }
            if let other = pathsByID[id] {
                diagnostics.append(
                    .error(
                        "the tenant id of '\(path)' is the same as that of '\(other)' once Unicode is normalised", at: .start(of: path),
                        hint: "rename one folder; ids must differ in more than how their accents are encoded"))
                continue
            }
            pathsByID[id] = path
            files.append((id, path))
        }
        if files.isEmpty {
            unreadable.append(
                .error(
                    "no tenant files match '\(configuration.tenants)'", at: configuration.locations[.tenants],
                    hint: "each tenant needs a folder or file where the '*' stands"))
        }
        return files.sorted { $0.id < $1.id }
    }
}
