import FlagstaffRenderers
import Testing

/// A file made from text and one made from the same bytes are the same file.
@Suite("Output files")
struct OutputFileTests {
    @Test func textAndBytesOfTheSameContentAreEqual() {
        let text = OutputFile(path: "a.html", text: "on ◆ é")
        let bytes = OutputFile(path: "a.html", contents: Array("on ◆ é".utf8))
        #expect(text == bytes)
        #expect(text.hashValue == bytes.hashValue)
        #expect(text.contents == bytes.contents)
        #expect(text.withUnsafeBytes { Array($0) } == Array("on ◆ é".utf8))
        #expect(text != OutputFile(path: "b.html", text: "on ◆ é"))
        #expect(text != OutputFile(path: "a.html", contents: Array("on ◆ e".utf8)))
        #expect(OutputFile(path: "e", text: "") == OutputFile(path: "e", contents: []))
    }
}
