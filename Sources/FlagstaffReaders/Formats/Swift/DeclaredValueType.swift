import FlagstaffCore
import SwiftSyntax

/// The value type a Swift declaration names for a flag: `Bool`, a number type,
/// `String`, an array or a dictionary, possibly optional, behind a `typealias` of
/// the flag type (`typealias Data = Double`), or as the one generic argument of a
/// flag wrapper (`SettingsFeatureFlag<Int>`). Any other type names none, and the
/// flag's type is then what its values say.
enum DeclaredValueType {
    /// The Swift types of each flag type.
    static let names: [String: FlagType] = [
        "Bool": .bool, "String": .string,
        "Int": .number, "Int8": .number, "Int16": .number, "Int32": .number, "Int64": .number,
        "UInt": .number, "UInt8": .number, "UInt16": .number, "UInt32": .number, "UInt64": .number,
        "Double": .number, "Float": .number, "CGFloat": .number, "TimeInterval": .number, "Decimal": .number,
    ]

    /// The flag type a written type names; `aliases` are the type aliases in scope, by name.
    static func flagType(of type: TypeSyntax?, aliases: [String: TypeSyntax] = [:]) -> FlagType? {
        flagType(of: type, aliases: aliases, depth: 0)
    }

    private static func flagType(of type: TypeSyntax?, aliases: [String: TypeSyntax], depth: Int) -> FlagType? {
        guard let type, depth < 8 else { return nil }
        if type.is(ArrayTypeSyntax.self) || type.is(DictionaryTypeSyntax.self) { return .structured }
        if let optional = type.as(OptionalTypeSyntax.self) { return flagType(of: optional.wrappedType, aliases: aliases, depth: depth + 1) }
        if let unwrapped = type.as(ImplicitlyUnwrappedOptionalTypeSyntax.self) {
            return flagType(of: unwrapped.wrappedType, aliases: aliases, depth: depth + 1)
        }
        guard let identifier = type.as(IdentifierTypeSyntax.self) else { return nil }
        let name = identifier.name.name
        if let arguments = identifier.genericArgumentClause?.arguments {
            if ["Array", "Dictionary", "Set"].contains(name) { return .structured }
            if name == "Optional", let wrapped = arguments.first?.argument.as(TypeSyntax.self) {
                return flagType(of: wrapped, aliases: aliases, depth: depth + 1)
            }
            // A flag wrapper of one value type: `SettingsFeatureFlag<Int>`.
            guard arguments.count == 1, let argument = arguments.first?.argument.as(TypeSyntax.self) else { return nil }
            return flagType(of: argument, aliases: aliases, depth: depth + 1)
        }
        if let type = names[name] { return type }
        return aliases[name].flatMap { flagType(of: $0, aliases: aliases, depth: depth + 1) }
    }

    /// The value types a tag names, as `AnyCodable`-style enums and registries'
    /// `type:` fields write them (`.bool`, `.int`, `.string`).
    static let tags: [String: FlagType] = [
        "bool": .bool, "boolean": .bool, "int": .number, "integer": .number, "double": .number, "float": .number, "number": .number,
        "string": .string, "text": .string, "array": .structured, "dictionary": .structured, "object": .structured, "json": .structured,
    ]

    /// The value type a tag (`.int`, `AnyCodable.int`) names; `nil` for any other expression.
    static func tag(_ expression: ExprSyntax) -> FlagType? {
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        return tags[member.declName.baseName.name]
    }

    /// A tagged value (`.int(42)`, `.string("Test")`): the type its tag names and
    /// the one unlabelled argument, the value; `nil` for anything else.
    static func tagged(_ expression: ExprSyntax) -> (type: FlagType, value: ExprSyntax)? {
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1, let argument = call.arguments.first,
            argument.label == nil, let type = tag(call.calledExpression)
        else { return nil }
        return (type, argument.expression)
    }

    /// The type aliases declared directly in member blocks, by name.
    static func aliases(in blocks: [MemberBlockSyntax]) -> [String: TypeSyntax] {
        var aliases: [String: TypeSyntax] = [:]
        for block in blocks {
            for member in block.members {
                guard let alias = member.decl.as(TypeAliasDeclSyntax.self), aliases[alias.name.name] == nil else { continue }
                aliases[alias.name.name] = alias.initializer.value
            }
        }
        return aliases
    }

    /// The type of the member named `name` in the blocks: a property's annotation,
    /// or a function's return type.
    static func typeOfMember(named name: String, in blocks: [MemberBlockSyntax]) -> TypeSyntax? {
        for block in blocks {
            for member in block.members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name == name {
                        return binding.typeAnnotation?.type
                    }
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.name == name {
                    return function.signature.returnClause?.type
                }
            }
        }
        return nil
    }
}
