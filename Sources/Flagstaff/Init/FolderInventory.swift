import Foundation

/// The files of a folder that `flagstaff init` looks at: every file below it,
/// in path order, except in folders of tools and dependencies, at most
/// `fileLimit` of them, each read through the workspace boundary (a link that
/// leads outside the folder is never followed), until `byteLimit` bytes are read.
struct FolderInventory {
    /// Folders never walked into: version control, build products and dependencies.
    static let skippedFolders: Set<String> = [".git", ".build", ".swiftpm", "Pods", "Carthage", "DerivedData", "node_modules"]
    /// How many files are listed at most.
    static let fileLimit = 20_000
    /// How many bytes are read at most, over all files.
    static let byteLimit = 64 << 20
    /// The endings of the files worth reading.
    static let readEndings = [".swift", ".json", ".plist", ".xml", ".xcconfig", ".md"]

    /// The folder's files, read through its boundary.
    let source: DiskFileSource
    /// The files' paths relative to the folder, in order.
    private(set) var paths: [String] = []
    /// What the walk left out because a limit was reached, in words; empty when nothing was.
    private(set) var limitsReached: [String] = []
    private var bytesRead = 0

    /// Lists the folder `root`.
    init(root: URL) {
        source = DiskFileSource(root: root, boundary: WorkspaceBoundary(root: root))
        var folders = [""]
        while let folder = folders.popLast() {
            guard let entries = try? source.entries(of: folder.isEmpty ? "." : folder) else { continue }
            for entry in entries.reversed() {
                let path = folder.isEmpty ? entry.name : folder + "/" + entry.name
                switch entry.kind {
                case .directory where !Self.skippedFolders.contains(entry.name): folders.append(path)
                case .file where Self.readEndings.contains(where: entry.name.hasSuffix):
                    guard paths.count < Self.fileLimit else {
                        limitsReached = ["only the first \(Self.fileLimit) files were looked at"]
                        return
                    }
                    paths.append(path)
                default: continue
                }
            }
        }
        paths.sort()
    }

    /// The paths with one of the endings.
    func paths(endingIn endings: String...) -> [String] {
        paths.filter { path in endings.contains(where: path.hasSuffix) }
    }

    /// A file's text; `nil` when it cannot be read, leads outside the folder, is
    /// past `InputLimits`, or the byte budget is spent (the file that crosses it
    /// is the last one read).
    mutating func text(of path: String) -> String? {
        guard bytesRead < Self.byteLimit else {
            let note = "reading stopped after \(Self.byteLimit >> 20) MiB"
            if !limitsReached.contains(note) { limitsReached.append(note) }
            return nil
        }
        guard let text = try? source.text(of: path) else { return nil }
        bytesRead += text.utf8.count
        return text
    }
}
