import FlagstaffCore
import SwiftSyntax

/// A Swift file's lines, to say where a syntax node is written: its line, and its
/// column in UTF-8 bytes, as the compiler counts them.
///
/// Made from the file's bytes in one pass. swift-syntax's `SourceLocationConverter`
/// gives the same lines and columns, but finds the line ends by walking every token
/// of the tree, which cost a twentieth of reading a large declarations file. Lines end
/// at `\n`, `\r\n` or a lone `\r`, as in Swift. A `#sourceLocation` directive is not
/// followed: a location is where the bytes are, which is where an editor goes.
struct SwiftSourceLines: Sendable {
    let file: String
    private let lines: TextLines

    /// The file's bytes, whose slices give a node's text as written.
    var bytes: [UInt8] { lines.bytes }

    init(file: String, text: String) {
        self.file = file
        lines = TextLines(text)
    }

    /// Where a node starts, after the trivia before it.
    func location(of node: some SyntaxProtocol) -> FlagstaffCore.SourceLocation {
        lines.location(ofByte: node.positionAfterSkippingLeadingTrivia.utf8Offset, file: file)
    }
}
