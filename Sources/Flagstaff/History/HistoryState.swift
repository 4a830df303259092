import FlagstaffCore
import FlagstaffReaders

/// The workspace as history keeps it between commits: the values it resolved and
/// what it read to get them.
struct HistoryState {
    /// The values: each known tenant's, and for a tenant whose file cannot be read now, what it had.
    var matrix: ResolvedMatrix
    /// The configuration.
    var configuration: Configuration
    /// The environments, in the order changes are listed.
    var order: [String]
    /// The files and folders the load read, from the repository's root: only a change to one of them can matter.
    var reads: Set<String>, folders: Set<String>
    /// The workspace's folder inside the repository, with a trailing `/`, or empty.
    var workspacePrefix: String
    /// Each tenant file the workspace has, from the repository's root, with its tenant's id.
    var tenantFiles: [String: String]
    /// Whether it was read with a borrowed configuration (the commit has none of its own, or `--read-with` says so).
    var borrowsConfiguration = false
    /// The tenants whose files cannot be read now: their last known values (one tenant each; `nil` when never read) and why.
    var unknown: [String: (lastKnown: ResolvedMatrix?, problems: [Diagnostic])] = [:]
    /// The catalog's path and the guide's folder, from the repository's root: files that only describe flags.
    private let catalogPath: String?, guideFolder: String?
    /// Each Remote Config template file as the configuration names it, by its path from the repository's root.
    let templateFiles: [String: String]

    init(
        matrix: ResolvedMatrix, configuration: Configuration, order: [String], reads: Set<String>, folders: Set<String>, workspacePrefix: String,
        tenantFiles: [String: String]
    ) {
        self.matrix = matrix
        self.configuration = configuration
        self.order = order
        self.reads = reads
        self.folders = folders
        self.workspacePrefix = workspacePrefix
        self.tenantFiles = tenantFiles
        catalogPath = configuration.catalog.isEmpty ? nil : FilePath.normalized(workspacePrefix + configuration.catalog)
        guideFolder = configuration.guide.flatMap { FilePath.normalized(workspacePrefix + $0) }
        var templateFiles: [String: String] = [:]
        for file in configuration.remoteConfig.map({ Array($0.templates.values) }) ?? [] {
            if let path = FilePath.normalized(workspacePrefix + file) { templateFiles[path] = file }
        }
        self.templateFiles = templateFiles
    }

    /// Whether a commit with these changes is read whole whatever else it
    /// changes: it changes a file the load read that is neither a tenant's file,
    /// a Remote Config template nor a file that only describes flags.
    func readsWhole(_ changes: [CommitLogReader.FileChange]) -> Bool {
        changes.contains { change in
            matters(change) && !describesOnly(change) && tenantFiles[change.path] == nil && templateFiles[change.path] == nil
        }
    }

    /// Whether a commit's change to a file can matter: the file was read, or the
    /// change adds or removes a name in a folder that was listed.
    func matters(_ change: CommitLogReader.FileChange) -> Bool { Self.matters(change, reads: reads, folders: folders) }

    /// Whether a change is to a file that only describes flags (the catalog, a guide
    /// page), and so changes no value, under the same path before and after.
    func describesOnly(_ change: CommitLogReader.FileChange) -> Bool {
        guard change.status == .modified, catalogPath != nil || guideFolder != nil, let path = FilePath.normalized(change.path) else { return false }
        if path == catalogPath { return true }
        guard let guideFolder else { return false }
        return path.hasPrefix(guideFolder + "/")
    }

    /// Whether a change can matter to a load that read `reads` and listed `folders`.
    /// Asked of every change of every commit, so it makes no array for the usual change: a file modified.
    static func matters(_ change: CommitLogReader.FileChange, reads: Set<String>, folders: Set<String>) -> Bool {
        var from: String?
        switch change.status {
        case .renamed(let path), .copied(let path): from = path
        default: break
        }
        if reads.contains(change.path) || from.map(reads.contains) == true { return true }
        guard change.changesNames, !folders.isEmpty else { return false }
        func listed(_ path: String) -> Bool { Self.folders(above: path).contains(where: folders.contains) }
        return listed(change.path) || from.map(listed) == true
    }

    /// The folders that hold a path, nearest first, down to the root (`""`).
    static func folders(above path: String) -> [String] {
        var folders: [String] = []
        var rest = Substring(path)
        while let slash = rest.lastIndex(of: "/") {
            rest = rest[..<slash]
            folders.append(String(rest))
        }
        return folders + [""]
    }
}
