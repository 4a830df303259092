import SwiftSyntax

/// A `#if` condition: compilation conditions joined with `!`, `&&` and `||`,
/// worked out for a build with a known set of conditions. Platform checks hold
/// as they would when building the iOS app: `os(iOS)` holds, another `os` does
/// not; what depends on the toolchain or the machine (`canImport`,
/// `targetEnvironment`, `arch`) is unknown.
indirect enum BuildCondition: Hashable, Sendable {
    case name(String)
    case literal(Bool)
    case not(BuildCondition)
    case and(BuildCondition, BuildCondition)
    case or(BuildCondition, BuildCondition)
    /// A platform check, with its truth for an iOS build (`nil` when unknown).
    case platform(Bool?)

    /// The condition an expression writes.
    init(_ expression: ExprSyntax) {
        if let sequence = expression.as(SequenceExprSyntax.self) {
            self = Self.folded(Array(sequence.elements))
        } else if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            self = .not(BuildCondition(prefix.expression))
        } else if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let only = tuple.elements.first {
            self = BuildCondition(only.expression)
        } else if let literal = expression.as(BooleanLiteralExprSyntax.self) {
            self = .literal(literal.literal.tokenKind == .keyword(.true))
        } else if let reference = expression.as(DeclReferenceExprSyntax.self) {
            self = .name(reference.baseName.text)
        } else if let call = expression.as(FunctionCallExprSyntax.self) {
            let function = call.calledExpression.writtenText
            let argument = call.arguments.first?.expression.writtenText ?? ""
            switch function {
            case "os": self = .platform(argument == "iOS")
            case "swift", "compiler", "hasFeature", "hasAttribute": self = .platform(true)
            default: self = .platform(nil)
            }
        } else {
            self = .platform(nil)
        }
    }

    /// `a && b || c` folded with `&&` binding tighter than `||`.
    private static func folded(_ elements: [ExprSyntax]) -> BuildCondition {
        func isOperator(_ element: ExprSyntax, _ text: String) -> Bool {
            element.as(BinaryOperatorExprSyntax.self)?.operator.text == text
        }
        let alternatives = elements.split { isOperator($0, "||") }
        let terms = alternatives.map { alternative in
            alternative.split { isOperator($0, "&&") }.map { part in
                part.count == 1 ? BuildCondition(part[part.startIndex]) : .platform(nil)
            }.reduce(nil) { (folded: BuildCondition?, term) in folded.map { .and($0, term) } ?? term } ?? .platform(nil)
        }
        return terms.dropFirst().reduce(terms.first ?? .platform(nil)) { .or($0, $1) }
    }

    /// Whether the condition holds in a build with `conditions` set; `nil` when
    /// it cannot be known: the conditions are unknown (`nil`) and it names one,
    /// or it checks what only the toolchain knows.
    func truth(with conditions: Set<String>?) -> Bool? {
        switch self {
        case .name(let name): return conditions.map { $0.contains(name) }
        case .literal(let value): return value
        case .platform(let value): return value
        case .not(let inner): return inner.truth(with: conditions).map { !$0 }
        case .and(let left, let right): return UnknownTruth.and(left.truth(with: conditions), right.truth(with: conditions))
        case .or(let left, let right): return UnknownTruth.or(left.truth(with: conditions), right.truth(with: conditions))
        }
    }
}
