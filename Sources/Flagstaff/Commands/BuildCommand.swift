import FlagstaffCore
import FlagstaffRenderers
import Foundation

/// `flagstaff build`: validate, then write the site and reports, or check that
/// the output folder is fresh.
public struct BuildCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The output folder, overriding the configuration's `output`.
    public var output: String?
    /// Compare instead of writing.
    public var check = false
    /// Treat warnings as errors.
    public var strict = false
    /// A templates folder, overriding the configuration's `templates`.
    public var templates: String?
    /// The day lifecycle statuses are computed for, as `YYYY-MM-DD`; see `AsOfDate`.
    public var asOf: String?

    /// Creates a build request.
    public init(
        configurationPath: String? = nil, output: String? = nil, check: Bool = false, strict: Bool = false,
        templates: String? = nil, asOf: String? = nil
    ) {
        self.configurationPath = configurationPath
        self.output = output
        self.check = check
        self.strict = strict
        self.templates = templates
        self.asOf = asOf
    }

    /// Runs the build and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let pinned = try AsOfDate.parse(option: asOf)
        let workspace = try Workspace.load(configurationPath: configurationPath, strict: strict, asOf: pinned)
        guard workspace.report(to: console) != nil else { return ExitStatus.failure }
        let date = try AsOfDate.resolve(option: pinned, configuration: workspace.configuration)
        // The lifecycle report reads code and git history; the theme parses templates;
        // the values' history, when the site shows it, walks git meanwhile.
        let (reportAndTheme, loadedHistory) = Parallel.both(
            {
                Parallel.both(
                    { Result { () throws(FlagstaffError) in try LifecycleLoader.report(for: workspace, asOf: date) } },
                    { Result { () throws(FlagstaffError) in try ThemeLoader.theme(for: workspace, override: templates) } })
            },
            { Result { () throws(FlagstaffError) in try SiteHistoryLoader.history(for: workspace, asOf: date) } })
        let (lifecycle, theme, history) = (try reportAndTheme.0.get(), try reportAndTheme.1.get(), try loadedHistory.get())
        for note in lifecycle.notes { console.error("flagstaff: note: \(note)\n") }
        defer { console.finished((workspace, lifecycle)) }
        let outputPath = output ?? workspace.configuration.output
        let directory = output.map { URL(fileURLWithPath: $0) } ?? workspace.url(for: outputPath)
        let writer = OutputWriter(directory: directory)
        let matrixFile = workspace.configuration.matrixFile
        let matrixTarget = try matrixFile.map { (path) throws(FlagstaffError) in try workspace.matrixFileTarget(path, output: directory) }
        // The site's matrix.md, kept when `matrix_file` wants a second copy.
        var matrixMarkdown: OutputFile?
        let produce: OutputWriter.Producer = { (sink) throws(FlagstaffError) in
            try SiteBuilder.forEachFile(for: workspace, lifecycle: lifecycle, theme: theme, history: history) { file in
                if matrixFile != nil && file.path == "matrix.md" { matrixMarkdown = file }
                sink(file)
            }
        }
        if !check, let problem = workspace.outputProblem(directory, namedOnCommandLine: output != nil, templates: templates) {
            throw .io(problem)
        }
        if check {
            let (difference, count) = try writer.difference(produce)
            var text = ""
            for path in difference.missing { text += "\(outputPath)/\(path): missing\n" }
            for path in difference.changed { text += "\(outputPath)/\(path): differs from what the build makes\n" }
            for path in difference.stale { text += "\(outputPath)/\(path): no longer produced by the build\n" }
            if !difference.isEmpty { text += "\(outputPath) is stale; run `flagstaff build` and commit the result\n" }
            if !difference.isEmpty, workspace.configuration.history?.until == "HEAD" {
                text += "note: history.until is HEAD, which moves with every commit; a committed site pins it to a commit id (see \"History on the site\" in the README)\n"
            }
            if let matrixFile, let matrixTarget, let file = matrixMarkdown, Self.differs(matrixTarget, from: file) {
                text += "\(workspace.displayPrefix)\(matrixFile): differs from what the build makes; run `flagstaff build` and commit it\n"
            }
            guard text.isEmpty else {
                console.error(text)
                return ExitStatus.failure
            }
            console.output("\(outputPath) is up to date (\(count.counted("file"))\(matrixFile.map { ", and \($0)" } ?? ""))\n")
            return ExitStatus.success
        }
        let result = try writer.write(produce)
        console.output("Wrote \(result.written) of \(result.total) files to \(outputPath)"
            + (result.removed > 0 ? ", removed \(result.removed)" : "") + "\n")
        if let matrixFile, let matrixTarget, let file = matrixMarkdown, Self.differs(matrixTarget, from: file) {
            let transaction = try FileTransaction(folder: workspace.root.path, command: "flagstaff build", durable: true)
            try transaction.makeFolders(for: matrixTarget)
            try transaction.write(file.contents, to: matrixTarget)
            try transaction.commit()
            console.output("Wrote \(workspace.displayPrefix)\(matrixFile)\n")
        }
        return ExitStatus.success
    }

    /// Whether the file at `path` is missing or holds other bytes than `file`.
    private static func differs(_ path: String, from file: OutputFile) -> Bool {
        guard let existing = FileManager.default.contents(atPath: path) else { return true }
        return file.withUnsafeBytes { !$0.elementsEqual(existing) }
    }
}
