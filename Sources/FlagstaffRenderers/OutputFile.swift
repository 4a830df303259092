/// A file a renderer produces: its path inside the output folder and its bytes.
public struct OutputFile: Hashable, Sendable {
    /// The path relative to the output folder, with `/` separators.
    public var path: String
    /// The file's contents.
    public var contents: [UInt8]

    /// Creates a file from bytes.
    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }

    /// Creates a file from text, encoded as UTF-8.
    public init(path: String, text: String) {
        self.init(path: path, contents: Array(text.utf8))
    }
}
