/// Files held in memory, for tests: paths to contents; folders are implied by the paths.
public struct MemoryFileSource: FileSource {
    /// Every file by path.
    public let files: [String: [UInt8]]

    /// A source of texts by path.
    public init(_ files: [String: String]) {
        self.files = files.mapValues { Array($0.utf8) }
    }

    /// A source of bytes by path.
    public init(bytes files: [String: [UInt8]]) {
        self.files = files
    }

    public var name: String { "memory" }

    public func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        guard let normalized = FilePath.normalized(path), let bytes = files[normalized] else { throw .missing }
        return bytes
    }

    public func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        guard let folder = FilePath.normalized(directory), kind(of: folder) == .directory else { throw .missing }
        let prefix = folder.isEmpty ? "" : folder + "/"
        var kinds: [String: FileEntry.Kind] = [:]
        for path in files.keys where path.hasPrefix(prefix) {
            let rest = path.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                kinds[String(rest[..<slash])] = .directory
            } else {
                kinds[String(rest)] = .file
            }
        }
        return kinds.keys.sorted().map { FileEntry(name: $0, kind: kinds[$0]!) }
    }

    public func kind(of path: String) -> FileEntry.Kind? {
        guard let normalized = FilePath.normalized(path) else { return nil }
        if files[normalized] != nil { return .file }
        if normalized.isEmpty { return .directory }
        return files.keys.contains { $0.hasPrefix(normalized + "/") } ? .directory : nil
    }
}
