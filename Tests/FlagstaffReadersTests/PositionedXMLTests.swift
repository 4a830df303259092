import FlagstaffCore
@testable import FlagstaffReaders
import Testing

/// The hand-written XML parser of property lists and defaults maps.
@Suite("XML parser")
struct PositionedXMLTests {
    /// A CDATA section is its characters as written, `<` and `&` included, beside the
    /// element's other text; empty, or over two lines, it leaves what follows in place.
    @Test func aCDATASectionIsTextAsWrittenAndWhatFollowsKeepsItsPlace() throws {
        let text = """
            <dict>
              <string><![CDATA[a<b & c]]></string><string>x<![CDATA[]]>y</string>
              <string><![CDATA[one
            two]]></string><key>k</key>
            </dict>
            """
        let root = try PositionedXML.parse(text, file: "d.plist")
        #expect(root.children.map(\.name) == ["string", "string", "string", "key"])
        #expect(root.children.map(\.text) == ["a<b & c", "xy", "one\ntwo", "k"])
        #expect(root.children.map { [$0.location.line, $0.location.column] } == [[2, 3], [2, 39], [3, 3], [4, 16]])
    }
}
