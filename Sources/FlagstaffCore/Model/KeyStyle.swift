/// How a key is spelt from a Swift case name: the style of a workspace's flag
/// keys, which a new flag's key follows, and the spelling of a Remote Config
/// parameter that code derives from the case name.
///
/// A case name splits into words before an uppercase letter that follows a
/// lowercase letter or a digit (`mediaLibrary` → media, library), and before the
/// last uppercase letter of a run that a lowercase letter follows (`URLCache` →
/// URL, cache). Digits stay with the word before them (`clientSearchV2` → client,
/// search, v2); `_` and `-` separate words and are dropped.
public enum KeyStyle: String, CaseIterable, Hashable, Sendable {
    /// The case name as it is: `mediaLibrary`.
    case camelCase
    /// Lowercase words joined with `_`: `media_library`.
    case snakeCase = "snake_case"
    /// Uppercase words joined with `_`: `MEDIA_LIBRARY`.
    case screamingSnakeCase = "SCREAMING_SNAKE_CASE"
    /// Lowercase words joined with `-`: `media-library`.
    case kebabCase = "kebab-case"

    /// The key of a case name in this style.
    public func key(forCaseName caseName: String) -> String {
        let words = Self.words(of: caseName)
        switch self {
        case .camelCase: return caseName
        case .snakeCase: return words.map { $0.lowercased() }.joined(separator: "_")
        case .screamingSnakeCase: return words.map { $0.uppercased() }.joined(separator: "_")
        case .kebabCase: return words.map { $0.lowercased() }.joined(separator: "-")
        }
    }

    /// The words of a case name, as the type's documentation says.
    public static func words(of name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            if character.isUppercase, let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                let startsWord = previous.isLowercase || previous.isNumber || (previous.isUppercase && next?.isLowercase == true)
                if startsWord {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The style, and the prefix before it (`ENABLE_`), that spell most of the
    /// given keys from their case names; `nil` when none spells any. A tie goes
    /// to the style listed first, then to the shorter prefix.
    public static func detect(_ keys: [(key: String, caseName: String)]) -> (style: KeyStyle, prefix: String)? {
        var votes: [String: (style: KeyStyle, prefix: String, count: Int, order: Int)] = [:]
        for (key, caseName) in keys {
            var seen = Set<String>()
            for (order, style) in [KeyStyle.screamingSnakeCase, .snakeCase, .kebabCase, .camelCase].enumerated() {
                let body = style.key(forCaseName: caseName)
                guard !body.isEmpty, key.hasSuffix(body) else { continue }
                let prefix = String(key.dropLast(body.count))
                // A prefix is a word of its own: `ENABLE_`, not part of a word.
                guard prefix.isEmpty || prefix.last == "_" || prefix.last == "-" || style == .camelCase else { continue }
                let id = "\(style.rawValue)|\(prefix)"
                guard seen.insert(id).inserted else { continue }
                votes[id, default: (style, prefix, 0, order)].count += 1
            }
        }
        return votes.values.max {
            ($0.count, -$0.order, -$0.prefix.count, $1.prefix) < ($1.count, -$1.order, -$1.prefix.count, $0.prefix)
        }.map { ($0.style, $0.prefix) }
    }
}
