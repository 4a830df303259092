import FlagstaffCore
@testable import FlagstaffRenderers
import Testing

@Suite("Site words and links")
struct SiteWordsTests {
    typealias Part = LinkedText.Part

    @Test func addressesInTextBecomeLinks() {
        #expect(LinkedText.parts("See https://tracker.example.com/T-1 for details.") == [
            Part(text: "See ", href: nil), Part(text: "https://tracker.example.com/T-1", href: "https://tracker.example.com/T-1"),
            Part(text: " for details.", href: nil),
        ])
    }

    @Test func sentencePunctuationAndAnUnopenedParenthesisStayText() {
        #expect(LinkedText.parts("(ticket: http://t.example/1).") == [
            Part(text: "(ticket: ", href: nil), Part(text: "http://t.example/1", href: "http://t.example/1"), Part(text: ").", href: nil),
        ])
        #expect(LinkedText.parts("https://en.example.org/wiki/A_(b),")
            == [Part(text: "https://en.example.org/wiki/A_(b)", href: "https://en.example.org/wiki/A_(b)"), Part(text: ",", href: nil)])
    }

    @Test func textWithoutAnAddressOrWithABareSchemeIsOnePart() {
        #expect(LinkedText.parts("No link here.") == [Part(text: "No link here.", href: nil)])
        #expect(LinkedText.parts("https:// alone") == [Part(text: "https:// alone", href: nil)])
        #expect(LinkedText.parts("") == [])
    }

    @Test func twoAddressesAndAQuoteEndingOne() {
        #expect(LinkedText.parts("a https://x.example/1 and 'https://y.example/2'") == [
            Part(text: "a ", href: nil), Part(text: "https://x.example/1", href: "https://x.example/1"), Part(text: " and '", href: nil),
            Part(text: "https://y.example/2", href: "https://y.example/2"), Part(text: "'", href: nil),
        ])
    }

    @Test func valueTypesReadTheSameWay() {
        #expect([FlagType.bool, .number, .string].map(FlagPage.typeWord) == ["on/off", "number", "text"])
    }

    /// The tenant page's "only flags that are on" filter drops empty text and zero.
    @Test func onlyOnKeepsOnAndSetValues() {
        let kept: [FlagValue] = [.bool(true), .integer(3), .decimal("0.5"), .string("carousel")]
        let dropped: [FlagValue] = [.bool(false), .integer(0), .decimal("0.0"), .string("")]
        #expect(kept.allSatisfy(TenantPage.isOnOrSet))
        #expect(!dropped.contains(where: TenantPage.isOnOrSet))
    }
}

/// Written HTML goes where a rendered page holds the marker.
@Suite("Written HTML")
struct WrittenHTMLTests {
    let rows = Array("<tr><td>on ◆</td></tr>".utf8)

    @Test func theHTMLReplacesEveryMarker() {
        let page = "<table>\(WrittenHTML.marker)</table><p>é</p>\(WrittenHTML.marker)"
        #expect(WrittenHTML.place(rows, in: page) == Array("<table><tr><td>on ◆</td></tr></table><p>é</p><tr><td>on ◆</td></tr>".utf8))
    }

    @Test func aPageWithoutTheMarkerIsUnchanged() {
        for page in ["", "plain", "\u{E000}flagstaff-written-htm", String(WrittenHTML.marker.dropLast())] {
            #expect(WrittenHTML.place(rows, in: page) == Array(page.utf8))
        }
    }

    @Test func theMarkerAtTheStartAndEndAndNoHTML() {
        #expect(WrittenHTML.place(rows, in: WrittenHTML.marker) == rows)
        #expect(WrittenHTML.place([UInt8](), in: "a\(WrittenHTML.marker)b") == Array("ab".utf8))
    }
}
