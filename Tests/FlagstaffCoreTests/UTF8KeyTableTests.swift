import FlagstaffCore
import Testing

@Suite struct UTF8KeyTableTests {
    /// The table's answer for a key's bytes, as the first lookup of a file asks.
    func number(_ table: UTF8KeyTable, _ key: [UInt8]) -> Int? {
        var previous = -1
        return table.withLookup { lookup in key.withUnsafeBufferPointer { lookup.number(ofUTF8: $0, after: &previous) } }
    }

    /// The keys' answer for a key's bytes, as the first lookup of a file asks.
    func position(_ keys: FlagKeys, _ key: [UInt8]) -> Int? {
        var previous = -1
        return keys.withUTF8Lookup { lookup in key.withUnsafeBufferPointer { lookup.position(ofUTF8: $0, after: &previous) } }
    }

    /// Keys of every length from 0 to 40, so that each way a key can end against
    /// the 8-byte words is covered, and enough of them to grow the table often.
    let keys: [String] = {
        var keys: [String] = []
        for length in 0...40 {
            for variant in 0..<25 {
                let letters = (0..<length).map { Character(Unicode.Scalar(UInt8(65 + ($0 * 7 + variant) % 26))) }
                let key = String(letters)
                if !keys.contains(key) { keys.append(key) }
            }
        }
        return keys
    }()

    @Test func findsEveryKeyWithItsNumber() {
        let table = UTF8KeyTable(keys.enumerated().map { (key: $1, number: $0 * 3) })
        for (position, key) in keys.enumerated() {
            #expect(number(table, Array(key.utf8)) == position * 3, "\(key)")
        }
    }

    @Test func findsNoKeyThatDiffersInOneByteOrInLength() {
        let table = UTF8KeyTable(keys.enumerated().map { (key: $1, number: $0) })
        let known = Set(keys.map { Array($0.utf8) })
        for key in keys.map({ Array($0.utf8) }) {
            var near: [[UInt8]] = [key + [65], Array(key.dropLast()), [65] + key, Array(key.dropFirst())]
            for index in key.indices {
                var changed = key
                changed[index] ^= 0x20
                near.append(changed)
            }
            for candidate in near where !known.contains(candidate) {
                #expect(number(table, candidate) == nil, "\(String(decoding: candidate, as: UTF8.self))")
            }
        }
    }

    @Test func aGuessOfTheNextKeyNeverChangesTheAnswer() {
        let table = UTF8KeyTable(["A", "B", "C", "A", "D"].enumerated().map { (key: $1, number: $0 * 10) })
        // In order, out of order, repeated, absent, and past the last key.
        let asked = ["A", "B", "C", "D", "D", "B", "X", "C", "A", "A", "D", "", "B"]
        var previous = -1
        var positions: [Int] = []
        table.withLookup { lookup in
            for key in asked {
                let answer = Array(key.utf8).withUnsafeBufferPointer { lookup.number(ofUTF8: $0, after: &previous) }
                #expect(answer == number(table, Array(key.utf8)), "\(key)")
                positions.append(previous)
            }
        }
        #expect(positions == [0, 1, 2, 3, 3, 1, 1, 2, 0, 0, 3, 3, 1], "the position of the last key found")
    }

    @Test func theFirstOfTwoKeysWithTheSameBytesKeepsItsNumber() {
        let table = UTF8KeyTable([(key: "A", number: 1), (key: "B", number: 2), (key: "A", number: 3)])
        #expect(number(table, Array("A".utf8)) == 1)
        #expect(number(table, Array("B".utf8)) == 2)
    }

    @Test func emptyTablesAndEmptyKeys() {
        let empty = UTF8KeyTable([])
        #expect(number(empty, []) == nil)
        #expect(number(empty, Array("A".utf8)) == nil)
        let onlyEmpty = UTF8KeyTable([(key: "", number: 7)])
        #expect(number(onlyEmpty, []) == 7)
        #expect(number(onlyEmpty, [0]) == nil)
    }

    @Test func bytesAreComparedNotStrings() {
        let table = UTF8KeyTable([(key: "caf\u{E9}", number: 1), (key: "\u{212A}", number: 2)])
        #expect(number(table, Array("caf\u{E9}".utf8)) == 1)
        #expect(number(table, Array("cafe\u{301}".utf8)) == nil, "equal as strings, but other bytes")
        #expect(number(table, Array("K".utf8)) == nil)
    }

    @Test func flagKeysFindBytesAsTheyFindStrings() {
        // Enum keys with and without bytes beyond ASCII: the Kelvin sign equals "K",
        // and a decomposed é the precomposed one, as Swift compares strings.
        let asciiOnly = FlagKeys(flags: ["A", "K", "ENABLE_FEATURE_00001", "B", "A"].map { Build.flag($0) }, environments: [])
        let withOthers = FlagKeys(flags: ["A", "\u{212A}", "caf\u{E9}", "K", "B"].map { Build.flag($0) }, environments: [])
        let kelvinOnly = FlagKeys(flags: ["\u{212A}", "cafe\u{301}"].map { Build.flag($0) }, environments: [])
        let inputs: [[UInt8]] = [
            "A", "K", "\u{212A}", "caf\u{E9}", "cafe\u{301}", "B", "C", "", "ENABLE_FEATURE_00001", "ENABLE_FEATURE_00002",
        ].map { Array($0.utf8) } + [[0xFF, 0x41], [0xE2, 0x84]]
        for keys in [asciiOnly, withOthers, kelvinOnly] {
            for input in inputs {
                let byBytes = position(keys, input)
                #expect(byBytes == keys.position(of: String(decoding: input, as: UTF8.self)), "\(input)")
            }
        }
        #expect(position(withOthers, Array("K".utf8)) == 1)
        #expect(position(withOthers, Array("cafe\u{301}".utf8)) == 2)
        #expect(position(asciiOnly, Array("A".utf8)) == 0, "a repeated key finds the first flag")
        #expect(position(kelvinOnly, Array("K".utf8)) == 0, "ASCII bytes, found as a string")
        #expect(position(kelvinOnly, Array("caf\u{E9}".utf8)) == 1)
    }
}
