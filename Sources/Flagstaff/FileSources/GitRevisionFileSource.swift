import FlagstaffCore
import Foundation

/// Files as they are in one git revision, read from the object store with
/// `git cat-file --batch`, so loading a revision never touches the working tree.
public struct GitRevisionFileSource: FileSource {
    /// The revision as the user named it, e.g. `main` or `HEAD~1`.
    public let revision: String
    /// The full commit id the revision named when the source was opened.
    public let commit: String
    /// The workspace root's path inside the repository, e.g. `apps/ios/` or empty.
    public let prefix: String
    private let reader: GitObjectReader
    /// How many bytes an object id takes in a tree: 20 for SHA-1, 32 for SHA-256.
    private let idLength: Int

    /// Opens a revision of the repository that holds `folder`; relative paths
    /// then start from `folder`'s place in the repository.
    public init(folder: URL, revision: String) throws(FlagstaffError) {
        guard let prefix = Git.run(["rev-parse", "--show-prefix"], in: folder) else {
            throw .io("git is not installed, so revision '\(revision)' cannot be read")
        }
        guard prefix.status == 0 else { throw .io("'\(folder.path)' is not in a git repository") }
        // One process reads every object, the commit included: each process start costs more than all the reads.
        guard let reader = GitObjectReader(repository: folder) else { throw .io("cannot start git cat-file") }
        guard let commit = reader.object("\(revision)^{commit}"), commit.type == "commit" else {
            throw .usage("unknown revision '\(revision)'")
        }
        idLength = commit.id.count == 64 ? 32 : 20
        self.revision = revision
        self.commit = commit.id
        self.prefix = prefix.text.trimmingCharacters(in: .newlines)
        self.reader = reader
    }

    public var name: String { "revision \(revision)" }

    public func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        let object = try self.object(at: path)
        guard object.type == "blob" else { throw .unreadable("'\(path)' is not a file in \(name)") }
        if object.isPastLimit { throw .pastLimit(InputLimits.tooLarge(size: object.size, file: path)) }
        return object.contents
    }

    public func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        let object = try self.object(at: directory)
        guard object.type == "tree" else { throw .unreadable("'\(directory)' is not a folder in \(name)") }
        return Self.treeEntries(object.contents, idLength: idLength).sorted { $0.name < $1.name }
    }

    public func kind(of path: String) -> FileEntry.Kind? {
        switch (try? object(at: path))?.type {
        case "blob"?: .file
        case "tree"?: .directory
        case nil: nil
        default: .other
        }
    }

    private func object(at path: String) throws(FileSourceError) -> GitObjectReader.Object {
        guard !path.hasPrefix("/") else { throw .unreadable("an absolute path cannot be read from \(name)") }
        guard let relative = FilePath.normalized(FilePath.join(prefix, path)) else { throw .missing }
        guard let object = reader.object("\(commit):\(relative)") else { throw .missing }
        return object
    }

    /// The entries of a tree object, as `GitObjectStore.treeEntries` reads them, without their ids.
    static func treeEntries(_ bytes: [UInt8], idLength: Int = 20) -> [FileEntry] {
        GitObjectStore.treeEntries(bytes, idLength: idLength).map { FileEntry(name: $0.name, kind: $0.kind) }
    }
}
