import FlagstaffCore
import SwiftSyntax

/// A computed property of the flag type whose body switches over `self`, or a
/// function whose body switches over its one parameter, the flag
/// (`static func isEnabled(_ feature: Feature) -> Bool { switch feature { … } }`),
/// read arm by arm: what it gives each flag. A body without a switch gives every
/// flag the same value; a body that is an `#if` block around switches gives
/// each flag an arm per clause.
struct FlagSwitch {
    /// What the property gives each case named in an arm, by case name.
    var arms: [String: WrittenValue] = [:]
    /// What the `default:` arm gives, when there is one.
    var defaultArm: WrittenValue?
    /// What a body without a `switch self` gives every flag.
    var everyFlag: WrittenValue?
    /// The clauses of an `#if` block the body consists of, when a clause switches
    /// over the flag: each clause's condition, as written, and what it gives.
    var clauses: [(condition: BuildCondition?, text: String?, reading: FlagSwitch)] = []
    /// Where the property's name is.
    var location: FlagstaffCore.SourceLocation
    /// Problems in the switch: a case named twice, a case that is not a flag.
    var diagnostics: [Diagnostic] = []
    /// Whether a value came from a helper the body calls with the flag, which
    /// reads the registry: the registry's default field is then an input, not a default.
    var readsRegistry = false

    /// What the property gives a flag, when it gives it anything.
    func value(of caseName: String) -> WrittenValue? {
        guard clauses.isEmpty else {
            return .arms(clauses.map { WrittenValue.Arm(condition: $0.condition, conditionText: $0.text, value: $0.reading.value(of: caseName)) })
        }
        return arms[caseName] ?? defaultArm ?? everyFlag
    }

    /// What an arm naming the flag gives, as opposed to a `default:` arm or a body
    /// without a switch; under `#if` clauses, whatever each clause gives.
    func namedValue(of caseName: String) -> WrittenValue? {
        clauses.isEmpty ? arms[caseName] : value(of: caseName)
    }

    /// The flags some reading of the body gives nothing, with no `default:` arm to
    /// cover them: a switch that misses cases does not compile.
    func missing(among caseNames: [String]) -> [String] {
        guard clauses.isEmpty else {
            let missed = Set(clauses.flatMap { $0.reading.missing(among: caseNames) })
            return caseNames.filter(missed.contains)
        }
        guard defaultArm == nil, everyFlag == nil else { return [] }
        return caseNames.filter { arms[$0] == nil }
    }

    /// Reads a property's or function's body, which switches over `subject`
    /// (`self`, or the function's parameter); `caseNames` are the flags' cases.
    /// `helpers` are the functions the body may return a call of, with the flag,
    /// followed one step (`return debugDefault(for: flag)`).
    init(
        name: TokenSyntax, body: CodeBlockItemListSyntax?, subject: String, property: String, caseNames: Set<String>,
        expressions: SwiftExpressions, helpers: RegistryHelpers? = nil
    ) {
        location = expressions.location(of: name)
        guard let body else { return }
        // `if let value = store.value(for: self) { return value }` before the switch
        // asks a store on the device first, as the debug layer does: the switch
        // after it gives the bundled defaults.
        let rest = Array(body.drop(while: Self.returnsWhatAStoreHolds))
        if rest.count == 1, let switchExpression = Self.switchExpression(over: subject, in: rest[0]) {
            read(switchExpression.cases, condition: nil, property: property, caseNames: caseNames, expressions: expressions)
            return
        }
        func helped(_ statements: [CodeBlockItemSyntax]) -> [String: WrittenValue]? {
            guard statements.count == 1, let returned = Self.returned(statements[0]) else { return nil }
            return helpers?.values(of: returned, subject: subject, caseNames: caseNames, expressions: expressions)
        }
        if let values = helped(rest) {
            arms = values
            readsRegistry = true
            return
        }
        if let ifConfig = Self.ifConfig(in: rest), Self.clauses(of: ifConfig).contains(where: { _, _, clause in
            guard case .statements(let inner) = clause.elements else { return false }
            return Self.switchExpression(over: subject, in: inner) != nil || Self.ifConfig(in: inner) != nil || helped(Array(inner)) != nil
        }) {
            for (condition, text, clause) in Self.clauses(of: ifConfig) {
                let inner: CodeBlockItemListSyntax? = if case .statements(let statements) = clause.elements { statements } else { nil }
                let reading = FlagSwitch(
                    name: name, body: inner, subject: subject, property: property, caseNames: caseNames, expressions: expressions, helpers: helpers)
                diagnostics += reading.diagnostics
                readsRegistry = readsRegistry || reading.readsRegistry
                clauses.append((condition, text, reading))
            }
            return
        }
        everyFlag = Self.value(of: body, expressions: expressions)
    }

    /// Whether a statement is `if let value = expression { return value }`: what an
    /// app writes to let a store on the device (a debug menu's overrides, a cache
    /// of remote values) decide before its bundled default.
    static func returnsWhatAStoreHolds(_ item: CodeBlockItemSyntax) -> Bool {
        let expression: ExprSyntax? =
            switch item.item {
            case .expr(let expression): expression
            case .stmt(let statement): statement.as(ExpressionStmtSyntax.self)?.expression
            default: nil
            }
        guard let ifExpression = expression?.as(IfExprSyntax.self), ifExpression.elseBody == nil,
            ifExpression.conditions.count == 1, let binding = ifExpression.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
            let bound = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name,
            ifExpression.body.statements.count == 1, case .stmt(let statement)? = ifExpression.body.statements.first?.item,
            let returned = statement.as(ReturnStmtSyntax.self)?.expression?.as(DeclReferenceExprSyntax.self)
        else { return false }
        return returned.baseName.name == bound
    }

    /// The `#if` block a body consists of, when it is nothing else.
    static func ifConfig(in body: some Collection<CodeBlockItemSyntax>) -> IfConfigDeclSyntax? {
        guard body.count == 1, case .decl(let declaration)? = body.first?.item else { return nil }
        return declaration.as(IfConfigDeclSyntax.self)
    }

    /// The expression a statement returns: `return X`, or `X` on its own (an implicit return).
    static func returned(_ statement: CodeBlockItemSyntax) -> ExprSyntax? {
        switch statement.item {
        case .expr(let expression): expression
        case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression ?? statement.as(ExpressionStmtSyntax.self)?.expression
        default: nil
        }
    }

    /// The switch over `subject` a body consists of: a statement, `return switch`, or an implicit return.
    static func switchExpression(over subject: String, in body: CodeBlockItemListSyntax) -> SwitchExprSyntax? {
        guard body.count == 1, let item = body.first else { return nil }
        return switchExpression(over: subject, in: item)
    }

    /// The switch over `subject` a statement is, or returns.
    static func switchExpression(over subject: String, in statement: CodeBlockItemSyntax) -> SwitchExprSyntax? {
        guard let switchExpression = returned(statement)?.as(SwitchExprSyntax.self),
            switchExpression.subject.writtenText == subject
        else { return nil }
        return switchExpression
    }

    /// The arms of a switch, those inside `#if` under their clause's condition:
    /// what each arm writes, then what it means, in order. (Reading the arms on
    /// every core was measured slower: a thread's start costs more than an arm.)
    private mutating func read(
        _ cases: SwitchCaseListSyntax, condition: (BuildCondition?, String?)?, property: String, caseNames: Set<String>,
        expressions: SwiftExpressions
    ) {
        var found: [(switchCase: SwitchCaseSyntax, condition: (BuildCondition?, String?)?)] = []
        Self.collect(cases, under: condition, into: &found)
        // Each arm's patterns (`nil` for `default:`), with the case each names, and what it writes.
        let read = found.indices.map { index in
            let switchCase = found[index].switchCase
            let patterns: [(pattern: PatternSyntax, name: String?)]? =
                switch switchCase.label {
                case .default: nil
                case .case(let label): label.caseItems.map { ($0.pattern, Self.caseName(of: $0.pattern)) }
                }
            return (patterns, Self.value(of: switchCase.statements, expressions: expressions))
        }
        for ((_, condition), (patterns, written)) in zip(found, read) {
            var value = written
            if let condition { value = .arms([WrittenValue.Arm(condition: condition.0, conditionText: condition.1, value: value)]) }
            switch patterns {
            case nil:
                defaultArm = merged(defaultArm, value)
            case let patterns?:
                for item in patterns {
                    guard let name = item.name else {
                        diagnostics.append(
                            .warning(
                                "'\(property)' has an arm Flagstaff cannot read: \(item.pattern.writtenText)",
                                at: expressions.location(of: item.pattern), hint: "write each arm as case .caseName"))
                        continue
                    }
                    guard caseNames.contains(name) else {
                        diagnostics.append(
                            .error(
                                "'\(property)' has an arm for '.\(name)', which is not a flag", at: expressions.location(of: item.pattern),
                                hint: Suggestion.didYouMean(name, in: caseNames.sorted()) ?? "remove the arm"))
                        continue
                    }
                    if arms[name] != nil, condition == nil {
                        diagnostics.append(
                            .error(
                                "'\(property)' gives '.\(name)' two values", at: expressions.location(of: item.pattern),
                                hint: "the first arm wins; remove this one"))
                        continue
                    }
                    arms[name] = merged(arms[name], value)
                }
            }
        }
    }

    /// A switch's arms in order, each with the `#if` condition it sits under.
    private static func collect(
        _ cases: SwitchCaseListSyntax, under condition: (BuildCondition?, String?)?,
        into arms: inout [(switchCase: SwitchCaseSyntax, condition: (BuildCondition?, String?)?)]
    ) {
        for element in cases {
            switch element {
            case .switchCase(let switchCase):
                arms.append((switchCase, condition))
            case .ifConfigDecl(let ifConfig):
                for (clauseCondition, text, clause) in clauses(of: ifConfig) {
                    guard case .switchCases(let inner) = clause.elements else { continue }
                    collect(inner, under: joined(condition, (clauseCondition, text)), into: &arms)
                }
            }
        }
    }

    /// Two readings of one case under different `#if` clauses, kept as arms in order.
    private func merged(_ earlier: WrittenValue?, _ later: WrittenValue) -> WrittenValue {
        guard let earlier else { return later }
        if case .arms(let first) = earlier, case .arms(let second) = later { return .arms(first + second) }
        return earlier
    }

    /// The case a pattern names: `.name` or `Type.name`.
    static func caseName(of pattern: PatternSyntax) -> String? {
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression.as(MemberAccessExprSyntax.self) else { return nil }
        return expression.declName.baseName.name
    }

    /// What an arm's statements give: the expression of `return X`, or of `X` on
    /// its own (an implicit return), `#if` blocks as arms; otherwise the
    /// statements are decided in code.
    static func value(of statements: CodeBlockItemListSyntax, expressions: SwiftExpressions) -> WrittenValue {
        // The one statement that is not `break`, counted in place: a syntax
        // collection's own `filter` builds a new tree, one node replaced at a time,
        // which cost seconds over 2,000 arms.
        var only: CodeBlockItemSyntax.Item?
        var count = 0
        for statement in statements {
            if case .stmt(let statement) = statement.item, statement.is(BreakStmtSyntax.self) { continue }
            count += 1
            only = statement.item
        }
        guard count == 1, let item = only else { return expressions.code(statements) }
        switch item {
        case .expr(let expression):
            return expressions.written(expression)
        case .stmt(let statement):
            if let returned = statement.as(ReturnStmtSyntax.self) {
                return returned.expression.map(expressions.written) ?? expressions.code(statement)
            }
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression { return expressions.written(expression) }
            return expressions.code(statement)
        case .decl(let declaration):
            guard let ifConfig = declaration.as(IfConfigDeclSyntax.self) else { return expressions.code(declaration) }
            return .arms(
                clauses(of: ifConfig).map { condition, text, clause in
                    guard case .statements(let inner) = clause.elements else {
                        return WrittenValue.Arm(condition: condition, conditionText: text, value: nil)
                    }
                    return WrittenValue.Arm(condition: condition, conditionText: text, value: value(of: inner, expressions: expressions))
                })
        }
    }

    /// The clauses of a `#if` block with their conditions (`nil` for `#else`).
    static func clauses(of ifConfig: IfConfigDeclSyntax) -> [(BuildCondition?, String?, IfConfigClauseSyntax)] {
        ifConfig.clauses.map { clause in (clause.condition.map(BuildCondition.init), clause.condition?.writtenText, clause) }
    }

    /// A clause's condition under an outer one.
    static func joined(_ outer: (BuildCondition?, String?)?, _ inner: (BuildCondition?, String?)) -> (BuildCondition?, String?) {
        guard let outer else { return inner }
        let condition: BuildCondition? =
            switch (outer.0, inner.0) {
            case let (a?, b?): .and(a, b)
            case let (a, b): a ?? b
            }
        let text = [outer.1, inner.1].compactMap { $0 }.joined(separator: " && ")
        return (condition, text.isEmpty ? nil : text)
    }
}
