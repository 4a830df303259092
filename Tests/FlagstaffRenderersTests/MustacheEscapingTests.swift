@testable import FlagstaffRenderers
import Mustache
import Testing

/// swift-mustache's own HTML escaping goes character by character, and a Swift
/// character is a grapheme cluster: the same sign with a mark joined to it (`"`
/// and U+0301 COMBINING ACUTE ACCENT) is another character, which it leaves as it
/// is. A quote left inside an attribute ends it, and what follows becomes
/// attributes of the reader's page (`onfocus=…`). Every template is parsed as
/// `HTMLContent`, which escapes each Unicode scalar.
@Suite("Mustache escaping of joined signs")
struct MustacheEscapingTests {
    /// The same text as each kind of field a context can have.
    struct Text: TemplateContext {
        let text: String
        func field(named name: String) -> TemplateValue? {
            switch name {
            case "text": TemplateValue(text)
            case "maybe": TemplateValue(Optional(text))
            case "list": TemplateValue([text])
            default: nil
            }
        }
    }

    static let hostile = [
        "W\"\u{301} onfocus=window.__xss=1 autofocus x=\"\u{301}",  // a combining mark after a quote
        "x'\u{200D} onmouseover=alert(1) '\u{200D}",  // a zero-width joiner after an apostrophe
        "\u{600}\" onmouseover=alert(1) \u{600}\"",  // a prepended sign (ARABIC NUMBER SIGN) before a quote
        "<\u{338}script>alert(1)<\u{338}/script>",  // `<` with COMBINING LONG SOLIDUS OVERLAY, the same character as ≮
        "&\u{301}amp; &\u{20DD}",
        "plain \"quotes\" & <tags> 'too'",
    ]

    @Test(arguments: hostile, ["text", "maybe", "list"])
    func noSignIsLeftRawInAnAttribute(_ text: String, _ field: String) throws {
        let name = field == "list" ? "." : field
        let (open, close) = field == "list" ? ("{{#list}}", "{{/list}}") : ("", "")
        let template = try Theme.template("\(open)<a title=\"{{\(name)}}\" data-x='{{\(name)}}'>{{\(name)}}</a>\(close)")
        let html = template.render(TemplateNode(context: Text(text: text)))
        let bytes = Array(html.utf8)
        #expect(bytes.filter { $0 == UInt8(ascii: "\"") }.count == 2, "only the template's own quotes: \(html)")
        #expect(bytes.filter { $0 == UInt8(ascii: "'") }.count == 2, "only the template's own apostrophes: \(html)")
        #expect(bytes.filter { $0 == UInt8(ascii: "<") }.count == 2, "only the template's own tags: \(html)")
    }

    @Test func textIsHandedOverAsItIsButForControlCharacters() {
        for text in Self.hostile + ["Café Zürich ✓", "e\u{301}", "👩‍👩‍👧"] {
            #expect((TemplateValue(text).value as? TemplateText)?.text == text)
        }
        #expect((TemplateValue("a\u{1B}b").value as? TemplateText)?.text == "a\u{241B}b")
    }

    /// Words, as a team's template may use them: the page's fields hold text as
    /// `TemplateText`, which must render, transform and count as true as the text would.
    struct Words: TemplateContext {
        func field(named name: String) -> TemplateValue? {
            switch name {
            case "name": TemplateValue("Zoë & co")
            case "empty": TemplateValue("")
            case "count": TemplateValue(3)
            case "none": TemplateValue(String?.none)
            case "list": TemplateValue(["pear", "apple", "fig"])
            case "title": TemplateValue("Flags")
            default: nil
            }
        }
    }

    @Test func textRendersTransformsAndCountsAsTrueAsAStringWould() throws {
        let cases: [(template: String, html: String)] = [
            ("{{name}}|{{{name}}}|{{count}}", "Zoë &amp; co|Zoë & co|3"),
            ("{{uppercased(name)}}|{{lowercased(name)}}|{{reversed(title)}}", "ZOË &amp; CO|zoë &amp; co|sgalF"),
            ("{{#empty(empty)}}no text{{/empty(empty)}}{{^empty(name)}}some text{{/empty(name)}}", "no textsome text"),
            ("{{#name}}[{{.}} in {{title}}]{{/name}}{{^name}}never{{/name}}", "[Zoë &amp; co in Flags]"),
            ("{{#empty}}empty text is true{{/empty}}{{#none}}never{{/none}}{{^none}}none is false{{/none}}", "empty text is truenone is false"),
            ("{{#list}}{{.}},{{/list}}|{{#sorted(list)}}{{.}},{{/sorted(list)}}|{{first(list)}}|{{count(list)}}", "pear,apple,fig,|apple,fig,pear,|pear|3"),
            ("{{#list}}{{title}}{{/list}}", "FlagsFlagsFlags"),
        ]
        for (text, html) in cases {
            #expect(try Theme.template(text).render(TemplateNode(context: Words())) == html, "\(text)")
        }
    }

    @Test func everySignIsEscapedAndTheTemplatesFirstLineIsKept() throws {
        let template = try Theme.template("{{> partial}}\n<p>{{text}}</p>\n")
        var library = MustacheLibrary()
        library.register(try Theme.template("<b>{{text}}</b>\n"), named: "partial")
        library.register(template, named: "page")
        let html = library.render(TemplateNode(context: Text(text: "&<>\"' \"\u{301}")), withTemplate: "page")
        #expect(html == "<b>&amp;&lt;&gt;&quot;&#39; &quot;\u{301}</b>\n<p>&amp;&lt;&gt;&quot;&#39; &quot;\u{301}</p>\n")
    }

    @Test func aTemplateThatNamesHTMLItselfEscapesEachScalarToo() throws {
        let template = try Theme.template("{{% CONTENT_TYPE: HTML}}\n<a title=\"{{text}}\">\n")
        #expect(template.render(TemplateNode(context: Text(text: "\"\u{301}"))) == "<a title=\"&quot;\u{301}\">\n")
    }

    @Test func aTemplateThatCannotBeParsedIsNamedAtItsOwnLine() {
        do {
            _ = try Theme(overrides: ["index.mustache": "<p>\n{{#a}}x{{/b}}\n"])
            Issue.record("the template was accepted")
        } catch {
            #expect(error.description.hasPrefix("templates/index.mustache:2:"), "\(error)")
            #expect(error.description.contains(": error: cannot parse the template: "), "\(error)")
        }
    }
}
