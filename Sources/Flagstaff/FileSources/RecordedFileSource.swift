import Synchronization

/// The paths a load asked a source about: what history needs to know which later
/// changes can matter to what was read.
final class FileReads: Sendable {
    /// Paths read or looked at, and folders listed.
    struct Paths: Equatable, Sendable {
        /// Files read or looked at (`contents`, `text`, `kind`), whether or not they exist.
        var files: Set<String> = []
        /// Folders listed (`entries`).
        var folders: Set<String> = []
    }

    private let state = Mutex(Paths())

    /// What was asked so far.
    var paths: Paths { state.withLock { $0 } }

    func file(_ path: String) {
        _ = state.withLock { $0.files.insert(path) }
    }

    func folder(_ path: String) {
        _ = state.withLock { $0.folders.insert(path) }
    }
}

/// Another source, recording the paths each read asks about (`FileReads`).
struct RecordedFileSource: FileSource {
    let base: any FileSource
    let reads: FileReads

    var name: String { base.name }

    func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        reads.file(path)
        return try base.contents(of: path)
    }

    func text(of path: String) throws(FileSourceError) -> String {
        reads.file(path)
        return try base.text(of: path)
    }

    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        reads.folder(directory)
        return try base.entries(of: directory)
    }

    func kind(of path: String) -> FileEntry.Kind? {
        reads.file(path)
        return base.kind(of: path)
    }

    func allowing(outside paths: [String]) -> any FileSource {
        RecordedFileSource(base: base.allowing(outside: paths), reads: reads)
    }
}
