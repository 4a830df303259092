import FlagstaffCore
import SwiftSyntax

/// Collects the flags of a type without cases: its static properties and
/// functions without parameters that give a flag value, and properties wrapped
/// by an attribute with `key:` or `defaultValue:` arguments.
///
/// A member is a flag when it passes `key:` or `defaultValue:` (to a property
/// wrapper, an initialiser or a factory), is a literal (`static let x = true`),
/// or has a value type (`static var x: Bool { … }`, `-> [String]`). Its key is
/// the `key:` argument (or a wrapper's first unlabelled string), else its name;
/// its default is the `defaultValue:` argument, else the literal or the getter's
/// single expression. A member declared in several `#if` clauses is one flag
/// whose default has an arm per clause.
struct StaticFlagCollector {
    let expressions: SwiftExpressions
    let lines: SwiftSourceLines
    var flags: [Flag] = []
    var marks: [FlagEnum.Mark] = []
    var defaults: [String: FlagValues.Default] = [:]
    /// The `#if` condition of each member declared in one clause only, by name.
    var buildConditions: [String: BuildCondition] = [:]
    var diagnostics: [Diagnostic] = []
    /// The type aliases of the flag type, for members whose type names one.
    var aliases: [String: TypeSyntax] = [:]
    private var group: String?

    init(expressions: SwiftExpressions, lines: SwiftSourceLines) {
        self.expressions = expressions
        self.lines = lines
    }

    /// The types a member's declared type must be to make it a flag without other signs.
    static let valueTypes: Set<String> = ["Bool", "Int", "Double", "Float", "String", "CGFloat"]

    mutating func collect(_ members: MemberBlockItemListSyntax, clause: (condition: BuildCondition?, text: String?, range: ByteRange)?) {
        for member in members {
            for mark in FlagEnumReader.marks(in: member.decl.leadingTrivia, at: member.decl.position.utf8Offset) {
                marks.append(mark)
                group = mark.name
            }
            if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                for (condition, text, inner) in FlagSwitch.clauses(of: ifConfig) {
                    guard case .decls(let decls) = inner.elements else { continue }
                    let joined = FlagSwitch.joined(clause.map { ($0.condition, $0.text) }, (condition, text))
                    collect(decls, clause: (joined.0, joined.1, decls.position.utf8Offset..<decls.endPosition.utf8Offset))
                }
            } else if let variable = member.decl.as(VariableDeclSyntax.self) {
                collect(variable, clause: clause)
            } else if let function = member.decl.as(FunctionDeclSyntax.self) {
                collect(function, clause: clause)
            }
        }
    }

    /// Whether a member is static (or `class`) and visible outside its file: a
    /// private helper is not a flag.
    private static func isStatic(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class) }
            && !modifiers.contains { $0.name.tokenKind == .keyword(.private) || $0.name.tokenKind == .keyword(.fileprivate) }
    }

    private mutating func collect(_ variable: VariableDeclSyntax, clause: (condition: BuildCondition?, text: String?, range: ByteRange)?) {
        guard variable.bindings.count == 1, let binding = variable.bindings.first,
            let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier
        else { return }
        let expressions = expressions
        let wrapper = variable.attributes.compactMap { element -> FlagCall? in
            guard case .attribute(let attribute) = element, case .argumentList(let arguments)? = attribute.arguments else { return nil }
            return FlagCall(arguments, expressions: expressions)
        }.first
        guard wrapper != nil || Self.isStatic(variable.modifiers) else { return }
        var call = wrapper
        var body: WrittenValue?
        if let initializer = binding.initializer?.value {
            call = call ?? FlagCall(initializer, expressions: expressions)
            body = expressions.written(initializer)
        } else if let statements = PropertyReading.getter(of: binding) {
            let single = FlagCall.singleExpression(statements)
            call = call ?? single.flatMap { FlagCall($0, expressions: expressions) }
            body = FlagSwitch.value(of: statements, expressions: expressions)
        }
        let type = binding.typeAnnotation?.type
        guard call != nil || Self.isValueType(type) || isLiteral(body) else { return }
        let form: FlagForm = wrapper == nil ? (call == nil ? .staticValue : .staticObject) : (Self.isStatic(variable.modifiers) ? .staticValue : .instanceValue)
        add(name: name, declaration: Syntax(variable), type: type, call: call, body: body, form: form, clause: clause)
    }

    private mutating func collect(_ function: FunctionDeclSyntax, clause: (condition: BuildCondition?, text: String?, range: ByteRange)?) {
        guard Self.isStatic(function.modifiers), function.signature.parameterClause.parameters.isEmpty,
            let statements = function.body?.statements
        else { return }
        let call = FlagCall.singleExpression(statements).flatMap { FlagCall($0, expressions: expressions) }
        let body = FlagSwitch.value(of: statements, expressions: expressions)
        guard call != nil || Self.isValueType(function.signature.returnClause?.type) || isLiteral(body) else { return }
        add(name: function.name, declaration: Syntax(function), type: function.signature.returnClause?.type, call: call, body: body, form: .staticObject, clause: clause)
    }

    private func isLiteral(_ value: WrittenValue?) -> Bool {
        if case .value? = value { return true }
        return false
    }

    /// Whether a declared type is a flag value's: `Bool`, a number, `String`, or an array or dictionary.
    static func isValueType(_ type: TypeSyntax?) -> Bool {
        guard let type else { return false }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return true }
        return valueTypes.contains(type.writtenText)
    }

    private mutating func add(
        name: TokenSyntax, declaration: Syntax, type: TypeSyntax?, call: FlagCall?, body: WrittenValue?, form: FlagForm,
        clause: (condition: BuildCondition?, text: String?, range: ByteRange)?
    ) {
        let caseName = name.name
        let key = call?.key ?? caseName
        var value = call?.defaultValue ?? (call == nil ? body : nil)
        if let clause, let inner = value { value = .arms([WrittenValue.Arm(condition: clause.condition, conditionText: clause.text, value: inner)]) }
        if let existing = flags.firstIndex(where: { $0.caseName == caseName }) {
            // The same member in another `#if` clause: one flag, another arm,
            // declared whichever clause is compiled.
            if case .arms(let earlier)? = defaults[caseName]?.value, case .arms(let later)? = value {
                defaults[caseName]?.value = .arms(earlier + later)
            }
            flags[existing].condition = nil
            buildConditions[caseName] = nil
            return
        }
        let start = declaration.positionAfterSkippingLeadingTrivia.utf8Offset
        let range = start..<declaration.endPositionBeforeTrailingTrivia.utf8Offset
        let syntax = FlagSyntax(
            declaration: range, leadingTrivia: declaration.position.utf8Offset..<start, element: range, elementsInDeclaration: 1,
            conditionalClause: clause?.range)
        flags.append(
            Flag(
                key: key, caseName: caseName, group: group, documentation: CaseCollector.documentation(in: declaration.leadingTrivia),
                deprecation: CaseCollector.deprecation(in: Self.attributes(of: declaration)), condition: clause?.text,
                location: lines.location(of: name), syntax: syntax, form: form,
                valueType: DeclaredValueType.flagType(of: type, aliases: aliases)))
        if let condition = clause?.condition { buildConditions[caseName] = condition }
        if let value { defaults[caseName] = FlagValues.Default(value: value, source: call?.defaultValue != nil ? "'defaultValue:'" : "'\(caseName)'") }
    }

    private static func attributes(of declaration: Syntax) -> AttributeListSyntax {
        declaration.as(VariableDeclSyntax.self)?.attributes ?? declaration.as(FunctionDeclSyntax.self)?.attributes ?? AttributeListSyntax([])
    }
}

/// A call that declares a flag: `key:` and `defaultValue:` arguments, or a
/// wrapper's first unlabelled string as the key.
struct FlagCall {
    var key: String?
    var defaultValue: WrittenValue?

    /// The flag arguments of an attribute's or a call's argument list; `nil` when it has none.
    init?(_ arguments: LabeledExprListSyntax, expressions: SwiftExpressions) {
        for argument in arguments {
            switch argument.label?.text {
            case "key": key = argument.expression.as(StringLiteralExprSyntax.self)?.literalValue
            case "defaultValue", "default": defaultValue = expressions.written(argument.expression)
            case nil where key == nil && argument == arguments.first:
                key = argument.expression.as(StringLiteralExprSyntax.self)?.literalValue
            default: continue
            }
        }
        guard arguments.contains(where: { ["key", "defaultValue", "default"].contains($0.label?.text) }) else { return nil }
    }

    /// The flag arguments of a call expression (`Flag(key:…)`, `.init(key:…)`).
    init?(_ expression: ExprSyntax, expressions: SwiftExpressions) {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return nil }
        self.init(call.arguments, expressions: expressions)
    }

    /// The expression a body of one `return X` or `X` gives.
    static func singleExpression(_ statements: CodeBlockItemListSyntax) -> ExprSyntax? {
        guard statements.count == 1, let item = statements.first?.item else { return nil }
        switch item {
        case .expr(let expression): return expression
        case .stmt(let statement):
            return statement.as(ReturnStmtSyntax.self)?.expression ?? statement.as(ExpressionStmtSyntax.self)?.expression
        default: return nil
        }
    }
}
