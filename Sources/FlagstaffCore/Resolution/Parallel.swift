import Dispatch
import Synchronization

/// Work spread over the machine's cores. Each call runs `count` independent
/// pieces of work and returns when all are done.
public enum Parallel {
    /// The results of `transform` for `0..<count`, in order.
    public static func map<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) -> T) -> [T] {
        let results = UnsafeMutableBufferPointer<T?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        // Every iteration writes only its own element.
        let slots = Unchecked(results)
        DispatchQueue.concurrentPerform(iterations: count) { slots.value[$0] = transform($0) }
        // Moved out, not copied: the buffer's own references must end here, or
        // every result would outlive the caller's use of it.
        return results.indices.map { results.moveElement(from: $0)! }
    }

    /// The results of two pieces of work that do not depend on each other, done at
    /// once: `second` on another thread, `first` on this one. Not through `map`:
    /// inside `concurrentPerform`, a `map` that either piece makes would be given
    /// a share of the cores, which on two cores is one, and run one item at a time.
    public static func both<A: Sendable, B: Sendable>(_ first: () -> A, _ second: @escaping @Sendable () -> B) -> (A, B) {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<B?>(nil)
        DispatchQueue.global().async {
            let b = second()
            result.withLock { $0 = b }
            done.signal()
        }
        let a = first()
        done.wait()
        return (a, result.withLock { $0! })
    }

    /// Runs `body` for `0..<count`.
    public static func forEach(_ count: Int, _ body: @Sendable (Int) -> Void) {
        _ = map(count, body)
    }

    /// Runs `job` for `0..<count` on every core and hands each result to `deliver`
    /// as soon as it is ready, from the thread that made it, one delivery at a
    /// time: while one thread delivers (a build writes a file), the others go on
    /// working, and no result waits in memory for one before it. Results arrive in
    /// no fixed order.
    ///
    /// When a job throws, no job after it starts; jobs before it still run. Then
    /// the error of the failed job with the lowest index is thrown, so a run
    /// reports the same error every time.
    public static func each<T: Sendable, Failure: Error>(
        _ count: Int, _ job: @Sendable (Int) throws(Failure) -> T, deliver: (T) -> Void
    ) throws(Failure) {
        let failure = Mutex<(index: Int, error: Failure)?>(nil)
        // A semaphore, not a `Mutex`: on Linux a `Mutex` waits in the kernel's
        // priority-inheriting lock, which spins while the thread delivering runs,
        // and a delivery (writing a file) is long enough for that to cost a core.
        let delivering = DispatchSemaphore(value: 1)
        withoutActuallyEscaping(deliver) { deliver in
            // Deliveries take turns under `delivering`, so `deliver` never runs on two threads at once.
            let deliver = Unchecked(deliver)
            DispatchQueue.concurrentPerform(iterations: count) { index in
                guard failure.withLock({ $0.map { index < $0.index } ?? true }) else { return }
                do throws(Failure) {
                    let result = try job(index)
                    delivering.wait()
                    deliver.value(result)
                    delivering.signal()
                } catch {
                    failure.withLock { first in
                        if first.map({ index < $0.index }) ?? true { first = (index, error) }
                    }
                }
            }
        }
        if let failure = failure.withLock({ $0?.error }) { throw failure }
    }

    /// Runs `job` for `0..<count` on every core, as `each` does, and hands the
    /// results to `deliver` in order: each as soon as it and every result before it
    /// are ready, from the thread that finished the last of them, one delivery at a
    /// time. A command that prints a large result in parts then writes each part
    /// while the other cores make the next, rather than waiting for all of them.
    public static func inOrder<T: Sendable>(_ count: Int, _ job: @Sendable (Int) -> T, deliver: (T) -> Void) {
        // A result finished before one ahead of it waits here; jobs start in index
        // order, so few ever wait.
        var waiting: [Int: T] = [:]
        var next = 0
        each(count, { index in (index, job(index)) }) { index, result in
            waiting[index] = result
            while let ready = waiting.removeValue(forKey: next) {
                deliver(ready)
                next += 1
            }
        }
    }

    /// A value the compiler cannot prove safe to share between threads (a buffer
    /// whose threads write disjoint parts, a closure called under a lock), shared
    /// where each use says why it is safe: the one place the module opts out of
    /// the compiler's checks.
    struct Unchecked<Value>: @unchecked Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }
}
