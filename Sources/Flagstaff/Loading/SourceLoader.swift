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
        // that are indexed at the end.
        let (source, configuration, formats) = (source, configuration, formats)
        let published = Mutex<FlagKeys?>(nil)
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
                let (tenant, settings, diagnostics) = Self.readTenant(
                    text, path: file.path, id: file.id, configuration: configuration, format: formats.values, keys: published.withLock { $0 })
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
        let settings = Parallel.map(model.tenants.count) { position in
            if position < early.count, let settings = early[position], settings.file == model.tenants[position].file { return settings }
            return IndexedSettings(model.tenants[position], keys: model.keys)
        }
        return (model, settings)
    }

    /// The value files and external sources the configuration declares, with the
    /// chain's order: each value file read by its format; each flag an external
    /// source names checked against the declarations.
    private mutating func layerSources(flags: [Flag]) -> LayerSources {
        let settings = configuration.layers
        var values: [ValueSource] = []
        for file in settings.values {
            guard let text = read(file.path, key: .values), let format = FormatRegistry.values(named: file.format) else { continue }
            let (tenant, problems) = format.read(text, file: file.path, id: file.id, name: file.id, keys: nil)
            diagnostics += problems
            guard let tenant else { continue }
            func byKey(_ table: SettingTable) -> [String: Tenant.Setting] {
                var settings: [String: Tenant.Setting] = [:]
                for (key, setting) in table where settings[key] == nil { settings[key] = setting }
                return settings
            }
            values.append(
                ValueSource(
                    id: file.id, file: file.path, environments: file.environments.map(Set.init), settings: byKey(tenant.base),
                    overrides: tenant.overrides.mapValues(byKey)))
        }
        let keys = Set(flags.map(\.key))
        var external: [ExternalSource] = []
        for source in settings.external {
            for flag in source.flags ?? [] where !keys.contains(flag.key) {
                diagnostics.append(
                    .error(
                        "external.\(source.id) names flag '\(flag.key)', which is not declared", at: flag.location,
                        hint: Suggestion.didYouMean(flag.key, in: flags.map(\.key)) ?? "list keys of declared flags, or write 'flags: all'"))
            }
            external.append(ExternalSource(id: source.id, name: source.name, flags: source.flags.map { Set($0.map(\.key)) }))
        }
        return LayerSources(values: values, external: external, order: settings.chain?.map(\.id))
    }

    /// Reads one tenant's file in its format, and indexes its settings against the
    /// declarations' `keys` when they are known: what `loadModel` does for each
    /// tenant, and what history does for a tenant file a commit changes.
    static func readTenant(
        _ text: String, path: String, id: String, configuration: Configuration, format: any ValuesFormat.Type, keys: FlagKeys?
    ) -> (tenant: Tenant?, settings: IndexedSettings?, diagnostics: [Diagnostic]) {
        let (tenant, diagnostics) = format.read(text, file: path, id: id, name: configuration.tenantNames[id] ?? id, keys: keys)
        return (tenant, tenant.flatMap { tenant in keys.map { IndexedSettings(tenant, keys: $0) } }, diagnostics)
    }

    /// The compilation conditions of each environment that `build_configurations`
    /// names: those it lists, with those its `.xcconfig` files set.
    private mutating func buildConditions() -> [String: Set<String>] {
        var conditions: [String: Set<String>] = [:]
        for (environment, entry) in configuration.buildConfigurations.entries where entry.settlesConditions {
            var names = Set(entry.conditions)
            for path in entry.xcconfigs {
                let source = source
                guard source.kind(of: path) == .file else {
                    unreadable.append(
                        .error(
                            "cannot read the build configuration file '\(path)'", at: entry.location,
                            hint: "build_configurations.\(environment).xcconfig names it"))
                    continue
                }
                let (found, problems) = XcconfigReader.conditions(of: path, configuration: environment, namedAt: entry.location) { path in
                    do throws(FileSourceError) {
                        return .text(try source.text(of: path))
                    } catch .outsideWorkspace(let refusal) {
                        return .refused(message: refusal.message, hint: refusal.hint)
                    } catch {
                        return .unreadable
                    }
                }
                names.formUnion(found)
                diagnostics += problems
            }
            conditions[environment] = names
        }
        return conditions
    }

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

    /// What one task of `loadModel` read.
    private enum LoadedFile {
        /// The declarations and the catalog, when they could be read well enough, and their problems.
        case definitions(FlagDeclarations?, Catalog?, [Diagnostic])
        /// A tenant file, its settings when they could be indexed at once, and its problems.
        case tenant(Tenant?, IndexedSettings?, [Diagnostic])
        /// A tenant file that could not be read.
        case unreadable(Diagnostic)
    }

    /// An error when the workspace has more flags, tenants, environments or matrix
    /// cells than `InputLimits` allows; checked before anything is resolved.
    private func sizeProblem(flags: [Flag], tenants: Int) -> Diagnostic? {
        let environments = configuration.environments.count
        if flags.count > InputLimits.flags {
            return .error(
                "the enum has \(flags.count) flags, more than the \(InputLimits.flags) Flagstaff reads", at: flags[InputLimits.flags].location,
                hint: "see Limits in the README")
        }
        if tenants > InputLimits.tenants {
            return .error(
                "there are \(tenants) tenants, more than the \(InputLimits.tenants) Flagstaff reads", at: configuration.locations[.tenants],
                hint: "see Limits in the README")
        }
        if environments > InputLimits.environments {
            return .error(
                "there are \(environments) environments, more than the \(InputLimits.environments) Flagstaff reads",
                at: configuration.locations[.environments], hint: "see Limits in the README")
        }
        if flags.count * tenants * environments > InputLimits.cells {
            return .error(
                "\(flags.count) flags × \(tenants) tenants × \(environments) environments make \(flags.count * tenants * environments) cells, "
                    + "more than the \(InputLimits.cells) Flagstaff resolves",
                at: configuration.locations[.tenants], hint: "see Limits in the README")
        }
        return nil
    }

    /// The Remote Config templates, each file read and parsed once, with the settings; `nil` without `remote_config`.
    private mutating func remoteConfig() -> RemoteConfig? {
        guard let settings = configuration.remoteConfig else { return nil }
        var templates: [String: RemoteTemplate] = [:]
        var byFile: [String: RemoteTemplate] = [:]
        for environment in settings.templates.keys.sorted() {
            let file = settings.templates[environment]!
            if byFile[file] == nil {
                guard let text = read(file, key: .remoteConfig) else { continue }
                let (template, problems) = RemoteTemplateReader.read(text, file: file, timeZone: configuration.timeZone)
                diagnostics += problems
                guard let template else { continue }
                byFile[file] = template
            }
            templates[environment] = byFile[file]
        }
        return settings.remoteConfig(templates: templates, asOf: asOf)
    }

    /// The guide pages of the `guide` folder, in file-name order, and their problems.
    func guidePages() -> (pages: [GuidePage], diagnostics: [Diagnostic]) {
        guard let folder = configuration.guide else { return ([], []) }
        let entries: [FileEntry]
        do {
            entries = try source.entries(of: folder)
        } catch {
            return ([], [error.diagnostic(folder: folder, namedBy: "guide", at: configuration.locations[.guide])])
        }
        var pages: [GuidePage] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries where entry.kind == .file && entry.name.hasSuffix(".md") {
            let path = FilePath.join(folder, entry.name)
            let text: String
            do {
                text = try source.text(of: path)
            } catch {
                diagnostics.append(error.diagnostic(path: path, namedBy: "guide", at: configuration.locations[.guide]))
                continue
            }
            let (page, problems) = GuideReader.read(text, fileName: entry.name, file: path)
            diagnostics += problems
            if let page { pages.append(page) }
        }
        return (pages, diagnostics)
    }

    /// Reads a file named by a configuration key, recording a positioned error when it cannot.
    private mutating func read(_ path: String, key: Configuration.Key) -> String? {
        do {
            return try source.text(of: path)
        } catch {
            unreadable.append(error.diagnostic(path: path, namedBy: key.rawValue, at: configuration.locations[key]))
            return nil
        }
    }

    /// The paths of the tenant files matching the `tenants` pattern, sorted by id. Ids are
    /// compared as Swift compares strings, after Unicode normalisation: two folders
    /// whose names differ only in how an accent is encoded (`é` and `e` + U+0301)
    /// would be one tenant with two files, so the second is an error and not read.
    private mutating func tenantFiles() -> [(id: String, path: String)] {
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
