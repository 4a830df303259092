import Foundation

/// Where Flagstaff may read and write: the workspace's folder (the one that holds
/// the configuration), and the places outside it that the configuration names
/// under `outside_workspace`. Paths are compared once symbolic links are
/// followed, so a link in a pull request cannot lead a read or a write elsewhere.
///
/// Paths given on the command line (`--output`, `--templates`, `--config`) are the
/// choice of whoever runs the command, not of the workspace, and are not confined.
public struct WorkspaceBoundary: Hashable, Sendable {
    /// Why a path may not be used: the path, where it leads, and the rule.
    public struct Refusal: Error, Equatable, Sendable {
        /// The message, naming the path.
        public var message: String
        /// What to do about it.
        public var hint: String
    }

    /// The environment variable that forbids `outside_workspace`, for CI that runs
    /// untrusted pull requests: such a pull request could name any place there.
    public static let workspaceOnlyVariable = "FLAGSTAFF_WORKSPACE_ONLY"

    /// The workspace's folder, links followed.
    public let root: String
    /// The places outside the folder that reads and writes may reach, links followed.
    public private(set) var outside: [String] = []
    /// Whether `outside_workspace` can widen the boundary: not for edited sources
    /// and `matrix_file`, which stay inside the folder itself.
    let widens: Bool

    /// The boundary of the workspace whose configuration is in `root`: where it
    /// reads and builds the site.
    public init(root: URL) {
        self.init(root: root, widens: true)
    }

    /// The boundary within which sources are edited and `matrix_file` written: the
    /// workspace's folder itself.
    public static func forEditing(root: URL) -> WorkspaceBoundary {
        WorkspaceBoundary(root: root, widens: false)
    }

    private init(root: URL, widens: Bool) {
        self.root = Self.resolved(root.standardizedFileURL.path) ?? root.standardizedFileURL.path
        self.widens = widens
    }

    /// The boundary with the places `paths` (relative to the root, or absolute) allowed too.
    public func allowing(_ paths: [String]) -> WorkspaceBoundary {
        var boundary = self
        boundary.outside += paths.map { path in
            let absolute = path.hasPrefix("/") ? path : FilePath.join(root, path)
            return Self.resolved(absolute) ?? absolute
        }
        return boundary
    }

    /// Whether `WorkspaceBoundary.workspaceOnlyVariable` is set to anything but `0` or empty.
    public static var forbidsOutside: Bool {
        let value = ProcessInfo.processInfo.environment[workspaceOnlyVariable] ?? ""
        return !value.isEmpty && value != "0"
    }

    /// The absolute path `path` leads to, links followed, when that is inside the
    /// boundary. `shown` is the path as the user wrote it, for the message.
    public func place(of path: String, shown: String) throws(Refusal) -> String {
        guard let target = Self.resolved(path) else {
            throw Refusal(
                message: "'\(shown)' is a symbolic link that leads nowhere", hint: "remove the link, or point it at a file inside the workspace")
        }
        guard contains(target) else {
            // Names that look the same but are spelt with other characters (`é`, or `e` and an accent) are another folder.
            let lookalike = Self.path(target, isInside: root) ? " (a folder whose name looks like the workspace's, spelt with other Unicode characters)" : ""
            throw Refusal(
                message: "'\(shown)' leads outside the workspace, to '\(target)'\(lookalike); Flagstaff reads and writes only inside '\(root)'",
                hint: widens
                    ? "move it inside the workspace, or name its place under 'outside_workspace' (never where CI runs untrusted pull requests)"
                    : "move it inside the workspace: sources are edited, and matrix_file written, only there")
        }
        return target
    }

    /// Whether a resolved path is inside the root or an allowed outside place,
    /// compared byte for byte: Swift holds two names equal that are two folders
    /// on Linux (`café` with `é`, and with `e` and a combining accent), so a link
    /// could lead to the other one while its path looked inside.
    public func contains(_ resolvedPath: String) -> Bool {
        ([root] + outside).contains { Self.bytes(of: resolvedPath, areInside: $0) }
    }

    /// Whether `path` is `folder` or below it, byte for byte.
    static func bytes(of path: String, areInside folder: String) -> Bool {
        let (path, folder) = (Array(path.utf8), Array(folder.utf8))
        if folder == Array("/".utf8) { return true }
        return path.starts(with: folder) && (path.count == folder.count || path[folder.count] == UInt8(ascii: "/"))
    }

    /// Whether `path` is `folder` or below it, as Swift compares text: a name
    /// written either way counts as the same. What the output folder's checks
    /// ask, where taking two names for one refuses a folder rather than allows it.
    static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder + "/")
    }

    /// An absolute path with its links, `.` and `..` resolved as far as it exists,
    /// and the rest (what does not exist yet, such as a file about to be written)
    /// appended with `.` and `..` applied to it. `nil` when a part that exists is a
    /// link that leads nowhere.
    static func resolved(_ path: String) -> String? {
        var existing = path
        var rest: [String] = []
        while Platform.entryKind(atPath: existing) == nil {
            let parent = (existing as NSString).deletingLastPathComponent
            guard parent != existing, !parent.isEmpty else { break }
            rest.insert((existing as NSString).lastPathComponent, at: 0)
            existing = parent
        }
        guard let real = Platform.realPath(existing) else { return nil }
        var parts = FilePath.components(of: real).filter { !$0.isEmpty }
        for part in rest {
            switch part {
            case ".", "": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
