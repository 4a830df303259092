import Foundation
import Testing

@testable import Flagstaff

/// The command line has Linux back the matrix's cells with huge pages: the whole
/// 2 MiB pages inside the buffer, and only those.
@Suite("Huge pages")
struct HugePagesTests {
    static let huge = UInt(Platform.hugePageSize)

    @Test func onlyWholeHugePagesInsideTheBufferAreAdvised() {
        // An aligned buffer of exactly two pages is both.
        #expect(Platform.wholeHugePages(start: 4 * Self.huge, count: Int(2 * Self.huge)) == 4 * Self.huge..<6 * Self.huge)
        // One byte short at either end leaves out that page.
        #expect(Platform.wholeHugePages(start: 4 * Self.huge + 1, count: Int(2 * Self.huge) - 1) == 5 * Self.huge..<6 * Self.huge)
        #expect(Platform.wholeHugePages(start: 4 * Self.huge, count: Int(2 * Self.huge) - 1) == 4 * Self.huge..<5 * Self.huge)
        // A buffer of almost two pages that starts past a boundary holds none whole.
        #expect(Platform.wholeHugePages(start: 4 * Self.huge + 4096, count: Int(2 * Self.huge) - 8192) == nil)
        #expect(Platform.wholeHugePages(start: 4096, count: 100) == nil)
        #expect(Platform.wholeHugePages(start: Self.huge, count: 0) == nil)
    }

    #if os(Linux)
    /// `strace` shows the advice the binary gives: a matrix of 500 flags × 100
    /// tenants × 6 environments has 6 MB of cells, so at least one whole huge page.
    @Test func theBinaryAdvisesHugePagesForTheMatrix() throws {
        try withTemporaryDirectory { folder in
            let generated = try run(
                "python3", ["scripts/synth-workspace", folder.path, "500", "100", "6"], in: Fixtures.repositoryRoot)
            try #require(generated.status == 0, "scripts/synth-workspace failed: \(generated.error)")
            let trace = folder.appendingPathComponent("trace.txt")
            let traced = try run(
                "strace", ["-f", "-e", "trace=madvise", "-o", trace.path, Fixtures.binary.path, "matrix", "--format", "md"], in: folder)
            try #require(traced.status == 0, "strace (scripts/setup.sh installs it) or the matrix failed: \(traced.error)")
            let calls = try String(contentsOf: trace, encoding: .utf8)
            #expect(calls.contains("MADV_HUGEPAGE"), "no madvise(MADV_HUGEPAGE) in: \(calls.prefix(2000))")
        }
    }
    #endif
}
