import FlagstaffCore
import SwiftParser
import SwiftSyntax

/// Adds and removes cases of the flag enum. The file is parsed with swift-syntax
/// to find where members start and end; the change is a splice at those
/// offsets, so every other byte (comments, `#if` blocks, formatting) stays.
public enum FlagEnumEditor {
    /// The edit that adds a case at the end of its MARK group, or at the end of
    /// the enum's cases under a new `// MARK: -` when the group does not exist yet.
    public static func insertion(of new: NewFlag, into text: String, flagEnum: FlagEnum) -> TextEdit? {
        guard let members = members(of: flagEnum, in: text) else { return nil }
        let editable = EditableText(text)
        let newline = editable.lineEnding
        let indentation = flagEnum.flags.first { $0.syntax.conditionalClause == nil }
            .map { editable.indentation(of: $0.syntax.declaration.lowerBound) } ?? "    "
        var declaration = ""
        for line in new.documentation.split(separator: "\n", omittingEmptySubsequences: false) {
            declaration += newline + indentation + ("/// " + line).trimmingCharacters(in: " ")
        }
        declaration += newline + indentation + "case " + new.caseName
        if flagEnum.hasStringRawValues && new.key != new.caseName { declaration += " = " + SwiftDeclarationsEditor.swiftQuoted(new.key) }

        let flagMembers = members.filter { $0.holdsCases }
        if let group = new.group, let last = flagMembers.last(where: { $0.group == group }) {
            return .insert(declaration, at: last.end)
        }
        let end = flagMembers.last?.end ?? flagEnum.body.lowerBound
        guard let group = new.group else { return .insert(declaration, at: end) }
        let mark = flagEnum.marks.first.map { markPrefix(text, $0) } ?? "// MARK: - "
        return .insert(newline + newline + indentation + mark + group + newline + declaration, at: end)
    }

    /// The edits that remove a flag's case: its element (with its comma) when
    /// the declaration holds several, else the declaration, its doc comment, and
    /// its MARK comment when no other case is left in the group.
    public static func removal(of flag: Flag, from text: String, flagEnum: FlagEnum) -> [TextEdit] {
        let editable = EditableText(text)
        let syntax = flag.syntax
        if syntax.elementsInDeclaration > 1 {
            let siblings = flagEnum.flags.filter { $0.syntax.declaration == syntax.declaration }.map(\.syntax.element)
            guard let index = siblings.firstIndex(of: syntax.element) else { return [] }
            if index + 1 < siblings.count { return [.delete(syntax.element.lowerBound..<siblings[index + 1].lowerBound)] }
            let previousEnd = siblings[index - 1].upperBound
            return [.delete(previousEnd..<syntax.element.upperBound)]
        }
        // A member declared in every clause of an `#if` block (`#if DEBUG static let
        // map = true #else static let map = false #endif`) goes with the block.
        if syntax.conditionalClause != nil, let block = ifBlock(declaringOnly: flag.caseName, around: syntax.declaration, in: text) {
            return [.delete(editable.startOfLineBreak(before: block.lowerBound)..<block.upperBound)]
        }
        let trivia = String(decoding: editable.bytes[syntax.leadingTrivia], as: UTF8.self)
        let holdsMark = flagEnum.marks.contains { syntax.leadingTrivia.contains($0.range.lowerBound) }
        let othersInGroup = flagEnum.flags.contains { $0.group == flag.group && $0.key != flag.key }
        if holdsMark && !othersInGroup {
            return [.delete(syntax.leadingTrivia.lowerBound..<syntax.declaration.upperBound)]
        }
        let ownStart = syntax.leadingTrivia.lowerBound + documentationOffset(in: trivia)
        return [.delete(editable.startOfLineBreak(before: ownStart)..<syntax.declaration.upperBound)]
    }

    /// The bytes of the innermost `#if` block around `declaration` when each of its
    /// clauses declares the member `name` and nothing else.
    static func ifBlock(declaringOnly name: String, around declaration: ByteRange, in text: String) -> ByteRange? {
        let tree = Parser.parse(source: text)
        var innermost: IfConfigDeclSyntax?
        for token in tree.tokens(viewMode: .sourceAccurate) where token.positionAfterSkippingLeadingTrivia.utf8Offset == declaration.lowerBound {
            innermost = token.ancestorOrSelf { $0.as(IfConfigDeclSyntax.self) }
            break
        }
        guard let block = innermost else { return nil }
        let declaresOnly = block.clauses.allSatisfy { clause in
            guard case .decls(let members)? = clause.elements, !members.isEmpty else { return false }
            return members.allSatisfy { member in
                if let function = member.decl.as(FunctionDeclSyntax.self) { return function.name.name == name }
                guard let variable = member.decl.as(VariableDeclSyntax.self), variable.bindings.count == 1 else { return false }
                return variable.bindings.first?.pattern.as(IdentifierPatternSyntax.self)?.identifier.name == name
            }
        }
        return declaresOnly ? block.positionAfterSkippingLeadingTrivia.utf8Offset..<block.endPositionBeforeTrailingTrivia.utf8Offset : nil
    }

    /// Where the doc comment directly above the declaration starts inside its
    /// leading trivia, in bytes; the trivia's end when there is none.
    static func documentationOffset(in trivia: String) -> Int {
        var lines = trivia.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
        var end = trivia.utf8.count - (lines.last?.utf8.count ?? 0)
        var start = trivia.utf8.count
        lines.removeLast()
        while let line = lines.last, line.trimmingCharacters(in: " \t\r").hasPrefix("///") {
            lines.removeLast()
            end -= line.utf8.count + 1
            start = end + (line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count)
        }
        return start
    }

    /// `// MARK: - ` as the file writes it, up to the group name.
    static func markPrefix(_ text: String, _ mark: FlagEnum.Mark) -> String {
        let comment = String(decoding: Array(text.utf8)[mark.range], as: UTF8.self)
        guard let nameRange = comment.range(of: mark.name, options: .backwards) else { return "// MARK: - " }
        return String(comment[..<nameRange.lowerBound])
    }

    /// A member of the enum: where it ends, its MARK group, and whether it holds cases.
    struct Member {
        var end: Int
        var group: String?
        var holdsCases: Bool
    }

    /// The enum's own members in order, with the MARK group each is in.
    static func members(of flagEnum: FlagEnum, in text: String) -> [Member]? {
        let tree = Parser.parse(source: text)
        let finder = NamedEnumFinder(name: flagEnum.name)
        finder.walk(tree)
        guard let decl = finder.found else { return nil }
        var group: String?
        var members: [Member] = []
        for member in decl.memberBlock.members {
            if let mark = FlagEnumReader.marks(in: member.decl.leadingTrivia, at: member.decl.position.utf8Offset).last {
                group = mark.name
            }
            let holdsCases = member.decl.is(EnumCaseDeclSyntax.self) || member.decl.is(IfConfigDeclSyntax.self)
            members.append(Member(end: member.decl.endPositionBeforeTrailingTrivia.utf8Offset, group: group, holdsCases: holdsCases))
        }
        return members
    }
}

/// Finds the first enum with a given name.
private final class NamedEnumFinder: SyntaxVisitor {
    let name: String
    var found: EnumDeclSyntax?

    init(name: String) {
        self.name = name
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
        if found == nil, node.name.name == name { found = node }
        return found == nil ? .visitChildren : .skipChildren
    }
}
