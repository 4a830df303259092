import FlagstaffCore
import Testing

@Suite struct SettingTableTests {
    let keys = FlagKeys(flags: ["A", "B", "A", "C"].map { Build.flag($0) }, environments: ["dev"])

    /// The table's contents as plain pairs, in order.
    func pairs(_ table: SettingTable) -> [String] { table.map { "\($0.key)@\($0.value.location.line)" } }

    @Test func keepsTheFirstSettingOfAKeyAndSaysWhichItWas() {
        for flagKeys in [nil, keys] {
            var table = SettingTable(keys: flagKeys)
            #expect(table.insert(Build.setting(.bool(true), line: 1), forKey: "A") == nil)
            #expect(table.insert(Build.setting(.bool(true), line: 2), forKey: "X") == nil)
            #expect(table.insert(Build.setting(.bool(false), line: 3), forKey: "A")?.location.line == 1)
            #expect(table.insert(Build.setting(.bool(false), line: 4), forKey: "X")?.location.line == 2)
            #expect(table.insert(Build.setting(.bool(false), line: 5), forKey: "C") == nil)
            #expect(pairs(table) == ["A@1", "X@2", "C@5"], "in the order added, whatever the enum's order")
            #expect(table.count == 3)
            #expect(table.keys == ["A", "X", "C"])
            #expect(table["A"]?.value == .bool(true))
            #expect(table["B"] == nil, "a flag of the enum that the table does not set")
            #expect(table["Y"] == nil, "a key of neither")
        }
    }

    @Test func settingAKeyReplacesInPlaceAndNilRemoves() {
        for flagKeys in [nil, keys] {
            var table = SettingTable(keys: flagKeys)
            for (line, key) in ["B", "X", "C", "Y"].enumerated() { table[key] = Build.setting(.integer(line), line: line) }
            table["X"] = Build.setting(.string("x"), line: 9)
            table["B"] = Build.setting(.string("b"), line: 8)
            #expect(pairs(table) == ["B@8", "X@9", "C@2", "Y@3"])
            table["X"] = nil
            #expect(pairs(table) == ["B@8", "C@2", "Y@3"])
            #expect(table["X"] == nil)
            table["B"] = nil
            table["Z"] = nil
            #expect(pairs(table) == ["C@2", "Y@3"])
            #expect(table.insert(Build.setting(.bool(true), line: 7), forKey: "B") == nil, "a removed key can come back")
            #expect(pairs(table) == ["C@2", "Y@3", "B@7"])
            #expect(table.keys == ["C", "Y", "B"])
        }
    }

    @Test func knowsEachSettingsFlagPositionWithoutLookingItUpAgain() {
        var table = SettingTable(keys: keys)
        for key in ["C", "X", "A"] { _ = table.insert(Build.setting(.bool(true)), forKey: key) }
        let copy = keys
        #expect(copy.isCopy(of: keys))
        #expect(table.flagPositions(in: copy).map { $0 >= 0 ? Int($0) : nil } == [3, nil, 0])
        // Keys made again are equal but not a copy: positions are then looked up by key.
        let other = FlagKeys(flags: ["C", "A"].map { Build.flag($0) }, environments: ["dev"])
        #expect(!other.isCopy(of: keys))
        #expect(table.flagPositions(in: other).map { $0 >= 0 ? Int($0) : nil } == [0, nil, 1])
        let plain: SettingTable = ["C": Build.setting(.bool(true)), "X": Build.setting(.bool(true))]
        #expect(plain.flagPositions(in: keys).map { $0 >= 0 ? Int($0) : nil } == [3, nil])
    }

    @Test func tablesAreEqualWhenTheyMapTheSameKeysToTheSameSettings() {
        var againstKeys = SettingTable(keys: keys)
        _ = againstKeys.insert(Build.setting(.bool(true), line: 1), forKey: "X")
        _ = againstKeys.insert(Build.setting(.bool(false), line: 2), forKey: "A")
        let literal: SettingTable = ["A": Build.setting(.bool(false), line: 2), "X": Build.setting(.bool(true), line: 1)]
        #expect(againstKeys == literal, "order and keys do not count")
        #expect(againstKeys.hashValue == literal.hashValue)
        #expect(Set([againstKeys, literal]).count == 1)
        let otherValue: SettingTable = ["A": Build.setting(.bool(true), line: 2), "X": Build.setting(.bool(true), line: 1)]
        let otherKey: SettingTable = ["B": Build.setting(.bool(false), line: 2), "X": Build.setting(.bool(true), line: 1)]
        let fewer: SettingTable = ["X": Build.setting(.bool(true), line: 1)]
        for different in [otherValue, otherKey, fewer, [:]] { #expect(againstKeys != different) }
        #expect(SettingTable(keys: keys) == [:])
        #expect(literal.mapValues(\.value) == ["A": .bool(false), "X": .bool(true)])
    }

    @Test func flagKeysAreEqualByContentsAndKnowTheirCopies() {
        let again = FlagKeys(flags: ["A", "B", "A", "C"].map { Build.flag($0) }, environments: ["dev"])
        #expect(again == keys)
        #expect(!again.isCopy(of: keys))
        #expect(again.hashValue == keys.hashValue)
        #expect(keys != FlagKeys(flags: ["A", "B", "A", "C"].map { Build.flag($0) }, environments: ["prod"]))
        #expect(keys != FlagKeys(flags: ["A", "B", "C"].map { Build.flag($0) }, environments: ["dev"]))
        #expect(keys.count == 3)
        #expect(keys.flagCount == 4)
        #expect((0..<4).map(keys.key(at:)) == ["A", "B", "A", "C"])
    }

    /// A reader's settings go in as values and places, and come out as settings
    /// with their locations; a table of settings from two files keeps each one's.
    @Test func keepsEachSettingsPlacesAndFile() {
        var table = SettingTable(keys: keys)
        #expect(table.insert(.integer(7), flag: 3, file: "T/a.json", line: 4, column: 9, keyLine: 4, keyColumn: 3) == nil)
        let earlier = table.insert(.integer(8), flag: 3, file: "T/a.json", line: 6, column: 9, keyLine: 6, keyColumn: 3)
        #expect(earlier == SourceLocation(file: "T/a.json", line: 4, column: 3), "a repeat gets where the first key is")
        #expect(table["C"] == Tenant.Setting(value: .integer(7), location: SourceLocation(file: "T/a.json", line: 4, column: 9), keyLine: 4, keyColumn: 3))
        _ = table.insert(Tenant.Setting(value: .bool(true), location: SourceLocation(file: "U/b.json", line: 2, column: 5)), forKey: "X")
        _ = table.insert(Build.setting(.string("a"), line: 3), forKey: "A")
        #expect(table.map(\.value.location) == [
            SourceLocation(file: "T/a.json", line: 4, column: 9), SourceLocation(file: "U/b.json", line: 2, column: 5),
            SourceLocation(file: "t.json", line: 3, column: 1),
        ])
        #expect(table.entries.map(\.flag).filter { $0 >= 0 } == [3, 0])
    }

    /// Indexing a table read against the model's own keys takes its entries as
    /// they are; a key the enum lacks, or a flag whose key repeats another's,
    /// makes the index its own, with the unknown key set aside.
    @Test func indexedSettingsTakeATablesEntriesWhenTheyAreAllFlags() {
        let unique = FlagKeys(flags: ["A", "B", "C"].map { Build.flag($0) }, environments: ["dev"])
        var base = SettingTable(keys: unique)
        _ = base.insert(Build.setting(.bool(true), line: 2), forKey: "C")
        _ = base.insert(Build.setting(.bool(false), line: 3), forKey: "A")
        #expect(base.isAllFlags(of: unique))
        #expect(base.isAllFlags(of: FlagKeys(flags: ["A", "B", "C"].map { Build.flag($0) }, environments: ["dev"])), "equal keys, not a copy, in the same order")
        #expect(!base.isAllFlags(of: FlagKeys(flags: ["C", "B", "A"].map { Build.flag($0) }, environments: ["dev"])), "the same keys in another order")
        let indexed = IndexedSettings(Tenant(id: "t", name: "t", file: "t.json", base: base), keys: unique)
        #expect(indexed.base.map(\.flag) == [2, 0])
        #expect(indexed.base.map(\.line) == [2, 3])
        #expect(indexed.unknown.isEmpty)

        var withUnknown = base
        _ = withUnknown.insert(Build.setting(.bool(true), line: 4), forKey: "Z")
        #expect(!withUnknown.isAllFlags(of: unique))
        let other = IndexedSettings(Tenant(id: "t", name: "t", file: "t.json", base: withUnknown), keys: unique)
        #expect(other.base.map(\.flag) == [2, 0])
        #expect(other.unknown.map(\.key) == ["Z"])
        #expect(other.unknown.map(\.setting.location.line) == [4])

        // Keys with a repeat: the second "A" (position 2) gets the first one's setting too.
        var repeated = SettingTable(keys: keys)
        _ = repeated.insert(Build.setting(.integer(1), line: 5), forKey: "A")
        #expect(repeated.isAllFlags(of: keys))
        let both = IndexedSettings(Tenant(id: "t", name: "t", file: "t.json", base: repeated), keys: keys)
        #expect(both.base.map(\.flag) == [0, 2])
        #expect(both.base.map(\.value) == [.integer(1), .integer(1)])
    }

    /// A table read against other keys (a tenant's, standing in for the enum's
    /// until it is read) is indexed against the enum's as one read against none:
    /// positions translated, keys the enum lacks set aside, a repeated key's
    /// second flag given the setting too.
    @Test func aTableReadAgainstStandInKeysIsIndexedAsOneReadAgainstNone() {
        let standIn = FlagKeys(keys: ["C", "Z", "A", "B"], environments: ["dev"])
        #expect(standIn.translation(to: keys) == [3, -1, 0, 1])
        #expect(standIn.translation(to: keys) == [3, -1, 0, 1], "asked again, the same")
        func tenant(_ against: FlagKeys?) -> Tenant {
            var base = SettingTable(keys: against)
            for (line, key) in ["A", "Z", "C", "Y"].enumerated() { _ = base.insert(Build.setting(.integer(line), line: line + 1), forKey: key) }
            var dev = SettingTable(keys: against)
            _ = dev.insert(Build.setting(.bool(true), line: 9), forKey: "B")
            return Tenant(id: "t", name: "t", file: "t.json", base: base, overrides: ["dev": dev])
        }
        func described(_ settings: IndexedSettings) -> [String] {
            settings.base.map { "\($0.flag)=\($0.value)@\($0.line)" } + settings.overrides.flatMap { $0.map { "dev \($0.flag)=\($0.value)@\($0.line)" } }
                + settings.unknown.map { "? \($0.key)@\($0.setting.location.line)" }
        }
        let expected = described(IndexedSettings(tenant(nil), keys: keys))
        #expect(expected == ["0=0@1", "3=2@3", "2=0@1", "dev 1=true@9", "? Z@2", "? Y@4"])
        #expect(described(IndexedSettings(tenant(standIn), keys: keys)) == expected)
        #expect(tenant(standIn) == tenant(nil), "the tables are equal, whatever they were read against")
        #expect(!tenant(standIn).base.isAllFlags(of: keys))
    }

    /// A tenant's keys in the enum's order stand in for the enum's as a copy does:
    /// a table read against them is taken as it is; keys in another order, or
    /// with one the enum lacks, are not.
    @Test func standInKeysInTheEnumsOrderAgreeWithIt() {
        let unique = FlagKeys(flags: ["A", "B", "C"].map { Build.flag($0) }, environments: ["dev"])
        let (sameOrder, fewer) = (FlagKeys(keys: ["A", "B", "C"], environments: ["dev"]), FlagKeys(keys: ["A", "B"], environments: ["dev"]))
        let (reordered, extra) = (FlagKeys(keys: ["B", "A", "C"], environments: ["dev"]), FlagKeys(keys: ["A", "B", "C", "Z"], environments: ["dev"]))
        #expect(sameOrder.agreesInPositions(with: unique))
        #expect(fewer.agreesInPositions(with: unique))
        #expect(!reordered.agreesInPositions(with: unique))
        #expect(!extra.agreesInPositions(with: unique))
        for (standIn, shared) in [(sameOrder, true), (fewer, true), (reordered, false)] {
            var base = SettingTable(keys: standIn)
            _ = base.insert(Build.setting(.integer(1), line: 2), forKey: "B")
            _ = base.insert(Build.setting(.integer(2), line: 3), forKey: "A")
            #expect(base.isAllFlags(of: unique) == shared)
            let indexed = IndexedSettings(Tenant(id: "t", name: "t", file: "t.json", base: base), keys: unique)
            #expect(indexed.base.map(\.flag) == [1, 0])
            #expect(indexed.base.map(\.value) == [.integer(1), .integer(2)])
        }
    }
}
