import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Reads the flag enum from Swift source with swift-syntax: every case with its
/// raw value, `// MARK: -` group, doc comment, deprecation and `#if` condition.
public enum FlagEnumReader {
    /// Finds the enum named `enumName` (anywhere, nested types included) in the
    /// files; without a name, the one enum with a `String` raw type. Reads the
    /// flags and nothing more: `SwiftDeclarationsReader` reads the rest.
    public static func read(_ files: [SourceFile], enumName: String?) -> (flagEnum: FlagEnum?, diagnostics: [Diagnostic]) {
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(files, options: .init(typeNames: enumName.map { [$0] } ?? []))
        return (declarations?.flagEnums.first, diagnostics)
    }

    static func hasStringRawType(_ decl: EnumDeclSyntax) -> Bool {
        guard let first = decl.inheritanceClause?.inheritedTypes.first else { return false }
        return ["String", "Swift.String"].contains(first.type.writtenText)
    }

    /// The named `// MARK:` comments in trivia that starts at byte `start`, with
    /// their names (without `MARK:` and `-`) and bytes.
    static func marks(in trivia: Trivia, at start: Int) -> [FlagEnum.Mark] {
        var marks: [FlagEnum.Mark] = []
        var offset = start
        for piece in trivia {
            let length = piece.sourceLength.utf8Length
            defer { offset += length }
            guard case .lineComment(let text) = piece else { continue }
            let body = text.dropFirst(2).trimmingCharacters(in: " \t")
            guard body.hasPrefix("MARK:") else { continue }
            let name = body.dropFirst(5).trimmingCharacters(in: " \t").trimmingPrefix("-").trimmingCharacters(in: " \t")
            if !name.isEmpty { marks.append(FlagEnum.Mark(name: String(name), range: offset..<offset + length)) }
        }
        return marks
    }

    static func firstSyntaxProblem(in tree: SourceFileSyntax) -> Syntax? {
        guard tree.hasError else { return nil }
        for token in tree.tokens(viewMode: .all) {
            if token.presence == .missing { return Syntax(token) }
            if token.parent?.is(UnexpectedNodesSyntax.self) == true { return Syntax(token) }
        }
        return Syntax(tree)
    }
}

/// Walks an enum's members in order, keeping the current MARK group and the
/// byte ranges of every case.
struct CaseCollector {
    let lines: SwiftSourceLines
    let usesStringRawValues: Bool
    var flags: [Flag] = []
    var marks: [FlagEnum.Mark] = []
    var diagnostics: [Diagnostic] = []
    var group: String?
    /// The `#if` condition each case sits under, by case name, for the builds that leave it out.
    var buildConditions: [String: BuildCondition] = [:]

    init(lines: SwiftSourceLines, usesStringRawValues: Bool) {
        self.lines = lines
        self.usesStringRawValues = usesStringRawValues
    }

    mutating func collect(_ members: MemberBlockItemListSyntax, condition: String?, clause: ByteRange?, built: BuildCondition? = nil) {
        for member in members {
            // The trivia is built once: it holds the MARKs and a case's doc comment.
            let trivia = member.decl.leadingTrivia
            for mark in FlagEnumReader.marks(in: trivia, at: member.decl.position.utf8Offset) {
                marks.append(mark)
                group = mark.name
            }
            if let caseDecl = member.decl.as(EnumCaseDeclSyntax.self) {
                collect(caseDecl, trivia: trivia, condition: condition, clause: clause)
                if let built { for element in caseDecl.elements { buildConditions[element.name.name] = built } }
            } else if let ifConfig = member.decl.as(IfConfigDeclSyntax.self) {
                collect(ifConfig, condition: condition, built: built)
            }
        }
    }

    mutating func collect(_ ifConfig: IfConfigDeclSyntax, condition outer: String?, built outerBuilt: BuildCondition?) {
        var earlier: [String] = []
        // The clause holds when the outer condition does, no earlier clause does, and its own does.
        var earlierBuilt: [BuildCondition] = []
        for clause in ifConfig.clauses {
            let own = clause.condition?.writtenText
            let ownBuilt = clause.condition.map(BuildCondition.init)
            let negatedEarlier = earlier.map { "!(\($0))" }
            let parts = [outer].compactMap { $0 } + negatedEarlier + [own].compactMap { $0 }
            let built = ([outerBuilt].compactMap { $0 } + earlierBuilt.map { .not($0) } + [ownBuilt].compactMap { $0 })
                .reduce(nil) { (joined: BuildCondition?, part) in joined.map { .and($0, part) } ?? part }
            if let own { earlier.append(own) }
            if let ownBuilt { earlierBuilt.append(ownBuilt) }
            guard case .decls(let members) = clause.elements else { continue }
            collect(
                members, condition: parts.isEmpty ? nil : parts.joined(separator: " && "),
                clause: members.position.utf8Offset..<members.endPosition.utf8Offset, built: built)
        }
    }

    /// Collects a case declaration's flags; `trivia` is its leading trivia.
    mutating func collect(_ decl: EnumCaseDeclSyntax, trivia: Trivia, condition: String?, clause: ByteRange?) {
        let documentation = Self.documentation(in: trivia)
        let deprecation = Self.deprecation(in: decl.attributes)
        let declarationStart = decl.positionAfterSkippingLeadingTrivia.utf8Offset
        for element in decl.elements {
            let caseName = element.name.name
            let location = lines.location(of: element.name)
            var key = caseName
            if let rawValue = element.rawValue {
                if let literal = rawValue.value.as(StringLiteralExprSyntax.self), let text = literal.literalValue {
                    key = text
                } else if usesStringRawValues {
                    diagnostics.append(
                        .error(
                            "the raw value of case '\(caseName)' must be a plain string literal",
                            at: lines.location(of: rawValue.value)))
                    continue
                }
            }
            if !usesStringRawValues { key = caseName }
            let lastPart = element.rawValue.map(Syntax.init) ?? element.parameterClause.map(Syntax.init) ?? Syntax(element.name)
            let syntax = FlagSyntax(
                declaration: declarationStart..<decl.endPositionBeforeTrailingTrivia.utf8Offset,
                leadingTrivia: decl.position.utf8Offset..<declarationStart,
                element: element.positionAfterSkippingLeadingTrivia.utf8Offset..<lastPart.endPositionBeforeTrailingTrivia.utf8Offset,
                elementsInDeclaration: decl.elements.count, conditionalClause: clause)
            flags.append(
                Flag(
                    key: key, caseName: caseName, group: group, documentation: documentation,
                    deprecation: deprecation, condition: condition, location: location, syntax: syntax))
        }
    }

    /// The doc comment directly above a declaration: `///` lines or a `/** */`
    /// block with no blank line and no plain comment between it and the declaration.
    static func documentation(in trivia: Trivia) -> String? {
        var lines: [String] = []
        loop: for piece in trivia.reversed() {
            switch piece {
            case .spaces, .tabs: continue
            case .newlines(let count), .carriageReturnLineFeeds(let count):
                if count > 1 { break loop }
            case .docLineComment(let text):
                var line = text.dropFirst(3)
                if line.first == " " { line = line.dropFirst() }
                lines.insert(String(line), at: 0)
            case .docBlockComment(let text):
                let body = text.dropFirst(3).dropLast(2)
                let blockLines = body.split(separator: "\n", omittingEmptySubsequences: false).map {
                    $0.trimmingCharacters(in: " \t").trimmingPrefix("*").trimmingCharacters(in: " \t")
                }
                lines.insert(contentsOf: blockLines, at: 0)
                break loop
            default:
                break loop
            }
        }
        let text = lines.joined(separator: "\n").trimmingCharacters(in: " \t\n")
        return text.isEmpty ? nil : String(text)
    }

    /// The message of an `@available(*, deprecated…)` attribute: empty when it has
    /// none; `nil` when no attribute deprecates the case.
    static func deprecation(in attributes: AttributeListSyntax) -> String? {
        for element in attributes {
            guard case .attribute(let attribute) = element,
                attribute.attributeName.writtenText == "available",
                case .availability(let arguments) = attribute.arguments
            else { continue }
            var deprecated = false
            var message: String?
            var renamed: String?
            for argument in arguments {
                switch argument.argument {
                case .token(let token) where token.text == "deprecated":
                    deprecated = true
                case .availabilityLabeledArgument(let labeled):
                    var text: String?
                    if case .string(let literal) = labeled.value {
                        text = literal.segments.map(\.content.text).joined()
                    }
                    switch labeled.label.text {
                    case "deprecated": deprecated = true
                    case "message": message = text
                    case "renamed": renamed = text
                    default: continue
                    }
                default:
                    continue
                }
            }
            if deprecated { return message ?? renamed.map { "renamed to \($0)" } ?? "" }
        }
        return nil
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    func trimmingCharacters(in characters: String) -> String {
        // Most text has nothing to trim, which its end characters settle without a
        // set when each of `characters` is one byte.
        if characters.utf8.count == characters.count, let first, let last {
            let isOne = { (character: Character) in character.utf8.count == 1 && characters.utf8.contains(character.utf8.first!) }
            if !isOne(first), !isOne(last) { return String(self) }
        }
        let set = Set(characters)
        guard let start = firstIndex(where: { !set.contains($0) }) else { return "" }
        let end = lastIndex { !set.contains($0) }!
        return String(self[start...end])
    }

    /// The text without one leading occurrence of a prefix.
    func trimmingPrefix(_ prefix: String) -> Substring {
        hasPrefix(prefix) ? Substring(self).dropFirst(prefix.count) : Substring(self)
    }
}
