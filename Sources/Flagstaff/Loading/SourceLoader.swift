import FlagstaffCore
import FlagstaffReaders

/// Reads the files a configuration names through a file source, and hands each
/// to its reader. A file that cannot be read is an I/O problem, reported at the
/// configuration key that names it.
struct SourceLoader {
    let source: any FileSource
    let configuration: Configuration
    /// The readers' diagnostics.
    var diagnostics: [Diagnostic] = []
    /// Files named by the configuration that could not be read.
    var unreadable: [Diagnostic] = []

    init(source: any FileSource, configuration: Configuration) {
        self.source = source
        self.configuration = configuration
    }

    /// Reads the enum, the catalog and every tenant file into a model; `nil` when
    /// the enum or the catalog could not be read well enough to build one.
    mutating func loadModel() throws(FlagstaffError) -> FlagModel? {
        let enumFiles = configuration.enumFiles.compactMap { path in
            read(path, key: "enum").map { FlagEnumReader.SourceFile(path: path, text: $0) }
        }
        let catalogText = read(configuration.catalog, key: "catalog")
        let tenantFiles = tenantFiles()
        let remoteConfig = remoteConfig()
        guard unreadable.isEmpty else { throw .unreadableInputs(unreadable) }

        let (flagEnum, enumDiagnostics) = FlagEnumReader.read(enumFiles, enumName: configuration.enumName)
        diagnostics += enumDiagnostics
        var catalog: Catalog?
        if let catalogText {
            let result = CatalogReader.read(catalogText, file: configuration.catalog, heading: configuration.catalogHeading)
            catalog = result.catalog
            diagnostics += result.diagnostics
        }
        var tenants: [Tenant] = []
        let results = Parallel.map(tenantFiles.count) { index in
            let file = tenantFiles[index]
            return TenantDefaultsReader.read(file.text, file: file.path, id: file.id, name: configuration.tenantNames[file.id] ?? file.id)
        }
        for result in results {
            diagnostics += result.diagnostics
            if let tenant = result.tenant { tenants.append(tenant) }
        }
        guard let flagEnum, let catalog else { return nil }
        return FlagModel(
            title: configuration.title, environments: configuration.environments, flagEnum: flagEnum,
            catalog: catalog, tenants: tenants, tenantNames: configuration.tenantNames, policy: configuration.policy,
            settingLocations: configuration.locations, remoteConfig: remoteConfig)
    }

    /// The Remote Config templates, each file read and parsed once, with the settings; `nil` without `remote_config`.
    private mutating func remoteConfig() -> RemoteConfig? {
        guard let settings = configuration.remoteConfig else { return nil }
        var templates: [String: RemoteTemplate] = [:]
        var byFile: [String: RemoteTemplate] = [:]
        for environment in settings.templates.keys.sorted() {
            let file = settings.templates[environment]!
            if byFile[file] == nil {
                guard let text = read(file, key: "remote_config") else { continue }
                let (template, problems) = RemoteTemplateReader.read(text, file: file)
                diagnostics += problems
                guard let template else { continue }
                byFile[file] = template
            }
            templates[environment] = byFile[file]
        }
        return RemoteConfig(
            templates: templates, identities: settings.identities, tenantSignal: settings.tenantSignal, naming: settings.naming,
            parameterNames: settings.parameterNames, settingLocations: settings.locations)
    }

    /// The guide pages of the `guide` folder, in file-name order, and their problems.
    func guidePages() -> (pages: [GuidePage], diagnostics: [Diagnostic]) {
        guard let folder = configuration.guide else { return ([], []) }
        guard let entries = try? source.entries(of: folder) else {
            return ([], [.error("cannot read the guide folder '\(folder)'", at: configuration.locations["guide"])])
        }
        var pages: [GuidePage] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries where entry.kind == .file && entry.name.hasSuffix(".md") {
            let path = FilePath.join(folder, entry.name)
            guard let text = try? source.text(of: path) else {
                diagnostics.append(.error("cannot read the guide page '\(path)'", at: configuration.locations["guide"]))
                continue
            }
            let (page, problems) = GuideReader.read(text, fileName: entry.name, file: path)
            diagnostics += problems
            if let page { pages.append(page) }
        }
        return (pages, diagnostics)
    }

    /// Reads a file named by a configuration key, recording a positioned error when it cannot.
    private mutating func read(_ path: String, key: String) -> String? {
        do {
            return try source.text(of: path)
        } catch {
            let reason = error == .missing ? "no such file" : "cannot read"
            unreadable.append(.error("\(reason) '\(path)' (named by '\(key)')", at: configuration.locations[key]))
            return nil
        }
    }

    /// The tenant files matching the `tenants` pattern, sorted by id.
    private mutating func tenantFiles() -> [(id: String, path: String, text: String)] {
        guard let pattern = TenantPattern(configuration.tenants) else { return [] }
        let entries = (try? source.entries(of: pattern.directory)) ?? []
        var files: [(id: String, path: String, text: String)] = []
        for entry in entries {
            guard let id = pattern.id(of: entry.name) else { continue }
            let path = pattern.path(of: entry.name)
            guard source.kind(of: path) == .file else { continue }
            if let text = read(path, key: "tenants") { files.append((id, path, text)) }
        }
        if files.isEmpty && unreadable.isEmpty {
            unreadable.append(
                .error(
                    "no tenant files match '\(configuration.tenants)'", at: configuration.locations["tenants"],
                    hint: "each tenant needs a folder or file where the '*' stands"))
        }
        return files.sorted { $0.id < $1.id }
    }
}
