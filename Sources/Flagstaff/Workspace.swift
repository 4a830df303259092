import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation

/// A workspace read from disk: its configuration, the model built from its
/// sources, and every diagnostic the readers and the validator found.
public struct Workspace: Sendable {
    /// The folder that holds the configuration file; input paths are relative to it.
    public let root: URL
    /// How the user wrote the root, with a trailing `/`, or empty for the current folder;
    /// put before paths in diagnostics.
    public let displayPrefix: String
    /// The configuration.
    public let configuration: Configuration
    /// The model, when the sources could be read well enough to build one.
    public let model: FlagModel?
    /// The resolved matrix, when there is a model.
    public let matrix: ResolvedMatrix?
    /// The product guide's pages with their variables filled in.
    public var guide: [SiteRenderer.ExpandedGuidePage] = []
    /// The catalog's lifecycle columns by flag key.
    public var lifecycles: [String: FlagLifecycle] = [:]
    /// Every diagnostic, errors and warnings, with `strict` applied.
    public let diagnostics: [Diagnostic]

    /// The default configuration file name.
    public static let configurationFileName = "flagstaff.yml"

    /// Reads the workspace whose configuration is at `configurationPath`, or
    /// `flagstaff.yml` in the current folder. Throws only for I/O problems;
    /// problems in the files' contents become diagnostics.
    public static func load(configurationPath: String?, strict: Bool = false) throws(FlagstaffError) -> Workspace {
        let path = configurationPath ?? configurationFileName
        let url = URL(fileURLWithPath: path)
        guard let text = try? readText(url) else {
            if configurationPath == nil {
                throw .io("no \(configurationFileName) in the current folder; pass --config PATH")
            }
            throw .io("cannot read the configuration file '\(path)'")
        }
        let root = url.deletingLastPathComponent()
        let directory = (path as NSString).deletingLastPathComponent
        let prefix = directory.isEmpty || directory == "." ? "" : directory + "/"
        let (configuration, configurationDiagnostics) = ConfigurationReader.read(text, file: url.lastPathComponent)
        guard var configuration else {
            return Workspace(
                root: root, displayPrefix: prefix, configuration: Configuration(), model: nil, matrix: nil,
                diagnostics: configurationDiagnostics)
        }
        configuration.strict = configuration.strict || strict
        var loader = SourceLoader(root: root, configuration: configuration, configurationFile: url.lastPathComponent)
        let model = try loader.loadModel()
        var diagnostics = configurationDiagnostics + loader.diagnostics
        var matrix: ResolvedMatrix?
        var guide: [SiteRenderer.ExpandedGuidePage] = []
        var lifecycles: [String: FlagLifecycle] = [:]
        if let model {
            let resolved = ResolvedMatrix(model: model)
            diagnostics += Validator.validate(model, types: resolved.types)
            matrix = resolved
            let lifecycleColumns = LifecycleColumns.read(model.catalog)
            lifecycles = lifecycleColumns.lifecycles
            diagnostics += lifecycleColumns.diagnostics
            if configuration.policy.currentVersion == nil,
                let warning = LifecycleColumns.versionWithoutCurrentVersion(lifecycles, catalog: model.catalog)
            {
                diagnostics.append(warning)
            }
            let (pages, pageProblems) = loader.guidePages()
            diagnostics += pageProblems
            for page in pages {
                let (markdown, problems) = GuideVariables.expand(page, matrix: resolved)
                diagnostics += problems
                guide.append(.init(page: page, markdown: markdown))
            }
        }
        if configuration.strict { diagnostics = diagnostics.strict() }
        return Workspace(
            root: root, displayPrefix: prefix, configuration: configuration, model: model, matrix: matrix,
            guide: guide, lifecycles: lifecycles, diagnostics: diagnostics)
    }

    /// The theme: the default templates with the files of `templates` (the
    /// configuration's, or `override`) laid over them.
    public func theme(override: String? = nil) throws(FlagstaffError) -> Theme {
        var files: [String: String] = [:]
        if let folder = override.map({ URL(fileURLWithPath: $0) }) ?? configuration.templates.map(url(for:)) {
            guard let paths = FileManager.default.subpaths(atPath: folder.path) else {
                throw .io("cannot read the templates folder '\(folder.path)'")
            }
            for path in paths.sorted() {
                let file = folder.appendingPathComponent(path)
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
                guard let text = try? Workspace.readText(file) else { throw .io("cannot read the template '\(file.path)'") }
                files[path] = text
            }
        }
        do {
            return try Theme(overrides: files)
        } catch {
            throw .io(error.description)
        }
    }

    /// Whether the workspace can be rendered: a model exists and nothing is an error.
    public var isValid: Bool { matrix != nil && !diagnostics.containsErrors }

    /// A path relative to the root, resolved to a URL.
    public func url(for path: String) -> URL {
        Workspace.url(for: path, root: root)
    }

    /// A path as written in the configuration: absolute, or relative to `root`.
    static func url(for path: String, root: URL) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    static func readText(_ url: URL) throws -> String {
        let data = try Data(contentsOf: url)
        return String(decoding: data, as: UTF8.self)
    }
}

/// Reads the files a configuration names and hands them to the readers.
struct SourceLoader {
    let root: URL
    let configuration: Configuration
    let configurationFile: String
    var diagnostics: [Diagnostic] = []
    var unreadable: [Diagnostic] = []

    init(root: URL, configuration: Configuration, configurationFile: String) {
        self.root = root
        self.configuration = configuration
        self.configurationFile = configurationFile
    }

    /// The guide pages of the `guide` folder, in file-name order, and their problems.
    func guidePages() -> (pages: [GuidePage], diagnostics: [Diagnostic]) {
        guard let folder = configuration.guide else { return ([], []) }
        let directory = Workspace.url(for: folder, root: root)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else {
            return ([], [.error("cannot read the guide folder '\(folder)'", at: configuration.locations["guide"])])
        }
        var pages: [GuidePage] = []
        var diagnostics: [Diagnostic] = []
        for name in names.sorted() where name.hasSuffix(".md") {
            let path = "\(folder)/\(name)"
            guard let text = try? Workspace.readText(directory.appendingPathComponent(name)) else {
                diagnostics.append(.error("cannot read the guide page '\(path)'", at: configuration.locations["guide"]))
                continue
            }
            let (page, problems) = GuideReader.read(text, fileName: name, file: path)
            diagnostics += problems
            if let page { pages.append(page) }
        }
        return (pages, diagnostics)
    }

    mutating func loadModel() throws(FlagstaffError) -> FlagModel? {
        let enumFiles = configuration.enumFiles.compactMap { path in
            read(path, key: "enum").map { FlagEnumReader.SourceFile(path: path, text: $0) }
        }
        let catalogText = read(configuration.catalog, key: "catalog")
        let tenantFiles = tenantFiles()
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
        for file in tenantFiles {
            let name = configuration.tenantNames[file.id] ?? file.id
            let result = TenantDefaultsReader.read(file.text, file: file.path, id: file.id, name: name)
            diagnostics += result.diagnostics
            if let tenant = result.tenant { tenants.append(tenant) }
        }
        let ids = Set(tenantFiles.map(\.id))
        for id in configuration.tenantNames.keys.sorted() where !ids.contains(id) {
            diagnostics.append(
                .warning(
                    "tenant_names names '\(id)', but no tenant file has that id",
                    at: configuration.locations["tenant_names"], hint: Suggestion.didYouMean(id, in: ids)))
        }
        guard let flagEnum, let catalog else { return nil }
        return FlagModel(
            title: configuration.title, environments: configuration.environments, flagEnum: flagEnum,
            catalog: catalog, tenants: tenants)
    }

    /// Reads a file named by a configuration key, recording a positioned error when it cannot.
    mutating func read(_ path: String, key: String) -> String? {
        let url = Workspace.url(for: path, root: root)
        do {
            return try Workspace.readText(url)
        } catch {
            let reason = FileManager.default.fileExists(atPath: url.path) ? "cannot read" : "no such file"
            unreadable.append(.error("\(reason) '\(path)' (named by '\(key)')", at: configuration.locations[key]))
            return nil
        }
    }

    /// The tenant files matching the `tenants` pattern, sorted by id.
    ///
    /// Hand-written rather than POSIX `glob`, because the tenant id is the text the
    /// `*` matched, which `glob` does not report.
    mutating func tenantFiles() -> [(id: String, path: String, text: String)] {
        let components = configuration.tenants.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let starIndex = components.firstIndex(where: { $0.contains("*") }) else { return [] }
        let directory = components[..<starIndex].joined(separator: "/")
        let pattern = components[starIndex]
        let prefix = String(pattern.prefix { $0 != "*" })
        let suffix = String(pattern.drop { $0 != "*" }.dropFirst())
        let rest = components[(starIndex + 1)...].joined(separator: "/")
        let directoryURL = directory.isEmpty ? root : Workspace.url(for: directory, root: root)
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directoryURL.path)) ?? []
        var files: [(id: String, path: String, text: String)] = []
        for entry in entries.sorted()
        where entry.hasPrefix(prefix) && entry.hasSuffix(suffix) && entry.count > prefix.count + suffix.count && !entry.hasPrefix(".") {
            let id = String(entry.dropFirst(prefix.count).dropLast(suffix.count))
            let relative = ([directory, entry] + (rest.isEmpty ? [] : [rest])).filter { !$0.isEmpty }.joined(separator: "/")
            let url = directoryURL.appendingPathComponent(entry).appendingPathComponent(rest)
            guard FileManager.default.fileExists(atPath: url.path) else { continue }
            if let text = read(relative, key: "tenants") { files.append((id, relative, text)) }
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
