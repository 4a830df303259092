import Synchronization

/// The enum's flags by key, with the environments: what a tenant's settings are
/// indexed against. It depends only on the enum and the configuration, so a
/// loader can index each tenant file as soon as it is read, before the whole
/// model exists.
///
/// Copies share one table, and know it: a `SettingTable` made against these keys
/// stores each setting by flag position, and indexing it against the same keys
/// then needs no lookup; indexing it against other keys translates each position
/// once per pair of tables (`translation(to:)`), not each setting's key.
public struct FlagKeys: Hashable, Sendable {
    /// The table copies share.
    fileprivate final class Storage: Sendable {
        let positions: [String: Int]
        let keys: [String]
        /// `positions` by each flag's key's bytes, for readers that scan a file.
        let utf8: UTF8KeyTable
        /// Whether a key has a byte beyond ASCII. Only then can an ASCII key that
        /// `utf8` does not have still equal one of them as Swift compares strings.
        let hasNonASCIIKeys: Bool
        /// `translation(to:)`'s answers, by the other keys' table.
        let translations = Mutex<[(to: Storage, positions: [Int32])]>([])

        init(positions: [String: Int], keys: [String]) {
            self.positions = positions
            self.keys = keys
            utf8 = UTF8KeyTable(keys.lazy.map { (key: $0, number: positions[$0]!) })
            hasNonASCIIKeys = keys.contains { $0.utf8.contains { $0 >= 0x80 } }
        }
    }

    /// The environments in display order.
    public let environments: [String]
    /// The positions of flags whose key an earlier flag already has, each with
    /// that earlier flag's position.
    public let repeatedFlags: [Int: Int]
    private let storage: Storage

    /// The keys of `flags`, in order, and the environments.
    public init(flags: [Flag], environments: [String]) {
        self.init(keys: flags.map(\.key), environments: environments)
    }

    /// Keys in order, a flag's position being its key's, and the environments: the
    /// keys of one tenant file, say, that others can be read against before the
    /// enum's keys are known.
    public init(keys: [String], environments: [String]) {
        self.environments = environments
        let positions = Dictionary(keys.enumerated().map { ($1, $0) }) { first, _ in first }
        var repeatedFlags: [Int: Int] = [:]
        for (position, key) in keys.enumerated() where positions[key] != position {
            repeatedFlags[position] = positions[key]
        }
        storage = Storage(positions: positions, keys: keys)
        self.repeatedFlags = repeatedFlags
    }

    /// For each position in these keys, the position `other` gives its key, or -1
    /// when `other` lacks it: worked out once for each other table of keys, so a
    /// tenant read against these keys is indexed against the enum's by position.
    public func translation(to other: FlagKeys) -> [Int32] {
        if let known = storage.translations.withLock({ $0.first { $0.to === other.storage }?.positions }) { return known }
        let positions = storage.keys.map { other.position(of: $0).map(Int32.init) ?? -1 }
        storage.translations.withLock { $0.append((other.storage, positions)) }
        return positions
    }

    /// How many distinct keys there are.
    public var count: Int { storage.positions.count }

    /// How many flags there are, repeated keys included: one more than the largest position.
    public var flagCount: Int { storage.keys.count }

    /// The position of the first flag with a key, if the enum declares one.
    public func position(of key: String) -> Int? { storage.positions[key] }

    /// Runs `body` with a view of the keys that holds no references, for a reader
    /// that looks up every key of a file: readers on several threads share these
    /// keys, and counting references to them would have the threads write to one
    /// cache line.
    public func withUTF8Lookup<Value, Failure>(_ body: (UTF8Lookup) throws(Failure) -> Value) throws(Failure) -> Value {
        try storage.utf8.withLookup { table throws(Failure) in try body(UTF8Lookup(table: table, storage: storage)) }
    }

    /// The keys by their UTF-8 bytes, valid only inside `withUTF8Lookup(_:)`.
    public struct UTF8Lookup {
        fileprivate let table: UTF8KeyTable.Lookup
        fileprivate unowned(unsafe) let storage: Storage

        /// The position of the first flag whose key is `key`'s UTF-8 bytes, if the
        /// enum declares one: `position(of:)` without making a `String`, and trying
        /// first the flag after the one found last, as
        /// `UTF8KeyTable.Lookup.number(ofUTF8:after:)` does (`previous` starts at -1).
        ///
        /// Keys are still compared as Swift compares strings. Bytes the table has
        /// answer at once. Bytes it lacks can still equal a key as a string, but
        /// only when they, or a key, go beyond ASCII: only then is the table of
        /// strings asked.
        public func position(ofUTF8 key: UnsafeBufferPointer<UInt8>, after previous: inout Int) -> Int? {
            if let position = table.number(ofUTF8: key, after: &previous) { return position }
            guard storage.hasNonASCIIKeys || key.contains(where: { $0 >= 0x80 }) else { return nil }
            return position(of: String(decoding: key, as: UTF8.self))
        }

        /// The position of the first flag with a key, if the enum declares one.
        public func position(of key: String) -> Int? { storage.positions[key] }
    }

    /// The key of the flag at a position. Precondition: the position is below `flagCount`.
    public func key(at position: Int) -> String { storage.keys[position] }

    /// Whether these keys are a copy of `other`, made by the same `init`: then
    /// positions taken from one hold in the other without comparing any key.
    public func isCopy(of other: FlagKeys) -> Bool { storage === other.storage }

    /// Whether each of these keys has the same position in `other`, as in a copy:
    /// a tenant file that lists every flag in the enum's order, standing in for it.
    public func agreesInPositions(with other: FlagKeys) -> Bool {
        isCopy(of: other) || translation(to: other).enumerated().allSatisfy { $0.offset == Int($0.element) }
    }

    public static func == (lhs: FlagKeys, rhs: FlagKeys) -> Bool {
        lhs.environments == rhs.environments && (lhs.isCopy(of: rhs) || lhs.storage.keys == rhs.storage.keys)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(environments)
        hasher.combine(storage.keys)
    }
}
