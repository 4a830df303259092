/// Keys by their UTF-8 bytes, each with a number: what a reader looks a key up
/// in while it scans a file, without making a `String` of the key first.
///
/// Written by hand rather than as a `Dictionary`: looking up a key of a large
/// tenant file in a `[String: Int]` cost a heap allocation for the key, a
/// seeded SipHash and a string comparison, more than the rest of reading the
/// key and its value. The keys come from the app's own enum, not from an
/// adversary, so a plain multiplicative hash over 8-byte words will do.
///
/// It compares bytes, not Swift strings: two keys whose bytes differ are different
/// keys here, even when Swift's `==` calls them equal (`"é"` and `"e\u{301}"`).
/// `FlagKeys` handles those.
public struct UTF8KeyTable: Sendable {
    /// Each distinct key's bytes, by position.
    private let keys: BytePieces
    /// Each key's number, by position.
    private let numbers: [Int]
    /// By hash, open addressing with linear probing: one more than a key's
    /// position, or 0 for an empty slot. At most half the slots are full.
    private let slots: [Int32]

    /// A table of `keys` with their numbers. When two keys have the same bytes,
    /// the first keeps its number.
    public init(_ keys: some Sequence<(key: String, number: Int)>) {
        var pieces = BytePieces(), numbers: [Int] = [], seen: Set<[UInt8]> = []
        for (key, number) in keys where seen.insert(Array(key.utf8)).inserted {
            pieces.add(key.utf8)
            numbers.append(number)
        }
        var count = 8
        while count < numbers.count * 2 { count *= 2 }
        var slots = [Int32](repeating: 0, count: count)
        pieces.read { pieces in
            for position in numbers.indices {
                var slot = Self.hash(pieces.piece(position)) & (count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (count - 1) }
                slots[slot] = Int32(position + 1)
            }
        }
        (self.keys, self.numbers, self.slots) = (pieces, numbers, slots)
    }

    /// Runs `body` with a view of the table that holds no references: a reader
    /// looking up every key of a file, on several threads at once, then counts no
    /// references to the table's storage, which the threads share.
    public func withLookup<Value, Failure>(_ body: (Lookup) throws(Failure) -> Value) throws(Failure) -> Value {
        let answer = keys.read { keys in
            numbers.withUnsafeBufferPointer { numbers in
                slots.withUnsafeBufferPointer { slots in
                    Result { () throws(Failure) in try body(Lookup(keys: keys, numbers: numbers, slots: slots)) }
                }
            }
        }
        return try answer.get()
    }

    /// The table's storage by pointers, valid only inside `withLookup(_:)`.
    public struct Lookup {
        fileprivate let keys: BytePieces.Reader
        fileprivate let numbers: UnsafeBufferPointer<Int>, slots: UnsafeBufferPointer<Int32>

        /// The number of the key with exactly these bytes, if there is one, trying
        /// first the key added after the one at `previous`: a file often lists its
        /// keys in the order the table was made in, and one comparison then
        /// replaces hashing and probing. `previous` starts at -1, and becomes the
        /// position of the key found.
        public func number(ofUTF8 key: UnsafeBufferPointer<UInt8>, after previous: inout Int) -> Int? {
            let next = previous + 1
            if next < numbers.count, UTF8KeyTable.bytes(keys.piece(next), equal: key) {
                previous = next
                return numbers[next]
            }
            let mask = slots.count - 1
            var slot = UTF8KeyTable.hash(key) & mask
            while slots[slot] != 0 {
                let position = Int(slots[slot]) - 1
                if UTF8KeyTable.bytes(keys.piece(position), equal: key) {
                    previous = position
                    return numbers[position]
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Whether two runs of bytes are equal, compared eight bytes at a time.
    static func bytes(_ mine: UnsafeBufferPointer<UInt8>, equal other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard mine.count == other.count else { return false }
        guard !other.isEmpty else { return true }
        let (mine, theirs) = (UnsafeRawPointer(mine.baseAddress!), UnsafeRawPointer(other.baseAddress!))
        var offset = 0
        while offset + 8 <= other.count {
            guard mine.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == theirs.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            else { return false }
            offset += 8
        }
        while offset < other.count {
            guard mine.load(fromByteOffset: offset, as: UInt8.self) == theirs.load(fromByteOffset: offset, as: UInt8.self) else { return false }
            offset += 1
        }
        return true
    }

    /// A hash of some bytes, eight at a time: each word is mixed in with a
    /// multiplication, then the high bits are folded down so that the table's
    /// mask, which keeps low bits, sees all of them.
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> Int {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = UInt64(truncatingIfNeeded: key.count) &* multiplier
        guard let base = key.baseAddress else { return Int(truncatingIfNeeded: hash ^ (hash >> 32)) }
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset + 8 <= key.count {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
            hash ^= hash >> 29
            offset += 8
        }
        if offset < key.count {
            var tail: UInt64 = 0
            for index in offset..<key.count { tail |= UInt64(key[index]) << (8 * UInt64(index - offset)) }
            hash = (hash ^ tail) &* multiplier
        }
        hash ^= hash >> 32
        return Int(truncatingIfNeeded: hash)
    }
}
