@testable import FlagstaffReaders
import SwiftParser
import SwiftSyntax
import Testing

/// The shortcuts the Swift reader takes for text (issue 34's benchmark) give what
/// the slow ways give, on every node of files written to catch them out.
@Suite("Text of Swift syntax")
struct SyntaxTextTests {
    static let files = [
        "/// Doc.\nenum F: String { // trailing\n    case a = \"x\" /* c */, b\n\n    var d: Bool {\n        #if DEBUG\n        return true\n        #else\n        return BuildConfiguration.current == .appStore ? false : !x\n        #endif\n    }\n}\n",
        "\r\n  let zoë = \"Zoë 🇫🇷\" \t\r\n",
        "func f( {\n  switch self { case .a: return \n",
        "",
        "   \n// only a comment\n",
    ]

    /// A node and every node below it.
    static func nodes(_ node: Syntax) -> [Syntax] {
        [node] + node.children(viewMode: .sourceAccurate).flatMap(nodes)
    }

    @Test(arguments: files)
    func writtenTextIsTheTrimmedDescription(_ source: String) {
        let file = Parser.parse(source: source)
        let nodes = Self.nodes(Syntax(file))
        #expect(nodes.count > 1)
        for node in nodes {
            #expect(node.writtenText == node.trimmedDescription, "\(node.kind) at \(node.position.utf8Offset)")
        }
    }

    @Test func aLiteralsValueIsTheOneSwiftSyntaxGives() {
        let source = #"""
            let a = "plain", b = "say \"hi\"", c = "tab\tand \u{1F6A9}", d = #"raw \n"#, e = "", f = "x\(y)z", g = "é 🚩"
            let h = """
                two
                  lines
                """
            let i = ##"a "# b"##
            """#
        let literals = Self.nodes(Syntax(Parser.parse(source: source))).compactMap { $0.as(StringLiteralExprSyntax.self) }
        #expect(literals.count == 9)
        for literal in literals {
            #expect(literal.literalValue == literal.representedLiteralValue, "\(literal.writtenText)")
        }
        #expect(literals.map(\.literalValue).contains("say \"hi\""))
    }

    @Test func trimmingGivesWhatTheCharacterByCharacterWayGives() {
        let slow = { (text: String, characters: String) -> String in
            let set = Set(characters)
            guard let start = text.firstIndex(where: { !set.contains($0) }) else { return "" }
            return String(text[start...text.lastIndex { !set.contains($0) }!])
        }
        let texts = ["", " ", "a", " a ", "\ta b\n", "\r\na\r\n", "\na\n", "é", " é ", "e\u{301} ", "*a*", "🇫🇷", "\n\n"]
        for characters in [" \t\n", " \t", "*", "\r\n", "é"] {
            for text in texts {
                #expect(text.trimmingCharacters(in: characters) == slow(text, characters), "\(text.debugDescription) in \(characters.debugDescription)")
                #expect(text[...].trimmingCharacters(in: characters) == slow(text, characters))
            }
        }
    }
}
