import FlagstaffCore

/// Where a workspace's files are read from: the disk, a git revision, or memory.
///
/// Every read of an input goes through one of these, so a command can load the
/// same workspace from the working tree, from a commit (for `diff`), or from
/// memory (in tests). Paths are relative to the workspace's root folder, with
/// `/` separators; the disk also accepts absolute paths.
public protocol FileSource: Sendable {
    /// What the source is, for messages: "the working tree", "revision main".
    var name: String { get }

    /// A file's bytes.
    func contents(of path: String) throws(FileSourceError) -> [UInt8]

    /// A file's text, decoded as UTF-8 (invalid bytes become U+FFFD), without the
    /// byte order mark some Windows editors put first, so every reader and editor
    /// sees the same text whether or not the file has one. A file past
    /// `InputLimits` is not decoded: every input is read through here, so no
    /// reader ever sees one. The default decodes `contents(of:)`.
    func text(of path: String) throws(FileSourceError) -> String

    /// The entries of a folder, sorted by name. `""` is the root.
    func entries(of directory: String) throws(FileSourceError) -> [FileEntry]

    /// What is at a path, or `nil` when nothing is.
    func kind(of path: String) -> FileEntry.Kind?

    /// The same files, with the places outside the workspace that `paths` name
    /// (`outside_workspace`) readable too. Sources that do not read the disk (git,
    /// memory) and sources that are not confined give themselves.
    func allowing(outside paths: [String]) -> any FileSource
}

/// One name in a folder.
public struct FileEntry: Hashable, Sendable {
    /// What an entry is.
    public enum Kind: Hashable, Sendable {
        /// A file, or a link to one.
        case file
        /// A folder.
        case directory
        /// A link to a folder: listed, but never walked into, so link loops cannot trap a walk.
        case linkedDirectory
        /// A git submodule at a commit: another repository's commit, whose files a revision does not hold.
        case submodule
        /// Anything else: a dangling link, a device.
        case other
    }

    /// The entry's name inside its folder.
    public var name: String
    /// What it is.
    public var kind: Kind

    /// Creates an entry.
    public init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }
}

/// Why a file source could not give what was asked.
public enum FileSourceError: Error, Equatable, Sendable {
    /// Nothing is at the path.
    case missing
    /// Something is there, but it cannot be read; the reason in words.
    case unreadable(String)
    /// The file is larger, or has a longer line, than `InputLimits` allows: the error at its position.
    case pastLimit(Diagnostic)
    /// The path leads outside the workspace, or is a link that leads nowhere.
    case outsideWorkspace(WorkspaceBoundary.Refusal)
}

extension FileSourceError {
    /// The error to report for an input named by a configuration key: the limit's
    /// own error at its position, else one at the key.
    func diagnostic(path: String, namedBy key: String, at location: SourceLocation?) -> Diagnostic {
        switch self {
        case .missing: .error("no such file '\(path)' (named by '\(key)')", at: location)
        case .unreadable: .error("cannot read '\(path)' (named by '\(key)')", at: location)
        case .pastLimit(let problem): problem
        case .outsideWorkspace(let refusal): .error("\(refusal.message) (named by '\(key)')", at: location, hint: refusal.hint)
        }
    }

    /// The error to report for a folder named by a configuration key that cannot be listed.
    func diagnostic(folder: String, namedBy key: String, at location: SourceLocation?) -> Diagnostic {
        switch self {
        case .outsideWorkspace: diagnostic(path: folder, namedBy: key, at: location)
        case .missing, .unreadable, .pastLimit: .error("cannot read the \(key) folder '\(folder)'", at: location)
        }
    }
}

extension FileSource {
    public func allowing(outside paths: [String]) -> any FileSource { self }

    public func text(of path: String) throws(FileSourceError) -> String {
        try Self.text(decoding: contents(of: path), file: path)
    }

    /// The text of a file's bytes, as `text(of:)` gives it.
    static func text(decoding bytes: [UInt8], file: String) throws(FileSourceError) -> String {
        if let problem = InputLimits.problem(in: bytes, file: file) { throw .pastLimit(problem) }
        return String(decoding: bytes.starts(with: byteOrderMark) ? bytes.dropFirst(3) : bytes[...], as: UTF8.self)
    }

    /// The bytes some editors put at the start of a UTF-8 file.
    static var byteOrderMark: [UInt8] { [0xEF, 0xBB, 0xBF] }

    /// Every file below a folder, as paths relative to it, in path order. Hidden
    /// entries (names starting with `.`) are skipped, and linked folders are not walked.
    public func files(below directory: String) throws(FileSourceError) -> [String] {
        var files: [String] = []
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = FilePath.join(directory, relative)
            for entry in try entries(of: folder).reversed() where !entry.name.hasPrefix(".") {
                let path = FilePath.join(relative, entry.name)
                switch entry.kind {
                case .file: files.append(path)
                case .directory: pending.append(path)
                case .linkedDirectory, .submodule, .other: continue
                }
            }
        }
        return files.sorted()
    }
}

/// Joins and normalises the relative paths file sources use.
enum FilePath {
    /// `a` and `b` joined by one `/`; either may be empty.
    static func join(_ a: String, _ b: String) -> String {
        if a.isEmpty { return b }
        if b.isEmpty { return a }
        return a.hasSuffix("/") ? a + b : a + "/" + b
    }

    /// The names between a path's slashes, as the file system reads them: split
    /// at every `/` scalar, empty names kept. Swift's characters would join a
    /// slash to a mark after it (`a/\u{301}x` holds the character `/́`), hiding
    /// the name before it, or a `..`.
    static func components(of path: String) -> [String] {
        path.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false).map { String(String.UnicodeScalarView($0)) }
    }

    /// The path without `.` components, empty components and `x/..` pairs.
    /// `nil` when `..` would climb above the start.
    static func normalized(_ path: String) -> String? {
        var parts: [String] = []
        for part in components(of: path) where !part.isEmpty {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.joined(separator: "/")
    }
}
