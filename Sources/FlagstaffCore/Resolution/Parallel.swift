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
        withoutActuallyEscaping(transform) { transform in
            let work = Work(transform: transform, results: results)
            DispatchQueue.concurrentPerform(iterations: count) { work.run($0) }
        }
        // Moved out, not copied: the buffer's own references must end here, or
        // every result would outlive the caller's use of it.
        return results.indices.map { results.moveElement(from: $0)! }
    }

    /// The results of two pieces of work that do not depend on each other, done at once.
    public static func both<A: Sendable, B: Sendable>(_ first: @Sendable () -> A, _ second: @Sendable () -> B) -> (A, B) {
        let results = map(2) { index in index == 0 ? Either<A, B>.first(first()) : .second(second()) }
        guard case .first(let a) = results[0], case .second(let b) = results[1] else { fatalError("map keeps its results in order") }
        return (a, b)
    }

    /// One of the two results of `both`.
    private enum Either<A: Sendable, B: Sendable>: Sendable {
        case first(A)
        case second(B)
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
    public static func each<T, Failure: Error>(
        _ count: Int, _ job: @Sendable (Int) throws(Failure) -> T, deliver: @Sendable (T) -> Void
    ) throws(Failure) {
        let failure = withoutActuallyEscaping(job) { job in
            withoutActuallyEscaping(deliver) { deliver in
                let work = Delivery(job: job, deliver: deliver)
                DispatchQueue.concurrentPerform(iterations: count) { work.run($0) }
                return work.firstFailure
            }
        }
        if let failure { throw failure }
    }

    /// The jobs of one `each` call, and the first failure among them.
    private final class Delivery<T, Failure: Error>: @unchecked Sendable {
        let job: (Int) throws(Failure) -> T
        let deliver: (T) -> Void
        private let failure = Mutex<(index: Int, error: Failure)?>(nil)
        private let delivering = Mutex(())

        init(job: @escaping (Int) throws(Failure) -> T, deliver: @escaping (T) -> Void) {
            self.job = job
            self.deliver = deliver
        }

        var firstFailure: Failure? { failure.withLock { $0?.error } }

        func run(_ index: Int) {
            guard failure.withLock({ $0.map { index < $0.index } ?? true }) else { return }
            do throws(Failure) {
                let result = try job(index)
                delivering.withLock { _ in deliver(result) }
            } catch {
                failure.withLock { first in
                    if first.map({ index < $0.index }) ?? true { first = (index, error) }
                }
            }
        }
    }

    /// One batch: every iteration writes only its own result.
    private final class Work<T>: @unchecked Sendable {
        let transform: (Int) -> T
        let results: UnsafeMutableBufferPointer<T?>

        init(transform: @escaping (Int) -> T, results: UnsafeMutableBufferPointer<T?>) {
            self.transform = transform
            self.results = results
        }

        func run(_ index: Int) { results[index] = transform(index) }
    }
}

/// Work started on another thread, whose result is waited for when it is needed.
public final class Pending<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on another thread.
    public init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// The result, once the work is done.
    public func wait() -> Value {
        done.wait()
        done.signal()
        return result.withLock { $0! }
    }
}
