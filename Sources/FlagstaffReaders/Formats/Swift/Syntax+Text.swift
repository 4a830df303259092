import SwiftSyntax

extension SyntaxProtocol {
    /// The node's text as written, without the trivia before its first token and
    /// after its last: what swift-syntax's `trimmedDescription` gives, without the
    /// three copies of the tree that makes (measured: most of what reading a
    /// `#if` arm cost). A node with an error may end in a missing token, whose
    /// trivia the present token before it holds: it takes the slow way.
    var writtenText: String {
        if hasError { return trimmedDescription }
        let bytes = syntaxTextBytes
        let start = leadingTriviaLength.utf8Length
        let end = bytes.count - trailingTriviaLength.utf8Length
        guard start < end else { return "" }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension StringLiteralExprSyntax {
    /// The string a literal stands for, `nil` with interpolation: swift-syntax's
    /// `representedLiteralValue`, which unescapes segment by segment, taken as
    /// written for the common `"text"` with no escape in it (case raw values and
    /// remote keys, thousands of them).
    var literalValue: String? {
        if !hasError, openingPounds == nil, openingQuote.tokenKind == .stringQuote, segments.count == 1,
            case .stringSegment(let segment)? = segments.first
        {
            let text = segment.content.text
            if !text.utf8.contains(UInt8(ascii: "\\")) { return text }
        }
        return representedLiteralValue
    }
}
