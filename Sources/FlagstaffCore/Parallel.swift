import Dispatch

/// Work spread over the machine's cores. Each call runs `count` independent
/// pieces of work and returns when all are done; results keep their order.
public enum Parallel {
    /// The results of `transform` for `0..<count`, in order.
    public static func map<T>(_ count: Int, _ transform: (Int) -> T) -> [T] {
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

    /// Runs `body` for `0..<count`.
    public static func forEach(_ count: Int, _ body: (Int) -> Void) {
        _ = map(count, body)
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
