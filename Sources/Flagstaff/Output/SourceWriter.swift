import Foundation

/// Writes changed source files all or nothing. Before the first write it checks
/// that every file still holds the bytes the change was computed from and that
/// none is read-only. It then writes them through a `FileTransaction` in the
/// workspace's folder: each file is replaced by a rename, keeping its
/// permissions, and a failure, Ctrl-C or a killed process leaves every file as it
/// was, or, once every new file is on disk, lets the next command finish the change.
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

    /// Puts a staged file in place; tests pass one that fails, to check the roll-back.
    var rename: @Sendable (String, String) -> String?

    /// Creates a writer that replaces files by renames.
    public init() {
        rename = { Platform.rename($0, to: $1) }
    }

    /// A writer whose renames go through `rename`, which returns the reason when
    /// it fails: tests make one fail part-way, to check that the old files come back.
    public init(rename: @escaping @Sendable (_ source: String, _ destination: String) -> String?) {
        self.rename = rename
    }

    /// Writes every change, or none. `folder` holds the change's journal (the
    /// workspace's folder), and `command` names the change if a later command
    /// must finish or roll it back.
    public func write(_ changes: [Change], in folder: URL, command: String) throws(FlagstaffError) {
        for change in changes {
            let current = FileManager.default.contents(atPath: change.url.path).map { [UInt8]($0) }
            guard current == change.original else {
                throw .io("'\(change.path)' changed on disk since it was read; nothing was changed, run the command again")
            }
            if change.original != nil, Self.isReadOnly(change.url) {
                throw .io("cannot write '\(change.path)': the file is read-only; nothing was changed")
            }
        }
        let transaction = try FileTransaction(folder: folder.path, command: command, durable: true)
        transaction.putInPlace = rename
        for change in changes {
            try transaction.makeFolders(for: change.url.path)
            try transaction.write(change.updated, to: change.url.path)
        }
        try transaction.commit()
    }

    /// Whether a file has no write permission for its owner, or cannot be written by this process.
    static func isReadOnly(_ url: URL) -> Bool {
        let permissions = Platform.permissions(atPath: url.path) ?? 0o644
        return permissions & 0o200 == 0 || !Platform.isWritable(url.path)
    }
}
