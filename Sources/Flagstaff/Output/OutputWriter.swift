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

    /// Creates a writer for a folder.
    public init(directory: URL) {
        self.directory = directory
    }

    /// How the folder differs from what a build would write.
    public struct Difference: Equatable, Sendable {
        /// Files a build would create.
        public var missing: [String] = []
        /// Files whose bytes would change.
        public var changed: [String] = []
        /// Files an earlier build wrote that a build would now remove.
        public var stale: [String] = []

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
        var difference = Difference()
        var produced: [String] = []
        try produce { file in
            produced.append(file.path)
            compare(file, into: &difference)
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
        let url = directory.appendingPathComponent(file.path)
        guard let existing = FileManager.default.contents(atPath: url.path) else {
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
    /// and all are renamed into place only when the last one is staged. If
    /// producing or staging fails, what was staged is removed and the folder is as it was.
    /// Returns how many files were written, how many the build makes (the manifest
    /// included), and how many were removed.
    @discardableResult
    public func write(_ produce: Producer) throws(FlagstaffError) -> (written: Int, total: Int, removed: Int) {
        var staging = Staging()
        if EntryKind(at: directory) == nil {
            do {
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            } catch {
                throw .io("cannot create '\(directory.path)': \(error.localizedDescription)")
            }
            // Undoing a failed write removes the folder too, if this write made it.
            staging.folders.append(directory)
        }
        let lock = try FolderLock(directory)
        defer { lock.release() }

        // Read before this write replaces the manifest: the files it lists and this
        // write does not produce are removed at the end.
        let previousFiles = previousManifest()
        let previouslyWritten = Set(previousFiles)
        var produced: [String] = []
        var problem: FlagstaffError?
        func stage(_ file: OutputFile) {
            guard problem == nil else { return }
            guard Self.isSafe(file.path) else {
                problem = .io("refusing to write '\(file.path)', which is not a plain path inside the output folder")
                return
            }
            let url = directory.appendingPathComponent(file.path)
            guard let existing = FileManager.default.contents(atPath: url.path) else { return place(file, at: url) }
            guard !Self.same(existing, file) else { return }
            guard file.path == Self.manifestName || previouslyWritten.contains(file.path) else {
                problem = .io(
                    "'\(url.path)' was not written by flagstaff (it is not in \(Self.manifestName)); "
                        + "move it away or choose another output folder")
                return
            }
            place(file, at: url)
        }
        func place(_ file: OutputFile, at url: URL) {
            do {
                try staging.place(for: file.path, in: directory)
                let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).flagstaff-new")
                if EntryKind(at: temporary) != nil { throw OutputProblem("'\(temporary.path)' is in the way of a temporary file") }
                staging.temporaries.append((temporary, url))
                try Self.create(temporary, with: file)
            } catch {
                let reason = (error as? OutputProblem)?.description ?? "cannot write '\(url.path)'"
                problem = .io("\(reason), so nothing in '\(directory.path)' was changed")
            }
        }
        do {
            try produce { file in
                produced.append(file.path)
                stage(file)
            }
        } catch {
            staging.undo()
            throw error
        }
        // The manifest goes last, so it never lists a file that is not in place yet.
        stage(manifest(listing: produced))
        if let problem {
            staging.undo()
            throw problem
        }
        for (temporary, url) in staging.temporaries where rename(temporary.path, url.path) != 0 {
            staging.undo()
            throw .io("cannot replace '\(url.path)': \(String(cString: strerror(errno)))")
        }
        let paths = Set(produced)
        var removed = 0
        for path in previousFiles where !paths.contains(path) && kind(of: path) == .regular {
            do {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(path))
                removed += 1
            } catch {
                throw .io("cannot remove '\(directory.appendingPathComponent(path).path)': \(error.localizedDescription)")
            }
        }
        return (staging.temporaries.count, produced.count + 1, removed)
    }

    /// Writes a new file with the C library; a build writes thousands of files, and
    /// Foundation's `Data.write` does more per file than a fresh temporary file needs.
    private static func create(_ url: URL, with file: OutputFile) throws {
        // "x": fail rather than follow or replace anything already at the path.
        guard let handle = fopen(url.path, "wx") else { throw OutputProblem("cannot create '\(url.path)': \(String(cString: strerror(errno)))") }
        let (written, count) = file.withUnsafeBytes { bytes in (fwrite(bytes.baseAddress, 1, bytes.count, handle), bytes.count) }
        let closed = fclose(handle)
        guard written == count, closed == 0 else { throw OutputProblem("cannot write '\(url.path)': \(String(cString: strerror(errno)))") }
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
        let url = directory.appendingPathComponent(Self.manifestName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && Self.isSafe($0) }
    }

    /// A relative path of plain names: not empty, not absolute, no `.`, `..` or
    /// empty component, no NUL.
    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.contains("\0")
            && path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    /// What a path inside the folder is, not following links: `.link` when it or
    /// a folder on the way to it is a symbolic link, `nil` when nothing is there.
    private func kind(of path: String) -> EntryKind? {
        var url = directory
        let components = path.split(separator: "/").map(String.init)
        for component in components.dropLast() {
            url.appendPathComponent(component)
            let kind = EntryKind(at: url)
            guard kind == .directory else { return kind.map { $0 == .link ? .link : .other } }
        }
        return EntryKind(at: url.appendingPathComponent(components.last ?? ""))
    }
}

/// What is at a path, without following a symbolic link.
enum EntryKind: Equatable {
    case regular, directory, link, other

    /// Asks `lstat`: a build asks for every file and folder it writes, and
    /// Foundation's attributes dictionary costs many times the system call.
    init?(at url: URL) {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .directory
        case S_IFLNK: self = .link
        default: self = .other
        }
    }
}

/// The folders and temporary files a write created, so a failed write can remove them.
private struct Staging {
    var folders: [URL] = []
    var temporaries: [(temporary: URL, final: URL)] = []

    /// Makes room for a file inside the folder: creates the folders on the way,
    /// and refuses a symbolic link or anything but a folder among them.
    mutating func place(for path: String, in directory: URL) throws {
        let components = path.split(separator: "/").map(String.init)
        var url = directory
        for component in components.dropLast() {
            url.appendPathComponent(component)
            switch EntryKind(at: url) {
            case .directory?: continue
            case nil:
                try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
                folders.append(url)
            case .link?: throw OutputProblem("'\(url.path)' is a symbolic link; flagstaff writes only inside the output folder")
            default: throw OutputProblem("'\(url.path)' is in the way of a folder the build needs")
            }
        }
        url.appendPathComponent(components.last ?? "")
        switch EntryKind(at: url) {
        case nil, .regular?: return
        case .link?: throw OutputProblem("'\(url.path)' is a symbolic link; flagstaff writes only inside the output folder")
        default: throw OutputProblem("'\(url.path)' is in the way of a file the build writes")
        }
    }

    /// Removes the temporary files, then the folders, newest first.
    func undo() {
        for (temporary, _) in temporaries { try? FileManager.default.removeItem(at: temporary) }
        for folder in folders.reversed() { try? FileManager.default.removeItem(at: folder) }
    }
}

/// Why a file cannot be placed, in words.
private struct OutputProblem: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// An exclusive lock on a folder (`flock` on the folder itself, so no lock file
/// is left behind), held while a build writes into it. A second build waits.
private struct FolderLock {
    let descriptor: Int32

    init(_ directory: URL) throws(FlagstaffError) {
        descriptor = open(directory.path, O_RDONLY)
        guard descriptor >= 0 else { throw .io("cannot open '\(directory.path)' to lock it: \(String(cString: strerror(errno)))") }
        guard flock(descriptor, LOCK_EX) == 0 else {
            close(descriptor)
            throw .io("cannot lock '\(directory.path)': \(String(cString: strerror(errno)))")
        }
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
