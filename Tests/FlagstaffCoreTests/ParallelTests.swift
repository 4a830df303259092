import FlagstaffCore
import Foundation
import Testing

@Suite("Parallel", .serialized)
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

    struct Failed: Error, Equatable {
        let index: Int
    }

    /// Every result is delivered once, and never two at the same time.
    @Test func eachDeliversEveryResultOnceAndOneAtATime() throws {
        let state = NSLock()
        nonisolated(unsafe) var delivered: [Int] = []
        nonisolated(unsafe) var inside = 0, mostInside = 0
        try Parallel.each(1000, { (index: Int) throws(Failed) in index * 3 }) { value in
            state.withLock { inside += 1; mostInside = max(mostInside, inside) }
            delivered.append(value)
            usleep(10)
            state.withLock { inside -= 1 }
        }
        #expect(delivered.sorted() == (0..<1000).map { $0 * 3 })
        #expect(mostInside == 1)
        try Parallel.each(0, { (index: Int) throws(Failed) in index }) { _ in Issue.record("nothing to deliver") }
    }

    /// The error is the lowest failing job's, every time, and every job before it ran.
    @Test func eachThrowsTheFirstFailureInJobOrder() {
        for _ in 0..<20 {
            let ran = NSLock()
            nonisolated(unsafe) var before = 0
            #expect(throws: Failed(index: 300)) {
                try Parallel.each(1000, { (index: Int) throws(Failed) in
                    if index < 300 { ran.withLock { before += 1 } }
                    if index == 300 || index == 301 || index == 900 { throw Failed(index: index) }
                    return index
                }) { _ in }
            }
            #expect(before == 300)
        }
    }

    /// Results are delivered in order, each once, one at a time, however the
    /// jobs finish: a late early job holds back the ones after it.
    @Test func inOrderDeliversInOrderOneAtATime() {
        for _ in 0..<5 {
            let state = NSLock()
            nonisolated(unsafe) var delivered: [Int] = []
            nonisolated(unsafe) var inside = 0, mostInside = 0
            Parallel.inOrder(300, { index in
                if index % 7 == 0 { usleep(200) }
                return index
            }) { value in
                state.withLock { inside += 1; mostInside = max(mostInside, inside) }
                delivered.append(value)
                usleep(5)
                state.withLock { inside -= 1 }
            }
            #expect(delivered == Array(0..<300))
            #expect(mostInside == 1)
        }
        Parallel.inOrder(0, { $0 }) { _ in Issue.record("nothing to deliver") }
        Parallel.inOrder(200, { Tracked($0) }) { value in #expect(value.index >= 0) }
        #expect(Tracked.alive == 0, "no result is kept once delivered")
    }

    @Test func eachKeepsNoResultAfterDeliveringIt() throws {
        try Parallel.each(300, { (index: Int) throws(Failed) in Tracked(index) }) { value in #expect(value.index >= 0) }
        #expect(Tracked.alive == 0)
    }

    @Test func bothReturnsEachResultInItsPlace() {
        let (text, number) = Parallel.both({ String(repeating: "a", count: 3) }, { (1...10).reduce(0, +) })
        #expect(text == "aaa")
        #expect(number == 55)
    }

    /// Whether two items of a `map` run at the same time: each waits, up to five
    /// seconds, for the other to start.
    static func mapRunsTwoAtOnce() -> Bool {
        let started = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        let met = Parallel.map(2) { index in
            started[index].signal()
            return started[1 - index].wait(timeout: .now() + 5) == .success
        }
        return met == [true, true]
    }

    /// A `map` inside either piece of `both` still uses every core: the code scan
    /// runs beside git, and it is most of what `due` costs.
    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount > 1, "needs two cores"))
    func aMapInsideBothRunsOnEveryCore() {
        let (first, second) = Parallel.both({ Self.mapRunsTwoAtOnce() }, { Self.mapRunsTwoAtOnce() })
        #expect(first)
        #expect(second)
    }
}
