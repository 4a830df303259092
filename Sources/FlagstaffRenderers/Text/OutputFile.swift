/// A file a renderer produces: its path inside the output folder and its bytes.
public struct OutputFile: Hashable, Sendable {
    /// The path relative to the output folder, with `/` separators.
    public var path: String
    /// The bytes as the renderer made them: a large export is tens of megabytes
    /// of text, which turning into an array would copy while both are alive.
    private let storage: Storage

    private enum Storage: Sendable {
        case bytes([UInt8])
        case text(String)
    }

    /// Creates a file from bytes.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        storage = .bytes(contents)
    }

    /// Creates a file from text, encoded as UTF-8.
    public init(path: String, text: String) {
        self.path = path
        storage = .text(text)
    }

    /// The file's contents.
    public var contents: [UInt8] {
        switch storage {
        case .bytes(let bytes): bytes
        case .text(let text): Array(text.utf8)
        }
    }

    /// Calls `body` with the file's bytes, without copying them.
    public func withUnsafeBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        switch storage {
        case .bytes(let bytes): return try bytes.withUnsafeBytes(body)
        case .text(var text): return try text.withUTF8 { try body(UnsafeRawBufferPointer($0)) }
        }
    }

    public static func == (lhs: OutputFile, rhs: OutputFile) -> Bool {
        lhs.path == rhs.path && lhs.withUnsafeBytes { left in rhs.withUnsafeBytes { right in left.elementsEqual(right) } }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        withUnsafeBytes { hasher.combine(bytes: $0) }
    }
}
