import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation

/// `flagstaff diff`: what a change does to the values the app gets, between two
/// git revisions or a revision and the working tree. Both sides are read from
/// git's object store, so nothing is checked out.
public struct DiffCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case text, md, json
        public static let standard = Format.text
    }

    /// The configuration file, relative to the current folder; `flagstaff.yml` when `nil`.
    public var configurationPath: String?
    /// The base revision; the merge base with the default branch, else `HEAD`, when `nil`.
    public var base: String?
    /// The head revision; the working tree when `nil`.
    public var head: String?
    /// The output format.
    public var format: Format = .standard
    /// Environments where any changed cell makes the exit status 1.
    public var failOnChange: [String] = []
    /// Whether `md` lists the cells that keep their value but change layer (text and json always do).
    public var all = false
    /// The most UTF-8 bytes the `md` report may take.
    public var limit = DiffMarkdownRenderer.commentLimit
    /// Where the full report is, in Markdown, for a cut `md` report; a command line when `nil`.
    public var fullReport: String?

    /// Creates a diff request; `limit` is GitHub's comment limit when `nil`.
    public init(
        configurationPath: String? = nil, base: String? = nil, head: String? = nil, format: Format = .standard,
        failOnChange: [String] = [], all: Bool = false, limit: Int? = nil, fullReport: String? = nil
    ) {
        self.configurationPath = configurationPath
        self.base = base
        self.head = head
        self.format = format
        self.failOnChange = failOnChange
        self.all = all
        self.limit = limit ?? DiffMarkdownRenderer.commentLimit
        self.fullReport = fullReport
    }

    /// Prints the diff and returns the exit status: 1 when the head has errors or
    /// a `--fail-on-change` environment changes; 2 when a side cannot be resolved,
    /// whatever the options, since nothing was compared.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        guard limit > 0 else { throw .usage("--limit must be a positive number of bytes, not \(limit)") }
        let headSide = try Side.load(configurationPath: configurationPath, revision: head)
        let (baseRevision, baseName) = base.map { ($0, $0) } ?? Self.defaultBase(in: headSide.root)
        let baseSide = try Side.load(configurationPath: configurationPath, revision: baseRevision, other: headSide)
        defer { console.finished((headSide, baseSide)) }
        let configuration = headSide.workspace?.configuration ?? Configuration()
        let environments = configuration.environments
        for environment in failOnChange where headSide.matrix != nil && !environments.contains(environment) {
            throw .usage(
                "unknown environment '\(environment)' in --fail-on-change; "
                    + (Suggestion.didYouMean(environment, in: environments) ?? "choose from \(environments.joined(separator: ", "))"))
        }
        if let workspace = headSide.workspace, workspace.isValid { workspace.reportRecoveries(to: console) } else {
            headSide.workspace?.reportRecoveries(to: console)
            DiagnosticPrinter.print(headSide.diagnostics, pathPrefix: headSide.displayPrefix, to: console)
        }
        if baseSide.matrix == nil { DiagnosticPrinter.print(baseSide.diagnostics, pathPrefix: baseSide.displayPrefix, to: console) }
        let asOf = try AsOfDate.resolve(option: nil, configuration: configuration)
        let diff = WorkspaceDiff(
            base: baseSide.matrix, baseDiagnostics: baseSide.diagnostics, head: headSide.matrix, headDiagnostics: headSide.diagnostics,
            protected: configuration.protectedEnvironments, asOf: asOf,
            borrowsConfiguration: (base: baseSide.borrowsConfiguration, head: headSide.borrowsConfiguration))
        let headName = head ?? "the working tree"
        switch format {
        case .text:
            console.output(
                DiffTextRenderer.render(diff, base: baseName, head: headName, all: true, colour: console.colour, pathPrefix: headSide.displayPrefix))
        case .md:
            let command = ["flagstaff diff", "--base \(baseRevision)", head.map { "--head \($0)" }].compactMap { $0 }.joined(separator: " ")
            console.output(
                DiffMarkdownRenderer.render(
                    diff, base: baseName, head: headName, all: all, limit: limit, fullReport: fullReport ?? "`\(command)`",
                    pathPrefix: headSide.displayPrefix))
        case .json:
            console.output(DiffJSONRenderer.render(diff, base: baseName, head: headName))
        }
        guard diff.compared else {
            let side = diff.hasBase ? "head (\(headName))" : "base (\(baseName))"
            console.error("flagstaff: error: the \(side) could not be resolved, so nothing was compared\n")
            return ExitStatus.usageOrIO
        }
        if headSide.workspace?.isValid != true { return ExitStatus.failure }
        let gated = failOnChange.filter { diff.changedCells(in: $0) > 0 }
        guard gated.isEmpty else {
            let cells = gated.map { "\(diff.changedCells(in: $0).counted("cell")) in \($0)" }.joined(separator: ", ")
            console.error("flagstaff: \(cells) change (--fail-on-change)\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }

    /// One side of the diff, however broken: without a model when its configuration
    /// or the files it names cannot be read. A revision git does not know, or one
    /// without the configuration file, is an error.
    struct Side: Sendable {
        /// The workspace, when its inputs could be read.
        var workspace: Workspace?
        /// What the side could not read, or every diagnostic of its workspace.
        var diagnostics: [Diagnostic]
        /// The configuration's folder on disk and how paths are shown.
        var root: URL, displayPrefix: String

        /// The resolved matrix, when there is one.
        var matrix: ResolvedMatrix? { workspace?.matrix }

        /// The revision it was read from; `nil` for the working tree.
        var revision: String? = nil
        /// Whether the side has no configuration of its own and was read with the other side's.
        var borrowsConfiguration = false

        /// The paths, from the configuration's folder, that files renamed between
        /// `revision` and `later` (the working tree when `nil`) had at `revision`:
        /// later path to earlier, as `git diff -M` sees them.
        static func earlierPaths(at revision: String, than later: String?, in root: URL) -> [String: String] {
            guard let prefix = Git.run(["rev-parse", "--show-prefix"], in: root)?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let diff = Git.run(["diff", "--name-status", "-M", "-z", "--no-color", revision] + (later.map { [$0] } ?? []) + ["--", "."], in: root),
                diff.status == 0
            else { return [:] }
            var paths: [String: String] = [:]
            let fields = diff.text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < fields.count {
                let status = fields[index]
                if status.hasPrefix("R"), index + 2 < fields.count {
                    let (from, to) = (fields[index + 1], fields[index + 2])
                    if from.hasPrefix(prefix), to.hasPrefix(prefix) { paths[String(to.dropFirst(prefix.count))] = String(from.dropFirst(prefix.count)) }
                    index += 3
                } else {
                    index += status.hasPrefix("C") ? 3 : 2
                }
            }
            return paths
        }

        /// Reads a revision, or the working tree when `revision` is `nil`. A revision
        /// without the configuration file is read with `other`'s configuration, else the working tree's.
        static func load(configurationPath: String?, revision: String?, other: Side? = nil) throws(FlagstaffError) -> Side {
            let (file, root, prefix) = Workspace.configurationPlace(configurationPath)
            do throws(FlagstaffError) {
                guard let revision else {
                    let workspace = try Workspace.load(configurationPath: configurationPath, revision: nil)
                    return Side(workspace: workspace, diagnostics: workspace.diagnostics, root: workspace.root, displayPrefix: workspace.displayPrefix)
                }
                let source = try GitRevisionFileSource(folder: root, revision: revision)
                var borrowed = false
                let text: String
                if let read = try? source.text(of: file) {
                    text = read
                } else {
                    // The other side's configuration, else the working tree's.
                    let theirs = other?.workspace.flatMap { try? $0.source.text(of: $0.configurationFile) }
                        ?? (try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8))
                    guard let theirs else {
                        throw .io("no '\(prefix)\(file)' in revision \(revision)")
                    }
                    (text, borrowed) = (theirs, true)
                }
                // A borrowed configuration names the other side's paths: files git saw renamed since are read where they were.
                let renamed = borrowed ? Self.earlierPaths(at: revision, than: other?.revision, in: root) : [:]
                let files: any FileSource = renamed.isEmpty ? source : SourceWithEarlierPaths(base: source, earlier: renamed)
                let workspace = try Workspace.load(configuration: text, file: file, from: files, root: root, displayPrefix: prefix)
                return Side(
                    workspace: workspace, diagnostics: workspace.diagnostics, root: root, displayPrefix: prefix, revision: revision,
                    borrowsConfiguration: borrowed)
            } catch .unreadableInputs(let diagnostics) {
                return Side(workspace: nil, diagnostics: diagnostics, root: root, displayPrefix: prefix)
            }
        }
    }

    /// The merge base of `HEAD` with the default branch (what the remote's `HEAD`
    /// names, else `main` or `master`, remote first), or `HEAD` when there is none;
    /// and how to name it. Two git processes at most.
    static func defaultBase(in root: URL) -> (revision: String, name: String) {
        let candidates = ["refs/remotes/origin/HEAD", "refs/remotes/origin/main", "refs/remotes/origin/master", "refs/heads/main", "refs/heads/master"]
        guard let refs = Git.run(["for-each-ref", "--format=%(refname) %(symref)"] + candidates, in: root), refs.status == 0 else {
            return ("HEAD", "HEAD")
        }
        // Each line is "<ref> <target>", the target empty unless the ref is symbolic.
        var found: [String: String] = [:]
        for line in refs.text.split(separator: "\n") {
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            found[parts[0]] = parts.count > 1 ? parts[1] : parts[0]
        }
        guard let ref = candidates.lazy.compactMap({ found[$0] }).first,
            let base = Git.run(["merge-base", "HEAD", ref], in: root), base.status == 0
        else { return ("HEAD", "HEAD") }
        let branch = ref.replacingOccurrences(of: "refs/remotes/", with: "").replacingOccurrences(of: "refs/heads/", with: "")
        return (base.text.trimmingCharacters(in: .whitespacesAndNewlines), "the merge base with \(branch)")
    }
}
