import Foundation
import Synchronization

/// A file source that remembers the bytes of every file the first time it is
/// read, and gives the same bytes on every later read. The authoring commands
/// compute their edits from these bytes, and write only when the disk still holds them.
public final class SnapshotFileSource: FileSource {
    /// The source read through.
    public let base: any FileSource
    private let remembered = Mutex<[String: [UInt8]]>([:])

    /// Wraps a source.
    public init(_ base: any FileSource) {
        self.base = base
    }

    public var name: String { base.name }

    public func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        if let bytes = remembered.withLock({ $0[path] }) { return bytes }
        let bytes = try base.contents(of: path)
        remembered.withLock { $0[path] = bytes }
        return bytes
    }

    public func entries(of directory: String) throws(FileSourceError) -> [FileEntry] { try base.entries(of: directory) }

    public func kind(of path: String) -> FileEntry.Kind? { base.kind(of: path) }

    public func allowing(outside paths: [String]) -> any FileSource { SnapshotFileSource(base.allowing(outside: paths)) }
}

/// Another source with some files replaced or added in memory: the workspace as
/// it would be after a change, for validating the change before writing it.
struct OverlayFileSource: FileSource {
    let base: any FileSource
    /// New contents by normalized path.
    let files: [String: [UInt8]]

    var name: String { base.name }

    func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        if let normalized = FilePath.normalized(path), let bytes = files[normalized] { return bytes }
        return try base.contents(of: path)
    }

    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        let added = MemoryFileSource(bytes: files)
        let own = (try? added.entries(of: directory)) ?? []
        let existing: [FileEntry]
        do {
            existing = try base.entries(of: directory)
        } catch {
            guard !own.isEmpty else { throw error }
            existing = []
        }
        let names = Set(existing.map(\.name))
        return (existing + own.filter { !names.contains($0.name) }).sorted { $0.name < $1.name }
    }

    func kind(of path: String) -> FileEntry.Kind? {
        base.kind(of: path) ?? MemoryFileSource(bytes: files).kind(of: path)
    }
}
