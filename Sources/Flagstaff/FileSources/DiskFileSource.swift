import FlagstaffCore
import Foundation

/// Files on disk, below a root folder.
public struct DiskFileSource: FileSource {
    /// The folder relative paths start from.
    public let root: URL

    /// A source rooted at a folder.
    public init(root: URL) {
        self.root = root
    }

    public var name: String { "the working tree" }

    /// The URL of a path: absolute as written, or below the root.
    public func url(for path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }

    public func contents(of path: String) throws(FileSourceError) -> [UInt8] {
        let url = url(for: path)
        if let size = try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize,
            let problem = InputLimits.problem(size: size, file: path)
        {
            throw .pastLimit(problem)
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw kind(of: path) == nil ? .missing : .unreadable("cannot read '\(path)'")
        }
        return [UInt8](data)
    }

    public func entries(of directory: String) throws(FileSourceError) -> [FileEntry] {
        let folder = url(for: directory)
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        } catch {
            throw kind(of: directory) == nil ? .missing : .unreadable("cannot list '\(directory)'")
        }
        return names.sorted().map { name in
            FileEntry(name: name, kind: Self.kind(at: folder.appendingPathComponent(name).path) ?? .other)
        }
    }

    public func kind(of path: String) -> FileEntry.Kind? {
        Self.kind(at: url(for: path).path)
    }

    /// What is at a path, looking at a link itself first (`lstat`), then at what it points to.
    private static func kind(at path: String) -> FileEntry.Kind? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
        switch attributes[.type] as? FileAttributeType {
        case .typeDirectory?: return .directory
        case .typeRegular?: return .file
        case .typeSymbolicLink?:
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .other }
            return isDirectory.boolValue ? .linkedDirectory : .file
        default: return .other
        }
    }
}
