import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Keeps what the Swift declarations say about each flag in step when a flag is
/// added or removed: the arms of the switches the `swift` settings name
/// (defaults, remote key, description, columns) and the registry's entries.
/// Each file is parsed with swift-syntax to find them; every change is a splice,
/// written the way the neighbouring arm or entry is written, so the file still
/// compiles and every other byte stays.
public enum SwiftDeclarationsEditor {
    /// What the new flag's arms and registry entry give.
    public struct Values: Sendable {
        /// The flag's default in code.
        public var defaultValue: FlagValue
        /// The description, for the description switch and registry.
        public var description: String
        /// Catalog cells by column name (Owner, Remove by, a configured column…).
        public var cells: [String: String]
        /// The Remote Config parameter, when the remote-key switch needs an arm.
        public var remoteKey: String?

        /// The values of a new flag.
        public init(defaultValue: FlagValue, description: String, cells: [String: String] = [:], remoteKey: String? = nil) {
            self.defaultValue = defaultValue
            self.description = description
            self.cells = cells
            self.remoteKey = remoteKey
        }
    }

    /// The edits to one file that give a new flag its arms and registry entry.
    /// A switch with a `default:` arm gets no arm for a column or the remote key,
    /// whose default already covers it; the defaults switch always gets one.
    public static func insertion(
        of caseName: String, values: Values, into text: String, typeName: String, settings: SwiftSettings
    ) -> [TextEdit] {
        let file = EditedFile(text: text, typeName: typeName, settings: settings)
        var edits: [TextEdit] = []
        var properties: [(name: String, value: String?, always: Bool)] = []
        if let name = settings.defaults { properties.append((name, swiftLiteral(values.defaultValue), true)) }
        if let name = settings.remoteKey { properties.append((name, values.remoteKey.map { swiftLiteral(.string($0)) }, false)) }
        if let name = settings.description { properties.append((name, swiftLiteral(.string(values.description)), true)) }
        for (column, name) in settings.columns {
            let cell = values.cells.first { $0.key.lowercased() == column.lowercased() }?.value
            properties.append((name, cell.map(literal(ofCell:)), false))
        }
        for (name, value, always) in properties {
            for switchExpression in file.switches(of: name) {
                if let edit = file.arm(for: caseName, value: value, always: always, in: switchExpression) { edits.append(edit) }
            }
        }
        if let name = settings.registry, let (dictionary, _) = file.registry(name), let edit = file.entry(for: caseName, values: values, settings: settings, in: dictionary) {
            edits.append(edit)
        }
        return edits
    }

    /// The catalog columns of the registry's fields that every entry gives (none
    /// leaves it `nil`) and `values` does not: `new` would have to copy them from
    /// another entry, and a copied `phase` or `owner` says something untrue.
    public static func unfilledColumns(for values: Values, in text: String, typeName: String, settings: SwiftSettings) -> [String] {
        let file = EditedFile(text: text, typeName: typeName, settings: settings)
        guard let name = settings.registry, let (dictionary, _) = file.registry(name), case .elements(let elements) = dictionary.content,
            let last = elements.last?.value.as(FunctionCallExprSyntax.self)
        else { return [] }
        let optional = file.optionalFields(of: elements)
        return last.arguments.compactMap { argument -> String? in
            guard let label = argument.label?.text, !optional.contains(label),
                let field = SwiftSettings.RegistryField.allCases.first(where: { settings.labels(of: $0).contains(label) }),
                ![.default, .description, .displayName].contains(field), let column = field.column,
                !values.cells.keys.contains(where: { $0.lowercased() == column.lowercased() })
            else { return nil }
            return column
        }
    }

    /// The edits to one file that remove a flag's arms and registry entry: an
    /// arm for it alone goes whole; in an arm for several cases, only its pattern.
    public static func removal(of caseName: String, key: String, from text: String, typeName: String, settings: SwiftSettings) -> [TextEdit] {
        let file = EditedFile(text: text, typeName: typeName, settings: settings)
        var edits: [TextEdit] = []
        for name in [settings.defaults, settings.remoteKey, settings.description].compactMap({ $0 }) + settings.columns.map(\.property) {
            for switchExpression in file.switches(of: name) { edits += file.armRemovals(of: caseName, in: switchExpression.cases) }
        }
        if let name = settings.registry, let (dictionary, _) = file.registry(name), case .elements(let elements) = dictionary.content {
            let list = Array(elements)
            for (index, element) in list.enumerated() where Self.names(element.key, caseName: caseName, key: key) {
                // The last entry without a comma takes the comma before it along.
                if element.trailingComma == nil, index > 0, let comma = list[index - 1].trailingComma {
                    edits.append(.delete(comma.positionAfterSkippingLeadingTrivia.utf8Offset..<element.endPositionBeforeTrailingTrivia.utf8Offset))
                } else {
                    edits.append(file.deletion(of: Syntax(element)))
                }
            }
        }
        return edits
    }

    /// Whether a registry key names the flag.
    private static func names(_ expression: ExprSyntax, caseName: String, key: String) -> Bool {
        if let member = expression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.name == caseName }
        return expression.as(StringLiteralExprSyntax.self)?.literalValue == key
    }

    /// A value as a Swift literal.
    static func swiftLiteral(_ value: FlagValue) -> String {
        switch value {
        case .bool(let bool): bool ? "true" : "false"
        case .integer(let number): String(number)
        case .decimal(let text): text
        case .string(let text): swiftQuoted(text)
        case .structured(let structured): swiftLiteral(structured)
        }
    }

    private static func swiftLiteral(_ value: StructuredValue) -> String {
        switch value {
        case .array(let elements): "[" + elements.map(swiftLiteral).joined(separator: ", ") + "]"
        case .object(let members): members.isEmpty ? "[:]" : "[" + members.map { swiftQuoted($0.key) + ": " + swiftLiteral($0.value) }.joined(separator: ", ") + "]"
        case .scalar(let scalar): swiftLiteral(scalar)
        case .null: "nil"
        }
    }

    /// Text as a Swift string literal.
    static func swiftQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{00}"..."\u{1F}": output += "\\u{\(String(scalar.value, radix: 16))}"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// A catalog cell as a Swift literal: `true`, `false` and numbers as written, other text quoted.
    static func literal(ofCell text: String) -> String {
        if text == "true" || text == "false" || Int(text) != nil || (Double(text) != nil && text.contains(".")) { return text }
        return swiftQuoted(text)
    }
}

/// A Swift file being edited: its parse, and the flag type's member blocks in it.
private struct EditedFile {
    let text: String
    let editable: EditableText
    let blocks: [MemberBlockSyntax]
    let finder: DeclarationFinder

    init(text: String, typeName: String, settings: SwiftSettings) {
        self.text = text
        editable = EditableText(text)
        let tree = Parser.parse(source: text)
        finder = DeclarationFinder(wanted: settings.describingProperties)
        finder.walk(tree)
        blocks = finder.types.filter { $0.name == typeName }.map(\.memberBlock) + (finder.extensions[typeName] ?? []).map(\.memberBlock)
    }

    /// The switches over the flag that a property of the flag type, or a function
    /// of it whose one parameter is the flag, consists of in this file: after
    /// statements that return what a store on the device holds, and in each clause
    /// of an `#if` block the body is (a clause without a switch, such as
    /// `return false`, gives every flag its value and needs no arm).
    func switches(of name: String) -> [SwitchExprSyntax] {
        for block in blocks {
            for member in block.members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name == name {
                        guard let body = PropertyReading.getter(of: binding) else { return [] }
                        return Self.switches(over: "self", in: body)
                    }
                } else if let function = member.decl.as(FunctionDeclSyntax.self), function.name.name == name,
                    function.signature.parameterClause.parameters.count == 1, let parameter = function.signature.parameterClause.parameters.first,
                    let body = function.body?.statements
                {
                    return Self.switches(over: (parameter.secondName ?? parameter.firstName).name, in: body)
                }
            }
        }
        return []
    }

    /// The switches over `subject` a body consists of, as `switches(of:)` finds them.
    static func switches(over subject: String, in body: CodeBlockItemListSyntax) -> [SwitchExprSyntax] {
        let rest = Array(body.drop(while: FlagSwitch.returnsWhatAStoreHolds))
        if rest.count == 1, let found = FlagSwitch.switchExpression(over: subject, in: rest[0]) { return [found] }
        guard let ifConfig = FlagSwitch.ifConfig(in: body) else { return [] }
        return FlagSwitch.clauses(of: ifConfig).flatMap { _, _, clause -> [SwitchExprSyntax] in
            guard case .statements(let inner) = clause.elements else { return [] }
            return switches(over: subject, in: inner)
        }
    }

    /// The registry's dictionary literal, when this file declares it.
    func registry(_ name: String) -> (DictionaryExprSyntax, VariableDeclSyntax)? {
        for variable in finder.variables[name] ?? [] {
            for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name == name {
                if let dictionary = binding.initializer?.value.as(DictionaryExprSyntax.self) { return (dictionary, variable) }
            }
        }
        return nil
    }

    /// A value like the first arm's, for a switch the new flag needs an arm in but gave no value for.
    func zeroLike(_ switchExpression: SwitchExprSyntax) -> String? {
        for element in switchExpression.cases {
            guard case .switchCase(let switchCase) = element, let expression = FlagCall.singleExpression(switchCase.statements) else { continue }
            if expression.is(BooleanLiteralExprSyntax.self) { return "false" }
            if expression.is(StringLiteralExprSyntax.self) { return "\"\"" }
            if expression.is(IntegerLiteralExprSyntax.self) { return "0" }
            if expression.is(NilLiteralExprSyntax.self) { return "nil" }
            return nil
        }
        return nil
    }

    /// The edit that adds `case .name:` with a value (or one like the first arm's),
    /// after the last arm that names cases (so before `default:`), written as that
    /// arm is; none where a `default:` arm covers the flag, unless it must `always` get one.
    func arm(for caseName: String, value: String?, always: Bool, in switchExpression: SwitchExprSyntax) -> TextEdit? {
        let hasDefault = switchExpression.cases.contains { element in
            if case .switchCase(let switchCase) = element, case .default = switchCase.label { return true }
            return false
        }
        guard always || !hasDefault, let value = value ?? zeroLike(switchExpression) else { return nil }
        let arms = switchExpression.cases.compactMap { element -> SwitchCaseSyntax? in
            guard case .switchCase(let switchCase) = element, case .case = switchCase.label else { return nil }
            return switchCase
        }
        let newline = editable.lineEnding
        guard let model = arms.last else {
            let indentation = editable.indentation(of: switchExpression.positionAfterSkippingLeadingTrivia.utf8Offset)
            let text = newline + indentation + "case .\(caseName):" + newline + indentation + "    return " + value
            return .insert(text, at: switchExpression.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        let caseStart = model.positionAfterSkippingLeadingTrivia.utf8Offset
        let indentation = editable.indentation(of: caseStart)
        let statement = model.statements.first
        // A switch statement's arms `return`, a switch expression's do not: any `return`
        // in any arm, inside an `#if` body too, says which.
        let usesReturn = arms.contains { arm in arm.statements.tokens(viewMode: .sourceAccurate).contains { $0.tokenKind == .keyword(.return) } }
        let body = (usesReturn ? "return " : "") + value
        let sameLine = statement.map { editable.lineStart(of: $0.positionAfterSkippingLeadingTrivia.utf8Offset) == editable.lineStart(of: caseStart) } ?? false
        let text: String
        if sameLine {
            text = newline + indentation + "case .\(caseName): " + body
        } else {
            let bodyIndentation = statement.map { editable.indentation(of: $0.positionAfterSkippingLeadingTrivia.utf8Offset) } ?? indentation + "    "
            text = newline + indentation + "case .\(caseName):" + newline + bodyIndentation + body
        }
        return .insert(text, at: model.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// The edits that remove a case from the arms of a switch (inside `#if` too).
    func armRemovals(of caseName: String, in cases: SwitchCaseListSyntax) -> [TextEdit] {
        var edits: [TextEdit] = []
        for element in cases {
            switch element {
            case .switchCase(let switchCase):
                guard case .case(let label) = switchCase.label else { continue }
                let items = Array(label.caseItems)
                guard let index = items.firstIndex(where: { FlagSwitch.caseName(of: $0.pattern) == caseName }) else { continue }
                if items.count == 1 {
                    edits.append(deletion(of: Syntax(switchCase)))
                } else if index + 1 < items.count {
                    edits.append(.delete(items[index].positionAfterSkippingLeadingTrivia.utf8Offset..<items[index + 1].positionAfterSkippingLeadingTrivia.utf8Offset))
                } else {
                    edits.append(.delete(items[index - 1].pattern.endPositionBeforeTrailingTrivia.utf8Offset..<items[index].endPositionBeforeTrailingTrivia.utf8Offset))
                }
            case .ifConfigDecl(let ifConfig):
                // An `#if` block that held only the case's arms goes whole: left empty,
                // it would read as a statement of the arm before it.
                if Self.holdsOnly(caseName, ifConfig) {
                    edits.append(deletion(of: Syntax(ifConfig)))
                    continue
                }
                for clause in ifConfig.clauses {
                    if case .switchCases(let inner) = clause.elements { edits += armRemovals(of: caseName, in: inner) }
                }
            }
        }
        return edits
    }

    /// Whether every clause of an `#if` block among switch arms holds only arms for
    /// the case alone (or such blocks).
    static func holdsOnly(_ caseName: String, _ ifConfig: IfConfigDeclSyntax) -> Bool {
        ifConfig.clauses.allSatisfy { clause in
            guard case .switchCases(let inner)? = clause.elements else { return clause.elements == nil }
            return inner.allSatisfy { element in
                switch element {
                case .switchCase(let switchCase):
                    guard case .case(let label) = switchCase.label else { return false }
                    return label.caseItems.count == 1 && FlagSwitch.caseName(of: label.caseItems.first!.pattern) == caseName
                case .ifConfigDecl(let nested): return holdsOnly(caseName, nested)
                }
            }
        }
    }

    /// The edit that deletes a node (a registry entry's comma is part of it) with
    /// the line break and indentation before it, so that adding it back where it
    /// was gives the same bytes.
    func deletion(of node: Syntax) -> TextEdit {
        let start = editable.startOfLineBreak(before: node.positionAfterSkippingLeadingTrivia.utf8Offset)
        let end = node.endPositionBeforeTrailingTrivia.utf8Offset
        return .delete(start..<end)
    }

    /// The labels of the registry's fields that may be `nil`: those some entry leaves
    /// `nil`, and those the entries' type, declared in this file, declares optional
    /// (`let removalTarget: String?`).
    func optionalFields(of elements: DictionaryElementListSyntax) -> Set<String> {
        let calls = elements.compactMap { $0.value.as(FunctionCallExprSyntax.self) }
        var labels = Set(calls.flatMap { call in
            Array(call.arguments).filter { $0.expression.is(NilLiteralExprSyntax.self) }.compactMap { $0.label?.text }
        })
        let typeNames = Set(calls.map { $0.calledExpression.writtenText })
        for type in finder.types where typeNames.contains(type.name) {
            for member in type.memberBlock.members {
                for binding in member.decl.as(VariableDeclSyntax.self)?.bindings ?? [] {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name,
                        binding.typeAnnotation?.type.is(OptionalTypeSyntax.self) == true
                    else { continue }
                    labels.insert(name)
                }
            }
        }
        return labels
    }

    /// The edit that adds a registry entry for a new flag after the last entry,
    /// written as it is: a literal default, or the last entry's initialiser with
    /// the new flag's values in the arguments the settings name.
    func entry(for caseName: String, values: SwiftDeclarationsEditor.Values, settings: SwiftSettings, in dictionary: DictionaryExprSyntax) -> TextEdit? {
        guard case .elements(let elements) = dictionary.content, let last = elements.last else { return nil }
        let start = last.positionAfterSkippingLeadingTrivia.utf8Offset
        let indentation = editable.indentation(of: start)
        let lastText = String(decoding: editable.bytes[start..<last.endPositionBeforeTrailingTrivia.utf8Offset], as: UTF8.self)
        var entry: String
        if let call = last.value.as(FunctionCallExprSyntax.self) {
            // An optional field: the new entry leaves it `nil` unless given.
            let calls = elements.compactMap { $0.value.as(FunctionCallExprSyntax.self) }
            let optional = optionalFields(of: elements)
            // A field some entry gives as a string literal is a string: a value given for it
            // is quoted, whatever it looks like (`removalTarget: "3.2"`, not `3.2`).
            let strings = Set(calls.flatMap { call in
                Array(call.arguments).filter { $0.expression.is(StringLiteralExprSyntax.self) }.compactMap { $0.label?.text }
            })
            entry = ".\(caseName): " + rewritten(call, caseName: caseName, values: values, settings: settings, optional: optional, strings: strings)
        } else {
            entry = ".\(caseName): " + SwiftDeclarationsEditor.swiftLiteral(values.defaultValue)
        }
        let hasTrailingComma = last.trailingComma != nil
        let separator = lastText.contains("\n") || editable.lineStart(of: start) != editable.lineStart(of: dictionary.leftSquare.positionAfterSkippingLeadingTrivia.utf8Offset)
            ? editable.lineEnding + indentation : " "
        if hasTrailingComma {
            return .insert(separator + entry + ",", at: last.endPositionBeforeTrailingTrivia.utf8Offset)
        }
        return .insert("," + separator + entry, at: last.endPositionBeforeTrailingTrivia.utf8Offset)
    }

    /// The last entry's initialiser, with each argument the settings name for a
    /// field (and any argument that names the flag) given the new flag's value.
    private func rewritten(
        _ call: FunctionCallExprSyntax, caseName: String, values: SwiftDeclarationsEditor.Values, settings: SwiftSettings, optional: Set<String>,
        strings: Set<String>
    ) -> String {
        var edits: [TextEdit] = []
        let base = call.positionAfterSkippingLeadingTrivia.utf8Offset
        for argument in call.arguments {
            guard let label = argument.label?.text else { continue }
            let range = argument.expression.positionAfterSkippingLeadingTrivia.utf8Offset - base..<argument.expression.endPositionBeforeTrailingTrivia.utf8Offset - base
            if let member = argument.expression.as(MemberAccessExprSyntax.self), member.base == nil, ["flag", "id", "feature"].contains(label) {
                edits.append(TextEdit(range, ".\(caseName)"))
                continue
            }
            guard let field = SwiftSettings.RegistryField.allCases.first(where: { settings.labels(of: $0).contains(label) }) else { continue }
            let replacement: String?
            switch field {
            case .default: replacement = SwiftDeclarationsEditor.swiftLiteral(values.defaultValue)
            case .description: replacement = SwiftDeclarationsEditor.swiftQuoted(values.description)
            case .displayName: replacement = SwiftDeclarationsEditor.swiftQuoted(KeyStyle.words(of: caseName).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " "))
            default:
                let given = field.column.flatMap { column in values.cells.first { $0.key.lowercased() == column.lowercased() }?.value }
                let literal = strings.contains(label) ? SwiftDeclarationsEditor.swiftQuoted : SwiftDeclarationsEditor.literal(ofCell:)
                replacement = given.map(literal) ?? (optional.contains(label) ? "nil" : nil)
            }
            if let replacement { edits.append(TextEdit(range, replacement)) }
        }
        return TextEdit.apply(edits, to: call.writtenText)
    }
}
