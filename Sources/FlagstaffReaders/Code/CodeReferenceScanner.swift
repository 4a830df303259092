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
        _ files: [SourceFile], flags: [Flag], enumName: String, skipped: Set<String> = []
    ) -> (references: [String: [CodeReference]], diagnostics: [Diagnostic]) {
        var references: [String: [CodeReference]] = [:]
        var diagnostics: [Diagnostic] = []
        let keysByCase = Dictionary(flags.map { ($0.caseName, $0.key) }) { first, _ in first }
        let keys = Set(flags.map(\.key))
        for file in files {
            if let problem = SwiftNesting.problem(in: file.text, file: file.path) {
                diagnostics.append(problem)
                continue
            }
            let tree = Parser.parse(source: file.text)
            let visitor = ReferenceVisitor(
                converter: SourceLocationConverter(fileName: file.path, tree: tree), enumName: enumName, skipped: skipped,
                keysByCase: keysByCase, keys: keys)
            visitor.walk(tree)
            for (key, found) in visitor.references { references[key, default: []] += found }
        }
        return (references.mapValues { $0.sorted() }, diagnostics)
    }
}

private final class ReferenceVisitor: SyntaxVisitor {
    let converter: SourceLocationConverter
    let enumName: String
    let skipped: Set<String>
    let keysByCase: [String: String]
    let keys: Set<String>
    var references: [String: [CodeReference]] = [:]

    init(converter: SourceLocationConverter, enumName: String, skipped: Set<String>, keysByCase: [String: String], keys: Set<String>) {
        self.converter = converter
        self.enumName = enumName
        self.skipped = skipped
        self.keysByCase = keysByCase
        self.keys = keys
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        node.name.name == enumName ? .skipChildren : .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        node.name.name == enumName ? .skipChildren : .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        node.name.name == enumName ? .skipChildren : .visitChildren
    }

    override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
        guard let name = node.pattern.as(IdentifierPatternSyntax.self)?.identifier.name, skipped.contains(name) else { return .visitChildren }
        return .skipChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        guard let key = keysByCase[identifier(node.declName.baseName)] else { return .visitChildren }
        switch node.base {
        case nil:
            record(key, .member, node)
        case let base? where namesEnum(base):
            record(key, .qualified, node)
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

    /// `FeatureFlag` or `Module.FeatureFlag`.
    private func namesEnum(_ base: ExprSyntax) -> Bool {
        if let reference = base.as(DeclReferenceExprSyntax.self) { return identifier(reference.baseName) == enumName }
        if let member = base.as(MemberAccessExprSyntax.self) { return identifier(member.declName.baseName) == enumName }
        return false
    }

    /// A name without the backticks Swift allows around keywords.
    private func identifier(_ token: TokenSyntax) -> String {
        let text = token.text
        return text.hasPrefix("`") && text.hasSuffix("`") && text.count > 2 ? String(text.dropFirst().dropLast()) : text
    }

    private func record(_ key: String, _ kind: CodeReference.Kind, _ node: some SyntaxProtocol) {
        references[key, default: []].append(
            CodeReference(kind: kind, location: FlagEnumReader.location(of: node, converter: converter)))
    }
}
