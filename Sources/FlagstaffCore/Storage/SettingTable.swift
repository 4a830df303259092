/// One object of a tenant file, the top level or one environment's overrides:
/// its settings by key, in the order they were added (file order, when read).
///
/// Made against the enum's keys (`FlagKeys`), the table stores the setting of a
/// flag the enum declares by the flag's position, and only other keys by name.
/// A reader then hashes each key once, against the enum, and `IndexedSettings`
/// takes the entries as they are, without a copy. Written by hand rather than as
/// a `Dictionary`: a large workspace holds over half a million settings, and a
/// dictionary of them costs a second hash of every key and about twice the memory.
public struct SettingTable: Sendable {
    /// One setting as a table keeps it: 48 bytes, its file named by position and
    /// its place by 32-bit numbers, and nothing to retain when the value is a Bool
    /// or a number. A `Tenant.Setting`, with a `SourceLocation` of its own, is
    /// made only when asked for.
    public struct Entry: Sendable {
        /// The value.
        public let value: FlagValue
        /// The flag's position in the table's keys, or `-1 - i` when its key is the
        /// `i`th the keys do not have.
        fileprivate(set) var slot: Int32
        /// Where the value is written, in the setting's file.
        public let line: Int32, column: Int32
        /// Where the key is written, in the same file.
        let keyLine: Int32, keyColumn: Int32
        /// The file, by position in the table's files.
        let file: Int32

        /// The flag's position in the keys; negative for a key they do not have.
        public var flag: Int { Int(slot) }

        /// The same setting, of the flag at another position (a flag whose key repeats another's).
        func of(flag: Int) -> Entry {
            var entry = self
            entry.slot = Int32(flag)
            return entry
        }
    }

    /// The keys that positions refer to; `nil` when the table was made without them.
    public let flagKeys: FlagKeys?
    /// The settings, in the order they were added.
    public private(set) var entries: [Entry] = []
    /// By flag position, one more than the position of the flag's setting in
    /// `entries`; 0 for none. Empty until the first setting of a flag.
    private var byFlag: [Int32] = []
    /// The keys `flagKeys` does not have, in the order they were added.
    private var otherKeys: [String] = []
    /// The position in `entries` of each key in `otherKeys`.
    private var otherPositions: [String: Int32] = [:]
    /// The files the settings are written in, nearly always one.
    private var files: [String] = []

    /// An empty table: against the enum's keys when given, with room for `capacity` settings.
    public init(keys: FlagKeys? = nil, capacity: Int = 0) {
        flagKeys = keys
        entries.reserveCapacity(capacity)
    }

    /// How many settings there are.
    public var count: Int { entries.count }

    /// The keys, in order.
    public var keys: [String] { entries.indices.map(key(at:)) }

    /// The key of the setting at a position in `entries`.
    public func key(at index: Int) -> String {
        let slot = Int(entries[index].slot)
        return slot >= 0 ? flagKeys!.key(at: slot) : otherKeys[-1 - slot]
    }

    /// The setting at a position in `entries`, with its locations.
    public func setting(at index: Int) -> Tenant.Setting {
        let entry = entries[index]
        return Tenant.Setting(
            value: entry.value, location: SourceLocation(file: files[Int(entry.file)], line: Int(entry.line), column: Int(entry.column)),
            keyLine: Int(entry.keyLine), keyColumn: Int(entry.keyColumn))
    }

    /// For each setting, in order, the position in `keys` of its flag, or a negative
    /// number when the enum does not declare its key. Without a lookup when the
    /// table was made against a copy of `keys`, and with one per key of the table's
    /// keys, not per setting, when it was made against others.
    public func flagPositions(in keys: FlagKeys) -> [Int32] {
        guard let flagKeys else { return entries.indices.map { index in keys.position(of: key(at: index)).map(Int32.init) ?? -1 } }
        if flagKeys.isCopy(of: keys) { return entries.map(\.slot) }
        let translation = flagKeys.translation(to: keys)
        return entries.map { entry in
            entry.slot >= 0 ? translation[Int(entry.slot)] : keys.position(of: otherKeys[Int(-1 - entry.slot)]).map(Int32.init) ?? -1
        }
    }

    /// Whether every setting is of a flag `keys` declares, the table made against
    /// keys that give each flag the position `keys` do (a copy of them, most
    /// often): then `entries` name each flag by its position in `keys`.
    public func isAllFlags(of keys: FlagKeys) -> Bool {
        guard let flagKeys, otherKeys.isEmpty else { return false }
        return flagKeys.agreesInPositions(with: keys)
    }

    /// The setting of a key. Setting a key that is there replaces its setting in
    /// place; setting `nil` removes it.
    public subscript(key: String) -> Tenant.Setting? {
        get { position(of: key).map(setting(at:)) }
        set {
            switch (position(of: key), newValue) {
            case (let index?, let setting?): entries[index] = entry(setting, slot: entries[index].slot)
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
        if let earlier = otherPositions[key] { return self.setting(at: Int(earlier)) }
        otherPositions[key] = Int32(entries.count)
        entries.append(entry(setting, slot: -1 - Int32(otherKeys.count)))
        otherKeys.append(key)
        return nil
    }

    /// Adds a setting for the flag at a position in `flagKeys`, as `insert(_:forKey:)`
    /// does for the flag's key, when a reader has looked the key up already.
    /// Precondition: the table was made against keys, and the position is the
    /// one they give the key.
    public mutating func insert(_ setting: Tenant.Setting, flag: Int) -> Tenant.Setting? {
        let key = setting.keyLocation
        return add(
            setting.value, flag: flag, file: setting.location.file, line: setting.location.line, column: setting.location.column,
            keyLine: key.line, keyColumn: key.column
        ).map(setting(at:))
    }

    /// Adds the setting of the flag at a position in `flagKeys` written in `file`
    /// at the given places, as `insert(_:flag:)` does, without making a
    /// `Tenant.Setting`: what a reader of hundreds of thousands of settings calls.
    /// Returns where the flag's setting was written before, when it has one.
    public mutating func insert(
        _ value: FlagValue, flag: Int, file: String, line: Int, column: Int, keyLine: Int, keyColumn: Int
    ) -> SourceLocation? {
        add(value, flag: flag, file: file, line: line, column: column, keyLine: keyLine, keyColumn: keyColumn).map { setting(at: $0).keyLocation }
    }

    /// Adds the entry of a flag that has none and returns `nil`; when it has one,
    /// leaves it and returns its position in `entries`.
    private mutating func add(_ value: FlagValue, flag: Int, file: String, line: Int, column: Int, keyLine: Int, keyColumn: Int) -> Int? {
        if byFlag.isEmpty { byFlag = Array(repeating: 0, count: flagKeys!.flagCount) }
        if byFlag[flag] > 0 { return Int(byFlag[flag]) - 1 }
        entries.append(entry(value, slot: Int32(flag), file: file, line: line, column: column, keyLine: keyLine, keyColumn: keyColumn))
        byFlag[flag] = Int32(entries.count)
        return nil
    }

    /// A setting as the table keeps it.
    private mutating func entry(_ setting: Tenant.Setting, slot: Int32) -> Entry {
        let key = setting.keyLocation
        return entry(
            setting.value, slot: slot, file: setting.location.file, line: setting.location.line, column: setting.location.column,
            keyLine: key.line, keyColumn: key.column)
    }

    /// A value and its places as the table keeps them.
    private mutating func entry(_ value: FlagValue, slot: Int32, file: String, line: Int, column: Int, keyLine: Int, keyColumn: Int) -> Entry {
        Entry(
            value: value, slot: slot, line: Int32(clamping: line), column: Int32(clamping: column), keyLine: Int32(clamping: keyLine),
            keyColumn: Int32(clamping: keyColumn), file: position(ofFile: file))
    }

    /// A file's position in `files`, added when it is new. A table's settings are
    /// nearly always of one file, so the last is tried first.
    private mutating func position(ofFile file: String) -> Int32 {
        if let last = files.last, last == file { return Int32(files.count - 1) }
        if let index = files.firstIndex(of: file) { return Int32(index) }
        files.append(file)
        return Int32(files.count - 1)
    }

    /// Each setting's value, by key.
    public func mapValues<Value>(_ transform: (Tenant.Setting) -> Value) -> [String: Value] {
        Dictionary(uniqueKeysWithValues: self.map { ($0.key, transform($0.value)) })
    }

    /// The position in `entries` of a key's setting.
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
        for position in entries.indices where position != index { _ = rest.insert(setting(at: position), forKey: key(at: position)) }
        self = rest
    }
}

extension SettingTable: Sequence {
    /// The settings with their keys, in order.
    public func makeIterator() -> some IteratorProtocol<(key: String, value: Tenant.Setting)> {
        entries.indices.lazy.map { (key: key(at: $0), value: setting(at: $0)) }.makeIterator()
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
