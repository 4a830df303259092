import FlagstaffCore

/// Parses a Remote Config condition expression into the parts `&&` joins.
///
/// Hand-written: Firebase publishes the grammar only as prose, and no Swift
/// library parses it. Flagstaff needs exactly the parts it can decide for a
/// tenant (`true`, `false`, `app.id`, `device.os`, the tenant's custom signal or
/// user property, the app's version and build, percentages at their bounds, dates
/// far from the as-of day); every other documented element about the device or
/// the user is recognised by name and marked as varying. Anything else is
/// `unparsed`, never guessed.
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

    /// The string operators of custom signals, user properties and the app's version and build.
    static let stringOperators: [(String, @Sendable ([String]) -> RemoteExpression.SignalTest)] = [
        ("exactlyMatches", { .exactlyMatches($0) }), ("notContains", { .notContains($0) }),
        ("contains", { .contains($0) }), ("matches", { .matches($0) }),
    ]

    /// The comparisons, longest first so that `<=` is not read as `<`.
    static let comparisons = ["==", "!=", "<=", ">=", "<", ">"]

    /// Parses `text`, whose first character is at `location` (columns count UTF-8 bytes).
    public static func parse(_ text: String, at location: SourceLocation) -> RemoteExpression {
        let bytes = Array(text.utf8)
        var parts = self.parts(of: bytes, range: 0..<bytes.count, at: location)
        if parts.isEmpty {
            parts = [RemoteExpression.Part(kind: .unparsed("the expression is empty"), text: text, location: location)]
        }
        return RemoteExpression(text: text, parts: parts)
    }

    /// The parts of `bytes[range]`; a part in parentheses, `(a && b)`, gives the parts inside.
    private static func parts(of bytes: [UInt8], range: Range<Int>, at location: SourceLocation) -> [RemoteExpression.Part] {
        partRanges(bytes, in: range).flatMap { part -> [RemoteExpression.Part] in
            let partLocation = SourceLocation(file: location.file, line: location.line, column: location.column + part.lowerBound)
            if let inner = innerRange(bytes, part) {
                let innerParts = parts(of: bytes, range: inner, at: location)
                guard innerParts.isEmpty else { return innerParts }
                return [RemoteExpression.Part(kind: .unparsed("empty parentheses"), text: "()", location: partLocation)]
            }
            return [
                RemoteExpression.Part(
                    kind: kind(of: Array(bytes[part])), text: String(decoding: bytes[part], as: UTF8.self), location: partLocation)
            ]
        }
    }

    /// Whether the byte at `index` belongs to a quoted string (or opens one), keeping
    /// `quote` up to date and stepping over an escaped byte, so scans skip quoted text.
    static func stepThroughQuotes(_ bytes: [UInt8], _ index: inout Int, _ quote: inout UInt8?) -> Bool {
        let byte = bytes[index]
        if let open = quote {
            if byte == UInt8(ascii: "\\") { index += 1 } else if byte == open { quote = nil }
            return true
        }
        guard byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") else { return false }
        quote = byte
        return true
    }

    /// The range inside the parentheses when the whole part is `( … )`.
    static func innerRange(_ bytes: [UInt8], _ range: Range<Int>) -> Range<Int>? {
        guard range.count >= 2, bytes[range.lowerBound] == UInt8(ascii: "("), bytes[range.upperBound - 1] == UInt8(ascii: ")") else {
            return nil
        }
        var depth = 0
        var quote: UInt8?
        var index = range.lowerBound
        while index < range.upperBound {
            let byte = bytes[index]
            if stepThroughQuotes(bytes, &index, &quote) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                // The first parenthesis closes before the end: `(a) && (b)` is not wrapped.
                if depth == 0 && index != range.upperBound - 1 { return nil }
            }
            index += 1
        }
        return range.lowerBound + 1..<range.upperBound - 1
    }

    /// The byte ranges of the parts between top-level `&&`s, trimmed. Quotes,
    /// brackets and parentheses are skipped over, so `&&` inside them does not split.
    static func partRanges(_ bytes: [UInt8], in whole: Range<Int>? = nil) -> [Range<Int>] {
        let whole = whole ?? 0..<bytes.count
        var ranges: [Range<Int>] = []
        var start = whole.lowerBound, index = whole.lowerBound, depth = 0
        var quote: UInt8?
        while index < whole.upperBound {
            let byte = bytes[index]
            if stepThroughQuotes(bytes, &index, &quote) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "[") || byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: "]") || byte == UInt8(ascii: ")") {
                depth = max(0, depth - 1)
            } else if depth == 0, byte == UInt8(ascii: "&"), index + 1 < whole.upperBound, bytes[index + 1] == UInt8(ascii: "&") {
                ranges.append(start..<index)
                index += 2
                start = index
                continue
            }
            index += 1
        }
        ranges.append(start..<whole.upperBound)
        return ranges.map { range in
            var lower = range.lowerBound, upper = min(range.upperBound, whole.upperBound)
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
            if take("app.customSignal") {
                let (key, test) = try keyed("app.customSignal")
                return .customSignal(key: key, test: test)
            }
            if take("app.userProperty") {
                let (key, test) = try keyed("app.userProperty")
                return .userProperty(key: key, test: test)
            }
            // The forms below are decided when they have the shape Flagstaff knows, and
            // otherwise vary as the element does: Flagstaff never refuses a documented element.
            var attempt = self
            if let kind = attempt.decidable() {
                self = attempt
                return kind
            }
            for element in RemoteConditionParser.varyingElements where startsWithElement(element.name) {
                return .varying(element.meaning)
            }
            let name = String(decoding: bytes.prefix { ![UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: "(")].contains($0) }, as: UTF8.self)
            guard !name.isEmpty else { throw Problem(message: "expected an element such as app.id, not '\(String(decoding: bytes.prefix(1), as: UTF8.self))'") }
            throw Problem(message: "unknown element '\(name)'")
        }

        /// `app.version.>=(['2.1'])`, `app.build.contains(['9'])`, `percent <= 10`,
        /// `percent('seed') between 10 and 20`, `dateTime < dateTime('…', 'zone')` and
        /// `version(app.customSignal['key']) >= '1.2'`; `nil` for any other shape.
        mutating func decidable() -> RemoteExpression.Kind? {
            if take("app.version.") { return (try? versionTest()).map(RemoteExpression.Kind.appVersion) }
            if take("app.build.") { return (try? versionTest()).map(RemoteExpression.Kind.appBuild) }
            if take("percent") { return try? percent() }
            if take("device.dateTime") || take("dateTime") { return try? dateTime() }
            if take("version(app.customSignal[") {
                guard let key = try? string(), take("]"), take(")") else { return nil }
                skipSpaces()
                for comparison in RemoteConditionParser.comparisons where take(comparison) {
                    skipSpaces()
                    guard let version = try? string(), let kind = try? end(RemoteExpression.Kind.customSignal(key: key, test: .compareVersions(comparison, version))) else {
                        return nil
                    }
                    return kind
                }
            }
            return nil
        }

        /// After `app.version.` or `app.build.`: a comparison as a method, `>=(['2.1'])`, or a string operator.
        mutating func versionTest() throws(Problem) -> RemoteExpression.SignalTest {
            for comparison in RemoteConditionParser.comparisons where take(comparison) {
                guard take("(") else { throw Problem(message: "expected '('") }
                let values = try stringList()
                guard take(")"), values.count == 1 else { throw Problem(message: "expected one version") }
                return try end(.compareVersions(comparison, values[0]))
            }
            for (name, test) in RemoteConditionParser.stringOperators where take(name) {
                guard take("(") else { throw Problem(message: "expected '('") }
                let values = try stringList()
                guard take(")") else { throw Problem(message: "expected ')'") }
                return try end(test(values))
            }
            throw Problem(message: "unknown operator")
        }

        /// After `percent`: an optional `('seed')`, then `<= N`, `> N` or `between A and B`.
        mutating func percent() throws(Problem) -> RemoteExpression.Kind {
            var seed: String?
            if take("(") {
                seed = try string()
                guard take(")") else { throw Problem(message: "expected ')'") }
            }
            skipSpaces()
            if take("<=") { return try end(.percent(.init(above: nil, upTo: try number(), seed: seed))) }
            if take(">") { return try end(.percent(.init(above: try number(), upTo: nil, seed: seed))) }
            if take("between") {
                let lower = try number()
                skipSpaces()
                guard take("and") else { throw Problem(message: "expected 'and'") }
                return try end(.percent(.init(above: lower, upTo: try number(), seed: seed)))
            }
            throw Problem(message: "unknown percent operator")
        }

        /// After `dateTime`: `< dateTime('2026-06-01T00:00:00')` or with a time zone, `…, 'Europe/Paris')`.
        mutating func dateTime() throws(Problem) -> RemoteExpression.Kind {
            skipSpaces()
            for comparison in ["<=", ">=", "<", ">"] where take(comparison) {
                skipSpaces()
                guard take("dateTime(") else { throw Problem(message: "expected dateTime(…)") }
                let moment = try string()
                var zone: String?
                skipSpaces()
                if take(",") {
                    skipSpaces()
                    zone = try string()
                    skipSpaces()
                }
                guard take(")"), moment.utf8.count >= 10, let day = CalendarDate(parsing: String(moment.prefix(10))) else {
                    throw Problem(message: "expected a date")
                }
                return try end(.dateTime(.init(comparison: comparison, day: day, moment: moment, timeZone: zone)))
            }
            throw Problem(message: "unknown dateTime operator")
        }

        /// A number, after spaces.
        mutating func number() throws(Problem) -> Double {
            skipSpaces()
            let start = offset
            while !atEnd, bytes[offset] != UInt8(ascii: " ") { offset += 1 }
            guard let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)), number.isFinite else {
                throw Problem(message: "expected a number")
            }
            return number
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

        /// `['key'].method(['a', 'b'])` or `['key'] >= 5` after `app.customSignal` or `app.userProperty`.
        mutating func keyed(_ element: String) throws(Problem) -> (String, RemoteExpression.SignalTest) {
            guard take("[") else { throw Problem(message: "expected ['key'] after \(element)") }
            let key = try string()
            guard take("]") else { throw Problem(message: "expected ']' after the key") }
            var operators = "use exactlyMatches, contains, notContains or matches with a list, or compare with a number (==, !=, <, <=, >, >=)"
            if element == "app.customSignal" { operators += ", or a version as version(\(element)['\(key)']) >= '1.2.0'" }
            if take(".") {
                for (name, test) in RemoteConditionParser.stringOperators where take(name) {
                    guard take("(") else { throw Problem(message: "expected '(' after \(name)") }
                    let values = try stringList()
                    guard take(")") else { throw Problem(message: "expected ')' after the list") }
                    return try end((key, test(values)))
                }
                throw Problem(message: "unknown operator after \(element)['\(key)']; \(operators)")
            }
            skipSpaces()
            for comparison in RemoteConditionParser.comparisons where take(comparison) {
                skipSpaces()
                let start = offset
                while !atEnd, bytes[offset] != UInt8(ascii: " ") { offset += 1 }
                guard let number = Double(String(decoding: bytes[start..<offset], as: UTF8.self)) else {
                    throw Problem(
                        message: "\(element)['\(key)'] compared with \(comparison) needs a number; compare text with exactlyMatches, "
                            + "and versions with version(\(element)['\(key)']) \(comparison) '1.2.0'")
                }
                return try end((key, .compare(comparison, number)))
            }
            throw Problem(message: "expected an operator after \(element)['\(key)']; \(operators)")
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
