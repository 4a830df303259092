import FlagstaffCore
import SwiftSyntax

/// One step into a function that the defaults function returns for the flag
/// (`#if DEBUG return debugDefault(for: flag) #else return releaseDefault(for: flag) #endif`),
/// when that function reads the flag's registry entry and returns a simple
/// expression over its literal fields:
///
/// ```swift
/// private func debugDefault(for flag: FeatureFlag) -> Bool {
///     guard let info = FeatureFlagInfo.registry[flag] else { return false }
///     return info.phase <= 2
/// }
/// ```
///
/// The expression may use the entry's fields, literals, comparisons, `!`, `&&`
/// and `||`. Anything deeper is decided in code.
struct RegistryHelpers {
    /// The functions of the type that declares the defaults function, by name.
    let functions: [String: FunctionDeclSyntax]
    /// The registry's name (`registry`), when the settings name one.
    let registry: String?
    /// Each flag's registry entry, its arguments by label, by case name.
    let entries: [String: [String: ExprSyntax]]
    /// Reads the entries' literals.
    let entryExpressions: SwiftExpressions?

    /// What `expression` gives each flag when it is a call of one of the
    /// functions with the flag (`debugDefault(for: flag)`), by case name; `nil`
    /// when it is not such a call, or the function is not one Flagstaff reads.
    func values(of expression: ExprSyntax, subject: String, caseNames: Set<String>, expressions: SwiftExpressions) -> [String: WrittenValue]? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
            call.arguments.first?.expression.writtenText == subject,
            let name = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
            let function = functions[name], let helper = Helper(function, registry: registry)
        else { return nil }
        let text = expressions.code(call)
        var values: [String: WrittenValue] = [:]
        for caseName in caseNames {
            let value: FlagValue? =
                if let entry = entries[caseName] { evaluate(helper.result, binding: helper.binding, entry: entry, expressions: expressions) }
                else { helper.missing.flatMap { evaluate($0, binding: nil, entry: [:], expressions: expressions) } }
            values[caseName] = value.map { .value($0, expressions.location(of: helper.result)) } ?? text
        }
        return values
    }

    /// A helper's body: `guard let binding = ….registry[parameter] else { return missing }`, then `return result`.
    private struct Helper {
        var binding: String?
        var missing: ExprSyntax?
        var result: ExprSyntax

        init?(_ function: FunctionDeclSyntax, registry: String?) {
            guard let registry, let parameter = function.signature.parameterClause.parameters.first,
                function.signature.parameterClause.parameters.count == 1, let statements = function.body?.statements
            else { return nil }
            let name = (parameter.secondName ?? parameter.firstName).text
            var items = Array(statements)
            if let first = items.first, case .stmt(let statement) = first.item, let guardStatement = statement.as(GuardStmtSyntax.self) {
                guard guardStatement.conditions.count == 1,
                    let bound = guardStatement.conditions.first?.condition.as(OptionalBindingConditionSyntax.self),
                    let subscriptCall = bound.initializer?.value.as(SubscriptCallExprSyntax.self),
                    Self.names(registry, subscriptCall.calledExpression), subscriptCall.arguments.count == 1,
                    subscriptCall.arguments.first?.expression.writtenText == name,
                    guardStatement.body.statements.count == 1, let returned = guardStatement.body.statements.first.flatMap(FlagSwitch.returned)
                else { return nil }
                binding = bound.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
                missing = returned
                items.removeFirst()
            }
            guard binding != nil, items.count == 1, let returned = items.first.flatMap(FlagSwitch.returned) else { return nil }
            result = returned
        }

        /// Whether an expression is the registry: `registry` or `Type.registry`.
        private static func names(_ registry: String, _ expression: ExprSyntax) -> Bool {
            if let reference = expression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text == registry }
            return expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == registry
        }
    }

    /// The value of an expression over the entry's fields; `nil` when it cannot be worked out.
    private func evaluate(_ expression: ExprSyntax, binding: String?, entry: [String: ExprSyntax], expressions: SwiftExpressions) -> FlagValue? {
        if case .value(let value, _)? = expressions.literal(expression) { return value }
        if let member = expression.as(MemberAccessExprSyntax.self), let base = member.base?.as(DeclReferenceExprSyntax.self),
            base.baseName.text == binding, let field = entry[member.declName.baseName.text]
        {
            guard case .value(let value, _)? = entryExpressions?.literal(field) else { return nil }
            return value
        }
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first, only.label == nil {
            return evaluate(only.expression, binding: binding, entry: entry, expressions: expressions)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!",
            case .bool(let value)? = evaluate(prefix.expression, binding: binding, entry: entry, expressions: expressions)
        {
            return .bool(!value)
        }
        guard let sequence = expression.as(SequenceExprSyntax.self) else { return nil }
        let element: (ExprSyntax) -> FlagValue? = { evaluate($0, binding: binding, entry: entry, expressions: expressions) }
        return Self.folded(Array(sequence.elements)[...], element)
    }

    /// `a || b`, `a && b` and comparisons, with comparisons binding tightest and `||` loosest.
    private static func folded(_ elements: ArraySlice<ExprSyntax>, _ element: (ExprSyntax) -> FlagValue?) -> FlagValue? {
        for joiner in ["||", "&&"] {
            let parts = elements.split(omittingEmptySubsequences: false) { $0.as(BinaryOperatorExprSyntax.self)?.operator.text == joiner }
            guard parts.count > 1 else { continue }
            var truths: [Bool] = []
            for part in parts {
                guard case .bool(let truth)? = folded(part, element) else { return nil }
                truths.append(truth)
            }
            return .bool(joiner == "||" ? truths.contains(true) : truths.allSatisfy { $0 })
        }
        if elements.count == 1, let only = elements.first { return element(only) }
        guard elements.count == 3, let operation = elements[elements.startIndex + 1].as(BinaryOperatorExprSyntax.self)?.operator.text,
            let left = element(elements[elements.startIndex]), let right = element(elements[elements.startIndex + 2])
        else { return nil }
        return compare(left, operation, right).map(FlagValue.bool)
    }

    /// A comparison of two literal values: numbers by size, anything by equality.
    private static func compare(_ left: FlagValue, _ operation: String, _ right: FlagValue) -> Bool? {
        // Numbers compare by size, so that `2` and `2.0` are equal.
        if let a = number(left), let b = number(right) {
            switch operation {
            case "==": return a == b
            case "!=": return a != b
            default: break
            }
        }
        switch operation {
        case "==": return left == right
        case "!=": return left != right
        default: break
        }
        guard let a = number(left), let b = number(right) else { return nil }
        switch operation {
        case "<": return a < b
        case "<=": return a <= b
        case ">": return a > b
        case ">=": return a >= b
        default: return nil
        }
    }

    private static func number(_ value: FlagValue) -> Double? {
        switch value {
        case .integer(let integer): Double(integer)
        case .decimal(let text): Double(text)
        default: nil
        }
    }
}
