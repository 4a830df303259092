import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Finds where the app's Swift source uses each flag, with swift-syntax:
/// `.mediaLibrary`, `FeatureFlag.mediaLibrary` (a case, a static property, a
/// factory call `FeatureFlags.newProfile()`, a registry lookup `registry[.x]`)
/// and string literals equal to a raw value. The flag type's own declaration is
/// skipped, and so are the properties that describe every flag (`skipped`: the
/// defaults, remote-key and description switches, the registry's dictionary
/// literal), wherever they are, so a flag that only they mention counts as unused.
///
/// Without type checking, `.mediaLibrary` may belong to another type with a
/// member of the same name. Counting it keeps the error on the safe side: a flag
/// may look used when it is not, never unused when it is used.
public enum CodeReferenceScanner {
    /// The references to each flag key in the files, in file and line order.
    /// Flags without references have no entry. A file nested too deep to parse
    /// safely is not scanned, and is an error.
    public static func scan(
        _ files: [SourceFile], flags: [Flag], typeNames: [String], skipped: Set<String> = []
    ) -> (references: [String: [CodeReference]], diagnostics: [Diagnostic]) {
        var references: [String: [CodeReference]] = [:]
        var diagnostics: [Diagnostic] = []
        var trees: [(file: SourceFile, tree: SourceFileSyntax)] = []
        let keysByCase = Dictionary(grouping: flags, by: \.caseName).mapValues { $0.map(\.key) }
        let keys = Set(flags.map(\.key))
        for file in files {
            if let problem = SwiftNesting.problem(in: file.text, file: file.path) {
                diagnostics.append(problem)
                continue
            }
            trees.append((file, Parser.parse(source: file.text)))
        }
        let constants = keyConstants(in: trees.map(\.tree), flags: flags)
        for (file, tree) in trees {
            let visitor = ReferenceVisitor(
                converter: SourceLocationConverter(fileName: file.path, tree: tree), typeNames: Set(typeNames), skipped: skipped,
                keysByCase: keysByCase, keys: keys, constants: constants)
            visitor.walk(tree)
            for (key, found) in visitor.references { references[key, default: []] += found }
        }
        return (references.mapValues { $0.sorted() }, diagnostics)
    }

    /// The constants of the files (`let name = "…"`, `static let` too) whose value is a
    /// flag's key, or the part of a key after its last dot (a JustTweak variable,
    /// which several features may share), with the keys each names.
    static func keyConstants(in trees: [SourceFileSyntax], flags: [Flag]) -> [String: [String]] {
        var keysByText: [String: [String]] = [:]
        for key in flags.map(\.key) {
            keysByText[key, default: []].append(key)
            if let variable = key.split(separator: ".").last.map(String.init), variable != key { keysByText[variable, default: []].append(key) }
        }
        var constants: [String: [String]] = [:]
        for tree in trees {
            for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.let) {
                guard let declaration = token.parent?.as(VariableDeclSyntax.self) else { continue }
                for binding in declaration.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name,
                        let text = binding.initializer?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue,
                        let keys = keysByText[text]
                    else { continue }
                    constants[name, default: []] += keys
                }
            }
        }
        return constants
    }
}

private final class ReferenceVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    /// The types that declare the flags, whose own declarations are skipped.
    let typeNames: Set<String>
    let skipped: Set<String>
    /// The keys of the flags with a case name: several types may each have one.
    let keysByCase: [String: [String]]
    let keys: Set<String>
    /// Constants that hold a flag's key, by name, with the keys.
    let constants: [String: [String]]
    var references: [String: [CodeReference]] = [:]

    init(
        converter: SourceLocationConverter, typeNames: Set<String>, skipped: Set<String>, keysByCase: [String: [String]], keys: Set<String>,
        constants: [String: [String]]
    ) {
        self.constants = constants
        self.converter = converter
        self.typeNames = typeNames
        self.skipped = skipped
        self.keysByCase = keysByCase
        self.keys = keys
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.contains(node.name.name) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.contains(node.name.name) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        typeNames.contains(node.name.name) ? .skipChildren : .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.name, skipped.contains(name) else { return .visitChildren }
        return .skipChildren
    }

    /// `holder` or `Holder.holder`, for a constant that holds a flag's key.
    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        // A member's name is the member access's, which counts it.
        if let member = node.parent?.as(MemberAccessExprSyntax.self), member.declName.id == node.id { return .visitChildren }
        for key in constants[node.baseName.name] ?? [] { record(key, .constant, node) }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base != nil, let keys = constants[node.declName.baseName.name] {
            for key in keys { record(key, .constant, node) }
            return .visitChildren
        }
        guard let keys = keysByCase[node.declName.baseName.name] else { return .visitChildren }
        switch node.base {
        case nil:
            for key in keys { record(key, .member, node) }
        case let base? where namesEnum(base):
            for key in keys { record(key, .qualified, node) }
        default:
            break
        }
        return .visitChildren
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.representedLiteralValue, keys.contains(value) {
            record(value, .string, node)
        }
        return .skipChildren
    }

    /// `FeatureFlag`, `Module.FeatureFlag`, or a generic type of the flags
    /// (`SettingsFeatureFlag<Bool>.newProfile()`).
    private func namesEnum(_ base: ExprSyntax) -> Bool {
        if let reference = base.as(DeclReferenceExprSyntax.self) { return typeNames.contains(reference.baseName.name) }
        if let member = base.as(MemberAccessExprSyntax.self) { return typeNames.contains(member.declName.baseName.name) }
        if let generic = base.as(GenericSpecializationExprSyntax.self) { return namesEnum(generic.expression) }
        return false
    }

    private func record(_ key: String, _ kind: CodeReference.Kind, _ node: some SyntaxProtocol) {
        references[key, default: []].append(
            CodeReference(kind: kind, location: FlagEnumReader.location(of: node, converter: converter)))
    }
}
