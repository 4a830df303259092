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
    /// Every key's bytes, end to end.
    private let bytes: [UInt8]
    /// Where each key's bytes end in `bytes`; key `i` starts where key `i - 1` ends.
    private let ends: [Int]
    /// Each key's number.
    private let numbers: [Int]
    /// By hash, open addressing with linear probing: one more than a key's position
    /// in `ends`, or 0 for an empty slot. At most half the slots are full.
    private let slots: [Int32]

    /// A table of `keys` with their numbers. When two keys have the same bytes,
    /// the first keeps its number.
    public init(_ keys: some Sequence<(key: String, number: Int)>) {
        var bytes: [UInt8] = [], ends: [Int] = [], numbers: [Int] = []
        var slots: [Int32] = Array(repeating: 0, count: 8)
        for (key, number) in keys {
            if (ends.count + 1) * 2 > slots.count {
                slots = Self.rehash(bytes: bytes, ends: ends, count: slots.count * 2)
            }
            var key = key
            key.withUTF8 { utf8 in
                var slot = Self.hash(utf8) & (slots.count - 1)
                while slots[slot] != 0 {
                    let index = Int(slots[slot]) - 1
                    let start = index == 0 ? 0 : ends[index - 1]
                    if bytes.withUnsafeBufferPointer({ Self.bytes(UnsafeBufferPointer(rebasing: $0[start..<ends[index]]), equal: utf8) }) { return }
                    slot = (slot + 1) & (slots.count - 1)
                }
                bytes.append(contentsOf: utf8)
                ends.append(bytes.count)
                numbers.append(number)
                slots[slot] = Int32(ends.count)
            }
        }
        (self.bytes, self.ends, self.numbers, self.slots) = (bytes, ends, numbers, slots)
    }

    /// The number of the key with exactly these bytes, if there is one.
    public func number(ofUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
        withLookup { $0.number(ofUTF8: key) }
    }

    /// Runs `body` with a view of the table that holds no references: a reader
    /// looking up every key of a file, on several threads at once, then counts no
    /// references to the table's storage, which the threads share.
    public func withLookup<Value, Failure>(_ body: (Lookup) throws(Failure) -> Value) throws(Failure) -> Value {
        let answer = bytes.withUnsafeBufferPointer { bytes in
            ends.withUnsafeBufferPointer { ends in
                numbers.withUnsafeBufferPointer { numbers in
                    slots.withUnsafeBufferPointer { slots in
                        Result { () throws(Failure) in try body(Lookup(bytes: bytes, ends: ends, numbers: numbers, slots: slots)) }
                    }
                }
            }
        }
        return try answer.get()
    }

    /// The table's storage by pointers, valid only inside `withLookup(_:)`.
    public struct Lookup {
        fileprivate let bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>
        fileprivate let numbers: UnsafeBufferPointer<Int>, slots: UnsafeBufferPointer<Int32>

        /// The number of the key with exactly these bytes, if there is one.
        public func number(ofUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
            position(ofUTF8: key).map { numbers[$0] }
        }

        /// The number of the key with exactly these bytes, if there is one, trying
        /// first the key added after the one at `previous`: a file often lists its
        /// keys in the order the table was made in, and one comparison then
        /// replaces hashing and probing. `previous` starts at -1, and becomes the
        /// position of the key found.
        public func number(ofUTF8 key: UnsafeBufferPointer<UInt8>, after previous: inout Int) -> Int? {
            let next = previous + 1
            if next < ends.count, UTF8KeyTable.bytes(bytes(at: next), equal: key) {
                previous = next
                return numbers[next]
            }
            guard let position = position(ofUTF8: key) else { return nil }
            previous = position
            return numbers[position]
        }

        /// The position in the table of the key with exactly these bytes.
        private func position(ofUTF8 key: UnsafeBufferPointer<UInt8>) -> Int? {
            let mask = slots.count - 1
            var slot = UTF8KeyTable.hash(key) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                if UTF8KeyTable.bytes(bytes(at: index), equal: key) { return index }
                slot = (slot + 1) & mask
            }
            return nil
        }

        /// The bytes of the key at a position in the table.
        private func bytes(at index: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[(index == 0 ? 0 : ends[index - 1])..<ends[index]])
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

    /// Slots for the keys so far, in a table of `count` slots.
    private static func rehash(bytes: [UInt8], ends: [Int], count: Int) -> [Int32] {
        var slots: [Int32] = Array(repeating: 0, count: count)
        bytes.withUnsafeBufferPointer { bytes in
            for index in ends.indices {
                let start = index == 0 ? 0 : ends[index - 1]
                var slot = hash(UnsafeBufferPointer(rebasing: bytes[start..<ends[index]])) & (count - 1)
                while slots[slot] != 0 { slot = (slot + 1) & (count - 1) }
                slots[slot] = Int32(index + 1)
            }
        }
        return slots
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
