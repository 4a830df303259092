/// The enum's flags by key, with the environments: what a tenant's settings are
/// indexed against. It depends only on the enum and the configuration, so a
/// loader can index each tenant file as soon as it is read, before the whole
/// model exists.
///
/// Copies share one table, and know it: a `SettingTable` made against these keys
/// stores each setting by flag position, and indexing it against the same keys
/// then needs no lookup.
public struct FlagKeys: Hashable, Sendable {
    /// The table copies share.
    private final class Storage: Sendable {
        let positions: [String: Int]
        let keys: [String]

        init(positions: [String: Int], keys: [String]) {
            self.positions = positions
            self.keys = keys
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
        self.environments = environments
        let positions = Dictionary(flags.enumerated().map { ($1.key, $0) }) { first, _ in first }
        var repeatedFlags: [Int: Int] = [:]
        for (position, flag) in flags.enumerated() where positions[flag.key] != position {
            repeatedFlags[position] = positions[flag.key]
        }
        storage = Storage(positions: positions, keys: flags.map(\.key))
        self.repeatedFlags = repeatedFlags
    }

    /// How many distinct keys there are.
    public var count: Int { storage.positions.count }

    /// How many flags there are, repeated keys included: one more than the largest position.
    public var flagCount: Int { storage.keys.count }

    /// The position of the first flag with a key, if the enum declares one.
    public func position(of key: String) -> Int? { storage.positions[key] }

    /// The key of the flag at a position. Precondition: the position is below `flagCount`.
    public func key(at position: Int) -> String { storage.keys[position] }

    /// Whether these keys are a copy of `other`, made by the same `init`: then
    /// positions taken from one hold in the other without comparing any key.
    public func isCopy(of other: FlagKeys) -> Bool { storage === other.storage }

    public static func == (lhs: FlagKeys, rhs: FlagKeys) -> Bool {
        lhs.environments == rhs.environments && (lhs.isCopy(of: rhs) || lhs.storage.keys == rhs.storage.keys)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(environments)
        hasher.combine(storage.keys)
    }
}
