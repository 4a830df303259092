/// One object of a tenant file, the top level or one environment's overrides:
/// its settings by key, in the order they were added (file order, when read).
///
/// Made against the enum's keys (`FlagKeys`), the table stores the setting of a
/// flag the enum declares by the flag's position, and only other keys by name.
/// A reader then hashes each key once, against the enum, and `IndexedSettings`
/// takes the positions as they are. Written by hand rather than as a
/// `Dictionary`: a large workspace holds over half a million settings, and a
/// dictionary of them costs a second hash of every key and about twice the memory.
public struct SettingTable: Sendable {
    /// The keys that positions refer to; `nil` when the table was made without them.
    public let flagKeys: FlagKeys?
    /// The settings, in the order they were added.
    public private(set) var settings: [Tenant.Setting] = []
    /// For each setting, its flag's position in `flagKeys`, or `-1 - i` when its key
    /// is the `i`th of `otherKeys`.
    private var slots: [Int32] = []
    /// By flag position, one more than the position of the flag's setting in
    /// `settings`; 0 for none. Empty until the first setting of a flag.
    private var byFlag: [Int32] = []
    /// The keys `flagKeys` does not have, in the order they were added.
    private var otherKeys: [String] = []
    /// The position in `settings` of each key in `otherKeys`.
    private var otherPositions: [String: Int32] = [:]

    /// An empty table: against the enum's keys when given, with room for `capacity` settings.
    public init(keys: FlagKeys? = nil, capacity: Int = 0) {
        flagKeys = keys
        settings.reserveCapacity(capacity)
        slots.reserveCapacity(capacity)
    }

    /// How many settings there are.
    public var count: Int { settings.count }

    /// The keys, in order.
    public var keys: [String] { settings.indices.map(key(at:)) }

    /// The key of the setting at a position in `settings`.
    public func key(at index: Int) -> String {
        let slot = Int(slots[index])
        return slot >= 0 ? flagKeys!.key(at: slot) : otherKeys[-1 - slot]
    }

    /// For each setting, in order, the position in `keys` of its flag, or a negative
    /// number when the enum does not declare its key. Without a lookup when the
    /// table was made against a copy of `keys`.
    public func flagPositions(in keys: FlagKeys) -> [Int32] {
        if let flagKeys, flagKeys.isCopy(of: keys) { return slots }
        return settings.indices.map { index in keys.position(of: key(at: index)).map(Int32.init) ?? -1 }
    }

    /// The setting of a key. Setting a key that is there replaces its setting in
    /// place; setting `nil` removes it.
    public subscript(key: String) -> Tenant.Setting? {
        get { position(of: key).map { settings[$0] } }
        set {
            switch (position(of: key), newValue) {
            case (let index?, let setting?): settings[index] = setting
            case (let index?, nil): remove(at: index)
            case (nil, let setting?): _ = insert(setting, forKey: key)
            case (nil, nil): break
            }
        }
    }

    /// Adds a setting for a key that has none and returns `nil`; when the key has
    /// one, leaves it and returns it. One lookup either way.
    public mutating func insert(_ setting: Tenant.Setting, forKey key: String) -> Tenant.Setting? {
        if let flag = flagKeys?.position(of: key) { return insert(setting, flag: flag) }
        if let earlier = otherPositions[key] { return settings[Int(earlier)] }
        otherPositions[key] = Int32(settings.count)
        settings.append(setting)
        slots.append(-1 - Int32(otherKeys.count))
        otherKeys.append(key)
        return nil
    }

    /// Adds a setting for the flag at a position in `flagKeys`, as `insert(_:forKey:)`
    /// does for the flag's key, when a reader has looked the key up already.
    /// Precondition: the table was made against keys, and the position is the
    /// one they give the key.
    public mutating func insert(_ setting: consuming Tenant.Setting, flag: Int) -> Tenant.Setting? {
        if byFlag.isEmpty { byFlag = Array(repeating: 0, count: flagKeys!.flagCount) }
        if byFlag[flag] > 0 { return settings[Int(byFlag[flag]) - 1] }
        settings.append(setting)
        slots.append(Int32(flag))
        byFlag[flag] = Int32(settings.count)
        return nil
    }

    /// Each setting's value, by key.
    public func mapValues<Value>(_ transform: (Tenant.Setting) -> Value) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: self.map { ($0.key, transform($0.value)) })
    }

    /// The position in `settings` of a key's setting.
    private func position(of key: String) -> Int? {
        if let flagKeys, let flag = flagKeys.position(of: key) {
            return byFlag.isEmpty || byFlag[flag] == 0 ? nil : Int(byFlag[flag]) - 1
        }
        return otherPositions[key].map(Int.init)
    }

    /// Removes the setting at a position by making the table again without it:
    /// only editors and tests remove, and never in a loop over a large file.
    private mutating func remove(at index: Int) {
        var rest = SettingTable(keys: flagKeys, capacity: count - 1)
        for position in settings.indices where position != index { _ = rest.insert(settings[position], forKey: key(at: position)) }
        self = rest
    }
}

extension SettingTable: Sequence {
    /// The settings with their keys, in order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: Tenant.Setting)> {
        settings.indices.lazy.map { (key: key(at: $0), value: settings[$0]) }.makeIterator()
    }

    public var underestimatedCount: Int { count }
}

extension SettingTable: ExpressibleByDictionaryLiteral {
    /// A table of the given settings, in order, made without the enum's keys.
    /// Precondition: no key is repeated.
    public init(uniqueKeysWithValues settings: some Sequence<(String, Tenant.Setting)>) {
        self.init(capacity: settings.underestimatedCount)
        for (key, setting) in settings {
            precondition(insert(setting, forKey: key) == nil, "the key '\(key)' is repeated")
        }
    }

    /// A table of the given settings, in order, made without the enum's keys.
    /// Precondition: no key is repeated.
    public init(dictionaryLiteral elements: (String, Tenant.Setting)...) {
        self.init(uniqueKeysWithValues: elements)
    }
}

extension SettingTable: Hashable {
    /// Two tables are equal when they give the same keys the same settings, in
    /// whatever order, and whatever keys they were made against.
    public static func == (lhs: SettingTable, rhs: SettingTable) -> Bool {
        lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.key] == $0.value }
    }

    /// Combines each setting's hash by adding, so the order does not count, as for `==`.
    public func hash(into hasher: inout Hasher) {
        var sum = 0
        for (key, setting) in self {
            var one = Hasher()
            one.combine(key)
            one.combine(setting)
            sum &+= one.finalize()
        }
        hasher.combine(count)
        hasher.combine(sum)
    }
}
