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

    /// Runs the build and returns the exit status: recovery of a change an earlier
    /// command left unfinished, then the inputs, read once (`BuildInputs`), then the
    /// outputs, written in one transaction or compared.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let pinned = try AsOfDate.parse(option: asOf)
        for recovery in try Workspace.recover(configurationPath: configurationPath) { console.error("flagstaff: note: \(recovery)\n") }
        guard let inputs = try BuildInputs.read(configurationPath: configurationPath, strict: strict, asOf: pinned, templates: templates, console: console)
        else { return ExitStatus.failure }
        defer { console.finished((inputs.workspace, inputs.lifecycle)) }
        return try writeOrCheck(inputs, console: console)
    }

    /// The outputs: every file of the site, and `matrix_file`, a copy of its
    /// `matrix.md`, written as one change (journaled in the workspace's folder,
    /// which holds both), or compared with what is there (`check`).
    private func writeOrCheck(_ inputs: BuildInputs, console: Console) throws(FlagstaffError) -> Int32 {
        let workspace = inputs.workspace
        let outputPath = output ?? workspace.configuration.output
        let directory = output.map { URL(fileURLWithPath: $0) } ?? workspace.url(for: outputPath)
        for recovery in try Workspace.recover(folder: directory) { console.error("flagstaff: note: \(recovery)\n") }
        let matrixFile = workspace.configuration.matrixFile
        let copies = try matrixFile.map { (path) throws(FlagstaffError) in
            [OutputWriter.Copy(path: "matrix.md", target: try workspace.matrixFileTarget(path, output: directory))]
        } ?? []
        // An output folder outside the workspace's folder has a journal of its own,
        // which may name nothing else: matrix_file is then a second change, after the site.
        let together = workspace.holds(directory)
        let writer = together && !copies.isEmpty ? OutputWriter(directory: directory, journalFolder: workspace.root) : OutputWriter(directory: directory)
        // The site's matrix.md, kept for a matrix_file written after the site.
        var matrixMarkdown: OutputFile?
        let produce: OutputWriter.Producer = { (sink) throws(FlagstaffError) in
            try SiteBuilder.forEachFile(
                for: workspace, lifecycle: inputs.lifecycle, theme: inputs.theme, stamp: inputs.stamp, history: inputs.history
            ) { file in
                if !together && !copies.isEmpty && file.path == "matrix.md" { matrixMarkdown = file }
                sink(file)
            }
        }
        if check {
            let (difference, count) = try writer.difference(produce, copies: copies)
            var text = ""
            for path in difference.missing { text += "\(outputPath)/\(path): missing\n" }
            for path in difference.changed { text += "\(outputPath)/\(path): differs from what the build makes\n" }
            for path in difference.stale { text += "\(outputPath)/\(path): no longer produced by the build\n" }
            if !difference.isEmpty { text += "\(outputPath) is stale; run `flagstaff build` and commit the result\n" }
            if !difference.isEmpty, workspace.configuration.history?.until == "HEAD" {
                text += "note: history.until is HEAD, which moves with every commit; a committed site pins it to a commit id (see \"History on the site\" in the README)\n"
            }
            if let matrixFile, !difference.changedCopies.isEmpty {
                text += "\(workspace.displayPrefix)\(matrixFile): differs from what the build makes; run `flagstaff build` and commit it\n"
            }
            guard text.isEmpty else {
                console.error(text)
                return ExitStatus.failure
            }
            console.output("\(outputPath) is up to date (\(count.counted("file"))\(matrixFile.map { ", and \($0)" } ?? ""))\n")
            return ExitStatus.success
        }
        if let problem = workspace.outputProblem(directory, namedOnCommandLine: output != nil, templates: templates) { throw .io(problem) }
        let result = try writer.write(produce, copies: together ? copies : [])
        console.output("Wrote \(result.written) of \(result.total) files to \(outputPath)"
            + (result.removed > 0 ? ", removed \(result.removed)" : "") + "\n")
        var copied = !result.copied.isEmpty
        if let copy = copies.first, let file = matrixMarkdown, OutputWriter.differs(copy.target, from: file) {
            let transaction = try FileTransaction(folder: workspace.root.path, command: "flagstaff build", durable: true)
            try transaction.makeFolders(for: copy.target)
            try transaction.write(file.contents, to: copy.target)
            try transaction.commit()
            copied = true
        }
        if copied, let matrixFile { console.output("Wrote \(workspace.displayPrefix)\(matrixFile)\n") }
        return ExitStatus.success
    }
}
