import FlagstaffCore

/// A text's lines as CommonMark counts them: a line ends at `\n`, `\r\n` or a
/// lone `\r`. Each line is kept as a range of UTF-8 offsets, without its ending,
/// so readers can report columns in bytes and record ranges for edits.
struct TextLines {
    /// The text's bytes.
    let bytes: [UInt8]
    /// Each line's bytes, without the line ending; line `n` is at index `n - 1`.
    let ranges: [ByteRange]

    init(_ text: String) {
        bytes = Array(text.utf8)
        var ranges: [ByteRange] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"):
                ranges.append(start..<index)
                index += 1
                start = index
            case UInt8(ascii: "\r"):
                ranges.append(start..<index)
                index += index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n") ? 2 : 1
                start = index
            default:
                index += 1
            }
        }
        ranges.append(start..<bytes.count)
        self.ranges = ranges
    }

    /// The number of lines; a text that ends with a line ending has an empty last line.
    var count: Int { ranges.count }

    /// The text of a 1-based line, or an empty string past the end.
    func text(ofLine line: Int) -> String {
        guard line >= 1, line <= ranges.count else { return "" }
        return String(decoding: bytes[ranges[line - 1]], as: UTF8.self)
    }

    /// The line and (byte) column of a byte offset.
    func location(ofByte offset: Int, file: String) -> SourceLocation {
        var low = 0, high = ranges.count - 1
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].upperBound < offset { low = middle + 1 } else { high = middle }
        }
        return SourceLocation(file: file, line: low + 1, column: max(0, offset - ranges[low].lowerBound) + 1)
    }

    /// The bytes of a 1-based line, or an empty range past the end.
    func range(ofLine line: Int) -> ByteRange {
        guard line >= 1, line <= ranges.count else { return bytes.count..<bytes.count }
        return ranges[line - 1]
    }
}
