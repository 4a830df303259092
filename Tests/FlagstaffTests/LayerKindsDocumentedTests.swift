import FlagstaffCore
import Foundation
import Testing

/// Every layer `chain` may name is in the README's paragraph on `chain`, taken
/// from the registered kinds rather than a list kept by hand.
@Suite("Layer kinds in the README")
struct LayerKindsDocumentedTests {
    @Test func everyBuiltInLayerIsInTheChainParagraph() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let paragraph = try #require(text.split(separator: "\n").first { $0.hasPrefix("- **`chain`**") })
        let ids = LayerKind.builtInIDs()
        #expect(ids.count >= 6, "\(ids)")
        for id in ids { #expect(paragraph.contains("`\(id)`"), "the README's chain paragraph does not name layer '\(id)'") }
    }
}
