import FlagstaffCore
import Foundation
import Synchronization

/// Files on disk, below a root folder. A source confined to a boundary reads
/// nothing that leads outside it, links followed: such a read is an error.
public struct DiskFileSource: FileSource {
    /// The folder relative paths start from.
    public let root: URL
    /// Where reads may lead; `nil` for a folder the command line named, which is not confined.
    public let boundary: WorkspaceBoundary?
    /// The root's path, kept: a URL works its path out again each time it is asked.
    private let rootPath: String
    /// Where the folders this source has listed lead, by absolute path.
    private let listed = ListedFolders()
    /// Takes the hash of each file as it is read, for a build's digest; `nil` elsewhere.
    let digests: FileDigests?

    /// A source rooted at a folder and confined to it.
    public init(root: URL) {
        self.init(root: root, boundary: WorkspaceBoundary(root: root))
    }

    /// A source rooted at a folder and confined to `boundary`, or not confined when it is `nil`.
    public init(root: URL, boundary: WorkspaceBoundary?) {
        self.init(root: root, boundary: boundary, digests: nil)
    }

    /// A source that hands each file's bytes to `digests` as it reads them.
    init(root: URL, boundary: WorkspaceBoundary?, digests: FileDigests?) {
        self.root = root
        self.rootPath = root.path
        self.boundary = boundary
        self.digests = digests
    }

    public var name: String { "the working tree" }

    public func allowing(outside paths: [String]) -> any FileSource {
        boundary.map { DiskFileSource(root: root, boundary: $0.allowing(paths), digests: digests) } ?? self
    }

    /// The absolute path of a path: as written, or below the root, without a
    /// trailing `/`. Joined as text, not as a URL: this runs for every file read.
    private func absolutePath(_ path: String) -> String {
        var absolute = path.hasPrefix("/") ? path : FilePath.join(rootPath, path)
        while absolute.count > 1 && absolute.hasSuffix("/") { absolute.removeLast() }
        return absolute
    }

    /// The absolute path to open for `path`: where it leads, links followed, when
    /// that is inside the boundary.
    private func place(of path: String) throws(FileSourceError) -> String {
        let absolute = absolutePath(path)
        guard let boundary else { return absolute }
        if let place = listed.place(ofEntry: absolute) { return place }
        do {
            return try boundary.place(of: absolute, shown: path)
        } catch {
            throw .outsideWorkspace(error)
        }
    }

    /// Reads with the system's `open`, `fstat` and `read` into one buffer: Foundation's `Data`
    /// would copy every byte once more, which shows on hundreds of tenant files.
    public func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        let bytes = try withOpenFile(path) { descriptor, size throws(FileSourceError) in try Self.readAll(descriptor, size: size, path: path) }
        if let digests { bytes.withUnsafeBufferPointer { digests.record(path, $0) } }
        return bytes
    }

    /// Reads a file straight into the storage of the string it returns, rather
    /// than into bytes that are then copied into a string: that copy, and the
    /// fresh memory it writes, showed on hundreds of tenant files. A file that
    /// could have a line past `InputLimits.lineBytes` is read as bytes and
    /// decoded, as other sources do, so that its lines are checked first; so is a
    /// file that grew while it was read, from the start again.
    public func text(of path: String) throws(FileSourceError) -> String {
        let text = try withOpenFile(path) { descriptor, size throws(FileSourceError) -> String? in
            guard size <= InputLimits.lineBytes else {
                let bytes = try Self.readAll(descriptor, size: size, path: path)
                if let digests { bytes.withUnsafeBufferPointer { digests.record(path, $0) } }
                return try Self.text(decoding: bytes, file: path)
            }
            var (failed, grew) = (false, false)
            let text = String(unsafeUninitializedCapacity: size + 1) { buffer in
                var count = Self.readFully(descriptor, into: buffer, failed: &failed)
                grew = count == buffer.count
                if failed || grew { return 0 }
                digests?.record(path, UnsafeBufferPointer(rebasing: buffer.prefix(count)))
                if buffer.prefix(count).starts(with: Self.byteOrderMark) {
                    for offset in 3..<count { buffer[offset - 3] = buffer[offset] }
                    count -= 3
                }
                return count
            }
            guard !failed else { throw .unreadable("cannot read '\(path)'") }
            return grew ? nil : text
        }
        if let text { return text }
        return try Self.text(decoding: contents(of: path), file: path)
    }

    /// Opens a regular file within `InputLimits.fileBytes` and runs `body` with its
    /// descriptor and its size.
    private func withOpenFile<Value>(
        _ path: String, _ body: (Int32, Int) throws(FileSourceError) -> Value
    ) throws(FileSourceError) -> Value {
        guard let descriptor = Platform.openForReading(try place(of: path)) else {
            throw kind(of: path) == nil ? .missing : .unreadable("cannot read '\(path)'")
        }
        defer { Platform.close(descriptor) }
        guard let size = Platform.regularFileSize(descriptor) else { throw .unreadable("cannot read '\(path)'") }
        if let problem = InputLimits.problem(size: size, file: path) { throw .pastLimit(problem) }
        return try body(descriptor, size)
    }

    /// Every byte of an open file that had `size` bytes when it was opened.
    private static func readAll(_ descriptor: Int32, size: Int, path: String) throws(FileSourceError) -> [UInt8] {
        // One byte more than the size, so the read that finds the end of the file
        // needs no larger buffer: growing one would copy every byte again.
        var failed = false
        var bytes = [UInt8](unsafeUninitializedCapacity: size + 1) { buffer, count in
            count = readFully(descriptor, into: buffer, failed: &failed)
        }
        // The file grew after `fstat`: the rest is read in chunks.
        var full = bytes.count == size + 1
        while !failed && full {
            if let problem = InputLimits.problem(size: bytes.count, file: path) { throw .pastLimit(problem) }
            let (start, chunk) = (bytes.count, 64 * 1024)
            bytes.append(contentsOf: repeatElement(0, count: chunk))
            let count = bytes.withUnsafeMutableBufferPointer { Platform.read(descriptor, into: $0.baseAddress! + start, count: chunk) }
            failed = count < 0
            bytes.removeLast(chunk - max(count, 0))
            full = count > 0
        }
        guard !failed else { throw .unreadable("cannot read '\(path)'") }
        return bytes
    }

    /// Reads until the buffer is full or the file ends; returns how many bytes it read.
    private static func readFully(_ descriptor: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>, failed: inout Bool) -> Int {
        var count = 0
        while count < buffer.count {
            let got = Platform.read(descriptor, into: buffer.baseAddress! + count, count: buffer.count - count)
            guard got > 0 else {
                failed = got < 0
                break
            }
            count += got
        }
        return count
    }

    public func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        let folder = try place(of: directory)
        if boundary != nil { listed.remember(absolutePath(directory), leadsTo: folder) }
        guard let listed = Platform.folderEntries(atPath: folder) else {
            throw kind(of: directory) == nil ? .missing : .unreadable("cannot list '\(directory)'")
        }
        return listed.sorted { $0.name < $1.name }.map { entry in
            let path = FilePath.join(folder, entry.name)
            return FileEntry(name: entry.name, kind: (entry.kind.map { Self.kind(of: $0, at: path) } ?? Self.kind(at: path)) ?? .other)
        }
    }

    public func kind(of path: String) -> FileEntry.Kind? {
        Self.kind(at: absolutePath(path))
    }

    /// What is at a path, looking at a link itself first (`lstat`), then at what it
    /// points to. The system's calls, not Foundation's attributes, which look up the
    /// owner's name too: that showed on the thousand files of an app's code.
    private static func kind(at path: String) -> FileEntry.Kind? {
        Platform.entryKind(atPath: path).map { kind(of: $0, at: path) }
    }

    /// What an entry is, from what `lstat` (or the folder's listing) says it is:
    /// a link is followed to what it points to.
    private static func kind(of entry: Platform.EntryKind, at path: String) -> FileEntry.Kind {
        switch entry {
        case .directory: return .directory
        case .regular: return .file
        case .other: return .other
        case .link:
            switch Platform.followedKind(atPath: path) {
            case nil: return .other
            case .directory?: return .linkedDirectory
            default: return .file
            }
        }
    }
}

/// Where the folders a source has listed lead, so that each entry in them is
/// placed with one `lstat` instead of following every part of its path again: an
/// app's code is a thousand files or more. A link is always followed in full.
private final class ListedFolders: Sendable {
    private let places = Mutex<[String: String]>([:])

    func remember(_ folder: String, leadsTo place: String) {
        places.withLock { $0[folder] = place }
    }

    /// Where `path` leads when it is a file or folder, not a link, in a listed folder.
    func place(ofEntry path: String) -> String? {
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = path[path.index(after: slash)...]
        guard !name.isEmpty, name != ".", name != ".." else { return nil }
        guard let folder = places.withLock({ $0[String(path[..<slash])] }) else { return nil }
        switch Platform.entryKind(atPath: path) {
        case .regular?, .directory?: return FilePath.join(folder, String(name))
        case .link?, .other?, nil: return nil
        }
    }
}
