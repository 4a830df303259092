import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// Every configuration key is documented where users read about the
/// configuration. The keys are taken from the code, not from a list kept by
/// hand: every enum of the configuration's sources that conforms to
/// `ConfigurationKey` declares one section's keys, each case a key (its raw
/// value, or its name when it has none).
@Suite("Configuration keys in the README")
struct ConfigurationKeysDocumentedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each section's key enum, by its name, with the keys it declares.
    static func keyEnums() throws -> [String: [String]] {
        let folder = root.appendingPathComponent("Sources/FlagstaffReaders/Configuration")
        var found: [String: [String]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".swift") {
            let tree = Parser.parse(source: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            let collector = KeyEnumCollector(viewMode: .sourceAccurate)
            collector.walk(tree)
            found.merge(collector.keys) { first, _ in first }
        }
        return found
    }

    @Test func everyKeyOfEverySectionIsInTheREADME() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let sections = try Self.keyEnums()
        // The twelve sections of today, so that a reading that finds none cannot pass.
        #expect(sections.count >= 12, "\(sections.keys.sorted())")
        for (section, names) in sections.sorted(by: { $0.key < $1.key }) {
            for name in names {
                #expect(text.contains("`\(name)`") || text.contains("\(name):"), "the README does not document '\(name)' (\(section))")
            }
        }
    }

    /// The enums that conform to `ConfigurationKey`, named with the types they sit in.
    final class KeyEnumCollector: SyntaxVisitor {
        var keys: [String: [String]] = [:]
        private var outer: [String] = []

        override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind {
            outer.append(node.name.text)
            return .visitChildren
        }

        override func visitPost(_ node: StructDeclSyntax) { outer.removeLast() }

        override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
            outer.append(node.extendedType.trimmedDescription)
            return .visitChildren
        }

        override func visitPost(_ node: ExtensionDeclSyntax) { outer.removeLast() }

        override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind {
            let inherited = node.inheritanceClause?.inheritedTypes.map { $0.type.trimmedDescription } ?? []
            guard inherited.contains("ConfigurationKey") else { return .skipChildren }
            let cases = node.memberBlock.members.compactMap { $0.decl.as(EnumCaseDeclSyntax.self) }.flatMap(\.elements)
            keys[(outer + [node.name.text]).joined(separator: ".")] = cases.map { element in
                element.rawValue?.value.as(StringLiteralExprSyntax.self)?.representedLiteralValue ?? element.name.text
            }
            return .skipChildren
        }
    }
}
