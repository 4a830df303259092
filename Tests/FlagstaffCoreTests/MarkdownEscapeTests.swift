import FlagstaffCore
import Testing

@Suite("Markdown escaping")
struct MarkdownEscapeTests {
    @Test(arguments: Array("\\`*_[]<>#!|"))
    func everyCharacterWithAMeaningGetsABackslash(_ character: Character) {
        #expect("a\(character)b".markdownEscaped == "a\\\(character)b")
    }

    @Test func lineBreaksBecomeSpacesSoATableRowStaysOneLine() {
        #expect("one\ntwo\r\nthree\rfour".markdownEscaped == "one two three four")
    }

    @Test func plainTextIsUnchanged() {
        #expect("Plain text, with (parens), dots. and émoji 🚩".markdownEscaped == "Plain text, with (parens), dots. and émoji 🚩")
        #expect("".markdownEscaped == "")
    }

    @Test func aHostileCellStaysText() {
        #expect("<img src=x onerror=alert(1)> | [x](javascript:y)".markdownEscaped
            == "\\<img src=x onerror=alert(1)\\> \\| \\[x\\](javascript:y)")
    }

    /// `lifecycle.md` and `matrix.md` put keys and paths in code spans: a pipe must not end the table cell.
    @Test func codeSpansAreSafeInATableCell() {
        #expect("ENABLE_A".markdownCode == "`ENABLE_A`")
        #expect("a|b".markdownCode == "`a\\|b`")
        #expect("a`b".markdownCode == "a\\`b", "a backtick would end the span, so the text is escaped instead")
        #expect("a\nb<i>".markdownCode == "a b\\<i\\>")
    }

    /// A sign with a mark joined to it (`|` and a combining accent) is one Swift
    /// character but still the sign to a Markdown reader, which reads code points:
    /// unescaped, it would split a table cell, open a link or end a code span.
    @Test(arguments: Array("\\`*_[]<>#!|"))
    func aSignWithAMarkJoinedToItGetsABackslash(_ character: Character) {
        #expect("a\(character)\u{301}b".markdownEscaped == "a\\\(character)\u{301}b")
        #expect("a\u{600}\(character)b".markdownEscaped == "a\u{600}\\\(character)b", "after a prepended sign too")
    }

    @Test func codeSpansStaySafeWithMarksJoinedToTheirSigns() {
        #expect("a|\u{301}b".markdownCode == "`a\\|\u{301}b`")
        #expect("a`\u{301}b".markdownCode == "a\\`\u{301}b", "a backtick with an accent would still end the span")
        #expect("a\r\nb".markdownCode == "a b")
    }
}
