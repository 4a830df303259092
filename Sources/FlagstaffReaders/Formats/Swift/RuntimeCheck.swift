import SwiftSyntax

/// A check the app makes when it runs of a value that each build configuration
/// fixes, such as `BuildConfiguration.current == .localDeveloper`,
/// `[.a, .b].contains(BuildConfiguration.current)`, `BuildConfiguration.current ~= [.a, .b]`
/// or `AppConfiguration.isJetpack`, joined with `!`, `&&` and `||`. Its subjects
/// are the expressions `build_configurations.<environment>.values` names; with
/// those values known for a build, the check resolves like a `#if` arm.
indirect enum RuntimeCheck: Hashable, Sendable {
    /// The subject's value is one of these: a case name (`localDeveloper`) or `true`/`false`.
    case isOneOf(subject: String, values: Set<String>)
    /// A Bool subject on its own holds: its value must be `true` or `false`, else it is not known.
    case isTrue(subject: String)
    case literal(Bool)
    case not(RuntimeCheck)
    case and(RuntimeCheck, RuntimeCheck)
    case or(RuntimeCheck, RuntimeCheck)

    /// The check an expression makes, when it is one over `subjects` only; `nil`
    /// for anything else, which stays decided in code.
    init?(_ expression: ExprSyntax, subjects: Set<String>) {
        guard !subjects.isEmpty else { return nil }
        self.init(expression, isSubject: subjects.contains)
    }

    /// The check an expression makes over whatever `isSubject` accepts.
    private init?(_ expression: ExprSyntax, isSubject subjects: (String) -> Bool) {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            self.init(only.expression, isSubject: subjects)
        } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            guard let inner = RuntimeCheck(prefix.expression, isSubject: subjects) else { return nil }
            self = .not(inner)
        } else if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            self = .literal(literal.literal.tokenKind == .keyword(.true))
        } else if let subject = Self.subject(expression, in: subjects) {
            self = .isTrue(subject: subject)
        } else if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.declName.baseName.text == "contains", call.arguments.count == 1, let argument = call.arguments.first, argument.label == nil,
            let subject = Self.subject(argument.expression, in: subjects), let list = member.base.flatMap({ Self.caseNames($0, of: subject) })
        {
            self = .isOneOf(subject: subject, values: list)
        } else if let sequence = expression.as(SequenceExprSyntax.self) {
            guard let folded = Self.folded(Array(sequence.elements), subjects: subjects) else { return nil }
            self = folded
        } else {
            return nil
        }
    }

    /// The check a run of a sequence's elements makes (the condition before a `?`).
    init?(elements: [ExprSyntax], subjects: Set<String>) {
        guard !subjects.isEmpty, let first = elements.first else { return nil }
        guard elements.count > 1 else {
            self.init(first, subjects: subjects)
            return
        }
        guard let folded = Self.folded(elements, subjects: subjects.contains) else { return nil }
        self = folded
    }

    /// What an expression would check if build configurations gave their values:
    /// the chains of names it compares (`BuildConfiguration.current`) or tests
    /// (`AppConfiguration.isJetpack`); empty when it is not such a check.
    static func checkedSubjects(in expression: ExprSyntax) -> Set<String> {
        let isChain: (String) -> Bool = { text in
            let parts = text.split(separator: ".", omittingEmptySubsequences: false)
            return parts.count >= 2 && (parts[0].first?.isUppercase ?? false)
                && parts.allSatisfy { part in (part.first.map { $0 == "_" || $0.isLetter } ?? false) && part.allSatisfy { $0 == "_" || $0.isLetter || $0.isNumber } }
        }
        // A ternary checks in its condition and in each branch.
        if let sequence = expression.as(SequenceExprSyntax.self), let index = sequence.elements.firstIndex(where: { $0.is(UnresolvedTernaryExprSyntax.self) }),
            let question = sequence.elements[index].as(UnresolvedTernaryExprSyntax.self)
        {
            let parts = [Array(sequence.elements[..<index]), [question.thenExpression], Array(sequence.elements[sequence.elements.index(after: index)...])]
            return parts.reduce(into: []) { subjects, part in
                let check = part.count == 1 ? RuntimeCheck(part[0], isSubject: isChain) : folded(part, subjects: isChain)
                subjects.formUnion(check?.subjects ?? [])
            }
        }
        return RuntimeCheck(expression, isSubject: isChain)?.subjects ?? []
    }

    /// The subjects the check reads.
    var subjects: Set<String> {
        switch self {
        case .isOneOf(let subject, _), .isTrue(let subject): [subject]
        case .literal: []
        case .not(let inner): inner.subjects
        case .and(let left, let right), .or(let left, let right): left.subjects.union(right.subjects)
        }
    }

    /// Whether the check holds with the subjects' `values`; `nil` when a subject has none.
    func truth(with values: [String: String]) -> Bool? {
        switch self {
        case .isOneOf(let subject, let cases): return values[subject].map(cases.contains)
        case .isTrue(let subject):
            switch values[subject] {
            case "true"?: return true
            case "false"?: return false
            default: return nil
            }
        case .literal(let value): return value
        case .not(let inner): return inner.truth(with: values).map { !$0 }
        case .and(let left, let right): return UnknownTruth.and(left.truth(with: values), right.truth(with: values))
        case .or(let left, let right): return UnknownTruth.or(left.truth(with: values), right.truth(with: values))
        }
    }

    /// `a && b || c`, with comparisons binding tighter than `&&`, and `&&` than `||`.
    private static func folded(_ elements: [ExprSyntax], subjects: (String) -> Bool) -> RuntimeCheck? {
        func splits(_ part: ArraySlice<ExprSyntax>, on text: String) -> [ArraySlice<ExprSyntax>] {
            part.split(omittingEmptySubsequences: false) { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == text }
        }
        var alternatives: [RuntimeCheck] = []
        for alternative in splits(elements[...], on: "||") {
            var terms: [RuntimeCheck] = []
            for term in splits(alternative, on: "&&") {
                guard let check = comparison(Array(term), subjects: subjects) else { return nil }
                terms.append(check)
            }
            guard let first = terms.first else { return nil }
            alternatives.append(terms.dropFirst().reduce(first) { .and($0, $1) })
        }
        guard let first = alternatives.first else { return nil }
        return alternatives.dropFirst().reduce(first) { .or($0, $1) }
    }

    /// One term: a check on its own, or `subject == .case`, `subject != .case`,
    /// `subject ~= [.a, .b]`, either way round for `==` and `!=`.
    private static func comparison(_ term: [ExprSyntax], subjects: (String) -> Bool) -> RuntimeCheck? {
        if term.count == 1 { return RuntimeCheck(term[0], isSubject: subjects) }
        guard term.count == 3, let operation = term[1].as(BinaryOperatorExprSyntax.self)?.operator.text else { return nil }
        let (left, right) = (term[0], term[2])
        switch operation {
        case "==", "!=":
            let check: RuntimeCheck
            if let subject = subject(left, in: subjects), let value = value(right, of: subject) {
                check = .isOneOf(subject: subject, values: [value])
            } else if let subject = subject(right, in: subjects), let value = value(left, of: subject) {
                check = .isOneOf(subject: subject, values: [value])
            } else {
                return nil
            }
            return operation == "==" ? check : .not(check)
        case "~=":
            guard let subject = subject(left, in: subjects), let list = caseNames(right, of: subject) else { return nil }
            return .isOneOf(subject: subject, values: list)
        default:
            return nil
        }
    }

    /// The subject an expression names, written as the configuration writes it.
    private static func subject(_ expression: ExprSyntax, in subjects: (String) -> Bool) -> String? {
        guard let text = chain(expression) else { return nil }
        return subjects(text) ? text : nil
    }

    /// A name or a chain of names (`BuildConfiguration.current`) as written without spaces; `nil` for anything else.
    private static func chain(_ expression: ExprSyntax) -> String? {
        if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        guard let member = expression.as(MemberAccessExprSyntax.self), let base = member.base, let prefix = chain(base) else { return nil }
        return prefix + "." + member.declName.baseName.text
    }

    /// A value compared with a subject: `.name`, the subject's own type's
    /// `Type.name` (`BuildConfiguration.appStore`), `true` or `false`.
    private static func value(_ expression: ExprSyntax, of subject: String) -> String? {
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.text }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base, base.writtenText != subject.split(separator: ".").first.map(String.init) { return nil }
        return member.declName.baseName.text
    }

    /// The case names of an array literal such as `[.localDeveloper, .a8cBranchTest]`.
    private static func caseNames(_ expression: ExprSyntax, of subject: String) -> Set<String>? {
        guard let array = expression.as(ArrayExprSyntax.self), !array.elements.isEmpty else { return nil }
        var names: Set<String> = []
        for element in array.elements {
            guard let name = value(element.expression, of: subject) else { return nil }
            names.insert(name)
        }
        return names
    }
}
