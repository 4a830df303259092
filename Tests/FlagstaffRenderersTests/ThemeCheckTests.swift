@testable import FlagstaffRenderers
import Testing

/// Templates swift-mustache would accept silently or recurse on without end
/// (issue 9: findings 5 and 6, and the theme's smaller ones).
@Suite("Theme checks")
struct ThemeCheckTests {
    func problem(_ overrides: [String: String]) -> String? {
        do {
            _ = try Theme(overrides: overrides)
            return nil
        } catch {
            return error.description
        }
    }

    /// Finding 5: a recursive partial overflowed the stack while rendering.
    @Test func aPartialThatIncludesItselfIsAnError() {
        #expect(problem(["partials/head.mustache": "<head>\n  {{> partials/meta}}\n"]) != nil)
        #expect(
            problem(["partials/head.mustache": "<head>\n  {{> partials/meta}}\n", "partials/meta.mustache": "{{#x}}{{> partials/head}}{{/x}}"])
                == "templates/partials/meta.mustache:1:7: error: the partial 'partials/head' includes itself: partials/head → partials/meta → partials/head")
    }

    /// Finding 6: 5,000 nested sections overflowed the stack while parsing.
    @Test func sectionsNestedTooDeepAreAnError() {
        let deep = String(repeating: "{{#a}}", count: 5_000) + String(repeating: "{{/a}}", count: 5_000)
        #expect(problem(["index.mustache": "x\n" + deep]) == "templates/index.mustache:2:601: error: sections nest deeper than 100 levels")
        let hundred = String(repeating: "{{#a}}", count: 100) + String(repeating: "{{/a}}", count: 100)
        #expect(problem(["index.mustache": hundred]) == nil)
    }

    /// Sections count across partials: each partial is one level more.
    @Test func nestingCountsThroughPartials() {
        let sixty = String(repeating: "{{#a}}", count: 60) + "{{> partials/deep}}" + String(repeating: "{{/a}}", count: 60)
        #expect(
            problem(["index.mustache": sixty, "partials/deep.mustache": sixty.replacingOccurrences(of: "{{> partials/deep}}", with: "")])
                == "templates/index.mustache:1:361: error: with its partials, this template nests deeper than 100 levels")
    }

    /// A missing partial rendered as nothing.
    @Test func aMissingPartialIsAnError() {
        #expect(problem(["index.mustache": "a\n {{> partials/nowhere }}"]) == "templates/index.mustache:2:2: error: no template 'partials/nowhere.mustache' for this partial")
    }

    /// A template of just `{{` wrote an empty page.
    @Test func anUnclosedTagIsAnError() {
        #expect(problem(["index.mustache": "{{"]) == "templates/index.mustache:1:1: error: this tag is never closed; close it with '}}'")
        #expect(problem(["index.mustache": "ok {{{raw}} }"]) == "templates/index.mustache:1:4: error: this tag is never closed; close it with '}}}'")
    }

    /// Comments may span lines, and changed delimiters are followed.
    @Test func commentsAndDelimitersAreUnderstood() {
        #expect(problem(["index.mustache": "{{! a\ncomment }}{{=<% %>=}}<%#a%><%> partials/foot%><%/a%>"]) == nil)
        #expect(problem(["index.mustache": "{{=<% %>=}}<%> partials/none%>"]) == "templates/index.mustache:1:12: error: no template 'partials/none.mustache' for this partial")
    }

    @Test func theDefaultThemePasses() {
        #expect(problem([:]) == nil)
    }
}
