/// Byte strings kept end to end in one buffer, each known by its number.
///
/// Reading a piece touches no reference count. Pages render on every core at
/// once, and retaining a shared array for each of millions of cells made that
/// array's count a point of contention between cores; readers looking up the
/// keys of tenant files (`UTF8KeyTable`) share pieces the same way.
public struct BytePieces: Sendable {
    // Inlinable, like the reader below: renderers in another module append a
    // piece per cell, millions of times, and a call for each made the Markdown
    // matrix at 2,000 × 200 × 6 about 4% slower.
    @usableFromInline internal private(set) var bytes: [UInt8] = []
    /// Where each piece starts, and one past the last piece's end.
    @usableFromInline internal private(set) var starts: [Int] = [0]

    /// No pieces.
    public init() {}

    /// How many pieces there are.
    public var count: Int { starts.count - 1 }

    /// Adds a piece and returns its number.
    @discardableResult
    public mutating func add(_ piece: some Sequence<UInt8>) -> Int {
        bytes += piece
        starts.append(bytes.count)
        return starts.count - 2
    }

    /// How many bytes piece `number` has.
    public func size(_ number: Int) -> Int { starts[number + 1] - starts[number] }

    /// Runs `body` with a reader of the pieces, valid only inside it.
    @inlinable
    public func read<Result>(_ body: (Reader) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in body(Reader(bytes: bytes, starts: starts)) }
        }
    }

    /// The pieces while `read` runs.
    public struct Reader {
        @usableFromInline let bytes: UnsafeBufferPointer<UInt8>
        @usableFromInline let starts: UnsafeBufferPointer<Int>

        @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>, starts: UnsafeBufferPointer<Int>) {
            (self.bytes, self.starts) = (bytes, starts)
        }

        /// The bytes of piece `number`.
        @inlinable
        public func piece(_ number: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[starts[number]..<starts[number + 1]])
        }

        /// Appends piece `number` to `output`.
        @inlinable
        public func append(_ number: Int, to output: inout [UInt8]) {
            output.append(contentsOf: piece(number))
        }

        /// Appends the pieces numbered `numbers`, in order, to `output`: each is
        /// copied into a buffer of their total size, and that buffer into `output`
        /// once. An append of each of a row's hundreds of short pieces (a cell's
        /// text) cost more than the copying. A piece of at most 16 bytes, not at the
        /// very end of the pieces, is copied as two 8-byte words, whatever follows
        /// it: a call to copy each few bytes cost more than the words.
        @inlinable
        public func append<Number: BinaryInteger>(_ numbers: UnsafeBufferPointer<Number>, to output: inout [UInt8]) {
            let total = numbers.reduce(0) { $0 + starts[Int($1) + 1] - starts[Int($1)] }
            // Room for a last 16-byte copy past the row's end.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: total + 16) { row in
                let (from, to) = (UnsafeRawPointer(bytes.baseAddress!), UnsafeMutableRawPointer(row.baseAddress!))
                var end = 0
                for number in numbers {
                    let (start, size) = (starts[Int(number)], starts[Int(number) + 1] - starts[Int(number)])
                    if size <= 16, start + 16 <= bytes.count {
                        to.storeBytes(of: from.loadUnaligned(fromByteOffset: start, as: UInt64.self), toByteOffset: end, as: UInt64.self)
                        to.storeBytes(of: from.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self), toByteOffset: end + 8, as: UInt64.self)
                    } else {
                        (row.baseAddress! + end).initialize(from: bytes.baseAddress! + start, count: size)
                    }
                    end += size
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: row[..<total]))
            }
        }
    }
}
