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
        /// The types that declare the flags, in order; without them (and without
        /// a protocol), the one enum with a `String` raw type.
        public var typeNames: [String]
        /// A protocol whose conforming types declare the flags, in the order the
        /// files declare them.
        public var flagProtocol: String?
        /// Which properties hold what.
        public var settings: SwiftSettings
        /// The environments, in order.
        public var environments: [String]
        /// The compilation conditions of each environment that is a build configuration.
        public var conditions: [String: Set<String>]
        /// The values each environment's build fixes for checks the app makes when
        /// it runs (`BuildConfiguration.current` → `appStore`), by environment.
        public var knownValues: [String: [String: String]]
        /// The apps the code builds, each with the values its build fixes
        /// (`AppConfiguration.isJetpack`), whatever the environment.
        public var appTargets: [AppTarget]
        /// Whether the code's defaults are the only values the workspace bundles (a
        /// single app without value files): defaults left unread then leave every
        /// flag not set, which is worth a warning.
        public var valuesComeFromCode: Bool

        /// Options for reading.
        public init(
            typeNames: [String] = [], flagProtocol: String? = nil, settings: SwiftSettings = SwiftSettings(), environments: [String] = [],
            conditions: [String: Set<String>] = [:], knownValues: [String: [String: String]] = [:], appTargets: [AppTarget] = [],
            valuesComeFromCode: Bool = false
        ) {
            self.typeNames = typeNames
            self.flagProtocol = flagProtocol
            self.settings = settings
            self.environments = environments
            self.conditions = conditions
            self.knownValues = knownValues
            self.appTargets = appTargets
            self.valuesComeFromCode = valuesComeFromCode
        }
    }

    /// Reads the declarations; `nil` when no flag type can be found.
    public static func read(_ files: [SourceFile], options: Options) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let wanted = options.settings.describingProperties
        let subjects = Set(options.knownValues.values.flatMap(\.keys) + options.appTargets.flatMap(\.values.keys))
        var parsed: [ParsedSwiftFile] = []
        for file in files {
            if let problem = SwiftNesting.problem(in: file.text, file: file.path) {
                diagnostics.append(problem)
                continue
            }
            let tree = SwiftParseMemory.parse(file.text, path: file.path)
            let lines = SwiftSourceLines(file: file.path, text: file.text)
            if let problem = FlagEnumReader.firstSyntaxProblem(in: tree) {
                diagnostics.append(
                    .warning(
                        "the Swift file has a syntax error; declarations after it may be missed",
                        at: lines.location(of: problem)))
            }
            let finder = DeclarationFinder(wanted: wanted)
            finder.walk(tree)
            parsed.append(ParsedSwiftFile(file: file, lines: lines, declarations: finder.found, subjects: subjects))
        }
        let types = flagTypes(in: parsed, options: options, files: files, diagnostics: &diagnostics)
        guard !types.isEmpty else { return (nil, diagnostics) }
        let readings = types.map { type, file in
            readType(type, in: file, parsed: parsed, options: options, diagnostics: &diagnostics)
        }
        diagnostics += remoteKeyDiagnostics(readings.flatMap(\.flagEnum.flags))
        diagnostics += uncheckedValues(
            readings.flatMap { reading in reading.flagEnum.flags.map { ($0, reading.written.defaults[$0.caseName]?.value) } }, options: options)
        diagnostics += FlagScope.unmatchedMarks(options.settings, marks: readings.flatMap(\.allMarks))
        // Every type's catalog rows have the columns any type's code fills.
        let columns = readings.flatMap(\.written.columns).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var catalogs: [Catalog] = []
        for index in readings.indices {
            let metadata = readings[index].written.metadata(of: readings[index].flagEnum, columns: columns, typeLocation: readings[index].location)
            diagnostics += metadata.diagnostics
            if let catalog = metadata.catalog { catalogs.append(catalog) }
        }
        let metadata = catalogs.first.map { first in
            Catalog(columns: first.columns, entries: catalogs.flatMap(\.entries), location: first.location, isWritten: false)
        }
        return (FlagDeclarations(flagEnums: readings.map(\.flagEnum), metadata: metadata), diagnostics)
    }

    /// What one declaring type gives: its flags with their defaults and remote
    /// keys, what its code writes for the catalog, and where its name is.
    private struct TypeReading {
        var flagEnum: FlagEnum
        var written: FlagValues
        var location: FlagstaffCore.SourceLocation
        /// Every MARK of the type's members, flags or not.
        var allMarks: [FlagEnum.Mark]
    }

    /// Reads one declaring type: its cases or static members, then the properties
    /// the settings name, each looked for in this type and its extensions.
    private static func readType(
        _ type: FlagTypeDecl, in file: ParsedSwiftFile, parsed: [ParsedSwiftFile], options: Options, diagnostics: inout [Diagnostic]
    ) -> TypeReading {
        let extensions = parsed.flatMap { file in file.declarations.extensions[type.name, default: []].map { ($0.memberBlock, file) } }
        var (flagEnum, written) = FlagDeclarationStyles.style(of: type).collect(type, in: file, extensions: extensions, diagnostics: &diagnostics)
        let allMarks = flagEnum.marks
        let outOfScope = FlagScope.limit(&flagEnum, to: options.settings.flagMarks)
        let blocks = [(type.memberBlock, file)] + extensions
        var reading = PropertyReading(flags: flagEnum.flags, typeName: type.name, blocks: blocks, parsed: parsed, outOfScope: outOfScope)
        written.merge(reading.read(options.settings), keys: Dictionary(flagEnum.flags.map { ($0.caseName, $0.key) }) { first, _ in first })
        diagnostics += reading.diagnostics
        // Defaults the code gives in members no setting names are not known, never "not set".
        var unread: CodeDefault?
        if options.valuesComeFromCode, written.defaults.isEmpty, let unnamed = reading.unnamedDefaults(options.settings) {
            diagnostics.append(unnamed.warning)
            unread = CodeDefault(unnamed.unread, environments: options.environments)
        }
        let builds = Dictionary(uniqueKeysWithValues: options.environments.map { environment in
            (environment, BuildFacts(conditions: options.conditions[environment], values: options.knownValues[environment] ?? [:], targets: options.appTargets))
        })
        // The type of the property that gives the defaults is every flag's type
        // (`var defaultValue: Data { … }` with `typealias Data = Double`).
        let memberBlocks = blocks.map(\.0)
        let defaultsType = options.settings.defaults.flatMap { name in
            DeclaredValueType.flagType(
                of: DeclaredValueType.typeOfMember(named: name, in: memberBlocks), aliases: DeclaredValueType.aliases(in: memberBlocks))
        }
        flagEnum.flags = flagEnum.flags.map { flag in
            var flag = flag
            flag.valueType = flag.valueType ?? written.valueTypes[flag.caseName] ?? defaultsType
            flag.codeDefault = written.codeDefault(of: flag, environments: options.environments, builds: builds) ?? unread
            flag.remoteKey = written.remoteKeys[flag.caseName]
            flag.absentIn = written.absentEnvironments(of: flag, environments: options.environments, builds: builds)
            return flag
        }
        diagnostics += written.diagnostics
        written.diagnostics = []
        return TypeReading(flagEnum: flagEnum, written: written, location: Self.location(of: type, in: file), allMarks: allMarks)
    }

    /// The bytes between a member block's braces.
    static func body(of block: MemberBlockSyntax) -> ByteRange {
        block.leftBrace.endPositionBeforeTrailingTrivia.utf8Offset..<block.rightBrace.positionAfterSkippingLeadingTrivia.utf8Offset
    }

    private static func location(of type: FlagTypeDecl, in file: ParsedSwiftFile) -> FlagstaffCore.SourceLocation {
        file.lines.location(of: type.nameToken)
    }

    /// The types that declare the flags: the ones named, in order; those that
    /// conform to the protocol, in the files' order; or the one enum with a
    /// `String` raw type. Empty, with an error, when one cannot be found.
    private static func flagTypes(
        in parsed: [ParsedSwiftFile], options: Options, files: [SourceFile], diagnostics: inout [Diagnostic]
    ) -> [(FlagTypeDecl, ParsedSwiftFile)] {
        let all = parsed.flatMap { file in file.declarations.types.map { ($0, file) } }
        let start = FlagstaffCore.SourceLocation.start(of: files.first?.path ?? "")
        if let flagProtocol = options.flagProtocol {
            let extended = Set(parsed.flatMap { file in file.declarations.extensions.filter { $0.value.contains { conformsTo(flagProtocol, $0.inheritanceClause) } }.keys })
            let conforming = all.filter { type, _ in type.inherited.contains(flagProtocol) || extended.contains(type.name) }
            guard !conforming.isEmpty else {
                let inherited = Set(all.flatMap(\.0.inherited) + parsed.flatMap { $0.declarations.extensions.values.joined().flatMap(inheritedNames) }).sorted()
                diagnostics.append(
                    .error(
                        "no type conforms to protocol '\(flagProtocol)'", at: start,
                        hint: Suggestion.didYouMean(flagProtocol, in: inherited)
                            ?? "flagstaff.yml names it as flag_protocol; the types' declarations or extensions must list it"))
                return []
            }
            return conforming
        }
        guard !options.typeNames.isEmpty else {
            let candidates = all.filter { type, _ in type.enumDecl.map(FlagEnumReader.hasStringRawType) ?? false }
            guard candidates.count == 1 else {
                if candidates.isEmpty {
                    diagnostics.append(.error("no enum with a String raw type found", at: start, hint: "set enum_name in flagstaff.yml"))
                } else {
                    diagnostics.append(moreThanOne(candidates, hint: "set enum_name in flagstaff.yml"))
                }
                return []
            }
            return candidates
        }
        var found: [(FlagTypeDecl, ParsedSwiftFile)] = []
        for name in options.typeNames {
            let candidates = all.filter { $0.0.name == name }
            guard candidates.count == 1 else {
                if candidates.isEmpty {
                    let names = all.map(\.0.name)
                    diagnostics.append(
                        .error(
                            "enum '\(name)' not found", at: start,
                            hint: Suggestion.didYouMean(name, in: names)
                                ?? (names.isEmpty ? "the file declares no enum" : "types found: \(names.joined(separator: ", "))")))
                } else {
                    diagnostics.append(moreThanOne(candidates, hint: "give the flag enum a unique name"))
                }
                return []
            }
            found += candidates
        }
        return found
    }

    private static func moreThanOne(_ candidates: [(FlagTypeDecl, ParsedSwiftFile)], hint: String) -> Diagnostic {
        let names = candidates.map { "\($0.0.name) (\(location(of: $0.0, in: $0.1)))" }
        return .error(
            "more than one candidate enum: \(names.joined(separator: ", "))", at: location(of: candidates[1].0, in: candidates[1].1), hint: hint)
    }

    /// Whether an inheritance clause lists the protocol (`FeatureFlag`, `Module.FeatureFlag`).
    private static func conformsTo(_ flagProtocol: String, _ clause: InheritanceClauseSyntax?) -> Bool {
        inheritedNames(clause).contains(flagProtocol)
    }

    /// The names an extension's inheritance clause lists.
    private static func inheritedNames(_ node: ExtensionDeclSyntax) -> [String] { inheritedNames(node.inheritanceClause) }

    /// The names an inheritance clause lists, each without its module.
    static func inheritedNames(_ clause: InheritanceClauseSyntax?) -> [String] {
        clause?.inheritedTypes.map { $0.type.writtenText.split(separator: ".").last.map(String.init) ?? "" } ?? []
    }

    /// A warning for each value the app checks when it runs (`BuildConfiguration.current`)
    /// that decides defaults but that some environment's build does not give: with
    /// `build_configurations.<environment>.values` those defaults would be known.
    private static func uncheckedValues(_ defaults: [(flag: Flag, value: WrittenValue?)], options: Options) -> [Diagnostic] {
        var checked: [String: (flags: Set<String>, location: FlagstaffCore.SourceLocation)] = [:]
        // A flag of another type than Bool reads a value, not a check.
        for (flag, value) in defaults where (flag.valueType ?? .bool) == .bool {
            for (subject, location) in value?.checkedSubjects ?? [] {
                checked[subject, default: ([], location)].flags.insert(flag.key)
            }
        }
        return checked.sorted { $0.key < $1.key }.compactMap { subject, use in
            // Every app giving the value settles it in every environment.
            guard options.appTargets.isEmpty || options.appTargets.contains(where: { $0.values[subject] == nil }) else { return nil }
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
struct ParsedSwiftFile: Sendable {
    let file: SourceFile
    let lines: SwiftSourceLines
    let declarations: FileDeclarations
    /// The expressions build configurations fix values of.
    let subjects: Set<String>

    var expressions: SwiftExpressions {
        SwiftExpressions(constants: declarations.constants, getters: declarations.getters, lines: lines, subjects: subjects, source: lines.bytes)
    }
}

/// A type that may declare flags: an enum, struct, class or actor.
struct FlagTypeDecl: Sendable {
    let name: String
    let nameToken: TokenSyntax
    let memberBlock: MemberBlockSyntax
    let enumDecl: EnumDeclSyntax?
    /// The names the declaration's inheritance clause lists: a raw type, protocols.
    let inherited: [String]
}

/// What a `DeclarationFinder` collected from one file, as a value the cores can share.
struct FileDeclarations: Sendable {
    var types: [FlagTypeDecl]
    var extensions: [String: [ExtensionDeclSyntax]]
    var constants: [String: ExprSyntax]
    var getters: [String: CodeBlockItemListSyntax]
    var variables: [String: [VariableDeclSyntax]]
}

/// Collects, in one walk of a file, the types, the extensions by type name, the
/// constants with literal values, and the variables the settings name.
final class DeclarationFinder: SyntaxVisitor {
    /// What the walk found.
    var found: FileDeclarations {
        FileDeclarations(types: types, extensions: extensions, constants: constants, getters: getters, variables: variables)
    }

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
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: node, inherited: SwiftDeclarationsReader.inheritedNames(node.inheritanceClause)))
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil, inherited: SwiftDeclarationsReader.inheritedNames(node.inheritanceClause)))
        return .visitChildren
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil, inherited: SwiftDeclarationsReader.inheritedNames(node.inheritanceClause)))
        return .visitChildren
    }

    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind {
        types.append(FlagTypeDecl(name: node.name.text, nameToken: node.name, memberBlock: node.memberBlock, enumDecl: nil, inherited: SwiftDeclarationsReader.inheritedNames(node.inheritanceClause)))
        return .visitChildren
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.extendedType.writtenText.split(separator: ".").last.map(String.init) ?? ""
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
