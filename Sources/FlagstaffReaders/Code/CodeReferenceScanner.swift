import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Finds where the app's Swift source uses each flag, with swift-syntax:
/// `.mediaLibrary`, `FeatureFlag.mediaLibrary` (a case, a static property, a
/// factory call `FeatureFlags.newProfile()`, a registry lookup `registry[.x]`),
/// `appSettings.threadsEnabled` for a flag declared as an instance property,
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
    /// safely is not scanned, and is an error. `flagChecks` are the names of the
    /// app's flag-check methods, whose argument is a use a cleanup can replace.
    public static func scan(
        _ files: [SourceFile], flags: [Flag], typeNames: [String], skipped: Set<String> = [], flagChecks: [String] = ["isEnabled"]
    ) -> (references: [String: [CodeReference]], diagnostics: [Diagnostic]) {
        let keysByCase = Dictionary(grouping: flags, by: \.caseName).mapValues { $0.map(\.key) }
        let formsByCase = Dictionary(flags.map { ($0.caseName, $0.form) }) { first, _ in first }
        let keys = Set(flags.map(\.key))
        let keysByText = keysByConstantText(flags)
        let words = CodeWords(flags.map(\.caseName) + keysByText.keys), keyWords = CodeWords(keysByText.keys)
        // First, on every core, each file is read for the words of a use. Only a
        // file that may hold a key can declare a constant that holds one: those
        // are parsed now, for their constants, and kept. A file is checked for
        // nesting before it is parsed, and refused when it nests too deep: a file
        // without any of the words holds no use to miss.
        let looks = Parallel.map(files.count) { index -> FirstLook in
            let text = files[index].text
            guard words.mayUse(text) else { return .unused }
            guard keyWords.mayUse(text) else { return .mayUse }
            return .read(parse(files[index]) { tree in keyConstants(in: tree, keysByText: keysByText) })
        }
        var constants: [String: [String]] = [:]
        for case .read(.parsed(_, let found)) in looks {
            for (name, named) in found { constants[name, default: []] += named }
        }
        // Then the files that may use a flag, and those that name only a constant
        // declared elsewhere, are each parsed and walked at once, on every core:
        // one walk per file looks for every flag. A tree is let go as soon as it
        // is walked, so the next parse reuses its memory rather than fresh pages.
        let constantWords = CodeWords(constants.keys)
        let naming = constants.isEmpty ? [] : looks.indices.filter { looks[$0].isUnused && constantWords.mayUse(files[$0].text) }
        let scanned = looks.indices.filter { !looks[$0].isUnused } + naming
        let typeNames = Set(typeNames), flagChecks = Set(flagChecks)
        let walked = Parallel.map(scanned.count) { [constants] position -> Walked in
            let file = files[scanned[position]]
            // A file read in the first look is walked as it was read then.
            let read: ParsedFile
            switch looks[scanned[position]] {
            case .read(let first): read = first
            case .unused, .mayUse: read = parse(file) { _ in [:] }
            }
            switch read {
            case .refused(let problem):
                return .refused(problem)
            case .parsed(let tree, _):
                let visitor = ReferenceVisitor(
                    file: file.path, text: file.text, typeNames: typeNames, skipped: skipped,
                    keysByCase: keysByCase, formsByCase: formsByCase, keys: keys, constants: constants, flagChecks: flagChecks)
                visitor.walk(tree)
                return .references(visitor.references)
            }
        }
        var diagnostics: [Diagnostic] = []
        var references: [String: [CodeReference]] = [:]
        for result in walked {
            switch result {
            case .refused(let problem): diagnostics.append(problem)
            case .references(let fileReferences): for (key, uses) in fileReferences { references[key, default: []] += uses }
            }
        }
        return (references.mapValues { $0.sorted() }, diagnostics)
    }

    /// What the first look at a file found: no word of a use, words of a use
    /// but no key (parsed later), or a key, so the file was read for its constants.
    private enum FirstLook {
        case unused
        case mayUse
        case read(ParsedFile)

        var isUnused: Bool {
            if case .unused = self { return true }
            return false
        }
    }

    /// What the walk of a file gave: its references, or its refusal.
    private enum Walked {
        case references([String: [CodeReference]])
        case refused(Diagnostic)
    }

    /// A code file parsed, with the constants asked of its tree, or refused because it nests too deep.
    private enum ParsedFile {
        case parsed(SourceFileSyntax, constants: [String: [String]])
        case refused(Diagnostic)
    }

    /// A file parsed with the constants `constants` finds in its tree, or refused
    /// unparsed when it nests deeper than the parser can take.
    private static func parse(_ file: SourceFile, constants: (SourceFileSyntax) -> [String: [String]]) -> ParsedFile {
        if let problem = SwiftNesting.problem(in: file.text, file: file.path) { return .refused(problem) }
        let tree = Parser.parse(source: file.text)
        return .parsed(tree, constants: constants(tree))
    }

    /// The keys each text names: a flag's key, and the part of a key after its
    /// last dot (a JustTweak variable, which several features may share).
    private static func keysByConstantText(_ flags: [Flag]) -> [String: [String]] {
        var keysByText: [String: [String]] = [:]
        for key in flags.map(\.key) {
            keysByText[key, default: []].append(key)
            if let variable = key.split(separator: ".").last.map(String.init), variable != key { keysByText[variable, default: []].append(key) }
        }
        return keysByText
    }

    /// The constants of a file (`let name = "…"`, `static let` too) whose value
    /// is one of `keysByText`'s texts, with the keys each names.
    private static func keyConstants(in tree: SourceFileSyntax, keysByText: [String: [String]]) -> [String: [String]] {
        var constants: [String: [String]] = [:]
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .keyword(.let) {
            guard let declaration = token.parent?.as(VariableDeclSyntax.self) else { continue }
            for binding in declaration.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name,
                    let text = binding.initializer?.value.as(StringLiteralExprSyntax.self)?.literalValue,
                    let keys = keysByText[text]
                else { continue }
                constants[name, default: []] += keys
            }
        }
        return constants
    }
}

private final class ReferenceVisitor: SyntaxVisitor {
    let file: String
    let text: String
    /// Made at the first use found: most files use no flag.
    lazy var lines = SwiftSourceLines(file: file, text: text)
    /// The types that declare the flags, whose own declarations are skipped.
    let typeNames: Set<String>
    let skipped: Set<String>
    /// The keys of the flags with a case name: several types may each have one.
    let keysByCase: [String: [String]]
    /// How each flag is declared, by its Swift name.
    let formsByCase: [String: FlagForm]
    let keys: Set<String>
    /// Constants that hold a flag's key, by name, with the keys.
    let constants: [String: [String]]
    /// The names of the app's flag-check methods.
    let flagChecks: Set<String>
    /// How many extensions of the flag type the walk is inside, where an instance
    /// property is named without `self.`.
    var ownExtensions = 0
    var references: [String: [CodeReference]] = [:]

    init(
        file: String, text: String, typeNames: Set<String>, skipped: Set<String>, keysByCase: [String: [String]],
        formsByCase: [String: FlagForm], keys: Set<String>, constants: [String: [String]], flagChecks: Set<String>
    ) {
        self.constants = constants
        self.formsByCase = formsByCase
        self.flagChecks = flagChecks
        self.file = file
        self.text = text
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

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        if typeNames.contains(node.extendedType.writtenText) { ownExtensions += 1 }
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        if typeNames.contains(node.extendedType.writtenText) { ownExtensions -= 1 }
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
        // `threadsEnabled` without `self.` in an extension of the settings type.
        if ownExtensions > 0, formsByCase[node.baseName.name] == .instanceValue {
            for key in keysByCase[node.baseName.name] ?? [] { record(key, .instance, node) }
        }
        return .visitChildren
    }

    /// `\.threadsEnabled` or `\AppSettings.threadsEnabled`, for an instance property.
    override func visit(_ node: KeyPathPropertyComponentSyntax) -> SyntaxVisitorContinueKind {
        let name = node.declName.baseName.name
        if formsByCase[name] == .instanceValue { for key in keysByCase[name] ?? [] { record(key, .instance, node) } }
        return .visitChildren
    }

    override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
        if node.base != nil, let keys = constants[node.declName.baseName.name] {
            for key in keys { record(key, .constant, node) }
            return .visitChildren
        }
        let name = node.declName.baseName.name
        guard let keys = keysByCase[name] else { return .visitChildren }
        switch node.base {
        case nil:
            for key in keys { record(key, .member, node, role: isCalled(node) ? .factory : argumentRole(of: node)) }
        case let base? where namesEnum(base):
            for key in keys { record(key, .qualified, node, role: qualifiedRole(of: node, base: base, form: formsByCase[name])) }
        case let base? where formsByCase[name] == .instanceValue:
            for key in keys { record(key, .instance, node, role: changes(node) || base.writtenText.hasPrefix("$") ? .write : .read) }
        default:
            break
        }
        return .visitChildren
    }

    /// What `FeatureFlag.x` (or `Type<Bool>.x`) does where it is written.
    private func qualifiedRole(of node: MemberAccessExprSyntax, base: ExprSyntax, form: FlagForm?) -> CodeReference.Role {
        if isCalled(node) { return .factory }
        guard base.is(DeclReferenceExprSyntax.self) else { return .other }
        if form == .staticValue { return changes(node) ? .write : .read }
        return argumentRole(of: node)
    }

    /// Whether the expression is called: `FeatureFlags.newProfile()`.
    private func isCalled(_ node: MemberAccessExprSyntax) -> Bool {
        node.parent?.as(FunctionCallExprSyntax.self)?.calledExpression.id == node.id
    }

    /// `.x` or `FeatureFlag.x` as the one argument of the flag check, or of a
    /// property wrapper that is its property's only attribute and modifier.
    private func argumentRole(of node: MemberAccessExprSyntax) -> CodeReference.Role {
        guard let argument = node.parent?.as(LabeledExprSyntax.self), argument.label == nil,
            let list = argument.parent?.as(LabeledExprListSyntax.self), list.count == 1
        else { return .other }
        if let call = list.parent?.as(FunctionCallExprSyntax.self) {
            let called = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName
                ?? call.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName
            return called.map { flagChecks.contains($0.name) } == true && call.trailingClosure == nil ? .check : .other
        }
        guard let attribute = list.parent?.as(AttributeSyntax.self),
            let variable = attribute.parent?.parent?.as(VariableDeclSyntax.self),
            variable.attributes.count == 1, variable.modifiers.isEmpty, variable.bindings.count == 1,
            let binding = variable.bindings.first, binding.typeAnnotation != nil, binding.initializer == nil, binding.accessorBlock == nil
        else { return .other }
        return .wrapper
    }

    /// Whether the code changes the property here: the left side of an
    /// assignment, `&settings.x`, or `settings.x.toggle()`.
    private func changes(_ node: MemberAccessExprSyntax) -> Bool {
        if node.parent?.is(InOutExprSyntax.self) == true { return true }
        if let outer = node.parent?.as(MemberAccessExprSyntax.self), outer.base?.id == node.id, outer.declName.baseName.text == "toggle" {
            return true
        }
        guard let list = node.parent?.as(ExprListSyntax.self), list.parent?.is(SequenceExprSyntax.self) == true,
            let index = list.firstIndex(where: { $0.id == node.id })
        else { return false }
        let next = list.index(after: index)
        guard next != list.endIndex else { return false }
        let operation = list[next]
        if operation.is(AssignmentExprSyntax.self) { return true }
        guard let binary = operation.as(BinaryOperatorExprSyntax.self)?.operator.text else { return false }
        return binary.hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(binary)
    }

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if let value = node.literalValue, keys.contains(value) {
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

    private func record(_ key: String, _ kind: CodeReference.Kind, _ node: some SyntaxProtocol, role: CodeReference.Role = .other) {
        references[key, default: []].append(
            CodeReference(kind: kind, location: lines.location(of: node), role: role))
    }
}
