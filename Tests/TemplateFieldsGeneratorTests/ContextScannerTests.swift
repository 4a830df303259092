@testable import TemplateFieldsGenerator
import Testing

/// The scanner that finds template contexts and their stored properties for the
/// generated `field(named:)`. `TemplateContextTests` checks the real contexts
/// against Mirror; these show the forms it must read right, and those it must skip.
@Suite("Template context scanner")
struct ContextScannerTests {
    @Test func storedPropertiesInOrderAndNothingElse() {
        let source = #"""
            import FlagstaffCore

            /// A page { with a brace in its comment }.
            struct FlagPage: SitePage {
                static let template = "flag"
                static var section: SiteSection? { .matrix }
                var key: String // var notAField: Int
                /* var alsoNot: Int */
                let a: Int, b: [String: Int]
                private(set) var c = "a \"quoted\" { brace"
                var d: (() -> [UInt8])?
                var e = #"raw " string"#
                var f = """
                    var inAString: Int
                    """
                var computed: Int { 1 }
                var observed: Int = 0 {
                    didSet { print(observed) }
                }
                lazy var g = 1
                @available(*, deprecated) var h: Int
                var `default`: Bool
                var i: Dictionary<String, Array<Int>> = [:], j: Int

                init(_ site: SiteRenderer) {
                    var local = 1
                    key = ""
                }

                static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
                    let inner = 2
                    return []
                }
            }
            """#
        #expect(ContextScanner.contexts(in: source) == [
            ContextDeclaration(name: "FlagPage", fields: ["key", "a", "b", "c", "d", "e", "f", "observed", "h", "default", "i", "j"]),
        ])
    }

    @Test func nestedContextsAreNamedThroughTheirEnclosingTypes() {
        let source = """
            enum LinkedText {
                struct Part: Sendable, TemplateContext, Equatable {
                    var text: String
                    var href: String?
                }
            }
            extension SiteRenderer {
                struct Row: TemplateContext { var cells: [String] }
                struct NotAContext: Hashable { var x: Int }
            }
            struct Outer<T>: Sendable where T: Hashable {
                struct Inner: TemplateContext {}
            }
            struct WritesItsOwn: TemplateContext {
                var x: Int
                func field(named name: String) -> TemplateValue? { nil }
            }
            protocol Refined: TemplateContext { var y: Int { get } }
            """
        #expect(ContextScanner.contexts(in: source) == [
            ContextDeclaration(name: "LinkedText.Part", fields: ["text", "href"]),
            ContextDeclaration(name: "SiteRenderer.Row", fields: ["cells"]),
            ContextDeclaration(name: "Outer.Inner", fields: []),
        ])
    }

    @Test func theGeneratedSwitchNamesEachField() {
        let text = TemplateFieldsGenerator.render([ContextDeclaration(name: "A.B", fields: ["x", "y"]), ContextDeclaration(name: "C", fields: [])])
        #expect(text.contains("extension A.B {\n    func field(named name: String) -> TemplateValue? {\n        switch name {\n        case \"x\": TemplateValue(self.x)\n        case \"y\": TemplateValue(self.y)\n        default: nil\n        }\n    }\n}\n"))
        #expect(text.contains("extension C {\n    func field(named name: String) -> TemplateValue? {\n        nil\n    }\n}\n"))
    }
}
