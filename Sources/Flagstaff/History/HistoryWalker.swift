import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Walks the first-parent line of a branch, oldest commit first, and says what
/// each commit changes in the values the app gets, through every source the
/// workspace reads.
///
/// Nothing is checked out: one `git log` lists the commits with the files each
/// changes and the blobs they then hold, and one `git cat-file --batch` reads
/// trees and blobs by id (`GitObjectStore`), each once. A commit that changes no
/// file the workspace read costs only git's tree comparison. One that changes
/// tenant files only re-reads those files and re-resolves those tenants. Any
/// other change reads the workspace again, through the loader every command uses,
/// so a new format or layer needs nothing here.
///
/// Merges are followed along the first parent: the branch's own line, where each
/// merge is one change made on the day it landed, as the people who use the
/// branch saw it. A side branch's commits were never the branch's state.
struct HistoryWalker {
    /// Where the history shown starts, when not at the branch's first commit.
    enum Since: Sendable {
        /// Just after a commit: the commit itself is the start.
        case revision(String)
        /// At a day: the last commit before it is the start.
        case day(CalendarDate)

        /// A day `YYYY-MM-DD`, or else a revision; `nil` for no text. Something
        /// shaped like a day that is not one is a mistake, not a branch name.
        init?(parsing text: String?, option: String) throws(FlagstaffError) {
            guard let text else { return nil }
            if let day = CalendarDate(parsing: text) {
                self = .day(day)
                return
            }
            if text.count == 10, text.filter({ $0 == "-" }).count == 2, text.allSatisfy({ $0.isNumber || $0 == "-" }),
                let problem = CalendarDate.problem(parsing: text)
            {
                throw .usage("\(option) \(text) is not a date: \(problem)")
            }
            self = .revision(text)
        }
    }

    /// The workspace's folder on disk.
    let root: URL
    /// The configuration's path in that folder.
    let configurationFile: String
    /// The day Remote Config's `dateTime` rules are decided for, at every commit alike.
    let asOf: CalendarDate?
    /// The folder's path inside the repository, with a trailing `/`, or empty.
    let repositoryPrefix: String
    /// Whether the clone is shallow, so its oldest commit is not the branch's first.
    let isShallow: Bool
    /// The repository's objects, shared by every commit the walk reads.
    let store: GitObjectStore
    /// The configuration a commit without its own is read with; `nil` to leave such commits out.
    let borrowed: BorrowedConfiguration?
    /// The paths git's log is first asked about, from what the workspace read; `nil` to ask about every file.
    private(set) var narrowing: LogNarrowing?
    /// How many commits the walk reads whole ahead of their turn, on every core,
    /// with one it needs to (`Walk.wholeReading`); 0 reads each at its turn.
    var readsAhead = 7

    /// A configuration history reads commits with when they have none of their own
    /// (older than the team's adoption of Flagstaff), or every commit when `always`.
    struct BorrowedConfiguration: Sendable {
        /// Its text.
        var text: String
        /// How the output names it, with why: "the working tree's flagstaff.yml, as these commits have none".
        var name: String
        /// Whether commits that have their own configuration are read with it too.
        var always = false
    }

    /// Opens the repository of a workspace a site or snapshot is built from: a commit
    /// without a configuration is read with the workspace's own.
    init(workspace: Workspace, asOf: CalendarDate?, repository: Git.Repository? = nil) throws(FlagstaffError) {
        let text = try? workspace.source.text(of: workspace.configurationFile)
        try self.init(
            root: workspace.root, configurationFile: workspace.configurationFile, asOf: asOf,
            borrowed: text.map { BorrowedConfiguration(text: $0, name: "this workspace's \(workspace.configurationFile), as these commits have none") },
            repository: repository)
        self = narrowed(by: workspace)
    }

    /// This walker, asking git's log first about the paths a workspace's load read
    /// (`LogNarrowing`): the working tree's, whose configuration is the walker's.
    func narrowed(by workspace: Workspace) -> HistoryWalker {
        var walker = self
        walker.narrowing = LogNarrowing(workspace.modelReads, configurationFile: configurationFile, prefix: repositoryPrefix)
        return walker
    }

    /// Opens the repository that holds a workspace's folder, as `repository` says
    /// (asking git when `nil`). A folder outside git, or git missing, is an error that says so.
    init(
        root: URL, configurationFile: String, asOf: CalendarDate?, borrowed: BorrowedConfiguration? = nil, repository: Git.Repository? = nil
    ) throws(FlagstaffError) {
        let facts: Git.Repository
        switch repository.map({ .success($0) }) ?? Git.Repository.of(root) {
        case .success(let found):
            facts = found
        case .failure(.noGit):
            throw .io("git is not installed, so Flagstaff cannot read the history of the flag sources")
        case .failure(.notARepository):
            let folder = root.path == FileManager.default.currentDirectoryPath ? "the current folder" : "'\(root.path)'"
            throw .io("\(folder) is not in a git repository, so the flag sources have no history to read; run this inside the clone that holds them")
        case .failure(.unreadableAnswer):
            throw .io("git rev-parse answered in a way Flagstaff cannot read")
        }
        guard let store = GitObjectStore(repository: root, idLength: facts.idLength) else { throw .io("cannot start git cat-file") }
        self.root = root
        self.configurationFile = configurationFile
        self.asOf = asOf
        repositoryPrefix = facts.prefix
        isShallow = facts.isShallow
        self.store = store
        self.borrowed = borrowed
    }

    /// What a walk found.
    struct Result {
        /// The history.
        var history: ValueHistory
        /// The workspace as last read, at the end or before it became unreadable.
        var end: HistoryState?
        /// Whether the workspace cannot be read at the last commit.
        var endsUnreadable: Bool
        /// How many commits were read whole (the others cost their changed tenant files, or nothing).
        var wholeReads: Int
        /// The tree of the commit `end` was read from (with the tenant files changed since), for a snapshot.
        var endTree: String? = nil
        /// The paths git's log was narrowed to; `nil` when the whole log was read.
        var narrowing: LogNarrowing? = nil
        /// How many commits were read whole ahead of their turn and taken at it,
        /// and how many were not taken, as the workspace changed on the way (work done for nothing).
        var readsAhead: (taken: Int, unused: Int) = (0, 0)

        /// The keys of the flags `end` has; none without it.
        var flagsAtEnd: Set<String> { Set(end?.matrix.model.flags.map(\.key) ?? []) }
    }

    /// The history of the first-parent line that ends at `until`, from `since` on
    /// (or the line's first commit), and the state at its end.
    ///
    /// The log is first narrowed to the paths the workspace read (`narrowing`).
    /// When a commit's read looks at something else, or a file they cover moves
    /// to or from a path they do not, the walk starts again with those paths
    /// covered too; after `narrowingRounds` tries, with the whole log.
    func walk(until: String, since: Since?) throws(FlagstaffError) -> Result {
        guard store.object("\(until)^{commit}")?.type == "commit" else { throw .usage("unknown revision '\(until)'") }
        var (narrowing, round) = (self.narrowing, 0)
        while true {
            if round == Self.narrowingRounds { narrowing = nil }
            round += 1
            switch try walk(until: until, since: since, narrowing: narrowing) {
            case .walked(let result): return result
            case .widened(let wider): narrowing = wider
            }
        }
    }

    /// How many narrowed walks are tried before the whole log is read.
    static let narrowingRounds = 4

    /// What one try at a walk gives.
    private enum Outcome {
        /// The walk, finished.
        case walked(Result)
        /// A narrowed walk that needs more paths, or the whole log (`nil`), to be exact.
        case widened(LogNarrowing?)
    }

    /// One walk, through the log narrowed to `narrowing`'s paths, or the whole log.
    private func walk(until: String, since: Since?, narrowing: LogNarrowing?) throws(FlagstaffError) -> Outcome {
        var records = try log(CommitLogReader.arguments(revision: until, pathspecs: narrowing?.pathspecs), naming: until)
        if let narrowing {
            // Git finds a rename only among the files it compares: a commit that
            // adds, deletes or moves a covered file is read again with its whole diff.
            // A commit without parents (the first, or a shallow clone's oldest) moves
            // nothing: every file it has is new.
            let moving = records.indices.filter { !records[$0].parents.isEmpty && records[$0].changes.contains(where: \.changesNames) }
            guard moving.count <= Self.wholeDiffLimit else { return .widened(nil) }
            if !moving.isEmpty {
                let whole = try log(CommitLogReader.arguments(commits: moving.map { records[$0].commit.id }), naming: until)
                guard whole.map(\.commit.id) == moving.map({ records[$0].commit.id }) else {
                    throw .io("git log did not list the commits of '\(until)' it was asked for")
                }
                for (index, record) in zip(moving, whole) { records[index].changes = record.changes }
            }
            // A file moved across the narrowing's edge: both of its paths must be covered.
            let across = narrowing.uncoveredEnds(of: moving.flatMap { records[$0].changes })
            if !across.isEmpty { return .widened(narrowing.adding(files: across, folders: [])) }
        }
        let first = try startIndex(in: records, since: since, until: until)
        var walk = Walk(walker: self, narrowing: narrowing)
        let aliases = borrowed == nil ? [] : Self.earlierPaths(records, under: repositoryPrefix)
        walk.earlierPathsByPosition = aliases
        for index in first..<records.count {
            walk.position = index
            try walk.step(records[index], upcoming: records[(index + 1)...])
            if let uncovered = walk.uncovered { return .widened(narrowing?.adding(files: uncovered.files, folders: uncovered.folders)) }
        }
        let shallowFrom = isShallow && first == 0 ? records.first?.commit : nil
        var endsUnreadable = false
        if case .broken = walk.phase { endsUnreadable = true }
        var history = ValueHistory(entries: walk.entries, end: records.last?.commit, shallowFrom: shallowFrom)
        history.unreadBeforeStart = walk.unreadBeforeStart
        return .walked(Result(
            history: history, end: walk.phase.known,
            endsUnreadable: endsUnreadable, wholeReads: walk.wholeReads, endTree: walk.knownTree, narrowing: narrowing,
            readsAhead: (walk.readsAheadTaken, walk.readAhead.count)))
    }

    /// How many commits of a narrowed log that add, delete or move files are read
    /// again with their whole diffs; past it, the whole log is read instead.
    static let wholeDiffLimit = 2_000

    /// The commits `git arguments…` lists, read.
    private func log(_ arguments: [String], naming until: String) throws(FlagstaffError) -> [CommitLogReader.Record] {
        guard let log = Git.run(arguments, in: root), log.status == 0 else {
            throw .io("git log could not list the commits of '\(until)'")
        }
        do {
            return try CommitLogReader.read(log.output)
        } catch {
            throw .io("cannot read git's log: \(error.message)")
        }
    }

    /// What a workspace read from files (the working tree, or the sources a site is
    /// built from) changes after the last commit a walk read; `nil` when nothing does.
    static func pendingEntry(after result: Result, workspace: Workspace) -> HistoryEntry? {
        guard let end = result.end, let matrix = workspace.matrix else { return nil }
        let configuration = workspace.configuration
        var head = HistoryState(
            matrix: matrix, configuration: configuration,
            order: WorkspaceDiff.listingOrder(of: configuration.environments, protected: configuration.protectedEnvironments),
            reads: [], folders: [], workspacePrefix: "", tenantFiles: [:])
        var entry = HistoryEntry(kind: .pending, commit: nil)
        if result.endsUnreadable { entry.readableAgain = [nil] }
        entry = Walk.entry(entry, from: end, to: &head, unknownTenants: [:], renamedFiles: [:])
        return entry.isEmpty ? nil : entry
    }

    /// The position of the commit the history starts at: the commit `since` names,
    /// or the last one before its day; the first commit otherwise.
    private func startIndex(in records: [CommitLogReader.Record], since: Since?, until: String) throws(FlagstaffError) -> Int {
        switch since {
        case nil: return 0
        case .day(let day)?:
            return records.lastIndex { $0.commit.day < day } ?? 0
        case .revision(let revision)?:
            guard let commit = store.object("\(revision)^{commit}"), commit.type == "commit" else {
                throw .usage("unknown revision '\(revision)' in --since")
            }
            guard let index = records.firstIndex(where: { $0.commit.id == commit.id }) else {
                throw .usage(
                    "'\(revision)' is not on the first-parent line of '\(until)', which history follows; "
                        + "name a commit of that line (git log --first-parent) or a day (YYYY-MM-DD)")
            }
            return index
        }
    }

    /// For each commit, the paths (from the workspace's folder) that the last
    /// commit's files had there, where git saw them renamed since: today's path to
    /// that commit's. A configuration borrowed from today names today's paths.
    static func earlierPaths(_ records: [CommitLogReader.Record], under prefix: String) -> [[String: String]] {
        var paths = Array(repeating: [String: String](), count: records.count)
        var current: [String: String] = [:]
        for index in records.indices.reversed() {
            paths[index] = current
            for (from, to) in Walk.renamedFiles(records[index], under: prefix) {
                var followed = false
                for (today, now) in current where now == to {
                    current[today] = from
                    followed = true
                }
                if !followed && current[to] == nil { current[to] = from }
            }
        }
        return paths
    }

    /// What a full read of one commit gave.
    enum Reading {
        /// The commit has no configuration: the workspace does not exist there.
        case absent(reads: Set<String>, folders: Set<String>)
        /// The workspace cannot be read there: its errors, what was looked at, and
        /// whether it was read with a borrowed configuration.
        case broken(problems: [Diagnostic], reads: Set<String>, folders: Set<String>, borrowed: Bool)
        /// The workspace, with the tenants whose files have errors.
        case loaded(HistoryState, unknownTenants: [String: [Diagnostic]])

        /// What the read looked at, from the repository's root: only a change to these can matter to the next commits.
        var looked: FileReads.Paths {
            switch self {
            case .absent(let files, let folders), .broken(_, let files, let folders, _): FileReads.Paths(files: files, folders: folders)
            case .loaded(let state, _): FileReads.Paths(files: state.reads, folders: state.folders)
            }
        }
    }

    /// Reads the whole workspace as one commit has it; `likely` are the files and
    /// folders (from the repository's root) it is likely to read, asked of git at once.
    /// `earlierPaths` are the paths today's files had at the commit, for a borrowed configuration.
    func read(
        _ record: CommitLogReader.Record, likely: (files: Set<String>, folders: Set<String>)? = nil, earlierPaths: [String: String] = [:]
    ) throws(FlagstaffError) -> Reading {
        if let likely { store.prefetch(files: likely.files.sorted(), folders: likely.folders.sorted(), in: [record.tree]) }
        let source = GitCommitFileSource(store: store, tree: record.tree, prefix: repositoryPrefix, name: "commit \(record.commit.shortID)")
        return try Self.read(
            from: source, configurationFile: configurationFile, repositoryPrefix: repositoryPrefix, asOf: asOf,
            reads: { let paths = source.reads.paths; return (paths.files, paths.folders) }, borrowed: borrowed, earlierPaths: earlierPaths)
    }

    /// Reads the whole workspace from a source (a commit's, or a snapshot's files);
    /// `reads` gives what the source was asked about, from the repository's root.
    static func read(
        from source: any FileSource, configurationFile: String, repositoryPrefix: String, asOf: CalendarDate?,
        reads: () -> (files: Set<String>, folders: Set<String>), borrowed: BorrowedConfiguration? = nil, earlierPaths: [String: String] = [:]
    ) throws(FlagstaffError) -> Reading {
        var isBorrowed = false
        func broken(_ problems: [Diagnostic]) -> Reading {
            let (files, folders) = reads()
            return Reading.broken(problems: problems, reads: files, folders: folders, borrowed: isBorrowed)
        }
        var text: String
        var source = source
        do {
            text = try source.text(of: configurationFile)
            if let borrowed, borrowed.always { (text, isBorrowed) = (borrowed.text, true) }
        } catch .pastLimit(let problem) {
            return broken([problem])
        } catch {
            guard let borrowed else {
                let (files, folders) = reads()
                return .absent(reads: files, folders: folders)
            }
            (text, isBorrowed) = (borrowed.text, true)
        }
        if isBorrowed && !earlierPaths.isEmpty { source = SourceWithEarlierPaths(base: source, earlier: earlierPaths) }
        // With a borrowed configuration, a commit that has none of the files declaring the flags is one from before they existed.
        if isBorrowed, let declarations = ConfigurationReader.read(text, file: configurationFile).configuration?.enumFiles, !declarations.isEmpty {
            let folder = (configurationFile as NSString).deletingLastPathComponent
            if declarations.allSatisfy({ source.kind(of: FilePath.join(folder, $0)) == nil }) {
                let (files, folders) = reads()
                return .absent(reads: files, folders: folders)
            }
        }
        let reading: Workspace.ModelReading
        // Tenant files that cannot be read at all (past `InputLimits`), by tenant: each makes only its tenant's values unknown.
        var unreadableTenants: [String: [Diagnostic]] = [:]
        do {
            reading = try Workspace.readModel(configuration: text, file: configurationFile, from: source, asOf: asOf)
        } catch .unreadableInputs(let problems) {
            // When every file that cannot be read is a tenant's, the others are read without them.
            let (configuration, _) = ConfigurationReader.read(text, file: configurationFile)
            let pattern = configuration.flatMap { TenantPattern($0.tenants) }
            let tenants = problems.compactMap { problem in problem.location.flatMap { pattern?.id(ofPath: $0.file) } }
            let folder = (configurationFile as NSString).deletingLastPathComponent
            let hidden = Set(problems.compactMap { $0.location.map { FilePath.join(folder, $0.file) } })
            guard tenants.count == problems.count,
                let again = try? Workspace.readModel(configuration: text, file: configurationFile, from: SourceWithout(base: source, hidden: hidden), asOf: asOf)
            else { return broken(problems) }
            for (id, problem) in zip(tenants, problems) { unreadableTenants[id, default: []].append(problem) }
            reading = again
        }
        var errors = reading.diagnostics.filter { $0.severity == .error }
        if isBorrowed {
            // A file read under the path it had then is named as the configuration names it, and where it was.
            errors = errors.map { error in
                guard let file = error.location?.file, let then = earlierPaths[file] else { return error }
                var error = error
                error.message += " (at this commit the file is '\(then)')"
                return error
            }
        }
        guard let configuration = reading.configuration, let loaded = reading.loaded else {
            return broken(errors.isEmpty ? [.error("the flag sources cannot be read", at: nil)] : errors)
        }
        // An error in a tenant's file, or at its submodule, makes that tenant's values
        // unknown; one in the catalog or the guide changes no value; any other, every value.
        let tenantFiles = Dictionary(reading.loader.tenantFileList.map { ($0.path, $0.id) }) { first, _ in first }
        let pattern = TenantPattern(configuration.tenants)
        var unknownTenants = unreadableTenants
        var global: [Diagnostic] = []
        for error in errors {
            let file = error.location?.file
            if let file, let id = tenantFiles[file] ?? pattern?.id(ofPath: file) {
                unknownTenants[id, default: []].append(error)
            } else if let file, file == configuration.catalog || configuration.guide.map({ file.hasPrefix($0 + "/") }) == true {
                continue
            } else {
                global.append(error)
            }
        }
        guard global.isEmpty else { return broken(global) }
        let folder = (configurationFile as NSString).deletingLastPathComponent
        let workspacePrefix = FilePath.join(repositoryPrefix, folder.isEmpty ? "" : folder + "/")
        let matrix = ResolvedMatrix(model: loaded.model, settings: loaded.settings)
        let (files, folders) = reads()
        var state = HistoryState(
            matrix: matrix, configuration: configuration,
            order: WorkspaceDiff.listingOrder(of: configuration.environments, protected: configuration.protectedEnvironments),
            reads: files, folders: folders, workspacePrefix: workspacePrefix,
            // Files read under earlier paths are not where the loader named them: any change to them reads the commit whole.
            tenantFiles: isBorrowed && !earlierPaths.isEmpty ? [:] : Dictionary(
                reading.loader.tenantFileList.compactMap { file in
                    FilePath.normalized(workspacePrefix + file.path).map { ($0, file.id) }
                }, uniquingKeysWith: { first, _ in first }))
        state.borrowsConfiguration = isBorrowed
        return .loaded(state, unknownTenants: unknownTenants)
    }

    /// A tenant's file contents as one commit has them, when they can be read.
    func tenantText(blob: String, at path: String) -> String? {
        guard let bytes = store.blob(blob, at: path)?.bytes else { return nil }
        return try? GitCommitFileSource.text(decoding: bytes, file: path)
    }
}

/// A source without some files, as if they were not there: history reads a
/// commit again without the tenant files it cannot read.
private struct SourceWithout: FileSource {
    let base: any FileSource
    /// The paths left out.
    let hidden: Set<String>

    var name: String { base.name }

    func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        guard !hidden.contains(path) else { throw .missing }
        return try base.contents(of: path)
    }

    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        try base.entries(of: directory).filter { !hidden.contains(FilePath.join(directory, $0.name)) }
    }

    func kind(of path: String) -> FileEntry.Kind? { hidden.contains(path) ? nil : base.kind(of: path) }
}
