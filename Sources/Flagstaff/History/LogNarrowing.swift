import FlagstaffReaders

/// The files and folders, from the repository's root, that a history walk asks
/// git's log about instead of every file: in an app's repository, comparing every
/// commit's whole tree is most of what a walk costs, and the flag sources are a
/// few files of thousands.
///
/// A walk narrowed so gives what the whole log gives as long as everything each
/// commit's read looks at is covered, which the walk checks after every read
/// (`covers`): only a change to a file read, or a name changed below a folder
/// listed, can matter to it.
struct LogNarrowing: Equatable, Sendable {
    /// Files covered one by one.
    let files: Set<String>
    /// Folders covered with everything below them.
    let folders: Set<String>

    /// The paths a workspace's load looked at, from its folder inside the
    /// repository (`prefix`, with a trailing `/` or empty), with the configuration;
    /// `nil` when one of them cannot be named inside the repository (a place
    /// outside it), or the repository's root was listed, so nothing is left out.
    init?(_ reads: FileReads.Paths, configurationFile: String, prefix: String) {
        func inRepository(_ path: String) -> String? {
            // The first byte, not character: `/` with a mark joined to it is still an absolute path.
            guard path.utf8.first != UInt8(ascii: "/"), let path = FilePath.normalized(prefix + path), !path.isEmpty else { return nil }
            return path
        }
        var files: Set<String> = [], folders: Set<String> = []
        for file in reads.files.union([configurationFile]) {
            guard let path = inRepository(file) else { return nil }
            files.insert(path)
        }
        for folder in reads.folders {
            guard let path = inRepository(folder) else { return nil }
            folders.insert(path)
        }
        self.init(files: files, folders: folders)
    }

    private init(files: Set<String>, folders: Set<String>) {
        self.files = files.filter { !Self.isBelow($0, anyOf: folders) }
        self.folders = folders
    }

    /// These paths with more files and folders (from the repository's root);
    /// `nil` when one of the folders is the repository's root.
    func adding(files: Set<String>, folders: Set<String>) -> LogNarrowing? {
        guard !folders.contains("") else { return nil }
        return LogNarrowing(files: self.files.union(files), folders: self.folders.union(folders))
    }

    /// The paths of files moved (renamed or copied) from a covered path to one not
    /// covered, or the other way: git's log, narrowed, sees such a file appear or vanish.
    func uncoveredEnds(of changes: [CommitLogReader.FileChange]) -> Set<String> {
        var ends: Set<String> = []
        for change in changes {
            let from: String
            switch change.status {
            case .renamed(let path), .copied(let path): from = path
            case .added, .deleted, .modified, .typeChanged: continue
            }
            switch (covers(file: from), covers(file: change.path)) {
            case (true, false): ends.insert(change.path)
            case (false, true): ends.insert(from)
            case (true, true), (false, false): continue
            }
        }
        return ends
    }

    /// Whether a read that looked at `files` and listed `folders` (from the
    /// repository's root) is covered: each file is one of the files or below one
    /// of the folders, and each folder listed is one of the folders or below one.
    func covers(files: Set<String>, folders: Set<String>) -> Bool {
        files.allSatisfy(covers(file:)) && folders.allSatisfy { !$0.isEmpty && covers(file: $0) }
    }

    /// Whether git's log, narrowed, shows every change to a path: it is one of the
    /// files or folders, or below one of the folders.
    func covers(file path: String) -> Bool {
        files.contains(path) || folders.contains(path) || Self.isBelow(path, anyOf: folders)
    }

    /// The pathspecs git's log is given: each folder, then each file, in order.
    var pathspecs: [String] { folders.sorted() + files.sorted() }

    /// Whether a path is below one of `folders`.
    private static func isBelow(_ path: String, anyOf folders: Set<String>) -> Bool {
        HistoryState.folders(above: path).contains { !$0.isEmpty && folders.contains($0) }
    }
}
