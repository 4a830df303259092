import FlagstaffCore

/// Parses a Remote Config condition expression into the parts `&&` joins.
///
/// Hand-written: Firebase publishes the grammar only as prose, and no Swift
/// library parses it. Flagstaff needs exactly the parts it can decide for a
/// tenant (`true`, `false`, `app.id`, `device.os`, a custom signal); every
/// documented element about the device or the user is recognised by name and
/// marked as varying. Anything else is `unparsed`, never guessed.
public enum RemoteConditionParser {
    /// The elements that depend on the device or the user, and what they depend on, in words.
    static let varyingElements: [(name: String, meaning: String)] = [
        ("percent", "a random percentage of devices"),
        ("device.country", "the device's country"),
        ("device.language", "the device's language"),
        ("device.dateTime", "the date and time of the fetch"),
        ("dateTime", "the date and time of the fetch"),
        ("app.version", "the installed app version"),
        ("app.build", "the installed app build"),
        ("app.userProperty", "a user property in Google Analytics"),
        ("app.audiences", "the user's Google Analytics audiences"),
        ("app.firstOpenTimestamp", "when the user first opened the app"),
        ("app.firebaseInstallationId", "the app installation"),
        ("app.operatingSystemAndVersion", "the operating system version"),
        ("app.browserAndVersion", "the browser"),
        ("version(app.customSignal", "a version the device sets as a custom signal"),
    ]

    /// Parses `text`, whose first character is at `location` (columns count UTF-8 bytes).
    public static func parse(_ text: String, at location: SourceLocation) -> RemoteExpression {
        let bytes = Array(text.utf8)
        var parts: [RemoteExpression.Part] = []
        for range in partRanges(bytes) {
            let partText = String(decoding: bytes[range], as: UTF8.self)
            let partLocation = SourceLocation(file: location.file, line: location.line, column: location.column + range.lowerBound)
            parts.append(RemoteExpression.Part(kind: kind(of: Array(bytes[range])), text: partText, location: partLocation))
        }
        if parts.isEmpty {
            parts = [RemoteExpression.Part(kind: .unparsed("the expression is empty"), text: text, location: location)]
        }
        return RemoteExpression(text: text, parts: parts)
    }

    /// The byte ranges of the parts between top-level `&&`s, trimmed. Quotes,
    /// brackets and parentheses are skipped over, so `&&` inside them does not split.
    static func partRanges(_ bytes: [UInt8]) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0, index = 0, depth = 0
        var quote: UInt8?
        while index < bytes.count {
            let byte = bytes[index]
            if let open = quote {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") {
                quote = byte
            } else if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if depth == 0, byte == UInt8(ascii: "&"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "&") {
                ranges.append(start..<index)
                index += 2
                start = index
                continue
            }
            index += 1
        }
        ranges.append(start..<bytes.count)
        return ranges.map { range in
            var lower = range.lowerBound, upper = range.upperBound
            while lower < upper, bytes[lower] == UInt8(ascii: " ") || bytes[lower] == UInt8(ascii: "\t") { lower += 1 }
            while upper > lower, bytes[upper - 1] == UInt8(ascii: " ") || bytes[upper - 1] == UInt8(ascii: "\t") { upper -= 1 }
            return lower..<upper
        }.filter { !$0.isEmpty || ranges.count > 1 }
    }

    /// What one part tests.
    static func kind(of bytes: [UInt8]) -> RemoteExpression.Kind {
        var scanner = Scanner(bytes: bytes)
        do {
            return try scanner.part()
        } catch {
            return .unparsed(error.message)
        }
    }

    struct Problem: Error {
        var message: String
    }

    /// A cursor over one part's bytes.
    struct Scanner {
        let bytes: [UInt8]
        var offset = 0

        var atEnd: Bool { offset >= bytes.count }

        mutating func part() throws(Problem) -> RemoteExpression.Kind {
            guard !atEnd else { throw Problem(message: "an empty part between '&&'") }
            if take("true") { return try end(.constant(true)) }
            if take("false") { return try end(.constant(false)) }
            if take("app.id") {
                let (isIn, values) = try comparison(of: "app.id")
                return .appID(isIn: isIn, values)
            }
            if take("device.os") {
                let (isIn, values) = try comparison(of: "device.os")
                return .operatingSystem(isIn: isIn, values)
            }
            if take("app.customSignal") { return try customSignal() }
            for element in RemoteConditionParser.varyingElements where startsWithElement(element.name) {
                return .varying(element.meaning)
            }
            let name = String(decoding: bytes.prefix { ![UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "(")].contains($0) }, as: UTF8.self)
            throw Problem(message: "unknown element '\(name)'")
        }

        /// Whether the part starts with an element name followed by nothing, a space, `.`, `[`, `(` or `'`.
        func startsWithElement(_ name: String) -> Bool {
            let name = Array(name.utf8)
            guard bytes.starts(with: name) else { return false }
            guard name.count < bytes.count else { return true }
            return [UInt8(ascii: " "), UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "'")].contains(bytes[name.count])
                || name.last == UInt8(ascii: "(")
        }

        /// `== 'x'`, `!= 'x'` or `in ['x', 'y']` after an element.
        mutating func comparison(of element: String) throws(Problem) -> (isIn: Bool, [String]) {
            skipSpaces()
            if take("==") { skipSpaces(); return try end((true, [string()])) }
            if take("!=") { skipSpaces(); return try end((false, [string()])) }
            if take("in") { skipSpaces(); return try end((true, stringList())) }
            throw Problem(message: "expected ==, != or in after \(element)")
        }

        /// `['key'].method(['a', 'b'])` or `['key'] >= 5` after `app.customSignal`.
        mutating func customSignal() throws(Problem) -> RemoteExpression.Kind {
            guard take("[") else { throw Problem(message: "expected ['key'] after app.customSignal") }
            let key = try string()
            guard take("]") else { throw Problem(message: "expected ']' after the signal's key") }
            if take(".") {
                let methods: [(String, ([String]) -> RemoteExpression.SignalTest)] = [
                    ("exactlyMatches", { .exactlyMatches($0) }), ("notContains", { .notContains($0) }),
                    ("contains", { .contains($0) }), ("matches", { .matches($0) }),
                ]
                for (name, test) in methods where take(name) {
                    guard take("(") else { throw Problem(message: "expected '(' after \(name)") }
                    let values = try stringList()
                    guard take(")") else { throw Problem(message: "expected ')' after the list") }
                    return try end(.customSignal(key: key, test: test(values)))
                }
                throw Problem(message: "unknown custom signal operator; use exactlyMatches, contains, notContains or matches")
            }
            skipSpaces()
            for comparison in ["==", "!=", "<=", ">=", "<", ">"] where take(comparison) {
                skipSpaces()
                let start = offset
                while !atEnd, bytes[offset] != UInt8(ascii: " ") { offset += 1 }
                guard let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
                    throw Problem(message: "a custom signal compared with \(comparison) needs a number; compare strings with exactlyMatches")
                }
                return try end(.customSignal(key: key, test: .compare(comparison, number)))
            }
            throw Problem(message: "expected an operator after app.customSignal['\(key)']")
        }

        /// A string in single or double quotes.
        mutating func string() throws(Problem) -> String {
            guard !atEnd, bytes[offset] == UInt8(ascii: "'") || bytes[offset] == UInt8(ascii: "\"") else {
                throw Problem(message: "expected a string in quotes")
            }
            let quote = bytes[offset]
            offset += 1
            var value: [UInt8] = []
            while !atEnd, bytes[offset] != quote {
                if bytes[offset] == UInt8(ascii: "\\"), offset + 1 < bytes.count { offset += 1 }
                value.append(bytes[offset])
                offset += 1
            }
            guard !atEnd else { throw Problem(message: "a string is not closed") }
            offset += 1
            return String(decoding: value, as: UTF8.self)
        }

        /// `['a', 'b']`.
        mutating func stringList() throws(Problem) -> [String] {
            guard take("[") else { throw Problem(message: "expected a list such as ['a', 'b']") }
            var values: [String] = []
            skipSpaces()
            if take("]") { return values }
            while true {
                skipSpaces()
                values.append(try string())
                skipSpaces()
                if take("]") { return values }
                guard take(",") else { throw Problem(message: "expected ',' or ']' in the list") }
            }
        }

        /// Succeeds only at the end of the part.
        mutating func end<T>(_ value: T) throws(Problem) -> T {
            skipSpaces()
            guard atEnd else {
                throw Problem(message: "unexpected '\(String(decoding: bytes[offset...], as: UTF8.self))'")
            }
            return value
        }

        mutating func take(_ word: String) -> Bool {
            let word = Array(word.utf8)
            guard bytes.count - offset >= word.count, Array(bytes[offset..<offset + word.count]) == word else { return false }
            offset += word.count
            return true
        }

        mutating func skipSpaces() {
            while !atEnd, bytes[offset] == UInt8(ascii: " ") || bytes[offset] == UInt8(ascii: "\t") { offset += 1 }
        }
    }
}
