import FlagstaffCore

/// Reads what `git log --raw -z` says about a branch: each commit, oldest first,
/// with the files it changes and the blob each file then holds. Hand-written, as
/// git's own output format is the only specification; `CommitLogReaderTests` holds it to it.
public enum CommitLogReader {
    /// A file a commit changes, as the raw diff against its first parent says.
    public struct FileChange: Hashable, Sendable {
        /// What happens to the file.
        public enum Status: Hashable, Sendable {
            /// Added, deleted, its contents modified, or its type changed (a file becoming a link).
            case added, deleted, modified, typeChanged
            /// Moved from `from` (with git's similarity score), perhaps changed too.
            case renamed(from: String)
            /// Copied from `from`.
            case copied(from: String)
        }

        /// What happens.
        public var status: Status
        /// The file's path from the repository's root, after the change.
        public var path: String
        /// The blob the file holds after the change, or `nil` when it is deleted.
        public var blob: String?

        /// Creates a file change.
        public init(status: Status, path: String, blob: String?) {
            self.status = status
            self.path = path
            self.blob = blob
        }

        /// Whether the change adds, removes or moves a name in its folder, rather than changing contents only.
        public var changesNames: Bool {
            switch status {
            case .modified, .typeChanged: false
            case .added, .deleted, .renamed, .copied: true
            }
        }
    }

    /// One commit of the log.
    public struct Record: Hashable, Sendable {
        /// The commit.
        public var commit: HistoryCommit
        /// The id of its tree.
        public var tree: String
        /// The ids of its parents, first parent first.
        public var parents: [String]
        /// The files it changes against its first parent.
        public var changes: [FileChange]
    }

    /// The `git log` arguments whose output `read` takes: the first-parent line of
    /// `revision`, oldest first, each commit with its raw diff against its first
    /// parent (merges included), renames found, ids in full. With `pathspecs`,
    /// every commit is still listed, but its diff holds only the files they name
    /// (taken literally, a folder with everything below it), and git compares only
    /// those parts of each tree; renames are then found only among those files.
    public static func arguments(revision: String, pathspecs: [String]? = nil) -> [String] {
        guard let pathspecs else { return ["log", "--first-parent", "--reverse"] + diffOptions + [revision, "--"] }
        return ["--literal-pathspecs", "log", "--first-parent", "--reverse", "--sparse"] + diffOptions + [revision, "--"] + pathspecs
    }

    /// The `git log` arguments for some commits alone, in the order given, each
    /// with its whole raw diff as `arguments(revision:)` gives it.
    public static func arguments(commits: [String]) -> [String] {
        ["log", "--no-walk=unsorted"] + diffOptions + commits + ["--"]
    }

    /// How each commit and its diff are written.
    private static var diffOptions: [String] {
        ["-z", "--raw", "-M", "--no-abbrev", "--diff-merges=first-parent", "--no-color", "--format=\(format)"]
    }

    /// Each commit starts with byte 1, and its fields are separated by NUL: id,
    /// tree, parents, committer date (strict ISO 8601), author, email, subject.
    static let format = "%x01%H%x00%T%x00%P%x00%cI%x00%an%x00%ae%x00%s"

    /// Why the output could not be read.
    public struct Problem: Error, Equatable, Sendable {
        /// What is wrong, in words.
        public var message: String
    }

    /// The commits of the output, in its order. The output is read front to back,
    /// field by field, so no byte inside a subject or a path can be taken for a separator.
    public static func read(_ output: [UInt8]) throws(Problem) -> [Record] {
        var scanner = Scanner(bytes: output)
        var records: [Record] = []
        while scanner.skip(while: { $0 == 10 || $0 == 0 }), !scanner.atEnd {
            guard scanner.take() == 1 else { throw Problem(message: "the log does not start each commit where Flagstaff expects") }
            // Read as bytes where a log of thousands of commits showed: the ids are
            // checked, and the parents split at spaces, before any becomes a string.
            let (idBytes, treeBytes, parentBytes) = (scanner.fieldBytes(), scanner.fieldBytes(), scanner.fieldBytes())
            let (time, author, email, subject) = (scanner.field(), scanner.field(), scanner.field(), scanner.field())
            let id = String(decoding: idBytes, as: UTF8.self)
            guard isObjectID(idBytes), isObjectID(treeBytes) else { throw Problem(message: "'\(id)' is not a commit id") }
            let tree = String(decoding: treeBytes, as: UTF8.self)
            guard let day = CalendarDate(parsing: String(time.prefix(10))) else {
                throw Problem(message: "commit \(id) has the date '\(time)', not in ISO 8601")
            }
            let parentIDs = parentBytes.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
            let commit = HistoryCommit(id: id, time: time, day: day, author: author, email: email, subject: subject, isMerge: parentIDs.count > 1)
            var changes: [FileChange] = []
            while scanner.skip(while: { $0 == 10 }), scanner.peek == UInt8(ascii: ":") {
                changes.append(try change(&scanner, commit: id))
            }
            records.append(Record(commit: commit, tree: tree, parents: parentIDs, changes: changes))
        }
        return records
    }

    /// One raw diff entry: `:<mode> <mode> <blob> <blob> <status>` NUL `<path>` NUL,
    /// with a second path for a rename or a copy. The header's words are found by
    /// their bytes: a log holds thousands.
    private static func change(_ scanner: inout Scanner, commit: String) throws(Problem) -> FileChange {
        let header = scanner.fieldBytes()
        // The header without its colon, split at spaces: two modes, two blobs, the status.
        let words = header.dropFirst().split(separator: UInt8(ascii: " "))
        guard words.count == 5, let status = words[4].first else {
            throw Problem(message: "commit \(commit) has a raw diff line '\(String(decoding: header, as: UTF8.self))' Flagstaff cannot read")
        }
        let path = scanner.field()
        guard !path.isEmpty else { throw Problem(message: "commit \(commit) has a raw diff line without a path") }
        let blob = words[3].allSatisfy { $0 == UInt8(ascii: "0") } ? nil : String(decoding: words[3], as: UTF8.self)
        switch status {
        case UInt8(ascii: "A"): return FileChange(status: .added, path: path, blob: blob)
        case UInt8(ascii: "D"): return FileChange(status: .deleted, path: path, blob: nil)
        case UInt8(ascii: "T"): return FileChange(status: .typeChanged, path: path, blob: blob)
        case UInt8(ascii: "R"), UInt8(ascii: "C"):
            let target = scanner.field()
            guard !target.isEmpty else { throw Problem(message: "commit \(commit) has a rename or copy without its new path") }
            return FileChange(status: status == UInt8(ascii: "R") ? .renamed(from: path) : .copied(from: path), path: target, blob: blob)
        default:
            // M; U (unmerged) and X (unknown) do not occur in a log: a change git says no more of is a modification.
            return FileChange(status: .modified, path: path, blob: blob)
        }
    }

    /// Reads bytes front to back.
    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        var atEnd: Bool { position >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[position] }

        /// The next byte, which is consumed; `nil` at the end, where the position stays.
        mutating func take() -> UInt8? {
            guard let byte = peek else { return nil }
            position += 1
            return byte
        }

        /// Skips bytes while they match; always true, so it can lead a condition.
        mutating func skip(while matches: (UInt8) -> Bool) -> Bool {
            while let byte = peek, matches(byte) { position += 1 }
            return true
        }

        /// The text up to the next NUL (or the end), which is consumed.
        mutating func field() -> String { String(decoding: fieldBytes(), as: UTF8.self) }

        /// The bytes up to the next NUL (or the end), which is consumed.
        mutating func fieldBytes() -> ArraySlice<UInt8> {
            let start = position
            position = bytes[start...].firstIndex(of: 0) ?? bytes.count
            defer { if !atEnd { position += 1 } }
            return bytes[start..<position]
        }
    }

    /// Whether some bytes are a full object id: 40 (SHA-1) or 64 (SHA-256) hexadecimal digits.
    static func isObjectID(_ bytes: some Collection<UInt8>) -> Bool {
        (bytes.count == 40 || bytes.count == 64) && bytes.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }
}
