import FlagstaffCore
import Foundation
import Testing

@Suite("Parallel")
struct ParallelTests {
    /// Counts how many of its instances are alive.
    final class Tracked: @unchecked Sendable {
        nonisolated(unsafe) private static var count = 0
        private static let lock = NSLock()
        static var alive: Int { lock.withLock { count } }
        let index: Int
        init(_ index: Int) {
            self.index = index
            Self.lock.withLock { Self.count += 1 }
        }
        deinit { Self.lock.withLock { Self.count -= 1 } }
    }

    @Test func resultsKeepTheirOrder() {
        #expect(Parallel.map(1000) { $0 * 2 } == (0..<1000).map { $0 * 2 })
        #expect(Parallel.map(0) { $0 }.isEmpty)
    }

    /// The results must not outlive the caller's array: a build hands out pages
    /// this way, and a kept reference held every page of a large site in memory.
    @Test func resultsAreReleasedWithTheCallersArray() {
        do {
            let results = Parallel.map(500) { Tracked($0) }
            #expect(results.map(\.index) == Array(0..<500))
            #expect(Tracked.alive == 500)
        }
        #expect(Tracked.alive == 0)
    }
}
