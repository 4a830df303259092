/// Remote Config conditions in words a PM reads: "phones set to Germany, France
/// or Spain", "a random 25% of devices", "Casa Solana's app", "the Partner
/// Collection app". The condition's name is kept by the views; this says what it tests.
///
/// It reads the condition model: the parts `RemoteConditionParser` decided
/// (`app.id`, `device.os`, custom signals) by their kind, and the parts about the
/// device or the user (`.varying`) from their text, through a small tokenizer that
/// only words them; whether a part holds is never decided here. A shape it does
/// not know keeps the parser's own words ("depends on the device's country").
public struct RemoteConditionWords: Sendable {
    private let tenantsByAppID: [String: String]
    private let tenantsBySignal: [String: String]
    private let tenantSignal: String?

    /// Words for the conditions of `remote`, naming tenants by `tenantNames`
    /// (display name by tenant id, in tenant order).
    public init(remote: RemoteConfig, tenants: [(id: String, name: String)]) {
        var byAppID: [String: String] = [:], bySignal: [String: String] = [:]
        for tenant in tenants {
            let identity = remote.identity(of: tenant.id)
            if let appID = identity.appID, byAppID[appID] == nil { byAppID[appID] = tenant.name }
            if let signal = identity.signal, bySignal[signal] == nil { bySignal[signal] = tenant.name }
        }
        tenantsByAppID = byAppID
        tenantsBySignal = bySignal
        tenantSignal = remote.tenantSignal
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
        }
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
        case "percent":
            guard let share = Self.share(rest) else { return nil }
            words = "a random \(share)% of devices"
        case "device.country":
            guard let codes = Self.list(after: "in", in: rest), !codes.isEmpty else { return nil }
            words = "phones set to " + RemoteConditionWords.list(codes.map { PlaceNames.regions[$0.uppercased()] ?? $0 }, joinedBy: "or")
        case "device.language":
            guard let codes = Self.list(after: "in", in: rest), !codes.isEmpty else { return nil }
            words = "phones in " + RemoteConditionWords.list(codes.map(Self.languageName), joinedBy: "or")
        case "app.version", "app.build":
            guard let (method, values) = Self.call(rest), !values.isEmpty else { return nil }
            let what = element == "app.version" ? "app version" : "app build"
            words = "devices with \(what) " + Self.comparison(method, values)
        case "app.userProperty":
            guard case .open("[")? = rest.first, rest.count > 2, case .string(let property) = rest[1],
                let (method, values) = Self.call(Array(rest.dropFirst(3)))
            else { return nil }
            words = "users whose '\(property)' property " + Self.comparison(method, values)
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
        case "dateTime", "device.dateTime":
            guard rest.count >= 2, case .symbol(let comparison) = rest[0], let moment = Self.moment(Array(rest.dropFirst())) else { return nil }
            switch comparison {
            case "<", "<=": words = "before \(moment)"
            case ">", ">=": words = "from \(moment) on"
            default: return nil
            }
        default:
            return nil
        }
    }

    /// `<= 25`, `< 25`, `> 75`, `>= 75`, `between 10 and 35`, after `percent` or `percent('seed')`.
    static func share(_ tokens: [Token]) -> String? {
        var tokens = tokens[...]
        if case .open("(")? = tokens.first {
            guard let close = tokens.firstIndex(of: .close(")")) else { return nil }
            tokens = tokens[(close + 1)...]
        }
        let values = Array(tokens)
        if values.count == 2, case .symbol(let comparison) = values[0], case .number(let number) = values[1] {
            switch comparison {
            case "<", "<=": return RemoteConditionWords.numberText(number)
            case ">", ">=": return RemoteConditionWords.numberText(100 - number)
            default: return nil
            }
        }
        if values.count == 4, values[0] == .name("between"), case .number(let low) = values[1], values[2] == .name("and"),
            case .number(let high) = values[3]
        {
            return RemoteConditionWords.numberText(high - low)
        }
        return nil
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

    static func comparison(_ method: String, _ values: [String]) -> String {
        let list = RemoteConditionWords.list(values, joinedBy: "or")
        switch method {
        case "exactlyMatches", "==": return "is \(list)"
        case "!=": return "is not \(list)"
        case "contains": return "contains \(list)"
        case "notContains": return "contains none of \(RemoteConditionWords.list(values, joinedBy: "and"))"
        case "matches": return "matches \(list)"
        case "<": return "before \(list)"
        case "<=": return "\(list) or earlier"
        case ">": return "after \(list)"
        case ">=": return "\(list) or later"
        default: return "\(method) \(list)"
        }
    }

    /// `dateTime('2026-01-01T09:00:00')` or `dateTime('…', 'Europe/Paris')` as "2026-01-01 09:00 (Europe/Paris)".
    static func moment(_ tokens: [Token]) -> String? {
        guard tokens.count >= 4, tokens[0] == .name("dateTime"), tokens[1] == .open("("), case .string(let value) = tokens[2] else { return nil }
        var text = String(value.map { $0 == "T" ? " " : $0 })
        if text.hasSuffix(":00"), text.count == 19 { text = String(text.dropLast(3)) }
        if tokens.count >= 6, tokens[3] == .symbol(","), case .string(let zone) = tokens[4] { text += " (\(zone))" }
        return text
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
