/// Byte strings kept end to end in one buffer, each known by its number.
///
/// Appending a piece copies its bytes without touching a reference count. Pages
/// render on every core at once, and retaining a shared array for each of
/// millions of cells made that array's count a point of contention between cores.
struct BytePieces {
    private var bytes: [UInt8] = []
    /// Where each piece starts, and one past the last piece's end.
    private var starts: [Int] = [0]

    /// How many pieces there are.
    var count: Int { starts.count - 1 }

    /// Adds a piece and returns its number.
    @discardableResult
    mutating func add(_ piece: some Sequence<UInt8>) -> Int {
        bytes += piece
        starts.append(bytes.count)
        return starts.count - 2
    }

    /// How many bytes piece `number` has.
    func size(_ number: Int) -> Int { starts[number + 1] - starts[number] }

    /// Runs `body` with a reader of the pieces, valid only inside it.
    func read<Result>(_ body: (Reader) -> Result) -> Result {
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in body(Reader(bytes: bytes, starts: starts)) }
        }
    }

    /// The pieces while `read` runs.
    struct Reader {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>
        fileprivate let starts: UnsafeBufferPointer<Int>

        /// Appends piece `number` to `output`.
        func append(_ number: Int, to output: inout [UInt8]) {
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[starts[number]..<starts[number + 1]]))
        }
    }
}
