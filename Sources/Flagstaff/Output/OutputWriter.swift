import FlagstaffRenderers
import Foundation

/// Puts rendered files into the output folder. Files are staged as they are
/// rendered and put in place only when all are, so a failing build never changes
/// the folder, and a large site is never whole in memory. A manifest
/// remembers what Flagstaff wrote, so files it no longer produces are removed
/// and files it never wrote are left alone.
///
/// A write holds a lock on the folder, so two builds into one folder take turns.
/// It writes every changed file next to its place under a temporary name first,
/// and renames them into place only when all are written: a write that fails
/// (a full disk, a read-only folder) removes what it staged and leaves the
/// previous output whole. It never goes through a symbolic link below the
/// output folder, never replaces a file that it did not write and that differs,
/// and removes only regular files its manifest lists, inside the folder.
public struct OutputWriter {
    /// The manifest's name inside the output folder.
    public static let manifestName = ".flagstaff-manifest"

    /// The output folder.
    public let directory: URL
    /// The folder that holds the write's journal and lock: the output folder, or a
    /// folder that holds it and every copy's target (the workspace's, for `matrix_file`).
    let journalFolder: URL

    /// Creates a writer for a folder.
    public init(directory: URL) {
        self.init(directory: directory, journalFolder: directory)
    }

    /// Creates a writer for a folder whose journal is kept in `journalFolder`, which holds it.
    init(directory: URL, journalFolder: URL) {
        self.directory = directory
        self.journalFolder = journalFolder
    }

    /// The path of a file inside the output folder. Joined as text: a file URL's
    /// `appendingPathComponent` asks the file system whether the result is a
    /// folder, one more system call for each of thousands of files.
    private func target(_ path: String) -> String {
        FilePath.join(directory.path, path)
    }

    /// A file the build makes (`path`, inside the output folder) that is also
    /// written to a place outside it (`target`, an absolute path inside the
    /// journal's folder), in the same transaction: `matrix_file`.
    struct Copy: Sendable {
        var path: String
        var target: String
    }

    /// How the folder differs from what a build would write.
    public struct Difference: Equatable, Sendable {
        /// Files a build would create.
        public var missing: [String] = []
        /// Files whose bytes would change.
        public var changed: [String] = []
        /// Files an earlier build wrote that a build would now remove.
        public var stale: [String] = []
        /// Copies outside the folder that are missing or hold other bytes, by target.
        public var changedCopies: [String] = []

        /// Whether the folder already holds exactly what a build would write.
        public var isEmpty: Bool { missing.isEmpty && changed.isEmpty && stale.isEmpty }
    }

    /// Hands each file a build makes to the given function, one at a time.
    public typealias Producer = (_ sink: (OutputFile) -> Void) throws(FlagstaffError) -> Void

    /// Compares the folder with the files a build would write, without writing.
    public func difference(from files: [OutputFile]) -> Difference {
        (try? difference { sink in files.forEach(sink) })?.difference ?? Difference()
    }

    /// Compares the folder with the files `produce` hands out, one at a time, without
    /// writing; also returns how many files it made.
    public func difference(_ produce: Producer) throws(FlagstaffError) -> (difference: Difference, count: Int) {
        try difference(produce, copies: [])
    }

    /// Compares the folder, and the targets of `copies`, with the files `produce`
    /// hands out; also returns how many files it made.
    func difference(_ produce: Producer, copies: [Copy]) throws(FlagstaffError) -> (difference: Difference, count: Int) {
        var difference = Difference()
        var produced: [String] = []
        try produce { file in
            produced.append(file.path)
            compare(file, into: &difference)
            for copy in copies where copy.path == file.path && Self.differs(copy.target, from: file) {
                difference.changedCopies.append(copy.target)
            }
        }
        compare(manifest(listing: produced), into: &difference)
        let paths = Set(produced)
        difference.stale = previousManifest().filter { !paths.contains($0) && kind(of: $0) == .regular }
        // Files are produced in no fixed order; the report is the same on every run.
        difference.missing.sort()
        difference.changed.sort()
        return (difference, produced.count)
    }

    private func compare(_ file: OutputFile, into difference: inout Difference) {
        guard let existing = FileManager.default.contents(atPath: target(file.path)) else {
            difference.missing.append(file.path)
            return
        }
        if !Self.same(existing, file) { difference.changed.append(file.path) }
    }

    /// Writes the files whose bytes changed, removes files an earlier build wrote
    /// that are no longer produced, and returns how many files were written.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(FlagstaffError) -> (written: Int, removed: Int) {
        let result = try write { sink in files.forEach(sink) }
        return (result.written, result.removed)
    }

    /// Writes the files `produce` hands out as they come, so a large site is never
    /// whole in memory: each changed file is staged under a temporary name at once,
    /// and all are renamed into place only when the last one is staged, through a
    /// `FileTransaction` in the folder. If producing or staging fails, or the
    /// command is stopped, what was staged is removed and the folder is as it was;
    /// if the process is killed, the next command finishes or undoes the write.
    /// Returns how many files were written, how many the build makes (the manifest
    /// included), and how many were removed.
    @discardableResult
    public func write(_ produce: Producer) throws(FlagstaffError) -> (written: Int, total: Int, removed: Int) {
        let result = try write(produce, copies: [])
        return (result.written, result.total, result.removed)
    }

    /// `write(_:)`, with `copies` written in the same transaction when they differ;
    /// also returns the targets of the copies it wrote.
    func write(
        _ produce: Producer, copies: [Copy]
    ) throws(FlagstaffError) -> (written: Int, total: Int, removed: Int, copied: [String]) {
        var madeFolder = false
        if Platform.entryKind(atPath: directory.path) == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create '\(directory.path)': \(error.localizedDescription)")
            }
            madeFolder = true
        }
        do {
            let transaction = try FileTransaction(folder: journalFolder.path, command: "flagstaff build", durable: false)
            return try write(produce, copies: copies, into: transaction)
        } catch {
            // Undoing a failed write removes the folder too, if this write made it.
            if madeFolder { Platform.removeEmptyFolder(directory.path) }
            throw error
        }
    }

    private func write(
        _ produce: Producer, copies: [Copy], into transaction: FileTransaction
    ) throws(FlagstaffError) -> (written: Int, total: Int, removed: Int, copied: [String]) {
        // Read before this write replaces the manifest: the files it lists and this
        // write does not produce are removed at the end.
        let previousFiles = previousManifest()
        let previouslyWritten = Set(previousFiles)
        var produced: [String] = []
        var written = 0
        var problem: FlagstaffError?
        var copied: [String] = []
        func stage(_ file: OutputFile) {
            guard problem == nil else { return }
            guard Self.isSafe(file.path) else {
                problem = .io("refusing to write '\(file.path)', which is not a plain path inside the output folder")
                return
            }
            let path = target(file.path)
            guard let existing = FileManager.default.contents(atPath: path) else { return place(file, at: path) }
            guard !Self.same(existing, file) else { return }
            guard file.path == Self.manifestName || previouslyWritten.contains(file.path) else {
                problem = .io(
                    "'\(path)' was not written by flagstaff (it is not in \(Self.manifestName)); "
                        + "move it away or choose another output folder")
                return
            }
            place(file, at: path)
        }
        func place(_ file: OutputFile, at path: String) {
            do {
                try makeRoom(for: file.path, in: transaction)
                try file.withUnsafeBytes { bytes in try transaction.write(bytes, to: path) }
                written += 1
            } catch let error as OutputProblem {
                problem = .io("\(error.description), so nothing in '\(directory.path)' was changed")
            } catch {
                problem = error as? FlagstaffError ?? .io("cannot write '\(path)', so nothing in '\(directory.path)' was changed")
            }
        }
        func stageCopies(of file: OutputFile) {
            for copy in copies where problem == nil && copy.path == file.path && Self.differs(copy.target, from: file) {
                do {
                    try transaction.makeFolders(for: copy.target)
                    try file.withUnsafeBytes { bytes in try transaction.write(bytes, to: copy.target, durable: true) }
                    copied.append(copy.target)
                } catch {
                    problem = error as? FlagstaffError ?? .io("cannot write '\(copy.target)', so nothing was changed")
                }
            }
        }
        try produce { file in
            produced.append(file.path)
            stage(file)
            stageCopies(of: file)
        }
        // The manifest goes last, so it never lists a file that is not in place yet.
        stage(manifest(listing: produced))
        if let problem { throw problem }
        let paths = Set(produced)
        var removed = 0
        for path in previousFiles where !paths.contains(path) && kind(of: path) == .regular {
            try transaction.remove(target(path))
            removed += 1
        }
        try transaction.commit()
        return (written, produced.count + 1, removed, copied)
    }

    /// Whether the file at `path` is missing or holds other bytes than `file`.
    static func differs(_ path: String, from file: OutputFile) -> Bool {
        guard let existing = FileManager.default.contents(atPath: path) else { return true }
        return !same(existing, file)
    }

    /// Makes room for a file inside the folder: creates the folders on the way,
    /// and refuses a symbolic link or anything but a folder among them.
    private func makeRoom(for path: String, in transaction: FileTransaction) throws {
        let components = FilePath.components(of: path).filter { !$0.isEmpty }
        var place = directory.path
        for component in components.dropLast() {
            place = FilePath.join(place, component)
            switch Platform.entryKind(atPath: place) {
            case .directory?: continue
            case nil: try transaction.createFolder(place)
            case .link?: throw OutputProblem("'\(place)' is a symbolic link; flagstaff writes only inside the output folder")
            default: throw OutputProblem("'\(place)' is in the way of a folder the build needs")
            }
        }
        place = FilePath.join(place, components.last ?? "")
        switch Platform.entryKind(atPath: place) {
        case nil, .regular?: return
        case .link?: throw OutputProblem("'\(place)' is a symbolic link; flagstaff writes only inside the output folder")
        default: throw OutputProblem("'\(place)' is in the way of a file the build writes")
        }
    }

    /// Whether a file on disk holds exactly these bytes, compared as memory rather
    /// than byte by byte through a sequence: a rebuild compares hundreds of megabytes.
    private static func same(_ existing: Data, _ file: OutputFile) -> Bool {
        file.withUnsafeBytes { new in
            existing.count == new.count
                && existing.withUnsafeBytes { old in old.count == 0 || memcmp(old.baseAddress!, new.baseAddress!, old.count) == 0 }
        }
    }

    /// The manifest: every path the build makes, sorted.
    private func manifest(listing paths: [String]) -> OutputFile {
        let text = "# Files written by flagstaff build; files not listed here are never touched.\n"
            + paths.sorted().map { $0 + "\n" }.joined()
        return OutputFile(path: Self.manifestName, text: text)
    }

    /// The paths the last build's manifest lists, keeping only plain relative paths.
    private func previousManifest() -> [String] {
        guard let data = FileManager.default.contents(atPath: target(Self.manifestName)) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && Self.isSafe($0) }
    }

    /// A relative path of plain names: not empty, not absolute, no `.`, `..` or
    /// empty component, no NUL.
    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.unicodeScalars.contains("\0")
            && FilePath.components(of: path).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }


    /// What a path inside the folder is, not following links: `.link` when it or
    /// a folder on the way to it is a symbolic link, `nil` when nothing is there.
    private func kind(of path: String) -> Platform.EntryKind? {
        var place = directory.path
        let components = FilePath.components(of: path).filter { !$0.isEmpty }
        for component in components.dropLast() {
            place = FilePath.join(place, component)
            let kind = Platform.entryKind(atPath: place)
            guard kind == .directory else { return kind.map { $0 == .link ? .link : .other } }
        }
        return Platform.entryKind(atPath: FilePath.join(place, components.last ?? ""))
    }
}

/// Why a file cannot be placed, in words.
private struct OutputProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
