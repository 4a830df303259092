import Foundation

/// Writes changed source files all or nothing. Before the first write it checks
/// that every file still holds the bytes the change was computed from and that
/// none is read-only; each file is then replaced by an atomic rename, keeping
/// its permissions; if a write fails, the files already written get their old
/// bytes back and new files are removed, so a failure leaves every input as it was.
public struct SourceWriter {
    /// One file to write: its bytes before (`nil` when it is new) and after.
    public struct Change: Equatable, Sendable {
        /// The path as the user reads it, for messages.
        public var path: String
        /// Where the file is.
        public var url: URL
        /// The bytes the change was computed from; `nil` for a new file.
        public var original: [UInt8]?
        /// The new bytes.
        public var updated: [UInt8]

        /// Creates a change.
        public init(path: String, url: URL, original: [UInt8]?, updated: [UInt8]) {
            self.path = path
            self.url = url
            self.original = original
            self.updated = updated
        }
    }

    /// Replaces a file's bytes; tests pass one that fails, to check the restore.
    public var replace: (URL, [UInt8]) throws -> Void

    /// Creates a writer that replaces files by atomic renames.
    public init(replace: @escaping (URL, [UInt8]) throws -> Void = SourceWriter.atomicReplace) {
        self.replace = replace
    }

    /// Writes every change, or none.
    public func write(_ changes: [Change]) throws(FlagstaffError) {
        let manager = FileManager.default
        for change in changes {
            let current = manager.contents(atPath: change.url.path).map { [UInt8]($0) }
            guard current == change.original else {
                throw .io("'\(change.path)' changed on disk since it was read; nothing was changed, run the command again")
            }
            if change.original != nil, Self.isReadOnly(change.url) {
                throw .io("cannot write '\(change.path)': the file is read-only; nothing was changed")
            }
        }
        var written: [Change] = []
        var createdFolders: [URL] = []
        do {
            for change in changes {
                var folder = change.url.deletingLastPathComponent()
                var missing: [URL] = []
                while !manager.fileExists(atPath: folder.path) {
                    missing.append(folder)
                    folder.deleteLastPathComponent()
                }
                try manager.createDirectory(at: change.url.deletingLastPathComponent(), withIntermediateDirectories: true)
                createdFolders += missing
                written.append(change)
                try replace(change.url, change.updated)
            }
        } catch {
            for change in written.reversed() {
                if let original = change.original {
                    try? Self.atomicReplace(change.url, original)
                } else {
                    try? manager.removeItem(at: change.url)
                }
            }
            for folder in createdFolders { try? manager.removeItem(at: folder) }
            let failed = written.last?.path ?? ""
            throw .io("cannot write '\(failed)': \(error.localizedDescription); every file was restored")
        }
    }

    /// Whether a file has no write permission for its owner, or cannot be written by this process.
    static func isReadOnly(_ url: URL) -> Bool {
        let permissions = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? 0o644
        return permissions & 0o200 == 0 || !FileManager.default.isWritableFile(atPath: url.path)
    }

    /// Writes bytes to a temporary file beside the target, gives it the target's
    /// permissions, and renames it over the target.
    public static func atomicReplace(_ url: URL, _ bytes: [UInt8]) throws {
        let manager = FileManager.default
        let permissions = try? manager.attributesOfItem(atPath: url.path)[.posixPermissions]
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).flagstaff-\(UUID().uuidString)")
        do {
            try Data(bytes).write(to: temporary)
            if let permissions { try manager.setAttributes([.posixPermissions: permissions], ofItemAtPath: temporary.path) }
            if rename(temporary.path, url.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: String(cString: strerror(errno))])
            }
        } catch {
            try? manager.removeItem(at: temporary)
            throw error
        }
    }
}
