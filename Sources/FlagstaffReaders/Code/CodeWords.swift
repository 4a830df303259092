/// Which code files may use a flag, told from their bytes before any is parsed:
/// most files of an app use none, and parsing them is what a scan costs.
///
/// Every use the scan finds is a flag's Swift name, a constant's name, or a
/// string literal whose value is a key. Each is a whole word in the file's text
/// as Swift reads it, between characters other than letters, digits and `_`: the
/// name, or the key's longest run of those characters. The bytes are read as
/// Swift reads them where they could spell a word another way: an escape in a
/// string (`\u{74}` is `t`; `\n`, `\t`, `\r`, `\0` end a word, as their letter
/// is not part of it) and U+212A KELVIN SIGN, which Swift's canonical equivalence
/// takes as `K` (the only character outside ASCII that is an ASCII letter, digit
/// or `_` under it). Any other character outside ASCII ends a word. The test may
/// say yes too often, never no wrongly: a file with a raw string (`#"`), whose
/// backslashes are plain text, or with a line continued in a string (a `\` that
/// ends a line), is always a candidate, and so is every file when a name or key
/// has no such word or is not ASCII.
struct CodeWords {
    /// The words, by length.
    private let byLength: [[[UInt8]]]
    private let everyFile: Bool

    /// The words of `texts`: each text's longest run of letters, digits and `_`.
    init(_ texts: some Sequence<String>) {
        var byLength: [[[UInt8]]] = []
        var everyFile = false
        for text in texts {
            let bytes = Array(text.utf8)
            guard bytes.allSatisfy({ $0 < 0x80 }), let word = Self.longestWord(in: bytes) else {
                everyFile = true
                continue
            }
            if byLength.count <= word.count { byLength += Array(repeating: [], count: word.count + 1 - byLength.count) }
            byLength[word.count].append(word)
        }
        self.byLength = byLength
        self.everyFile = everyFile
    }

    /// Whether the text may use one of the words' flags: it has one of the words,
    /// or spells something in a way the test cannot see through.
    func mayUse(_ text: String) -> Bool {
        if everyFile { return true }
        var text = text
        return text.withUTF8 { bytes in
            var word = WordRun(words: byLength)
            var index = 0
            while index < bytes.count {
                // Between words, a byte that is no letter, digit or `_`, and starts no
                // escape, raw string or character outside ASCII, is passed over: the
                // spaces and punctuation that are half of a file.
                if word.isEmpty, Self.isPlain(bytes[index]) {
                    index += 1
                    continue
                }
                // A run of plain letters, digits and `_` that the next byte ends is
                // looked up where it lies: the usual word, in a file of thousands.
                if word.isEmpty, Self.isWordByte(bytes[index]) {
                    var end = index + 1
                    while end < bytes.count && Self.isWordByte(bytes[end]) { end += 1 }
                    if end == bytes.count || Self.wordByte(in: bytes, at: end) == nil {
                        if word.isAWord(UnsafeBufferPointer(rebasing: bytes[index..<end])) { return true }
                        index = end
                        continue
                    }
                }
                if let (letter, after) = Self.wordByte(in: bytes, at: index) {
                    word.append(letter)
                    index = after
                    continue
                }
                if word.endIsAWord() { return true }
                switch bytes[index] {
                case UInt8(ascii: "#") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\""):
                    return true
                case UInt8(ascii: "\\"):
                    var next = index + 1
                    while next < bytes.count && (bytes[next] == UInt8(ascii: " ") || bytes[next] == UInt8(ascii: "\t")) { next += 1 }
                    if next < bytes.count && (bytes[next] == UInt8(ascii: "\n") || bytes[next] == UInt8(ascii: "\r")) { return true }
                    next = index + 1
                    let escaped = next < bytes.count ? bytes[next] : 0
                    if escaped == UInt8(ascii: "u"), let (_, after) = Self.unicodeEscape(in: bytes, at: next + 1) {
                        index = after  // a character that is no letter, digit or `_`
                    } else if "0tnr\"'\\".utf8.contains(escaped) {
                        index = next + 1  // an escape that is no letter: its own letter is not read as one
                    } else {
                        index = next  // `\(`, `\.` or a key path: what follows is read as written
                    }
                case 0x80...:
                    index += 1
                    while index < bytes.count && bytes[index] & 0xC0 == 0x80 { index += 1 }
                default:
                    index += 1
                }
            }
            return word.endIsAWord()
        }
    }

    /// The scalar of `{hex}` at `start` (after `\u`), and the index after its `}`.
    private static func unicodeEscape(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (Unicode.Scalar, Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "{"), let close = bytes[start...].firstIndex(of: UInt8(ascii: "}")),
            close - start <= 9, let value = UInt32(String(decoding: bytes[(start + 1)..<close], as: UTF8.self), radix: 16),
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (scalar, close + 1)
    }

    /// The letter, digit or `_` at `index` as Swift reads it, and the index after
    /// it: the byte itself, a `\u{…}` escape of one, or U+212A KELVIN SIGN (E2 84 AA
    /// in UTF-8), which is `K`. Spelled either way, it goes on the word being read.
    private static func wordByte(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt8, Int)? {
        let byte = bytes[index]
        if isWordByte(byte) { return (byte, index + 1) }
        if byte == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u"),
            let (scalar, after) = unicodeEscape(in: bytes, at: index + 2)
        {
            if scalar == "\u{212A}" { return (UInt8(ascii: "K"), after) }
            return scalar.isASCII && isWordByte(UInt8(scalar.value)) ? (UInt8(scalar.value), after) : nil
        }
        if byte == 0xE2, bytes[index...].starts(with: [0xE2, 0x84, 0xAA]) { return (UInt8(ascii: "K"), index + 3) }
        return nil
    }

    private static func longestWord(in bytes: [UInt8]) -> [UInt8]? {
        let words = bytes.split(whereSeparator: { !isWordByte($0) })
        return words.max(by: { $0.count < $1.count }).map(Array.init)
    }

    /// Whether a byte is an ASCII letter, digit or `_`: a bit of two words, one per
    /// half of ASCII, which the loops over every byte of a file test without branching on ranges.
    private static func isWordByte(_ byte: UInt8) -> Bool {
        let (low, high): (UInt64, UInt64) = (0x03FF_0000_0000_0000, 0x07FF_FFFE_87FF_FFFE)
        return byte < 64 ? (low >> byte) & 1 == 1 : byte < 128 && (high >> (byte - 64)) & 1 == 1
    }

    /// Whether a byte between words can be passed over: ASCII, no letter, digit
    /// or `_`, no `\` (an escape) and no `#` (a raw string).
    private static func isPlain(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != UInt8(ascii: "\\") && byte != UInt8(ascii: "#") && !isWordByte(byte)
    }
}

/// The run of letters, digits and `_` being read, kept up to the longest word's length.
private struct WordRun {
    /// The words, by length.
    let words: [[[UInt8]]]
    private var bytes: [UInt8] = []
    private var tooLong = false

    init(words: [[[UInt8]]]) {
        self.words = words
        bytes.reserveCapacity(words.count)
    }

    mutating func append(_ byte: UInt8) {
        if bytes.count < words.count - 1 { bytes.append(byte) } else { tooLong = true }
    }

    /// Whether no letter has been read since the last run ended.
    var isEmpty: Bool { bytes.isEmpty && !tooLong }

    /// Whether a whole run, read in place, is one of the words.
    func isAWord(_ run: UnsafeBufferPointer<UInt8>) -> Bool {
        run.count < words.count && words[run.count].contains { $0.elementsEqual(run) }
    }

    /// Whether the run that ends here is one of the words; then a new run starts.
    mutating func endIsAWord() -> Bool {
        defer {
            bytes.removeAll(keepingCapacity: true)
            tooLong = false
        }
        return !tooLong && !bytes.isEmpty && words[bytes.count].contains(bytes)
    }
}
