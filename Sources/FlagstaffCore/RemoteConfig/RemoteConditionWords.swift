/// Remote Config conditions in words a PM reads: "phones set to Germany, France
/// or Spain", "a random 25% of devices", "Casa Solana's app", "the Partner
/// Collection app". The condition's name is kept by the views; this says what it tests.
///
/// It reads the condition model: the parts `RemoteConditionParser` decided
/// (`app.id`, `device.os`, custom signals, user properties, versions, percent,
/// time) by their kind, and the other parts about the device or the user
/// (`.varying`: country, language, audiences) from their text, through a small
/// tokenizer that only words them; whether a part holds is never decided here.
/// A shape it does not know keeps the parser's own words ("depends on the
/// device's country").
public struct RemoteConditionWords: Sendable {
    private let tenantsByAppID: [String: String]
    private let tenantsBySignal: [String: String]
    private let tenantsByUserProperty: [String: String]
    private let tenantSignal: String?
    private let tenantUserProperty: String?

    /// Words for the conditions of `remote`, naming tenants by `tenantNames`
    /// (display name by tenant id, in tenant order).
    public init(remote: RemoteConfig, tenants: [(id: String, name: String)]) {
        var byAppID: [String: String] = [:], bySignal: [String: String] = [:], byUserProperty: [String: String] = [:]
        for tenant in tenants {
            let identity = remote.identity(of: tenant.id)
            if let appID = identity.appID, byAppID[appID] == nil { byAppID[appID] = tenant.name }
            if let signal = identity.signal.value, bySignal[signal] == nil { bySignal[signal] = tenant.name }
            if let property = identity.userProperty.value, byUserProperty[property] == nil { byUserProperty[property] = tenant.name }
        }
        tenantsByAppID = byAppID
        tenantsBySignal = bySignal
        tenantsByUserProperty = byUserProperty
        tenantSignal = remote.tenantSignal
        tenantUserProperty = remote.tenantUserProperty
    }

    /// What the condition tests, its parts joined by "and".
    public func describe(_ expression: RemoteExpression) -> String {
        expression.parts.map(describe).joined(separator: " and ")
    }

    /// What one part tests.
    public func describe(_ part: RemoteExpression.Part) -> String {
        switch part.kind {
        case .constant(let value):
            return value ? "everyone" : "no one"
        case .appID(let isIn, let ids):
            let apps = ids.map { id in tenantsByAppID[id].map { "\($0)'s app" } ?? "the app with Firebase ID \(id)" }
            return (isIn ? "" : "every app but ") + Self.list(apps, joinedBy: "or")
        case .operatingSystem(let isIn, let systems):
            let names = systems.map(Self.systemName)
            return isIn ? "\(Self.list(names, joinedBy: "or")) devices" : "devices not on \(Self.list(names, joinedBy: "or"))"
        case .customSignal(let key, let test):
            if key == tenantSignal, case .exactlyMatches(let values) = test {
                return Self.list(values.map { value in tenantsBySignal[value].map { "the \($0) app" } ?? "the app that sets '\(key)' to '\(value)'" }, joinedBy: "or")
            }
            return "devices whose '\(key)' signal \(Self.words(for: test))"
        case .userProperty(let key, let test):
            if key == tenantUserProperty, case .exactlyMatches(let values) = test {
                return Self.list(values.map { value in tenantsByUserProperty[value].map { "users of the \($0) app" } ?? "users whose '\(key)' property is '\(value)'" }, joinedBy: "or")
            }
            return "users whose '\(key)' property \(Self.words(for: test))"
        case .appVersion(let test):
            return "app versions \(Self.versionWords(for: test))"
        case .appBuild(let test):
            return "app builds \(Self.versionWords(for: test))"
        case .percent(let range):
            return "a random \(Self.numberText((range.upTo ?? 100) - (range.above ?? 0)))% of devices"
        case .dateTime(let time):
            let moment = Self.momentText(time) + (time.timeZone.map { " (\($0))" } ?? "")
            return time.comparison.hasPrefix("<") ? "before \(moment)" : "from \(moment)"
        case .varying(let meaning):
            return VaryingPart(part.text)?.words ?? "depending on \(meaning)"
        case .unparsed:
            return "a rule Flagstaff cannot read (\(part.text))"
        }
    }

    /// `a`, `a or b`, `a, b or c`.
    public static func list(_ items: [String], joinedBy word: String) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " \(word) " + items[items.count - 1]
    }

    static func systemName(_ system: String) -> String {
        switch system.lowercased() {
        case "ios": "iOS"
        case "android": "Android"
        default: system
        }
    }

    static func words(for test: RemoteExpression.SignalTest) -> String {
        switch test {
        case .exactlyMatches(let values): "is " + list(values.map { "'\($0)'" }, joinedBy: "or")
        case .contains(let values): "contains " + list(values.map { "'\($0)'" }, joinedBy: "or")
        case .notContains(let values): "contains none of " + list(values.map { "'\($0)'" }, joinedBy: "and")
        case .matches(let patterns): "matches " + list(patterns.map { "'\($0)'" }, joinedBy: "or")
        case .compare(let comparison, let number): "is \(comparisonWords(comparison)) \(numberText(number))"
        case .compareVersions(let comparison, let version): "is \(comparisonWords(comparison)) version \(version)"
        }
    }

    /// A test on the app's version or build: "2.4 or later", "before 3.0", "2.4 or 2.5".
    static func versionWords(for test: RemoteExpression.SignalTest) -> String {
        switch test {
        case .compareVersions(let comparison, let version):
            switch comparison {
            case "<": "before \(version)"
            case "<=": "\(version) or earlier"
            case ">": "after \(version)"
            case ">=": "\(version) or later"
            case "!=": "other than \(version)"
            default: version
            }
        case .exactlyMatches(let values): list(values, joinedBy: "or")
        default: words(for: test)
        }
    }

    /// `2026-12-01T09:00:00` as "1 Dec 2026, 09:00", and midnight as the day alone, "1 Dec 2026".
    static func momentText(_ time: RemoteExpression.TimeTest) -> String {
        let day = "\(time.day.day) \(CalendarDate.monthNames[time.day.month - 1].prefix(3)) \(time.day.year)"
        let clock = time.moment.split(separator: "T", maxSplits: 1).dropFirst().first.map { String($0.prefix(5)) } ?? ""
        return clock.isEmpty || clock == "00:00" ? day : "\(day), \(clock)"
    }

    static func comparisonWords(_ comparison: String) -> String {
        switch comparison {
        case "==": "exactly"
        case "!=": "not"
        case "<": "below"
        case "<=": "at most"
        case ">": "above"
        case ">=": "at least"
        default: comparison
        }
    }

    static func numberText(_ number: Double) -> String {
        number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
    }
}

/// A part about the device or the user, read from its text for its words only.
private struct VaryingPart {
    let words: String

    /// `nil` when the part has a shape these words do not cover.
    init?(_ text: String) {
        let tokens = Token.scan(text)
        guard let first = tokens.first, case .name(let element) = first else { return nil }
        let rest = Array(tokens.dropFirst())
        switch element {
        case "device.country":
            guard let codes = Self.list(after: "in", in: rest), !codes.isEmpty else { return nil }
            words = "phones set to " + RemoteConditionWords.list(codes.map { PlaceNames.regions[$0.uppercased()] ?? $0 }, joinedBy: "or")
        case "device.language":
            guard let codes = Self.list(after: "in", in: rest), !codes.isEmpty else { return nil }
            words = "phones in " + RemoteConditionWords.list(codes.map(Self.languageName), joinedBy: "or")
        case "app.audiences":
            guard let (method, values) = Self.call(rest), !values.isEmpty else { return nil }
            let quoted = values.map { "“\($0)”" }
            switch method {
            case "inAtLeastOne": words = "users in the audience " + RemoteConditionWords.list(quoted, joinedBy: "or")
            case "inAll": words = "users in the audiences " + RemoteConditionWords.list(quoted, joinedBy: "and")
            case "notInAtLeastOne": words = "users outside the audience " + RemoteConditionWords.list(quoted, joinedBy: "or")
            case "notInAll": words = "users outside at least one of the audiences " + RemoteConditionWords.list(quoted, joinedBy: "and")
            default: return nil
            }
        default:
            return nil
        }
    }

    /// The strings of `in [...]`.
    static func list(after word: String, in tokens: [Token]) -> [String]? {
        guard tokens.first == .name(word) else { return nil }
        return strings(Array(tokens.dropFirst()))
    }

    /// `['a', 'b']` as its strings.
    static func strings(_ tokens: [Token]) -> [String]? {
        guard tokens.first == .open("["), tokens.last == .close("]") else { return nil }
        var values: [String] = []
        for token in tokens.dropFirst().dropLast() {
            switch token {
            case .string(let value): values.append(value)
            case .symbol(","): continue
            default: return nil
            }
        }
        return values
    }

    /// `.method(['a', 'b'])` as its method and strings; the method may be an operator (`.>=([…])`).
    static func call(_ tokens: [Token]) -> (String, [String])? {
        guard tokens.count >= 4, tokens[0] == .symbol("."), tokens[2] == .open("("), tokens.last == .close(")") else { return nil }
        let method: String
        switch tokens[1] {
        case .name(let name): method = name
        case .symbol(let symbol): method = symbol
        default: return nil
        }
        guard let values = strings(Array(tokens[3..<(tokens.count - 1)])) else { return nil }
        return (method, values)
    }

    static func languageName(_ code: String) -> String {
        let parts = code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        guard let language = parts.first.flatMap({ PlaceNames.languages[$0.lowercased()] }) else { return code }
        guard parts.count > 1, let region = PlaceNames.regions[parts[1].uppercased()] else { return language }
        return "\(language) (\(region.hasPrefix("the ") ? String(region.dropFirst(4)) : region))"
    }
}

/// A token of a condition's text: a dotted name, a quoted string, a number, a
/// bracket, or another symbol (`<=`, `,`, `.`).
private enum Token: Equatable {
    case name(String), string(String), number(Double), open(Character), close(Character), symbol(String)

    static func scan(_ text: String) -> [Token] {
        var tokens: [Token] = []
        let characters = Array(text)
        var index = 0
        func isNameCharacter(_ character: Character) -> Bool { character.isLetter || character.isNumber || character == "_" }
        while index < characters.count {
            let character = characters[index]
            if character == " " || character == "\t" {
                index += 1
            } else if character == "'" || character == "\"" {
                var value = ""
                index += 1
                while index < characters.count, characters[index] != character {
                    if characters[index] == "\\", index + 1 < characters.count { index += 1 }
                    value.append(characters[index])
                    index += 1
                }
                index += 1
                tokens.append(.string(value))
            } else if character.isNumber {
                var text = ""
                while index < characters.count, characters[index].isNumber || characters[index] == "." {
                    text.append(characters[index])
                    index += 1
                }
                tokens.append(Double(text).map(Token.number) ?? .name(text))
            } else if isNameCharacter(character) {
                // A dotted name (`app.version`) stops before a dot that starts a method call on a symbol (`.>=`) or a bracket.
                var text = ""
                while index < characters.count {
                    if isNameCharacter(characters[index]) {
                        text.append(characters[index])
                    } else if characters[index] == ".", index + 1 < characters.count, characters[index + 1].isLetter,
                        !Self.isMethod(characters, from: index + 1)
                    {
                        text.append(".")
                    } else {
                        break
                    }
                    index += 1
                }
                tokens.append(.name(text))
            } else if "[(".contains(character) {
                tokens.append(.open(character))
                index += 1
            } else if "])".contains(character) {
                tokens.append(.close(character))
                index += 1
            } else if "<>=!".contains(character) {
                var symbol = String(character)
                if index + 1 < characters.count, characters[index + 1] == "=" { symbol.append("="); index += 1 }
                tokens.append(.symbol(symbol))
                index += 1
            } else {
                tokens.append(.symbol(String(character)))
                index += 1
            }
        }
        return tokens
    }

    /// Whether the name starting at `start` is a method (a name followed by `(`), as in `app.audiences.inAtLeastOne(…)`.
    private static func isMethod(_ characters: [Character], from start: Int) -> Bool {
        var index = start
        while index < characters.count, characters[index].isLetter || characters[index].isNumber || characters[index] == "_" { index += 1 }
        return index < characters.count && characters[index] == "("
    }
}
