import FlagstaffRenderers
import Testing

@Suite("unified diff")
struct UnifiedDiffRendererTests {
    @Test func hunksHaveThreeLinesOfContextAndCounts() {
        let old = (1...10).map { "line \($0)\n" }.joined()
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        #expect(UnifiedDiffRenderer.render(path: "f", old: old, new: new) == """
            --- a/f
            +++ b/f
            @@ -2,7 +2,7 @@
             line 2
             line 3
             line 4
            -line 5
            +line five
             line 6
             line 7
             line 8

            """)
    }

    /// A long generated file (a catalog of thousands of flags) with one line changed:
    /// a table of every pair of lines would need billions of cells.
    @Test func aLongFileWithOneChangeIsOneHunk() {
        let old = (1...50_000).map { "| FLAG_\($0) | Feature \($0). |\n" }.joined()
        let new = old.replacingOccurrences(of: "| FLAG_25000 | Feature 25000. |\n", with: "| FLAG_25000 | Feature 25000, reworded. |\n")
        let diff = UnifiedDiffRenderer.render(path: "catalog.md", old: old, new: new)
        #expect(diff.components(separatedBy: "\n@@ ").count - 1 == 1)
        #expect(diff.contains("@@ -24997,7 +24997,7 @@\n"))
        #expect(diff.contains("-| FLAG_25000 | Feature 25000. |\n+| FLAG_25000 | Feature 25000, reworded. |\n"))
    }

    @Test func aMissingFinalNewlineIsMarked() {
        #expect(UnifiedDiffRenderer.render(path: "f", old: "a\nb", new: "a\nb\n") == """
            --- a/f
            +++ b/f
            @@ -1,2 +1,2 @@
             a
            -b
            \\ No newline at end of file
            +b

            """)
    }

    @Test func aNewFileComesFromDevNullAndEqualTextsGiveNothing() {
        #expect(UnifiedDiffRenderer.render(path: "f", old: nil, new: "x\n") == "--- /dev/null\n+++ b/f\n@@ -0,0 +1 @@\n+x\n")
        #expect(UnifiedDiffRenderer.render(path: "f", old: "x\n", new: "x\n").isEmpty)
    }
}
