import FlagstaffCore
import Foundation
import Synchronization

/// The objects of one repository, read by id through one `git cat-file --batch`
/// and shared by every commit a history visits: a tree is read and parsed once
/// however many commits share it, and a file's bytes once per version, so a commit
/// that changes one file reads that file and nothing else, and one that puts back
/// an old version reads nothing. Past `blobBudget` bytes, only the versions the
/// last commit read are kept.
final class GitObjectStore: Sendable {
    /// One entry of a tree: a name, what it is, and its object's id.
    struct TreeEntry: Sendable {
        var name: String
        var kind: FileEntry.Kind
        var id: String
    }

    private let reader: GitObjectReader
    /// How many bytes an object id takes in a tree: 20 for SHA-1, 32 for SHA-256.
    private let idLength: Int
    private let trees = Mutex<[String: [TreeEntry]]>([:])
    private let blobs = Mutex<Blobs>(Blobs())
    /// The ids of the objects read from git so far, and how many reads: what the
    /// history tests count. The set does not depend on which thread read an
    /// object first; the count does.
    private let reads = Mutex((count: 0, ids: Set<String>()))
    private let blobReads = Mutex(0)

    /// The file versions kept: bytes by blob id, the version last read at each path, and their total size.
    private struct Blobs {
        var bytes: [String: [UInt8]] = [:]
        var current: [String: String] = [:]
        /// The version of each path the walk last took from what was read ahead.
        var taken: [String: String] = [:]
        var size = 0
        /// The size of each version past `InputLimits.fileBytes`, whose bytes git need not send again.
        var pastLimit: [String: Int] = [:]

        /// Records that the walk took a version at a path, and lets go of the
        /// one it took there before, unless a commit read it or another path has it:
        /// a walk takes a file's versions in order, and needs an old one again only
        /// when it reads a commit whole before the file changes again.
        mutating func take(_ id: String, at path: String) {
            guard let previous = taken.updateValue(id, forKey: path), previous != id,
                !current.values.contains(previous), !taken.values.contains(previous), let dropped = bytes.removeValue(forKey: previous)
            else { return }
            size -= dropped.count
        }

        /// Keeps a version's bytes; past `budget` bytes, first lets go of all but
        /// the versions the last commit read.
        mutating func keep(_ contents: [UInt8], id: String, budget: Int) {
            guard bytes[id] == nil else { return }
            if size + contents.count > budget {
                let current = Set(self.current.values)
                bytes = bytes.filter { current.contains($0.key) }
                size = bytes.values.reduce(0) { $0 + $1.count }
            }
            bytes[id] = contents
            size += contents.count
        }
    }

    /// How many bytes of file versions are kept before old ones are let go.
    private static let blobBudget = 256 << 20

    /// At most this many trees are kept; past it the cache starts again. A history
    /// visits a few trees per commit, and old ones are rarely needed again.
    private static let treeLimit = 50_000

    /// Opens the store of the repository that holds `folder`; `nil` when git cannot be started.
    init?(repository folder: URL, idLength: Int) {
        guard let reader = GitObjectReader(repository: folder) else { return nil }
        self.reader = reader
        self.idLength = idLength
    }

    /// The object a name gives (`HEAD^{commit}`, an id), read without caching.
    func object(_ name: String) -> GitObjectReader.Object? { reader.object(name) }

    /// A tree's entries, sorted by name; `nil` when the id names no tree.
    func tree(_ id: String) -> [TreeEntry]? {
        if let entries = trees.withLock({ $0[id] }) { return entries }
        guard let object = readObject(id), object.type == "tree" else { return nil }
        return keep(tree: object.contents, id: id)
    }

    /// Parses and keeps a tree's bytes.
    private func keep(tree bytes: [UInt8], id: String) -> [TreeEntry] {
        let entries = Self.treeEntries(bytes, idLength: idLength)
        trees.withLock { trees in
            if trees.count >= Self.treeLimit { trees.removeAll(keepingCapacity: true) }
            trees[id] = entries
        }
        return entries
    }

    /// Reads at once, with few requests to git, what the store lacks to read some
    /// files and list some folders below each of some trees (paths from them,
    /// components separated by `/`): the folders on the way, a level at a time for
    /// every tree together, then the files' versions. A whole read of a commit asks
    /// for each on its own, and each would wait for git; the paths it read last
    /// time are the ones it asks for, and the commits read together are asked at once.
    func prefetch(files: [String], folders: [String], in roots: [String]) {
        typealias Step = (tree: String, rest: ArraySlice<Substring>, isFolder: Bool)
        let paths = files.map { ($0.split(separator: "/")[...], false) } + folders.map { ($0.split(separator: "/")[...], true) }
        var steps: [Step] = roots.flatMap { root in paths.map { (root, $0.0, $0.1) } }
        var versions: [String] = []
        while !steps.isEmpty {
            var seen = Set<String>()
            let missing = trees.withLock { trees in steps.map(\.tree).filter { trees[$0] == nil && seen.insert($0).inserted } }
            if !missing.isEmpty {
                reads.withLock { $0.count += missing.count; $0.ids.formUnion(missing) }
                for (id, object) in zip(missing, reader.objects(missing)) where object?.type == "tree" { _ = keep(tree: object!.contents, id: id) }
            }
            var next: [Step] = []
            for step in steps {
                guard let name = step.rest.first, let entries = trees.withLock({ $0[step.tree] }),
                    let entry = entries.first(where: { $0.name == name })
                else { continue }
                let rest = step.rest.dropFirst()
                switch entry.kind {
                case .directory where !rest.isEmpty || step.isFolder: next.append((entry.id, rest, step.isFolder))
                case .file where rest.isEmpty && !step.isFolder: versions.append(entry.id)
                default: continue
                }
            }
            steps = next
        }
        var seen = Set<String>()
        blobs(versions.filter { seen.insert($0).inserted }, reader: reader) { _, _ in }
    }

    /// The entry at a path (components separated by `/`) below a tree; the root
    /// itself for an empty path. `nil` when nothing is there.
    func entry(at path: String, in root: String) -> TreeEntry? {
        var current = TreeEntry(name: "", kind: .directory, id: root)
        for component in path.split(separator: "/") {
            guard current.kind == .directory, let entries = tree(current.id),
                let next = entries.first(where: { $0.name == component })
            else { return nil }
            current = next
        }
        return current
    }

    /// A file version: its bytes, or only its size when it is larger than
    /// `InputLimits.fileBytes`, so that its bytes were never read.
    enum Blob {
        case bytes([UInt8])
        case pastLimit(size: Int)

        /// The bytes, when they were read.
        var bytes: [UInt8]? {
            guard case .bytes(let bytes) = self else { return nil }
            return bytes
        }
    }

    /// The blob with an id, which is at `path` in the commit being read; `nil`
    /// when the id names no blob.
    func blob(_ id: String, at path: String) -> Blob? {
        // Looked up and read under one lock, so two tenants that share a version
        // (two identical files) read it once; `cat-file` answers one at a time anyway.
        blobs.withLock { blobs -> Blob? in
            if let bytes = blobs.bytes[id] {
                blobs.current[path] = id
                return .bytes(bytes)
            }
            if let size = blobs.pastLimit[id] { return .pastLimit(size: size) }
            guard let object = readObject(id), object.type == "blob" else { return nil }
            if object.isPastLimit {
                blobs.pastLimit[id] = object.size
                return .pastLimit(size: object.size)
            }
            blobReads.withLock { $0 += 1 }
            blobs.keep(object.contents, id: id, budget: Self.blobBudget)
            blobs.current[path] = id
            return .bytes(object.contents)
        }
    }

    /// Hands `each` the bytes of the file versions with some ids, in order, with
    /// their positions (`nil` for an id that names no blob, or one past
    /// `InputLimits.fileBytes`, whose bytes are not read). Those not kept yet are
    /// read with `reader` (the store's own, or a `git cat-file` of the caller's so
    /// that the store's other reads need not wait behind them), and kept until the
    /// walk takes the next version at their path (`took(_:at:)`).
    func blobs(_ ids: [String], reader: GitObjectReader, each: (Int, [UInt8]?) -> Void) {
        let (kept, pastLimit) = blobs.withLock { blobs in (ids.map { blobs.bytes[$0] }, ids.map { blobs.pastLimit[$0] != nil }) }
        let missing = ids.indices.filter { kept[$0] == nil && !pastLimit[$0] }
        var next = 0
        func handOver(upTo end: Int) {
            while next < end {
                if let bytes = kept[next] {
                    each(next, bytes)
                } else if pastLimit[next] {
                    each(next, nil)
                }
                next += 1
            }
        }
        reads.withLock { $0.count += missing.count; $0.ids.formUnion(missing.map { ids[$0] }) }
        reader.objects(missing.map { ids[$0] }) { offset, object in
            let position = missing[offset]
            handOver(upTo: position)
            guard let object, object.type == "blob", !object.isPastLimit else {
                if let object, object.isPastLimit { blobs.withLock { $0.pastLimit[ids[position]] = object.size } }
                each(position, nil)
                next = position + 1
                return
            }
            blobReads.withLock { $0 += 1 }
            blobs.withLock { $0.keep(object.contents, id: ids[position], budget: Self.blobBudget) }
            each(position, object.contents)
            next = position + 1
        }
        handOver(upTo: ids.count)
    }

    /// Records that the walk took a version read ahead at a path: the one it
    /// took there before is let go, unless something else still has it.
    func took(_ id: String, at path: String) {
        blobs.withLock { $0.take(id, at: path) }
    }

    /// How many objects have been read from git so far, and how many of them were
    /// file versions: what the history tests count.
    var objectReads: Int { reads.withLock { $0.count } }
    /// Which objects have been read from git so far.
    var objectsRead: Set<String> { reads.withLock { $0.ids } }
    var blobReadCount: Int { blobReads.withLock { $0 } }

    private func readObject(_ id: String) -> GitObjectReader.Object? {
        reads.withLock { $0.count += 1; $0.ids.insert(id) }
        return reader.object(id)
    }

    /// The entries of a tree object: `<mode> <name>\0<id>` repeated, each id
    /// `idLength` raw bytes. Mode 40000 is a folder, 100644 and 100755 are files,
    /// 160000 a submodule (a commit of another repository); links are `other`.
    static func treeEntries(_ bytes: [UInt8], idLength: Int) -> [TreeEntry] {
        let digits = Array("0123456789abcdef".utf8)
        var entries: [TreeEntry] = []
        var index = 0
        while index < bytes.count {
            guard let space = bytes[index...].firstIndex(of: UInt8(ascii: " ")),
                let nul = bytes[space...].firstIndex(of: 0), nul + idLength < bytes.count + 1
            else { break }
            let mode = String(decoding: bytes[index..<space], as: UTF8.self)
            let name = String(decoding: bytes[(space + 1)..<nul], as: UTF8.self)
            let kind: FileEntry.Kind
            switch mode {
            case "40000": kind = .directory
            case "100644", "100755": kind = .file
            case "160000": kind = .submodule
            default: kind = .other
            }
            var id = [UInt8]()
            id.reserveCapacity(idLength * 2)
            for byte in bytes[(nul + 1)..<min(nul + 1 + idLength, bytes.count)] {
                id.append(digits[Int(byte >> 4)])
                id.append(digits[Int(byte & 15)])
            }
            entries.append(TreeEntry(name: name, kind: kind, id: String(decoding: id, as: UTF8.self)))
            index = nul + 1 + idLength
        }
        return entries
    }
}

/// The files of one commit, read through a `GitObjectStore` by walking its tree,
/// so that commits share what they have in common. It records every path it is
/// asked about, so history knows which later changes can matter to what was read.
struct GitCommitFileSource: FileSource {
    let store: GitObjectStore
    /// The commit's tree.
    let tree: String
    /// The workspace root's path inside the repository, e.g. `apps/ios/` or empty.
    let prefix: String
    let name: String
    /// What was asked, from the repository's root.
    let reads = FileReads()

    func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        let (relative, entry) = try self.entry(at: path)
        reads.file(relative)
        guard let entry else { throw .missing }
        switch entry.kind == .file ? store.blob(entry.id, at: relative) : nil {
        case .bytes(let bytes)?: return bytes
        case .pastLimit(let size)?: throw .pastLimit(InputLimits.tooLarge(size: size, file: path))
        case nil: throw .unreadable("'\(path)' is not a file in \(name)")
        }
    }

    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        let (relative, entry) = try self.entry(at: directory)
        reads.folder(relative)
        guard let entry else { throw .missing }
        guard entry.kind == .directory, let entries = store.tree(entry.id) else { throw .unreadable("'\(directory)' is not a folder in \(name)") }
        return entries.map { FileEntry(name: $0.name, kind: $0.kind) }.sorted { $0.name < $1.name }
    }

    func kind(of path: String) -> FileEntry.Kind? {
        guard let (relative, entry) = try? self.entry(at: path) else { return nil }
        reads.file(relative)
        return entry?.kind
    }

    /// The path from the repository's root, and what is there.
    private func entry(at path: String) throws(FileSourceError) -> (String, GitObjectStore.TreeEntry?) {
        guard !path.hasPrefix("/") else { throw .unreadable("an absolute path cannot be read from \(name)") }
        guard let relative = FilePath.normalized(FilePath.join(prefix, path)) else { throw .missing }
        return (relative, store.entry(at: relative, in: tree))
    }
}
