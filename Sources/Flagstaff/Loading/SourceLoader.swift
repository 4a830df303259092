import FlagstaffCore
import FlagstaffReaders
import Synchronization

/// Reads the files a configuration names through a file source, and hands each
/// to its reader. A file that cannot be read is an I/O problem, reported at the
/// configuration key that names it.
struct SourceLoader {
    let source: any FileSource
    let configuration: Configuration
    /// The day Remote Config's `dateTime` rules are decided for.
    let asOf: CalendarDate?
    /// The readers' diagnostics.
    var diagnostics: [Diagnostic] = []
    /// Files named by the configuration that could not be read.
    var unreadable: [Diagnostic] = []
    /// The tenant files the `tenants` pattern matched, by id, once `loadModel` has looked.
    private(set) var tenantFileList: [(id: String, path: String)] = []

    /// The format of each source, as the configuration names them.
    let formats: WorkspaceFormats

    init(source: any FileSource, configuration: Configuration, asOf: CalendarDate? = nil) {
        self.source = source
        self.configuration = configuration
        self.asOf = asOf
        formats = WorkspaceFormats(configuration)
    }

    /// Reads the declarations, the catalog and every tenant file into a model,
    /// with each tenant's settings indexed against it, in model order; `nil` when
    /// the declarations, or a configured catalog, could not be read well enough to
    /// build one. Without `catalog`, the declarations describe the flags; without
    /// `tenants`, the workspace is one app whose values are the code's defaults.
    mutating func loadModel() throws(FlagstaffError) -> (model: FlagModel, settings: [IndexedSettings])? {
        let enumFiles = configuration.enumFiles.compactMap { path in
            read(path, key: .enumFiles).map { SourceFile(path: path, text: $0) }
        }
        let catalogText = configuration.catalog.isEmpty ? nil : read(configuration.catalog, key: .catalog)
        let tenantFiles = configuration.isSingleApp ? [] : tenantFiles()
        tenantFileList = tenantFiles
        var remoteConfig = remoteConfig()
        let conditions = buildConditions()
        guard unreadable.isEmpty else { throw .unreadableInputs(unreadable) }

        // The tenant files are most of the input: each is read and parsed as its own
        // task, on every core, while the first task reads the enum and the catalog.
        // Once the enum is read, each tenant is also indexed against its keys in its
        // own task, while its settings are still in the cache; the few read before
        // that are indexed at the end. Those are read against the keys of the first
        // of them (`standIn`), so that each is indexed by translating positions, not
        // by looking every key up by name.
        let (source, configuration, formats) = (source, configuration, formats)
        let published = Mutex<FlagKeys?>(nil), standIn = Mutex<FlagKeys?>(nil)
        let results = Parallel.map(tenantFiles.count + 1) { task -> LoadedFile in
            guard task > 0 else {
                let (declarations, enumDiagnostics) = formats.declarations.read(enumFiles, configuration: configuration, conditions: conditions)
                if let declarations {
                    let keys = FlagKeys(flags: declarations.flags, environments: configuration.environments)
                    published.withLock { $0 = keys }
                }
                let catalog = catalogText.map { formats.metadata.read($0, file: configuration.catalog, configuration: configuration) }
                return .definitions(declarations, catalog?.catalog, enumDiagnostics + (catalog?.diagnostics ?? []))
            }
            let file = tenantFiles[task - 1]
            do throws(FileSourceError) {
                let text = try source.text(of: file.path)
                let keys = published.withLock { $0 }
                let stand = keys == nil ? standIn.withLock { $0 } : nil
                let (tenant, settings, diagnostics) = Self.readTenant(
                    text, path: file.path, id: file.id, configuration: configuration, format: formats.values, keys: keys, standIn: stand)
                if keys == nil, stand == nil, let tenant {
                    let its = FlagKeys(keys: tenant.base.keys, environments: configuration.environments)
                    standIn.withLock { $0 = $0 ?? its }
                }
                return .tenant(tenant, settings, diagnostics)
            } catch {
                return .unreadable(error.diagnostic(path: file.path, namedBy: "tenants", at: configuration.locations[.tenants]))
            }
        }
        var declarations: FlagDeclarations?, fileCatalog: Catalog?
        var tenants: [Tenant] = []
        var indexed: [IndexedSettings?] = []
        for result in results {
            switch result {
            case .definitions(let read, let readCatalog, let problems):
                (declarations, fileCatalog) = (read, readCatalog)
                diagnostics += problems
            case .tenant(let tenant, let settings, let problems):
                diagnostics += problems
                if let tenant {
                    tenants.append(tenant)
                    indexed.append(settings)
                }
            case .unreadable(let problem): unreadable.append(problem)
            }
        }
        guard unreadable.isEmpty else { throw .unreadableInputs(unreadable) }
        guard let declarations, catalogText == nil || fileCatalog != nil else { return nil }
        let flags = declarations.flags
        if let problem = sizeProblem(flags: flags, tenants: tenants.count) {
            diagnostics.append(problem)
            return nil
        }
        let (catalog, metadataProblems) = MetadataMerge.merged(
            file: fileCatalog, declarations: declarations.metadata, flags: flags, location: .start(of: declarations.flagEnums.first?.file ?? ""))
        diagnostics += metadataProblems
        if configuration.isSingleApp { tenants = [Tenant(id: Tenant.singleAppID, name: Tenant.singleAppName, file: "")] }
        remoteConfig?.link(flags)
        let described = MetadataMerge.describedByTemplates(catalog, remote: remoteConfig, environments: configuration.environments)
        let layerSources = layerSources(flags: flags)
        guard unreadable.isEmpty else { throw .unreadableInputs(unreadable) }
        var model = FlagModel(
            title: configuration.title, environments: configuration.environments, flagEnums: declarations.flagEnums,
            catalog: described, tenants: tenants, tenantNames: configuration.tenantNames, policy: configuration.policy,
            tenantNamesLocation: configuration.locations[.tenantNames], remoteConfig: remoteConfig, isSingleApp: configuration.isSingleApp,
            layerSources: layerSources)
        model.tenantFacts = configuration.tenantFacts
        // Settings indexed early are kept only where they match the model's keys and
        // tenant; the model orders tenants as they were read, by id.
        let early = published.withLock { $0 } == model.keys ? indexed : []
        let settings = Parallel.map(model.tenants.count) { [model] position in
            if position < early.count, let settings = early[position], settings.file == model.tenants[position].file { return settings }
            return IndexedSettings(model.tenants[position], keys: model.keys)
        }
        return (model, settings)
    }

    /// What one task of `loadModel` read.
    private enum LoadedFile {
        /// The declarations and the catalog, when they could be read well enough, and their problems.
        case definitions(FlagDeclarations?, Catalog?, [Diagnostic])
        /// A tenant file, its settings when they could be indexed at once, and its problems.
        case tenant(Tenant?, IndexedSettings?, [Diagnostic])
        /// A tenant file that could not be read.
        case unreadable(Diagnostic)
    }

    /// Reads a file named by a configuration key, recording a positioned error when it cannot.
    mutating func read(_ path: String, key: Configuration.Key) -> String? {
        do {
            return try source.text(of: path)
        } catch {
            unreadable.append(error.diagnostic(path: path, namedBy: key.rawValue, at: configuration.locations[key]))
            return nil
        }
    }

}
