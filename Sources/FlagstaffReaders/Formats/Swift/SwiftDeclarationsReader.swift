import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Reads the flags an app declares in Swift, with swift-syntax, each file parsed
/// once:
///
/// - which flags exist: the cases of an enum of any raw type (the key is the
///   `String` raw value, written or implicit, else the case name), or, in a type
///   without cases, its static properties and functions that give a flag value
///   (`key:` and `defaultValue:` arguments, a literal, a `Bool` type);
/// - their defaults: a property that switches over `self` (`swift.defaults`), a
///   registry dictionary (`swift.registry`), `defaultValue:` arguments;
/// - their Remote Config parameters (`swift.remote_key`);
/// - what people need to know: doc comments, a `description` switch, registry
///   fields and other properties (`swift.columns`), as catalog columns.
///
/// `#if` arms resolve per environment with each build configuration's
/// conditions; where none are known, every arm is kept.
public enum SwiftDeclarationsReader {
    /// What the reader needs besides the files.
    public struct Options: Sendable {
        /// The type that declares the flags; without it, the one enum with a `String` raw type.
        public var typeName: String?
        /// Which properties hold what.
        public var settings: SwiftSettings
        /// The environments, in order.
        public var environments: [String]
        /// The compilation conditions of each environment that is a build configuration.
        public var conditions: [String: Set<String>]
        /// The values each environment's build fixes for checks the app makes when
        /// it runs (`BuildConfiguration.current` → `appStore`), by environment.
        public var knownValues: [String: [String: String]]
        /// Whether the code's defaults are the only values the workspace bundles (a
        /// single app without value files): defaults left unread then leave every
        /// flag not set, which is worth a warning.
        public var valuesComeFromCode: Bool

        /// Options for reading.
        public init(
            typeName: String?, settings: SwiftSettings = SwiftSettings(), environments: [String] = [], conditions: [String: Set<String>] = [:],
            knownValues: [String: [String: String]] = [:], valuesComeFromCode: Bool = false
        ) {
            self.typeName = typeName
            self.settings = settings
            self.environments = environments
            self.conditions = conditions
            self.knownValues = knownValues
            self.valuesComeFromCode = valuesComeFromCode
        }
    }

    /// Reads the declarations; `nil` when no flag type can be found.
    public static func read(_ files: [SourceFile], options: Options) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let wanted = options.settings.describingProperties
        let subjects = Set(options.knownValues.values.flatMap(\.keys))
        var parsed: [ParsedSwiftFile] = []
        for file in files {
            if let problem = SwiftNesting.problem(in: file.text, file: file.path) {
                diagnostics.append(problem)
                continue
            }
            let tree = Parser.parse(source: file.text)
            let converter = SourceLocationConverter(fileName: file.path, tree: tree)
            if let problem = FlagEnumReader.firstSyntaxProblem(in: tree) {
                diagnostics.append(
                    .warning(
                        "the Swift file has a syntax error; declarations after it may be missed",
                        at: FlagEnumReader.location(of: problem, converter: converter)))
            }
            let finder = DeclarationFinder(wanted: wanted)
            finder.walk(tree)
            parsed.append(ParsedSwiftFile(file: file, converter: converter, finder: finder, subjects: subjects))
        }
        guard let (type, file) = flagType(in: parsed, named: options.typeName, files: files, diagnostics: &diagnostics) else {
            return (nil, diagnostics)
        }
        let extensions = parsed.flatMap { file in file.finder.extensions[type.name, default: []].map { ($0.memberBlock, file) } }
        var flagEnum: FlagEnum
        var written = FlagValues()
        if let enumDecl = type.enumDecl, enumDecl.memberBlock.members.contains(where: { Self.holdsCases($0.decl) }) {
            var collector = CaseCollector(converter: file.converter, usesStringRawValues: FlagEnumReader.hasStringRawType(enumDecl))
            collector.collect(enumDecl.memberBlock.members, condition: nil, clause: nil)
            diagnostics += collector.diagnostics
            flagEnum = FlagEnum(
                name: type.name, hasStringRawValues: collector.usesStringRawValues, flags: collector.flags, file: file.file.path,
                body: Self.body(of: type.memberBlock), marks: collector.marks)
        } else {
            var collector = StaticFlagCollector(expressions: file.expressions, converter: file.converter)
            collector.collect(type.memberBlock.members, clause: nil)
            for (block, extensionFile) in extensions where extensionFile.file.path == file.file.path {
                collector.collect(block.members, clause: nil)
            }
            diagnostics += collector.diagnostics
            written.defaults = collector.defaults
            flagEnum = FlagEnum(
                name: type.name, hasStringRawValues: true, flags: collector.flags, file: file.file.path, body: Self.body(of: type.memberBlock),
                marks: collector.marks)
        }
        let blocks = [(type.memberBlock, file)] + extensions
        var reading = PropertyReading(flags: flagEnum.flags, typeName: type.name, blocks: blocks, parsed: parsed)
        written.merge(reading.read(options.settings), keys: Dictionary(flagEnum.flags.map { ($0.caseName, $0.key) }) { first, _ in first })
        diagnostics += reading.diagnostics
        // Defaults the code gives in members no setting names are not known, never "not set".
        var unread: CodeDefault?
        if options.valuesComeFromCode, written.defaults.isEmpty, let unnamed = reading.unnamedDefaults(options.settings) {
            diagnostics.append(unnamed.warning)
            unread = CodeDefault(unnamed.unread, environments: options.environments)
        }
        let metadata = written.metadata(of: flagEnum, typeLocation: Self.location(of: type, in: file))
        diagnostics += metadata.diagnostics
        let builds = Dictionary(uniqueKeysWithValues: options.environments.map { environment in
            (environment, BuildFacts(conditions: options.conditions[environment], values: options.knownValues[environment] ?? [:]))
        })
        flagEnum.flags = flagEnum.flags.map { flag in
            var flag = flag
            flag.codeDefault = written.codeDefault(of: flag, environments: options.environments, builds: builds) ?? unread
            flag.remoteKey = written.remoteKeys[flag.caseName]
            return flag
        }
        diagnostics += written.diagnostics + remoteKeyDiagnostics(flagEnum.flags)
        diagnostics += uncheckedValues(written.defaults.mapValues(\.value), flags: flagEnum.flags, options: options)
        return (FlagDeclarations(flagEnum: flagEnum, metadata: metadata.catalog), diagnostics)
    }

    /// Whether a member of an enum declares cases (directly or inside `#if`).
    private static func holdsCases(_ decl: DeclSyntax) -> Bool {
        if decl.is(EnumCaseDeclSyntax.self) { return true }
        guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else { return false }
        return ifConfig.clauses.contains { clause in
            guard case .decls(let members) = clause.elements else { return false }
            return members.contains { holdsCases($0.decl) }
        }
    }

    /// The bytes between a member block's braces.
    static func body(of block: MemberBlockSyntax) -> ByteRange {
        block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset..<block.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    private static func location(of type: FlagTypeDecl, in file: ParsedSwiftFile) -> FlagstaffCore.SourceLocation {
        FlagEnumReader.location(of: type.nameToken, converter: file.converter)
    }

    /// The type that declares the flags: the one named, or the one enum with a `String` raw type.
    private static func flagType(
        in parsed: [ParsedSwiftFile], named name: String?, files: [SourceFile], diagnostics: inout [Diagnostic]
    ) -> (FlagTypeDecl, ParsedSwiftFile)? {
        var candidates: [(FlagTypeDecl, ParsedSwiftFile)] = []
        var allEnums: [String] = [], allTypes: [String] = []
        for file in parsed {
            for type in file.finder.types {
                allTypes.append(type.name)
                if type.enumDecl != nil { allEnums.append(type.name) }
                let matches = name.map { type.name == $0 } ?? type.enumDecl.map(FlagEnumReader.hasStringRawType) ?? false
                if matches { candidates.append((type, file)) }
            }
        }
        let start = FlagstaffCore.SourceLocation.start(of: files.first?.path ?? "")
        guard let found = candidates.first else {
            if let name {
                let names = allTypes.isEmpty ? allEnums : allTypes
                diagnostics.append(
                    .error(
                        "enum '\(name)' not found", at: start,
                        hint: Suggestion.didYouMean(name, in: names)
                            ?? (names.isEmpty ? "the file declares no enum" : "types found: \(names.joined(separator: ", "))")))
            } else {
                diagnostics.append(.error("no enum with a String raw type found", at: start, hint: "set enum_name in flagstaff.yml"))
            }
            return nil
        }
        if candidates.count > 1 {
            let names = candidates.map { "\($0.0.name) (\(location(of: $0.0, in: $0.1)))" }
            diagnostics.append(
                .error(
                    "more than one candidate enum: \(names.joined(separator: ", "))", at: location(of: candidates[1].0, in: candidates[1].1),
                    hint: name == nil ? "set enum_name in flagstaff.yml" : "give the flag enum a unique name"))
            return nil
        }
        return found
    }

    /// A warning for each value the app checks when it runs (`BuildConfiguration.current`)
    /// that decides defaults but that some environment's build does not give: with
    /// `build_configurations.<environment>.values` those defaults would be known.
    private static func uncheckedValues(_ defaults: [String: WrittenValue], flags: [Flag], options: Options) -> [Diagnostic] {
        var checked: [String: (flags: Set<String>, location: FlagstaffCore.SourceLocation)] = [:]
        var subjectsByText: [String: Set<String>] = [:]
        for flag in flags {
            for (text, location) in defaults[flag.caseName]?.decidedInCode ?? [] {
                let subjects = subjectsByText[text] ?? {
                    let parsed = Parser.parse(source: text)
                    guard parsed.statements.count == 1, case .expr(let expression)? = parsed.statements.first?.item else { return [] }
                    return RuntimeCheck.checkedSubjects(in: expression)
                }()
                subjectsByText[text] = subjects
                for subject in subjects {
                    checked[subject, default: ([], location)].flags.insert(flag.caseName)
                }
            }
        }
        return checked.sorted { $0.key < $1.key }.compactMap { subject, use in
            let missing = options.environments.filter { options.knownValues[$0]?[subject] == nil }
            guard let first = missing.first else { return nil }
            let places = missing.count == options.environments.count ? "any environment" : RemoteConditionWords.list(missing, joinedBy: "or")
            return .warning(
                "\(use.flags.count == 1 ? "a flag's default checks" : "\(use.flags.count) flags' defaults check") '\(subject)' when the app runs, "
                    + "and no build configuration gives its value for \(places), where what depends on it is not known", at: use.location,
                hint: "give the value each build has: build_configurations: { \(first): { values: { \(subject): … } } }")
        }
    }

    /// A warning for each parameter that two flags' remote keys name.
    private static func remoteKeyDiagnostics(_ flags: [Flag]) -> [Diagnostic] {
        var first: [String: Flag] = [:]
        var diagnostics: [Diagnostic] = []
        for flag in flags {
            guard case .parameter(let name, let location)? = flag.remoteKey else { continue }
            if let earlier = first[name] {
                diagnostics.append(
                    .warning(
                        "'\(flag.key)' and '\(earlier.key)' name the same Remote Config parameter '\(name)'", at: location,
                        hint: "one parameter would switch both flags; give each its own"))
            } else {
                first[name] = flag
            }
        }
        return diagnostics
    }
}

/// A Swift file parsed once, with what the finder found in it.
struct ParsedSwiftFile {
    let file: SourceFile
    let converter: SourceLocationConverter
    let finder: DeclarationFinder
    /// The expressions build configurations fix values of.
    let subjects: Set<String>

    var expressions: SwiftExpressions {
        SwiftExpressions(constants: finder.constants, getters: finder.getters, converter: converter, subjects: subjects)
    }
}

/// A type that may declare flags: an enum, struct, class or actor.
struct FlagTypeDecl {
    let name: String
    let nameToken: TokenSyntax
    let memberBlock: MemberBlockSyntax
    let enumDecl: EnumDeclSyntax?
}

/// Collects, in one walk of a file, the types, the extensions by type name, the
/// constants with literal values, and the variables the settings name.
final class DeclarationFinder: SyntaxVisitor {
    let wanted: Set<String>
    var types: [FlagTypeDecl] = []
    var extensions: [String: [ExtensionDeclSyntax]] = [:]
    var constants: [String: ExprSyntax] = [:]
    /// The getters of computed properties, by name: constants may be written so.
    var getters: [String: CodeBlockItemListSyntax] = [:]
    /// Variables named in the settings, anywhere in the file (registries may live in another type).
    var variables: [String: [VariableDeclSyntax]] = [:]

    init(wanted: Set<String>) {
        self.wanted = wanted
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: node))
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil))
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil))
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        extensions[name, default: []].append(node)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name else { continue }
            if wanted.contains(name) { variables[name, default: []].append(node) }
            if node.bindingSpecifier.tokenKind == .keyword(.let), let value = binding.initializer?.value, constants[name] == nil {
                constants[name] = value
            }
            if let getter = PropertyReading.getter(of: binding), getters[name] == nil { getters[name] = getter }
        }
        return .skipChildren
    }

    // Function bodies hold no declarations Flagstaff reads.
    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }
}
