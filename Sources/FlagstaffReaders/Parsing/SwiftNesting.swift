import FlagstaffCore

/// A cheap scan of Swift source for how deeply it nests, run before swift-syntax
/// parses it. The parser and every visitor over its tree recurse once per level,
/// so a file nested thousands deep overflows the stack; this scan is a loop and
/// reports the first opening past the limit instead.
///
/// It counts `{ ( [` and `#if` against their closers, skipping comments and
/// string literals (interpolations inside them count as code). It does not
/// check that the pairs match: a stray closer only lowers the count, never below zero.
///
/// It counts `<` too, since swift-syntax tries each one as the start of generic
/// arguments with a lookahead that recurses: `a<a<a<…` takes time that grows
/// faster than the square of its length, and a few thousand overflow the stack.
/// As `<` is also a comparison, an open `<` closes at the end of its line and
/// at any bracket, `=`, `;`, `&` or `|`, which generic arguments do not contain.
///
/// Square brackets have a limit of their own: at each open `[` swift-syntax 603
/// looks ahead for an array, dictionary or inline-array type, and the lookaheads
/// nest, so twenty unclosed `[` take it half a minute.
enum SwiftNesting {
    /// An error at the first opening that nests deeper than `InputLimits.swiftDepth`, or `nil`.
    static func problem(in text: String, file: String) -> Diagnostic? {
        // The text's own bytes, not a copy: every file of an app's code is checked.
        var text = text
        let found = text.withUTF8 { bytes in
            var scanner = Scanner(bytes: bytes)
            return scanner.firstOffset(deeperThan: InputLimits.swiftDepth).map { ($0, scanner.squares) }
        }
        guard let (offset, squares) = found else { return nil }
        if squares > InputLimits.swiftSquareBrackets {
            return .error(
                "this file nests more than \(InputLimits.swiftSquareBrackets) square brackets, so it is not parsed",
                at: TextLines(text).location(ofByte: offset, file: file),
                hint: "Flagstaff reads Swift with at most \(InputLimits.swiftSquareBrackets) brackets open at once; see Limits in the README")
        }
        return .error(
            "this file nests deeper than \(InputLimits.swiftDepth) levels of braces, brackets, parentheses, angle brackets and #if, so it is not parsed",
            at: TextLines(text).location(ofByte: offset, file: file),
            hint: "Flagstaff reads Swift nested at most \(InputLimits.swiftDepth) deep; see Limits in the README")
    }

    /// Walks the bytes as the Swift lexer would, closely enough to count nesting.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0
        /// What each open level is: code brackets, or a string literal whose interpolation is open.
        var levels: [Level] = []
        /// How many of the levels are square brackets.
        var squares = 0

        enum Level {
            case code
            case square
            case ifConfig
            case angle
            /// A `\(` inside a string literal with this many `#` and `"`s: its `)` resumes the string.
            case interpolation(pounds: Int, quotes: Int)
        }

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        /// The byte offset of the first opening that makes the depth exceed `limit`.
        mutating func firstOffset(deeperThan limit: Int, squareLimit: Int = InputLimits.swiftSquareBrackets) -> Int? {
            var atLineStart = true
            while index < bytes.count {
                let byte = bytes[index]
                let start = index
                switch byte {
                case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                    closeAngles()
                    atLineStart = true
                    index += 1
                    continue
                case UInt8(ascii: " "), UInt8(ascii: "\t"):
                    index += 1
                    continue
                case UInt8(ascii: "/") where next(1) == UInt8(ascii: "/"):
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n"), bytes[index] != UInt8(ascii: "\r") { index += 1 }
                    continue
                case UInt8(ascii: "/") where next(1) == UInt8(ascii: "*"):
                    skipBlockComment()
                case UInt8(ascii: "<"):
                    levels.append(.angle)
                    index += 1
                    if levels.count > limit { return start }
                case UInt8(ascii: ">"):
                    if case .angle? = levels.last, start == 0 || bytes[start - 1] != UInt8(ascii: "-") { levels.removeLast() }
                    index += 1
                case UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: "&"), UInt8(ascii: "|"):
                    closeAngles()
                    index += 1
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["):
                    closeAngles()
                    if byte == UInt8(ascii: "[") {
                        levels.append(.square)
                        squares += 1
                        if squares > squareLimit { return start }
                    } else {
                        levels.append(.code)
                    }
                    index += 1
                    if levels.count > limit { return start }
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    closeAngles()
                    popBracket()
                    index += 1
                case UInt8(ascii: ")"):
                    closeAngles()
                    index += 1
                    switch levels.last {
                    case .interpolation(let pounds, let quotes)?:
                        levels.removeLast()
                        if let offset = skipString(pounds: pounds, quotes: quotes, limit: limit) { return offset }
                    case .code?, .square?: popBracket()
                    default: break
                    }
                case UInt8(ascii: "#") where atLineStart && word(at: index + 1) == "if":
                    levels.append(.ifConfig)
                    index += 3
                    if levels.count > limit { return start }
                case UInt8(ascii: "#") where atLineStart && word(at: index + 1) == "endif":
                    if case .ifConfig? = levels.last { levels.removeLast() }
                    index += 6
                case UInt8(ascii: "#"), UInt8(ascii: "\""):
                    var pounds = 0
                    while next(pounds) == UInt8(ascii: "#") { pounds += 1 }
                    guard next(pounds) == UInt8(ascii: "\"") else {
                        index += max(1, pounds)
                        break
                    }
                    let quotes = next(pounds + 1) == UInt8(ascii: "\"") && next(pounds + 2) == UInt8(ascii: "\"") ? 3 : 1
                    index += pounds + quotes
                    if let offset = skipString(pounds: pounds, quotes: quotes, limit: limit) { return offset }
                default:
                    index += 1
                }
                atLineStart = false
            }
            return nil
        }

        /// Closes the bracket on top of the levels, if one is.
        private mutating func popBracket() {
            switch levels.last {
            case .code?: levels.removeLast()
            case .square?:
                levels.removeLast()
                squares -= 1
            default: break
            }
        }

        /// Drops the open `<` on top of the levels: what ends a line or opens a bracket is no generic argument.
        private mutating func closeAngles() {
            while case .angle? = levels.last { levels.removeLast() }
        }

        /// The byte `offset` places ahead, or `nil` past the end.
        private func next(_ offset: Int) -> UInt8? {
            index + offset < bytes.count ? bytes[index + offset] : nil
        }

        /// The identifier starting at an offset.
        private func word(at offset: Int) -> Substring {
            var end = offset
            while end < bytes.count, bytes[end] == UInt8(ascii: "_") || (bytes[end] | 0x20) >= UInt8(ascii: "a") && (bytes[end] | 0x20) <= UInt8(ascii: "z") {
                end += 1
            }
            return Substring(decoding: bytes[offset..<end], as: UTF8.self)
        }

        /// Skips a `/* */` comment, which may nest.
        private mutating func skipBlockComment() {
            var depth = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "/"), next(1) == UInt8(ascii: "*") {
                    depth += 1
                    index += 2
                } else if bytes[index] == UInt8(ascii: "*"), next(1) == UInt8(ascii: "/") {
                    depth -= 1
                    index += 2
                    if depth == 0 { return }
                } else {
                    index += 1
                }
            }
        }

        /// Skips the rest of a string literal after its opening quotes, up to its
        /// closing quotes or an interpolation, which opens a level. Returns the
        /// offset of an interpolation that nests too deep.
        private mutating func skipString(pounds: Int, quotes: Int, limit: Int) -> Int? {
            while index < bytes.count {
                let byte = bytes[index]
                if quotes == 1, byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { return nil }
                if byte == UInt8(ascii: "\\"), (0..<pounds).allSatisfy({ next(1 + $0) == UInt8(ascii: "#") }) {
                    let start = index
                    index += 1 + pounds
                    if next(0) == UInt8(ascii: "(") {
                        index += 1
                        levels.append(.interpolation(pounds: pounds, quotes: quotes))
                        return levels.count > limit ? start : nil
                    }
                    index += 1
                    continue
                }
                if byte == UInt8(ascii: "\""), (0..<quotes).allSatisfy({ next($0) == UInt8(ascii: "\"") }),
                    (0..<pounds).allSatisfy({ next(quotes + $0) == UInt8(ascii: "#") })
                {
                    index += quotes + pounds
                    return nil
                }
                index += 1
            }
            return nil
        }
    }
}
