import FlagstaffCore
import SwiftSyntax

/// What one build configuration settles: its compilation conditions (`nil` when
/// unknown) and the values it fixes for checks the app makes when it runs, and
/// the apps it may be built as, each fixing values of its own.
struct BuildFacts: Hashable, Sendable {
    var conditions: Set<String>?
    var values: [String: String] = [:]
    var targets: [AppTarget] = []
}

/// What Swift code writes for one flag in one place (a `switch` arm, a registry
/// entry, a `defaultValue:` argument): a value, an expression only the running
/// app can work out, nothing (`nil`), `#if` arms that each write one of these,
/// or a check of a value each build configuration fixes.
indirect enum WrittenValue: Hashable, Sendable {
    /// A literal value, or a constant's literal followed one step.
    case value(FlagValue, FlagstaffCore.SourceLocation)
    /// An expression decided when the app runs, as written, with the chains of
    /// names it checks (`BuildConfiguration.current`), which build configurations could fix.
    case code(String, FlagstaffCore.SourceLocation, checks: Set<String> = [])
    /// `nil`: the code gives nothing here.
    case nothing(FlagstaffCore.SourceLocation)
    /// `#if` arms in order; an arm's condition is `nil` for `#else`, its value `nil` when it writes nothing.
    case arms([Arm])
    /// `check ? then : otherwise` (a check on its own gives `true` or `false`): decided
    /// per build where the configuration fixes its subjects, else decided in code as written.
    case check(RuntimeCheck, then: WrittenValue, otherwise: WrittenValue, text: String, FlagstaffCore.SourceLocation)

    /// One `#if` arm.
    struct Arm: Hashable, Sendable {
        var condition: BuildCondition?
        /// The condition as written, for people.
        var conditionText: String?
        var value: WrittenValue?
    }

    /// Where the value (or its first arm) is written.
    var location: FlagstaffCore.SourceLocation? {
        switch self {
        case .value(_, let location), .code(_, let location, _), .nothing(let location), .check(_, _, _, _, let location): location
        case .arms(let arms): arms.lazy.compactMap { $0.value?.location }.first
        }
    }

    /// The chains of names the value checks when the app runs, each with where
    /// it is written: those of an expression decided in code, and a check's.
    var checkedSubjects: [(subject: String, location: FlagstaffCore.SourceLocation)] {
        switch self {
        case .value, .nothing: []
        case .code(_, let location, let checks): checks.sorted().map { ($0, location) }
        case .arms(let arms): arms.flatMap { $0.value?.checkedSubjects ?? [] }
        case .check(let check, let then, let otherwise, _, let location):
            check.subjects.sorted().map { ($0, location) } + then.checkedSubjects + otherwise.checkedSubjects
        }
    }

    /// What the code gives in a build with `build`'s facts: the first arm that
    /// holds; from the first arm whose truth is unknown on, each remaining arm,
    /// first match first. `nil` when it gives nothing.
    func outcome(with build: BuildFacts) -> CodeDefault.Outcome? {
        let conditions = build.conditions
        switch self {
        case .value(let value, let location): return .value(value, at: location)
        case .code(let text, let location, _): return .decidedInCode(text, at: location)
        case .nothing: return nil
        case .check(let check, let then, let otherwise, let text, let location):
            if let holds = check.truth(with: build.values) { return (holds ? then : otherwise).outcome(with: build) }
            return Self.outcomeByApp(check, then: then, otherwise: otherwise, with: build) ?? .decidedInCode(text, at: location)
        case .arms(let arms):
            var branches: [CodeDefault.Branch] = []
            var settled = false
            for arm in arms {
                // `#else` always holds; a condition may be unknown (`nil`).
                let truth: Bool? = if let condition = arm.condition { condition.truth(with: conditions) } else { true }
                if truth == false { continue }
                if truth == true, branches.isEmpty { return arm.value?.outcome(with: build) }
                branches += Self.branches(of: arm.value, under: truth == true ? nil : arm.conditionText, with: build)
                if truth == true {
                    settled = true
                    break
                }
            }
            guard !branches.isEmpty else { return nil }
            // Without an arm that surely holds, a build may take none of them.
            if !settled { branches.append(CodeDefault.Branch(condition: nil, outcome: nil)) }
            return .byCondition(branches)
        }
    }

    /// An arm's value as branches under a condition, nested arms (and a check's apps) flattened.
    private static func branches(of value: WrittenValue?, under condition: String?, with build: BuildFacts) -> [CodeDefault.Branch] {
        let outcome = value?.outcome(with: build)
        guard case .byCondition(let inner)? = outcome else { return [CodeDefault.Branch(condition: condition, outcome: outcome)] }
        return inner.map { branch in
            let joined = [condition, branch.condition].compactMap { $0 }.joined(separator: " && ")
            return CodeDefault.Branch(condition: joined.isEmpty ? nil : joined, appTargets: branch.appTargets, outcome: branch.outcome)
        }
    }

    /// A check the build leaves open, settled by each app target's values: one
    /// outcome when every app gets the same, else a branch per outcome naming its
    /// apps in the order configured. `nil` when there are no apps, or some app's value is not known.
    private static func outcomeByApp(
        _ check: RuntimeCheck, then: WrittenValue, otherwise: WrittenValue, with build: BuildFacts
    ) -> CodeDefault.Outcome?? {
        guard !build.targets.isEmpty else { return nil }
        var groups: [(outcome: CodeDefault.Outcome?, apps: [String])] = []
        for target in build.targets {
            var app = build
            app.values.merge(target.values) { _, fixedByTheApp in fixedByTheApp }
            app.targets = []
            guard let holds = check.truth(with: app.values) else { return nil }
            let outcome = (holds ? then : otherwise).outcome(with: app)
            if let index = groups.firstIndex(where: { sameForPeople($0.outcome, outcome) }) {
                groups[index].apps.append(target.name)
            } else {
                groups.append((outcome, [target.name]))
            }
        }
        guard groups.count > 1 else { return .some(groups[0].outcome) }
        return .byCondition(
            groups.flatMap { group in
                guard case .byCondition(let inner)? = group.outcome else {
                    return [CodeDefault.Branch(condition: nil, appTargets: group.apps, outcome: group.outcome)]
                }
                return inner.map { CodeDefault.Branch(condition: $0.condition, appTargets: group.apps, outcome: $0.outcome) }
            })
    }

    /// Whether two outcomes read the same, wherever each is written.
    private static func sameForPeople(_ a: CodeDefault.Outcome?, _ b: CodeDefault.Outcome?) -> Bool {
        switch (a, b) {
        case (.value(let x, _)?, .value(let y, _)?): x == y
        case (.decidedInCode(let x, _)?, .decidedInCode(let y, _)?): x == y
        default: a == b
        }
    }
}

/// Reads Swift expressions into written values: literals of Bool, numbers,
/// strings without interpolation, arrays and dictionaries of them, and `nil`; a
/// ternary whose condition is such a Bool; a constant of the same file (`let`,
/// or a computed property whose getter is a literal or `#if` arms of literals),
/// followed one step. Anything else is decided in code.
struct SwiftExpressions: Sendable {
    /// The initialisers of the file's constants (`let name = …`, `static let name = …`), by name.
    let constants: [String: ExprSyntax]
    /// The getters of the file's computed properties, by name.
    let getters: [String: CodeBlockItemListSyntax]
    let lines: SwiftSourceLines
    /// The expressions build configurations fix values of (`BuildConfiguration.current`).
    var subjects: Set<String> = []
    /// The file's bytes, whose slices give a node's text without building a
    /// trimmed copy of the node; empty to build it instead.
    var source: [UInt8] = []
    /// Whether a name is followed to its constant: only one step is taken.
    var followsConstants = true

    /// The longest expression kept as written; longer ones are cut with `…`.
    static let longestText = 120

    func location(of node: some SyntaxProtocol) -> FlagstaffCore.SourceLocation {
        lines.location(of: node)
    }

    /// The written value of an expression.
    func written(_ expression: ExprSyntax) -> WrittenValue {
        if let value = literal(expression) { return value }
        if expression.is(NilLiteralExprSyntax.self) { return .nothing(location(of: expression)) }
        // A sequence's elements are listed once, for the ternary and the check alike.
        let elements = expression.as(SequenceExprSyntax.self).map { Array($0.elements) }
        if let elements, let value = ternary(expression, elements: elements) { return value }
        let check = if let elements { RuntimeCheck(elements: elements, subjects: subjects) } else { RuntimeCheck(expression, subjects: subjects) }
        if let check {
            let at = location(of: expression)
            return .check(check, then: .value(.bool(true), at), otherwise: .value(.bool(false), at), text: Self.shortened(text(of: expression)), at)
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return written(only.expression)
        }
        if let value = constant(expression) { return value }
        return code(expression)
    }

    /// `condition ? then : otherwise`, as the parser leaves it (a sequence, not
    /// folded by precedence), when its condition is a Bool literal or constant, or
    /// a check of values build configurations fix.
    private func ternary(_ expression: ExprSyntax, elements: [ExprSyntax]) -> WrittenValue? {
        guard let index = elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }), index > 0,
            let question = elements[index].as(UnresolvedTernaryExprSyntax.self), index + 1 < elements.count
        else { return nil }
        let condition = Array(elements[..<index])
        let rest = Array(elements[(index + 1)...])
        let text = Self.shortened(text(of: expression))
        let at = location(of: expression)
        let then = written(question.thenExpression)
        let otherwise: WrittenValue
        if rest.count == 1 {
            otherwise = written(rest[0])
        } else if let check = RuntimeCheck(elements: rest, subjects: subjects) {
            otherwise = .check(check, then: .value(.bool(true), at), otherwise: .value(.bool(false), at), text: text, at)
        } else {
            otherwise = .code(text, at)
        }
        if condition.count == 1, case .value(.bool(let holds), _)? = literal(condition[0]) ?? constant(condition[0]) {
            return holds ? then : otherwise
        }
        guard let check = RuntimeCheck(elements: condition, subjects: subjects) else { return nil }
        return .check(check, then: then, otherwise: otherwise, text: text, at)
    }

    /// A node's text as written, without the trivia before and after it.
    func text(of node: some SyntaxProtocol) -> String {
        let (start, end) = (node.positionAfterSkippingLeadingTrivia.utf8Offset, node.endPositionBeforeTrailingTrivia.utf8Offset)
        guard start <= end, end <= source.count else { return node.writtenText }
        return String(decoding: source[start..<end], as: UTF8.self)
    }

    /// The expression as decided in code.
    func code(_ node: some SyntaxProtocol) -> WrittenValue {
        let checks = Syntax(node).as(ExprSyntax.self).map(RuntimeCheck.checkedSubjects) ?? []
        return .code(Self.shortened(text(of: node)), location(of: node), checks: checks)
    }

    /// Text cut to `longestText` characters, on one line.
    static func shortened(_ text: String) -> String {
        // Most expressions are short and on one line already.
        if text.utf8.count <= longestText, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        let line = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: " \t") }.joined(separator: " ")
        return line.count > longestText ? String(line.prefix(longestText - 1)) + "…" : line
    }

    /// A constant of the file, followed one step: its initialiser must be a literal.
    private func constant(_ expression: ExprSyntax) -> WrittenValue? {
        let name: String
        if let reference = expression.as(DeclReferenceExprSyntax.self) {
            name = reference.baseName.text
        } else if let member = expression.as(MemberAccessExprSyntax.self), member.base != nil {
            name = member.declName.baseName.text
        } else {
            return nil
        }
        guard followsConstants else { return nil }
        var once = self
        once.followsConstants = false
        if let initializer = constants[name] { return once.literal(initializer) }
        guard let getter = getters[name] else { return nil }
        let value = FlagSwitch.value(of: getter, expressions: once)
        if case .code = value { return nil }
        return value
    }

    /// A literal's value, or `nil` when the expression is not one.
    func literal(_ expression: ExprSyntax) -> WrittenValue? {
        // Where it is written is worked out only for a literal: most expressions are not one.
        if let bool = expression.as(BooleanLiteralExprSyntax.self) {
            return .value(.bool(bool.literal.tokenKind == .keyword(.true)), location(of: expression))
        }
        if let number = Self.number(expression) { return .value(number, location(of: expression)) }
        if let string = expression.as(StringLiteralExprSyntax.self) {
            guard let text = string.literalValue else { return nil }
            return .value(.string(text), location(of: expression))
        }
        if let structured = structured(expression) { return .value(.structured(structured), location(of: expression)) }
        return nil
    }

    /// An integer or a decimal, with an optional minus sign.
    static func number(_ expression: ExprSyntax) -> FlagValue? {
        var sign = ""
        var expression = expression
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "-" {
            sign = "-"
            expression = prefix.expression
        }
        if let integer = expression.as(IntegerLiteralExprSyntax.self) {
            let text = integer.literal.text.replacingOccurrences(of: "_", with: "")
            let value: Int?
            if text.hasPrefix("0x") { value = Int(text.dropFirst(2), radix: 16) }
            else if text.hasPrefix("0o") { value = Int(text.dropFirst(2), radix: 8) }
            else if text.hasPrefix("0b") { value = Int(text.dropFirst(2), radix: 2) }
            else { value = Int(text) }
            return value.map { .integer(sign == "-" ? -$0 : $0) }
        }
        if let float = expression.as(FloatLiteralExprSyntax.self) {
            let text = float.literal.text.replacingOccurrences(of: "_", with: "")
            guard !text.hasPrefix("0x"), Double(text) != nil else { return nil }
            return .decimal(sign + text)
        }
        return nil
    }

    /// An array or dictionary literal of literals.
    private func structured(_ expression: ExprSyntax) -> StructuredValue? {
        if let array = expression.as(ArrayExprSyntax.self) {
            var elements: [StructuredValue] = []
            for item in array.elements {
                guard let value = element(item.expression) else { return nil }
                elements.append(value)
            }
            return .array(elements)
        }
        if let dictionary = expression.as(DictionaryExprSyntax.self) {
            guard case .elements(let list) = dictionary.content else { return .object([]) }
            var members: [(key: String, value: StructuredValue)] = []
            for member in list {
                guard let key = member.key.as(StringLiteralExprSyntax.self)?.literalValue, let value = element(member.value),
                    !members.contains(where: { $0.key == key })
                else { return nil }
                members.append((key, value))
            }
            return .object(members)
        }
        return nil
    }

    /// One element of an array or dictionary literal.
    private func element(_ expression: ExprSyntax) -> StructuredValue? {
        if expression.is(NilLiteralExprSyntax.self) { return .null }
        guard case .value(let value, _)? = literal(expression) else { return nil }
        if case .structured(let inner) = value { return inner }
        return .scalar(value)
    }
}
