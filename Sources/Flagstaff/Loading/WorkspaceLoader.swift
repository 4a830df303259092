import FlagstaffCore
import FlagstaffReaders
import Foundation

extension Workspace {
    /// Loads the workspace whose configuration is at `configurationPath` on disk,
    /// or `flagstaff.yml` in the current folder. Throws only for I/O problems;
    /// problems in the files' contents become diagnostics. A command that edits
    /// sources loads `forEditing`: see `load(configurationPath:revision:strict:forEditing:)`.
    /// `asOf` is the `--as-of` day, which Remote Config's `dateTime` rules are decided for.
    public static func load(
        configurationPath: String?, strict: Bool = false, forEditing: Bool = false, asOf: CalendarDate? = nil
    ) throws(FlagstaffError) -> Workspace {
        try load(configurationPath: configurationPath, revision: nil, strict: strict, forEditing: forEditing, asOf: asOf)
    }

    /// Loads the workspace as it is in a git revision (from the object store,
    /// touching no file), or on disk when `revision` is `nil`. The configuration
    /// is at `configurationPath` (or `flagstaff.yml`), relative to the current folder.
    ///
    /// `forEditing` keeps the bytes of every file on disk as first read
    /// (`SnapshotFileSource`), so that edits are worked out from the same bytes the
    /// model was, and written only while the disk still holds them. Commands that
    /// only read leave it off: at 200 tenants, keeping every file's bytes costs a
    /// copy of each.
    public static func load(
        configurationPath: String?, revision: String?, strict: Bool = false, forEditing: Bool = false, asOf: CalendarDate? = nil
    ) throws(FlagstaffError) -> Workspace {
        var recoveries = revision == nil ? try recover(configurationPath: configurationPath) : []
        var workspace = try read(configurationPath: configurationPath, revision: revision, strict: strict, forEditing: forEditing, asOf: asOf)
        if revision == nil { recoveries += try recover(folder: workspace.url(for: workspace.configuration.output)) }
        workspace.recoveries = recoveries
        return workspace
    }

    /// Finishes or undoes a change an earlier command left unfinished in the folder
    /// of the configuration at `configurationPath` (see `FileTransaction`), and says
    /// what it did: the step before anything is read, so the model is of whole files.
    public static func recover(configurationPath: String?) throws(FlagstaffError) -> [String] {
        try recover(folder: configurationPlace(configurationPath).root)
    }

    /// Finishes or undoes a change an earlier command left unfinished in a folder
    /// (the workspace's, or an output folder), and says what it did.
    static func recover(folder: URL) throws(FlagstaffError) -> [String] {
        try FileTransaction.recover(folder: folder.path).map { [$0.message] } ?? []
    }

    /// `load` without recovery: reads the workspace as it is in a git revision, or
    /// on disk when `revision` is `nil`, writing nothing. `dated` resolves the as-of
    /// day (`asOf`) even without Remote Config; `digests`, for a build, takes the
    /// hash of each file on disk as it is read.
    static func read(
        configurationPath: String?, revision: String?, strict: Bool, forEditing: Bool, asOf: CalendarDate?, dated: Bool = false,
        digests: FileDigests? = nil
    ) throws(FlagstaffError) -> Workspace {
        let (file, root, prefix) = configurationPlace(configurationPath)
        let source: any FileSource
        if let revision {
            source = try GitRevisionFileSource(folder: root, revision: revision)
        } else {
            let disk = DiskFileSource(root: root, boundary: WorkspaceBoundary(root: root), digests: digests)
            source = forEditing ? SnapshotFileSource(disk) : disk
        }
        let text: String
        do {
            text = try source.text(of: file)
        } catch {
            if case .pastLimit(let problem) = error { throw .unreadableInputs([problem]) }
            let path = configurationPath ?? configurationFileName
            if let revision { throw .io("no '\(path)' in revision \(revision)") }
            throw .io(configurationPath == nil
                ? "no \(configurationFileName) in the current folder; pass --config PATH"
                : "cannot read the configuration file '\(path)'")
        }
        return try load(
            configuration: text, file: file, from: source, root: root, displayPrefix: prefix, strict: strict, asOf: asOf, dated: dated)
    }

    /// The flag declarations of the workspace on disk, for `flagstaff list`: the
    /// enum, and the catalog when it reads without errors; with the configuration's
    /// and the enum's diagnostics, and what recovery did. Tenant files are not read.
    public static func loadDeclarations(
        configurationPath: String?
    ) throws(FlagstaffError) -> (flagEnums: [FlagEnum]?, catalog: Catalog?, diagnostics: [Diagnostic], displayPrefix: String, recoveries: [String]) {
        let (file, root, prefix) = configurationPlace(configurationPath)
        var recoveries = try recover(folder: root)
        let source = DiskFileSource(root: root)
        guard let text = try? source.text(of: file) else {
            throw .io(configurationPath == nil
                ? "no \(configurationFileName) in the current folder; pass --config PATH"
                : "cannot read the configuration file '\(configurationPath ?? file)'")
        }
        let (configuration, configurationDiagnostics) = ConfigurationReader.read(text, file: file)
        guard let configuration else { return (nil, nil, configurationDiagnostics, prefix, recoveries) }
        let output = configuration.output.hasPrefix("/") ? URL(fileURLWithPath: configuration.output) : root.appendingPathComponent(configuration.output)
        recoveries += try recover(folder: output)
        var loader = SourceLoader(source: source, configuration: configuration)
        let declarations = try loader.loadDeclarations()
        return (declarations?.flagEnums, declarations?.catalog, configurationDiagnostics + loader.diagnostics, prefix, recoveries)
    }

    /// Where a configuration path given on the command line (`flagstaff.yml` when
    /// `nil`) puts things: the file's name, its folder on disk, and how to write
    /// that folder before paths in diagnostics (empty for the current folder).
    static func configurationPlace(_ configurationPath: String?) -> (file: String, root: URL, displayPrefix: String) {
        let path = configurationPath ?? configurationFileName
        let url = URL(fileURLWithPath: path)
        let directory = (path as NSString).deletingLastPathComponent
        return (url.lastPathComponent, url.deletingLastPathComponent(), directory.isEmpty || directory == "." ? "" : directory + "/")
    }

    /// Loads a workspace from any file source, given the configuration's text:
    /// `file` is the configuration's path inside the source, and every other path
    /// is relative to its folder. `root` is that folder on disk, for git and output.
    /// `asOf` is the `--as-of` day; without it, the configuration's or today. The
    /// day is resolved (`Workspace.asOf`) when Remote Config needs it, or always with `dated`.
    public static func load(
        configuration text: String, file configurationFile: String, from source: any FileSource, root: URL,
        displayPrefix: String = "", strict: Bool = false, asOf: CalendarDate? = nil, dated: Bool = false
    ) throws(FlagstaffError) -> Workspace {
        let reads = FileReads()
        let reading = try readModel(
            configuration: text, file: configurationFile, from: source, recordingTo: reads, strict: strict, asOf: asOf, dated: dated)
        guard let configuration = reading.configuration else {
            var workspace = Workspace(
                root: root, source: reading.files, displayPrefix: displayPrefix, configuration: Configuration(), model: nil, matrix: nil,
                guide: [], diagnostics: reading.diagnostics)
            workspace.modelReads = reads.paths
            return workspace
        }
        var diagnostics = reading.diagnostics
        var matrix: ResolvedMatrix?
        var guide: [ExpandedGuidePage] = []
        if let loaded = reading.loaded {
            let resolved = ResolvedMatrix(model: loaded.model, settings: loaded.settings)
            diagnostics += Validator.validate(resolved)
            matrix = resolved
            let (pages, pageProblems) = reading.loader.guidePages()
            diagnostics += pageProblems
            for page in pages {
                let (expanded, problems) = GuideVariables.expand(page, matrix: resolved)
                diagnostics += problems
                guide.append(expanded)
            }
        }
        if configuration.strict { diagnostics = diagnostics.strict() }
        var workspace = Workspace(
            root: root, source: reading.files, displayPrefix: displayPrefix, configuration: configuration, model: reading.loaded?.model,
            matrix: matrix, guide: guide, diagnostics: diagnostics, configurationFile: (configurationFile as NSString).lastPathComponent,
            asOf: reading.asOf)
        workspace.modelReads = reads.paths
        return workspace
    }

    /// What reading a workspace's configuration and sources gives, before anything is
    /// resolved or validated: what `load` builds on, and what history reads at each commit.
    struct ModelReading {
        /// The sources, seen from the configuration's folder.
        var files: any FileSource
        /// The configuration, when it could be read.
        var configuration: Configuration?
        /// The loader that read the sources, for the guide's pages.
        var loader: SourceLoader
        /// The model and each tenant's indexed settings, when the sources could be read well enough.
        var loaded: (model: FlagModel, settings: [IndexedSettings])?
        /// The configuration's and the readers' diagnostics.
        var diagnostics: [Diagnostic]
        /// The as-of day, when reading resolved it.
        var asOf: CalendarDate?
    }

    /// Reads the configuration and the sources it names into a model. Throws only
    /// for files that cannot be read at all (`unreadableInputs`) and for the clock.
    /// `reads`, when given, records the paths the loader asks `source` about.
    static func readModel(
        configuration text: String, file configurationFile: String, from source: any FileSource, recordingTo reads: FileReads? = nil,
        strict: Bool = false, asOf: CalendarDate? = nil, dated: Bool = false
    ) throws(FlagstaffError) -> ModelReading {
        let configurationFolder = (configurationFile as NSString).deletingLastPathComponent
        var (configuration, configurationDiagnostics) = ConfigurationReader.read(text, file: (configurationFile as NSString).lastPathComponent)
        var outside: [String] = []
        if let paths = configuration?.outsideWorkspace, !paths.isEmpty {
            if WorkspaceBoundary.forbidsOutside {
                configurationDiagnostics.append(
                    .error(
                        "'outside_workspace' is not allowed here: \(WorkspaceBoundary.workspaceOnlyVariable) is set",
                        at: configuration?.locations[.outsideWorkspace],
                        hint: "CI that runs untrusted pull requests reads only inside the workspace; move the files inside it"))
                configuration = nil
            } else {
                outside = paths
            }
        }
        /// A source seen from the configuration's folder, with the places outside the workspace it may read.
        func seen(_ base: any FileSource) -> any FileSource {
            let files = configurationFolder.isEmpty ? base : SubfolderFileSource(base: base, folder: configurationFolder)
            return outside.isEmpty ? files : files.allowing(outside: outside)
        }
        // Only the loader's reads are recorded: the workspace keeps the source itself,
        // whose later reads (a code scan of a thousand files, an edit) nothing asks about.
        let files = seen(source)
        let loaderFiles = reads.map { seen(RecordedFileSource(base: source, reads: $0)) } ?? files
        guard var configuration else {
            return ModelReading(
                files: files, configuration: nil, loader: SourceLoader(source: loaderFiles, configuration: Configuration()), loaded: nil,
                diagnostics: configurationDiagnostics)
        }
        configuration.strict = configuration.strict || strict
        // Remote Config's dateTime rules are decided for the as-of day; only then, or
        // when the caller needs the day, is the clock read.
        let day = configuration.remoteConfig == nil && !dated ? nil : try AsOfDate.resolve(option: asOf, configuration: configuration)
        var loader = SourceLoader(source: loaderFiles, configuration: configuration, asOf: day)
        let loaded = try loader.loadModel()
        return ModelReading(
            files: files, configuration: configuration, loader: loader, loaded: loaded, diagnostics: configurationDiagnostics + loader.diagnostics,
            asOf: day)
    }
}

/// The files of a subfolder of another source, for a configuration that is not
/// at the source's root.
struct SubfolderFileSource: FileSource {
    let base: any FileSource
    let folder: String

    var name: String { base.name }

    func contents(of path: String) throws(FileSourceError) -> [UInt8] { try base.contents(of: inside(path)) }

    func text(of path: String) throws(FileSourceError) -> String { try base.text(of: inside(path)) }

    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] { try base.entries(of: inside(directory)) }

    func kind(of path: String) -> FileEntry.Kind? { base.kind(of: inside(path)) }

    func allowing(outside paths: [String]) -> any FileSource {
        SubfolderFileSource(base: base.allowing(outside: paths.map { $0.hasPrefix("/") ? $0 : FilePath.join(folder, $0) }), folder: folder)
    }

    private func inside(_ path: String) -> String { path.hasPrefix("/") ? path : FilePath.join(folder, path) }
}
