import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation

/// `flagstaff history [KEY]`: every change to the values the app gets, newest
/// first, each with its commit, read from git's objects along the first-parent
/// line; nothing is checked out.
public struct HistoryCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case text, md, json
        public static let standard = Format.text
    }

    /// The configuration file, relative to the current folder; `flagstaff.yml` when `nil`.
    public var configurationPath: String?
    /// The flag key or Swift case name to show alone; every flag when `nil`.
    public var key: String?
    /// The tenants to show; all when empty.
    public var tenants: [String] = []
    /// The environments to show; all when empty.
    public var environments: [String] = []
    /// Where history starts: a revision (the changes after it) or a day `YYYY-MM-DD` (the changes from it on).
    public var since: String?
    /// The last commit; `HEAD`, followed by what the working tree changes, when `nil`.
    public var until: String?
    /// The output format.
    public var format: Format = .standard
    /// A configuration file (relative to the current folder) to read every commit
    /// with, even those with their own; without it, a commit that has none is read
    /// with the working tree's.
    public var readWith: String?
    /// Whether to write the site's history to the configuration's `history.snapshot` instead of printing.
    public var writeSnapshot = false

    /// Creates a history request.
    public init(
        configurationPath: String? = nil, key: String? = nil, tenants: [String] = [], environments: [String] = [], since: String? = nil,
        until: String? = nil, format: Format = .standard, readWith: String? = nil, writeSnapshot: Bool = false
    ) {
        self.readWith = readWith
        self.configurationPath = configurationPath
        self.key = key
        self.tenants = tenants
        self.environments = environments
        self.since = since
        self.until = until
        self.format = format
        self.writeSnapshot = writeSnapshot
    }

    /// The text that names the working tree's own changes.
    static let workingTree = "Not committed yet (the working tree)"

    /// Prints the history and returns the exit status.
    public func run(console: Console, writer: SourceWriter = SourceWriter()) throws(FlagstaffError) -> Int32 {
        if writeSnapshot { return try writeSnapshot(console: console, writer: writer) }
        let (file, root, prefix) = Workspace.configurationPlace(configurationPath)
        let start = try HistoryWalker.Since(parsing: since, option: "--since")
        // The working tree gives the as-of day (from its configuration, read first),
        // the Swift case names, the paths git's log is narrowed to and, without
        // --until, its own changes.
        let configurationURL = root.appendingPathComponent(file)
        let exists = FileManager.default.fileExists(atPath: configurationURL.path)
        let text = exists ? try? String(contentsOf: configurationURL, encoding: .utf8) : nil
        let configuration = text.flatMap { text in ConfigurationReader.read(text, file: (file as NSString).lastPathComponent).configuration }
        let asOf = try AsOfDate.resolve(option: nil, configuration: configuration ?? .init())
        // Commits older than the configuration are read with today's, or every commit with the one --read-with names.
        var borrowed = text.map { HistoryWalker.BorrowedConfiguration(text: $0, name: "the working tree's \(prefix)\(file), as these commits have none") }
        if let readWith {
            guard let forced = try? String(contentsOf: URL(fileURLWithPath: readWith), encoding: .utf8) else {
                throw .io("cannot read the configuration file '\(readWith)' (--read-with)")
            }
            borrowed = HistoryWalker.BorrowedConfiguration(text: forced, name: readWith + ", as --read-with asks", always: true)
        }
        let walker = try HistoryWalker(root: root, configurationFile: file, asOf: asOf, borrowed: borrowed)
        let configurationPath = configurationPath
        // The working tree is read with the configuration the commits are, so that its own changes compare like with like.
        let forced = borrowed?.always == true ? borrowed?.text : nil
        let workspace =
            if let forced {
                try? Workspace.load(configuration: forced, file: file, from: DiskFileSource(root: root), root: root, displayPrefix: prefix)
            } else {
                exists ? try? Workspace.load(configurationPath: configurationPath) : nil
            }
        defer { console.finished(workspace) }
        let walked = Result { () throws(FlagstaffError) in
            try (workspace.map(walker.narrowed(by:)) ?? walker).walk(until: until ?? "HEAD", since: start)
        }
        let result = try walked.get()
        var history = result.history
        if until == nil, let workspace {
            if workspace.isValid {
                if let pending = HistoryWalker.pendingEntry(after: result, workspace: workspace) { history.entries.append(pending) }
            } else {
                console.error("flagstaff: note: the working tree's flag sources have errors (see `flagstaff validate`), so its own changes are not shown\n")
            }
        }
        if let shallow = history.shallowFrom { console.error("flagstaff: note: \(HistoryTextRenderer.shallowNote(shallow))\n") }
        history = history.showingTimes(in: (workspace?.configuration ?? configuration)?.timeZone)

        let names = history.names
        let models = [workspace?.model, result.end?.matrix.model].compactMap { $0 }
        var flags: [String] = []
        if let key {
            let known = names.flags.union(models.flatMap { $0.flags.map(\.key) })
            guard let flag = known.contains(key) ? key : models.lazy.compactMap({ $0.flags.first { $0.caseName == key }?.key }).first else {
                throw .usage("unknown flag '\(key)'; " + (Suggestion.didYouMean(key, in: known.sorted()) ?? "run `flagstaff list` for the keys"))
            }
            flags = [flag]
        }
        try Self.check(tenants, known: names.tenants.union(models.flatMap { $0.tenants.map(\.id) }), what: "tenant", option: "--tenant")
        try Self.check(environments, known: names.environments.union(models.flatMap(\.environments)), what: "environment", option: "--env")
        let shown = history.filtered(
            flags: flags.isEmpty ? nil : Set(flags), tenants: tenants.isEmpty ? nil : Set(tenants),
            environments: environments.isEmpty ? nil : Set(environments))
        let scope = HistoryScope(
            revision: until ?? "HEAD", flags: flags, tenants: tenants, environments: environments, isSingleApp: models.first?.isSingleApp ?? false)
        switch format {
        case .text:
            console.output(HistoryTextRenderer.render(shown, scope: scope, pending: Self.workingTree, colour: console.colour, pathPrefix: prefix))
        case .md:
            console.output(HistoryMarkdownRenderer.render(shown, scope: scope, pending: Self.workingTree, pathPrefix: prefix))
        case .json:
            console.output(HistoryJSONRenderer.render(shown, scope: scope))
        }
        return ExitStatus.success
    }

    /// Writes the snapshot `history.snapshot` names, from git up to `history.until`.
    private func writeSnapshot(console: Console, writer: SourceWriter) throws(FlagstaffError) -> Int32 {
        guard key == nil, tenants.isEmpty, environments.isEmpty, since == nil, until == nil, format == .text, readWith == nil else {
            throw .usage(
                "--write-snapshot writes the whole history the site shows, from history.since to history.until in the configuration; "
                    + "it takes no KEY, --tenant, --env, --since, --until, --format or --read-with")
        }
        let workspace = try Workspace.load(configurationPath: configurationPath)
        defer { console.finished(workspace) }
        guard workspace.report(to: console) != nil else { return ExitStatus.failure }
        guard let settings = workspace.configuration.history, let path = settings.snapshot else {
            throw .usage(
                "--write-snapshot needs a file to write: set history.snapshot in \(workspace.displayPrefix)\(workspace.configurationFile), "
                    + "e.g. history: { until: <commit id>, snapshot: content/history.json }")
        }
        let asOf = try AsOfDate.resolve(option: nil, configuration: workspace.configuration)
        let snapshot = try HistorySnapshotFile.make(for: workspace, settings: settings, asOf: asOf)
        try HistorySnapshotFile.write(snapshot, to: path, in: workspace, writer: writer)
        let entries = snapshot.history.entries.count
        let end = snapshot.history.end.map { " up to \($0.shortID) (\($0.day))" } ?? ""
        console.error("flagstaff: wrote \(workspace.displayPrefix)\(path): \(entries) \(entries == 1 ? "entry" : "entries")\(end)\n")
        return ExitStatus.success
    }

    /// Fails with a "did you mean" for a name history has never seen.
    private static func check(_ names: [String], known: Set<String>, what: String, option: String) throws(FlagstaffError) {
        for name in names where !known.contains(name) {
            throw .usage(
                "unknown \(what) '\(name)' in \(option); "
                    + (Suggestion.didYouMean(name, in: known.sorted()) ?? "choose from \(known.sorted().joined(separator: ", "))"))
        }
    }
}
