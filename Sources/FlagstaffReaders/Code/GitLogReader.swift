import FlagstaffCore

/// Reads `git log -p` of the enum file to date each flag: the day of the first
/// commit whose added lines contain the flag's raw value.
public enum GitLogReader {
    /// The `git log` arguments whose output `firstAdded` reads, for one file:
    /// oldest commit first, each introduced by a NUL and its committer date.
    public static func arguments(for path: String) -> [String] {
        ["log", "--reverse", "--format=%x00%cs", "-p", "--unified=0", "--no-color", "--no-ext-diff", "--", path]
    }

    /// The date each flag's raw value first appears in an added line. A key
    /// that differs from the case name is looked for in quotes (`"ENABLE_X"`, a
    /// raw value, a factory's `key:`, a registry's or a value file's key); a name
    /// that is the key, as a whole word on a line that declares something: an
    /// enum case (`case`), a static member (`static let map: Bool`, `static func x()`) or
    /// an instance property of a settings object (`var threadsEnabled: Bool`).
    public static func firstAdded(in log: String, flags: [Flag]) -> [String: CalendarDate] {
        var dates: [String: CalendarDate] = [:]
        var date: CalendarDate?
        for line in log.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.first == "\0" {
                date = CalendarDate(parsing: String(line.dropFirst()))
                continue
            }
            guard let date, line.first == "+", !line.hasPrefix("+++ ") else { continue }
            for flag in flags where dates[flag.key] == nil && mentions(line, flag) {
                dates[flag.key] = date
            }
            if dates.count == flags.count { break }
        }
        return dates
    }

    private static func mentions(_ line: Substring, _ flag: Flag) -> Bool {
        if flag.key != flag.caseName { return line.contains("\"\(flag.key)\"") }
        guard ["case", "static", "class", "var"].contains(where: { line.contains($0) }) else { return false }
        var rest = line[...]
        while let range = rest.range(of: flag.caseName) {
            let before = rest[..<range.lowerBound].last, after = rest[range.upperBound...].first
            if !isIdentifierCharacter(before) && !isIdentifierCharacter(after) { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    private static func isIdentifierCharacter(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isLetter || character.isNumber || character == "_"
    }
}
