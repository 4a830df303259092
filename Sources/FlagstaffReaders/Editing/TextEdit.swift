import FlagstaffCore

/// One change to a file's bytes: replace a range with new text. An empty range
/// inserts; an empty replacement deletes. Editors return these, so that every
/// byte outside the ranges stays as it was.
public struct TextEdit: Hashable, Sendable {
    /// The bytes replaced.
    public var range: ByteRange
    /// The text put in their place.
    public var replacement: String

    /// Creates an edit.
    public init(_ range: ByteRange, _ replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// An insertion at an offset.
    public static func insert(_ text: String, at offset: Int) -> TextEdit { TextEdit(offset..<offset, text) }

    /// A deletion of a range.
    public static func delete(_ range: ByteRange) -> TextEdit { TextEdit(range, "") }

    /// The text with the edits applied. Edits must not overlap; insertions at the
    /// same offset keep their order.
    public static func apply(_ edits: [TextEdit], to text: String) -> String {
        let bytes = Array(text.utf8)
        let ordered = edits.enumerated().sorted {
            ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset)
        }.map(\.element)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var position = 0
        for edit in ordered {
            precondition(edit.range.lowerBound >= position && edit.range.upperBound <= bytes.count, "overlapping or out-of-range edit")
            output += bytes[position..<edit.range.lowerBound]
            output += Array(edit.replacement.utf8)
            position = edit.range.upperBound
        }
        output += bytes[position...]
        return String(decoding: output, as: UTF8.self)
    }
}

/// Helpers over a file's bytes for editors: line starts, indentation, line endings.
struct EditableText {
    let bytes: [UInt8]

    init(_ text: String) { bytes = Array(text.utf8) }

    /// The offset where the line holding `offset` starts.
    func lineStart(of offset: Int) -> Int {
        var index = min(offset, bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "\n"), bytes[index - 1] != UInt8(ascii: "\r") { index -= 1 }
        return index
    }

    /// The spaces and tabs at the start of the line holding `offset`.
    func indentation(of offset: Int) -> String {
        let start = lineStart(of: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// `\r\n` when the text's first line ends that way, else `\n`.
    var lineEnding: String {
        guard let newline = bytes.firstIndex(of: UInt8(ascii: "\n")) else { return "\n" }
        return newline > 0 && bytes[newline - 1] == UInt8(ascii: "\r") ? "\r\n" : "\n"
    }

    /// The first offset at or after `offset` that is not JSON whitespace.
    func skippingWhitespace(from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, Self.isWhitespace(bytes[index]) { index += 1 }
        return index
    }

    /// The last offset before `offset` that is not JSON whitespace, or -1.
    func lastNonWhitespace(before offset: Int) -> Int {
        var index = offset - 1
        while index >= 0, Self.isWhitespace(bytes[index]) { index -= 1 }
        return index
    }

    /// The line break (and the indentation after it) just before `offset`, when
    /// only spaces and tabs separate them: `offset` otherwise.
    func startOfLineBreak(before offset: Int) -> Int {
        var index = offset
        while index > 0, bytes[index - 1] == UInt8(ascii: " ") || bytes[index - 1] == UInt8(ascii: "\t") { index -= 1 }
        guard index > 0, bytes[index - 1] == UInt8(ascii: "\n") || bytes[index - 1] == UInt8(ascii: "\r") else { return offset }
        index -= 1
        if bytes[index] == UInt8(ascii: "\n"), index > 0, bytes[index - 1] == UInt8(ascii: "\r") { index -= 1 }
        return index
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }
}
