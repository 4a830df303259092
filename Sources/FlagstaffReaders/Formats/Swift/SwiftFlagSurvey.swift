import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Looks through an app's Swift files for the type that declares its flags and
/// the members that hold their defaults, Remote Config parameters and
/// descriptions, for `flagstaff init`. It reads with swift-syntax, as
/// `SwiftDeclarationsReader` does, and counts each candidate's flags with that reader.
public enum SwiftFlagSurvey {
    /// Words in a type's name that say it holds flags.
    private static let flagWords = ["flag", "feature", "toggle", "experiment"]

    /// The types that may declare flags, the likeliest first: those with the
    /// highest score (see `SwiftFlagType.score`) in which the reader finds flags,
    /// the one with the most flags first. Only they are read whole, so that an
    /// app's many other enums cost one parse each.
    public static func flagTypes(in files: [SourceFile]) -> [SwiftFlagType] {
        // Each file is parsed once, on every core.
        let readable = files.filter { SwiftNesting.problem(in: $0.text, file: $0.path) == nil }
        let surveyed = Parallel.map(readable.count) { index in
            let file = readable[index]
            let tree = Parser.parse(source: file.text)
            let finder = DeclarationFinder(wanted: [])
            finder.walk(tree)
            return (
                ParsedSwiftFile(file: file, lines: SwiftSourceLines(file: file.path, text: file.text), declarations: finder.found, subjects: []),
                checkedConditions(in: tree)
            )
        }
        let parsed = surveyed.map(\.0)
        let conditions = Dictionary(surveyed.map { ($0.0.file.path, $0.1) }) { first, _ in first }
        var signs: [(type: FlagTypeDecl, found: SwiftFlagType)] = []
        for file in parsed {
            for type in file.declarations.types {
                if let found = signsOfFlags(type, in: file, parsed: parsed) { signs.append((type, found)) }
            }
        }
        for score in Set(signs.map(\.found.score)).sorted(by: >) {
            var read: [SwiftFlagType] = []
            for (type, found) in signs where found.score == score {
                let sources = found.files.compactMap { path in parsed.first { $0.file.path == path }?.file }
                guard let flags = SwiftDeclarationsReader.read(sources, options: .init(typeNames: [type.name])).declarations?.flagEnums.first?.flags,
                    !flags.isEmpty
                else { continue }
                var candidate = found
                candidate.flags = flags
                candidate.evidence = flags.first?.form == .enumCase ? candidate.evidence : "static members that give flag values"
                var names: [String] = []
                for path in candidate.files { names += conditions[path, default: []].filter { !names.contains($0) } }
                candidate.conditions = names
                read.append(candidate)
            }
            if !read.isEmpty { return read.sorted { $0.flags.count > $1.flags.count } }
        }
        return []
    }

    /// The signs that a type declares flags, without reading its flags; `nil`
    /// when it shows none (an enum whose only sign is its `String` raw type counts).
    private static func signsOfFlags(_ type: FlagTypeDecl, in file: ParsedSwiftFile, parsed: [ParsedSwiftFile]) -> SwiftFlagType? {
        let extending = parsed.filter { $0.file.path != file.file.path && $0.declarations.extensions[type.name] != nil }
        let blocks = [(type.memberBlock, file)] + parsed.flatMap { other in other.declarations.extensions[type.name, default: []].map { ($0.memberBlock, other) } }
        let isStringEnum = type.enumDecl.map(FlagEnumReader.hasStringRawType) ?? false
        var found = SwiftFlagType(
            name: type.name, files: [file.file.path] + extending.map(\.file.path),
            location: file.lines.location(of: type.nameToken), flags: [],
            evidence: isStringEnum ? "an enum with a String raw type" : "an enum whose cases are read as flags", score: 0)
        for (block, blockFile) in blocks { members(of: block, in: blockFile, into: &found) }
        // A member named for defaults first, then a manager's check in another type.
        found.defaults = found.defaults.filter { $0.lowercased().contains("default") } + found.defaults.filter { !$0.lowercased().contains("default") }
        let managerChecks = checks(of: type.name, in: parsed)
        found.defaults += managerChecks.map { "\($0.type).\($0.function)" }
        // The manager's file is read with the type's when its check gives the defaults.
        if let chosen = managerChecks.first(where: { "\($0.type).\($0.function)" == found.defaults.first }), !found.files.contains(chosen.file) {
            found.files.append(chosen.file)
        }
        let caseNames = Set(type.memberBlock.tokens(viewMode: .sourceAccurate).filter { $0.parent?.is(EnumCaseElementSyntax.self) == true }.map(\.text))
        if !caseNames.isEmpty {
            for other in parsed {
                for (name, value) in other.declarations.constants.sorted(by: { $0.key < $1.key }) where isRegistry(value, caseNames: caseNames) {
                    found.registries.append(name)
                }
            }
        }
        let named = flagWords.contains(where: type.name.lowercased().contains)
        let staticBools = !named && type.enumDecl.map(FlagEnumReader.hasStringRawType) != true && holdsStaticBools(type.memberBlock)
        if staticBools { found.evidence = "a type whose static members are Bool values" }
        found.score = (named ? 2 : 0) + (isStringEnum || staticBools ? 1 : 0) + (found.defaults.isEmpty ? 0 : 2) + (found.registries.isEmpty ? 0 : 2)
        return found.score > 0 ? found : nil
    }

    /// Functions of other types that take one flag and return a `Bool`, such as a
    /// manager's `func isEnabled(_ flag: FeatureFlag) -> Bool`: each flag's default
    /// as the app works it out (`defaults: FeatureFlagManager.isEnabled`), with the file it is in.
    private static func checks(of typeName: String, in parsed: [ParsedSwiftFile]) -> [(type: String, function: String, file: String)] {
        parsed.flatMap { file in
            file.declarations.types.filter { $0.name != typeName }.flatMap { other in
                other.memberBlock.members.compactMap { member -> (String, String, String)? in
                    guard let function = member.decl.as(FunctionDeclSyntax.self), function.signature.parameterClause.parameters.count == 1,
                        let parameter = function.signature.parameterClause.parameters.first,
                        parameter.type.writtenText.split(separator: ".").last.map(String.init) == typeName,
                        function.signature.returnClause?.type.writtenText == "Bool", function.body != nil,
                        // A private helper is how the check works, not what the app asks.
                        !function.modifiers.contains(where: { [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) })
                    else { return nil }
                    return (other.name, function.name.text, file.file.path)
                }
            }
        }
    }

    /// Whether most of a type's static properties, at least two, are `Bool`s
    /// (`static let newOnboarding = true`, `static var debugMenu: Bool { … }`):
    /// a type of flags even when its name does not say so.
    private static func holdsStaticBools(_ block: MemberBlockSyntax) -> Bool {
        let statics = block.members.compactMap { $0.decl.as(VariableDeclSyntax.self) }
            .filter { $0.modifiers.contains { $0.name.tokenKind == .keyword(.static) } }.flatMap(\.bindings)
        let bools = statics.filter { binding in
            binding.typeAnnotation?.type.writtenText == "Bool" || binding.initializer?.value.is(BooleanLiteralExprSyntax.self) == true
        }
        return bools.count >= 2 && bools.count * 2 > statics.count
    }

    /// Sorts the members that switch over the flag into defaults, remote keys and descriptions.
    private static func members(of block: MemberBlockSyntax, in file: ParsedSwiftFile, into found: inout SwiftFlagType) {
        for member in block.members {
            if let variable = member.decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name,
                        let type = binding.typeAnnotation?.type.writtenText, let body = PropertyReading.getter(of: binding),
                        PropertyReading.switches(over: "self", in: body)
                    else { continue }
                    classify(name, type: type, body: Syntax(body), into: &found)
                }
            } else if let function = member.decl.as(FunctionDeclSyntax.self), let subject = PropertyReading.subject(of: function),
                let type = function.signature.returnClause?.type.writtenText, let body = function.body?.statements,
                PropertyReading.switches(over: subject, in: body)
            {
                classify(function.name.name, type: type, body: Syntax(body), into: &found)
            }
        }
    }

    private static func classify(_ name: String, type: String, body: Syntax, into found: inout SwiftFlagType) {
        switch type {
        case "Bool": found.defaults.append(name)
        case "String", "String?":
            let texts = body.tokens(viewMode: .sourceAccurate).filter { if case .stringSegment = $0.tokenKind { true } else { false } }.map(\.text)
            guard !texts.isEmpty else { return }
            if texts.allSatisfy({ !$0.contains(" ") }) { found.remoteKeys.append(name) } else { found.descriptions.append(name) }
        default: return
        }
    }

    /// Whether a constant is a dictionary literal most of whose keys are the flag's cases (`.caseName`).
    private static func isRegistry(_ value: ExprSyntax, caseNames: Set<String>) -> Bool {
        guard case .elements(let elements)? = value.as(DictionaryExprSyntax.self)?.content, !elements.isEmpty else { return false }
        let keyed = elements.filter { element in
            element.key.as(MemberAccessExprSyntax.self).map { caseNames.contains($0.declName.baseName.text) } ?? false
        }
        return keyed.count * 2 > elements.count
    }

    /// The names `#if` conditions check in a file (`DEBUG`, `BETA`), not the
    /// platform tests (`os(iOS)`, `canImport(…)`), whose arguments are no conditions.
    private static func checkedConditions(in tree: SourceFileSyntax) -> [String] {
        var names: [String] = []
        for token in tree.tokens(viewMode: .sourceAccurate) where token.tokenKind == .poundIf || token.tokenKind == .poundElseif {
            guard let condition = token.parent?.as(IfConfigClauseSyntax.self)?.condition else { continue }
            for reference in condition.tokens(viewMode: .sourceAccurate) {
                guard case .identifier(let name) = reference.tokenKind, !names.contains(name),
                    reference.ancestorOrSelf(mapping: { $0.as(FunctionCallExprSyntax.self) }).map({ $0.position < condition.position }) ?? true
                else { continue }
                names.append(name)
            }
        }
        return names
    }
}
