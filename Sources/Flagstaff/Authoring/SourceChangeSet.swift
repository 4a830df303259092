import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation

/// The new text of every source file a command changes, computed in memory from
/// the bytes the workspace was loaded from. `commit` validates the workspace as
/// it would be, then prints a diff (`--dry-run`) or writes every file, all or nothing.
struct SourceChangeSet {
    /// What a change is about, for the journal of the write and for `after_change`.
    struct Subject: Equatable, Sendable {
        /// The command: `new`, `remove`, `new-tenant` or `validate --fix`.
        var command: String
        /// The flag's key and Swift case, for `new` and `remove`.
        var flagKey: String? = nil
        var flagCase: String? = nil
        /// The tenant's id, for `new-tenant`.
        var tenant: String? = nil

        /// The command as a user would type it, for messages.
        var commandLine: String {
            (["flagstaff", command] + [flagKey ?? tenant].compactMap { $0 }).joined(separator: " ")
        }

        /// The variables `after_change` gets (see the README).
        func environment(changedFiles: [String]) -> [String: String] {
            var variables = ["FLAGSTAFF_COMMAND": command, "FLAGSTAFF_CHANGED_FILES": changedFiles.joined(separator: "\n")]
            variables["FLAGSTAFF_FLAG_KEY"] = flagKey
            variables["FLAGSTAFF_FLAG_CASE"] = flagCase
            variables["FLAGSTAFF_TENANT"] = tenant
            return variables
        }
    }

    /// The workspace as loaded.
    let workspace: Workspace
    /// The configuration file as given on the command line, for reloading and rebuilding.
    let configurationPath: String?
    /// What the change is.
    var subject: Subject
    /// The new text of each changed or created file, by path.
    private(set) var updated: [String: String] = [:]
    /// The paths changed or created.
    private(set) var paths: [String] = []
    /// The paths of files that do not exist yet.
    private(set) var created: Set<String> = []

    init(workspace: Workspace, configurationPath: String?, subject: Subject) {
        self.workspace = workspace
        self.configurationPath = configurationPath
        self.subject = subject
    }

    /// The configuration file's name inside the workspace's source.
    var configurationFile: String {
        ((configurationPath ?? Workspace.configurationFileName) as NSString).lastPathComponent
    }

    /// A file's text with the changes so far.
    func text(of path: String) throws(FlagstaffError) -> String {
        if let text = updated[path] { return text }
        do {
            return try workspace.source.text(of: path)
        } catch {
            throw .io("cannot read '\(workspace.displayPrefix)\(path)'")
        }
    }

    /// Applies edits to a file's current text. The edits' ranges refer to the
    /// text as loaded, so each file takes one batch of edits.
    mutating func edit(_ path: String, _ edits: [TextEdit]) throws(FlagstaffError) {
        guard !edits.isEmpty else { return }
        precondition(updated[path] == nil, "one batch of edits per file")
        let text = try text(of: path)
        record(path, TextEdit.apply(edits, to: text))
    }

    /// Replaces a file's whole text, for changes computed in several passes.
    mutating func replace(_ path: String, with text: String) {
        record(path, text)
    }

    /// Adds a new file.
    mutating func create(_ path: String, text: String) {
        created.insert(path)
        record(path, text)
    }

    private mutating func record(_ path: String, _ text: String) {
        if updated[path] == nil { paths.append(path) }
        updated[path] = text
    }

    /// Validates the changed workspace; prints the diff with `dryRun`, else writes
    /// the files, says what changed, runs `after_change` and, with `rebuild`,
    /// rebuilds the site when its output folder exists. Returns the exit status.
    func commit(console: Console, dryRun: Bool, writer: SourceWriter = SourceWriter(), rebuild: Bool = true) throws(FlagstaffError) -> Int32 {
        let changed = paths.sorted().filter { created.contains($0) || updated[$0] != (try? workspace.source.text(of: $0)) }
        guard !changed.isEmpty else {
            console.output("Nothing to change.\n")
            return ExitStatus.success
        }
        let changedWorkspace = try readBack()
        let introduced = newErrors(in: changedWorkspace)
        guard introduced.isEmpty else {
            DiagnosticPrinter.print(introduced, pathPrefix: workspace.displayPrefix, to: console)
            console.error("flagstaff: error: the change would leave the workspace invalid; nothing was changed\n")
            return ExitStatus.failure
        }
        if let problem = unintendedChange(in: changedWorkspace) {
            console.error("flagstaff: error: \(problem); nothing was changed\n")
            return ExitStatus.failure
        }
        let prefix = workspace.displayPrefix
        if dryRun {
            for path in changed {
                let old = created.contains(path) ? nil : try text(ofOriginal: path)
                console.output(UnifiedDiffRenderer.render(path: prefix + path, old: old, new: updated[path]!))
            }
            return ExitStatus.success
        }
        var changes: [SourceWriter.Change] = []
        for path in changed {
            let original = created.contains(path) ? nil : try bytes(ofOriginal: path)
            changes.append(.init(path: prefix + path, url: try workspace.editablePlace(of: path), original: original, updated: Array(updated[path]!.utf8)))
        }
        try writer.write(changes, in: workspace.root, command: subject.commandLine)
        for path in changed { console.output("\(created.contains(path) ? "created" : "updated") \(prefix + path)\n") }
        if let command = workspace.configuration.afterChange {
            let status = AfterChange.run(command, in: workspace.root, environment: subject.environment(changedFiles: changed))
            guard status == 0 else {
                console.error("flagstaff: error: after_change '\(command)' failed with status \(status.map(String.init) ?? "unknown"); the sources were changed\n")
                return ExitStatus.failure
            }
        }
        return rebuild ? try rebuildSite(console: console) : ExitStatus.success
    }

    /// Rebuilds the site after a change, when its output folder exists.
    func rebuildSite(console: Console) throws(FlagstaffError) -> Int32 {
        let output = workspace.url(for: workspace.configuration.output)
        guard FileManager.default.fileExists(atPath: output.path) else { return ExitStatus.success }
        return try BuildCommand(configurationPath: configurationPath).run(console: console)
    }

    /// The workspace as the change would leave it, read back from the changed texts.
    private func readBack() throws(FlagstaffError) -> Workspace {
        let overlay = OverlayFileSource(
            base: workspace.source,
            files: Dictionary(uniqueKeysWithValues: updated.map { (FilePath.normalized($0.key) ?? $0.key, Array($0.value.utf8)) }))
        let text = try text(of: configurationFile)
        return try Workspace.load(
            configuration: text, file: configurationFile, from: overlay, root: workspace.root, displayPrefix: workspace.displayPrefix)
    }

    /// Errors the changed workspace has that the loaded one did not (compared by message: positions and hints move).
    private func newErrors(in changed: Workspace) -> [Diagnostic] {
        let before = Set(workspace.diagnostics.filter { $0.severity == .error }.map(\.message))
        return changed.diagnostics.filter { $0.severity == .error && !before.contains($0.message) }
    }

    /// What the change does beyond its subject, read back: a flag other than the one
    /// added or removed that appears or goes, or whose value changes for a tenant
    /// that was there before in some environment. `nil` when it does nothing else.
    private func unintendedChange(in changed: Workspace) -> String? {
        guard let before = workspace.matrix, let after = changed.matrix else { return nil }
        let (old, new) = (before.model.flags.map(\.key), after.model.flags.map(\.key))
        let expected: [String] =
            switch subject.command {
            case "new": old + [subject.flagKey].compactMap { $0 }
            case "remove": old.filter { $0 != subject.flagKey }
            default: old
            }
        let (missing, extra) = (Set(expected).subtracting(new), Set(new).subtracting(expected))
        if !missing.isEmpty || !extra.isEmpty {
            let lost = missing.sorted().map { "'\($0)'" }.joined(separator: ", ")
            let added = extra.sorted().map { "'\($0)'" }.joined(separator: ", ")
            return "read back, the change would "
                + [lost.isEmpty ? nil : "lose \(lost)", added.isEmpty ? nil : "declare \(added)"].compactMap { $0 }.joined(separator: " and ")
                + " (\(old.count.counted("flag")) before, \(new.count.counted("flag")) after)"
        }
        let flags = before.model.flags.indices.compactMap { index -> MatrixChanges.FlagPair? in
            let key = before.model.flags[index].key
            return after.model.flagIndex(key).map { MatrixChanges.FlagPair(key: key, base: index, head: $0) }
        }
        let tenants = before.model.tenants.indices.compactMap { index -> MatrixChanges.TenantPair? in
            let id = before.model.tenants[index].id
            return after.model.tenantIndex(id).map { MatrixChanges.TenantPair(id: id, base: index, head: $0) }
        }
        let cells = MatrixChanges.cells(base: before, head: after, flags: flags, tenants: tenants, environments: before.model.environments)
        guard let cell = cells.first(where: { $0.flag != subject.flagKey }) else { return nil }
        return "read back, the change would also change '\(cell.flag)' for \(cell.tenant) in \(cell.environment) from \(cell.old) to \(cell.new)"
    }

    private func bytes(ofOriginal path: String) throws(FlagstaffError) -> [UInt8] {
        do {
            return try workspace.source.contents(of: path)
        } catch {
            throw .io("cannot read '\(workspace.displayPrefix)\(path)'")
        }
    }

    private func text(ofOriginal path: String) throws(FlagstaffError) -> String {
        String(decoding: try bytes(ofOriginal: path), as: UTF8.self)
    }
}
