import Foundation

/// A commit's files under the paths a later commit gave them: a configuration
/// borrowed from today names today's paths, and git saw the files renamed since.
struct SourceWithEarlierPaths: FileSource {
    let base: any FileSource
    /// Today's path to the commit's, from the workspace's folder.
    let earlier: [String: String]

    var name: String { base.name }

    func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        try base.contents(of: earlier[path] ?? path)
    }

    /// The folder's entries, with the files renamed into it since under their names of today.
    func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        var entries = (try? base.entries(of: directory)) ?? []
        for (today, then) in earlier where (today as NSString).deletingLastPathComponent == directory && base.kind(of: then) == .file {
            let name = (today as NSString).lastPathComponent
            if !entries.contains(where: { $0.name == name }) { entries.append(FileEntry(name: name, kind: .file)) }
        }
        guard !entries.isEmpty || base.kind(of: directory) != nil else { throw .missing }
        return entries.sorted { $0.name < $1.name }
    }

    func kind(of path: String) -> FileEntry.Kind? {
        if let then = earlier[path] { return base.kind(of: then) }
        if base.kind(of: path) == nil, earlier.keys.contains(where: { $0.hasPrefix(path + "/") }) { return .directory }
        return base.kind(of: path)
    }
}
