import FlagstaffCore
import Testing

@Suite("Structured values")
struct StructuredValueTests {
    @Test func dictionariesCompareWithoutRegardToOrderButArraysDoNot() {
        let one = StructuredValue.object([("a", .scalar(.integer(1))), ("b", .array([.scalar(.string("x"))]))])
        let other = StructuredValue.object([("b", .array([.scalar(.string("x"))])), ("a", .scalar(.integer(1)))])
        #expect(one == other)
        #expect(one.hashValue == other.hashValue)
        #expect(StructuredValue.array([.scalar(.integer(1)), .scalar(.integer(2))]) != .array([.scalar(.integer(2)), .scalar(.integer(1))]))
        #expect(StructuredValue.object([("a", .null)]) != .object([("a", .scalar(.bool(false)))]))
    }

    @Test func isShownAsCompactJSONInTheOrderWritten() {
        let value = StructuredValue.object([("z", .scalar(.string("q\"t"))), ("a", .array([.scalar(.decimal("1.5")), .null, .scalar(.bool(true))]))])
        #expect(value.description == #"{"z":"q\"t","a":[1.5,null,true]}"#)
        #expect(FlagValue.structured(.array([])).description == "[]")
    }

    @Test func readsTheJSONRemoteConfigSends() throws {
        let value = try #require(StructuredValue(json: #" { "tiers": ["gold", "silver\u00e9"], "limit": 3, "off": false, "n": null } "#))
        #expect(value == .object([
            ("limit", .scalar(.integer(3))), ("tiers", .array([.scalar(.string("gold")), .scalar(.string("silveré"))])),
            ("off", .scalar(.bool(false))), ("n", .null),
        ]))
        #expect(StructuredValue(json: "[1, 2,]") == nil)
        #expect(StructuredValue(json: "\"text\"") == nil, "a scalar is not a structured value")
        #expect(StructuredValue(json: "[1] x") == nil)
        #expect(StructuredValue(json: "{\"a\" 1}") == nil)
        #expect(StructuredValue(json: String(repeating: "[", count: 600) + String(repeating: "]", count: 600)) == nil)
        #expect(FlagValue(remote: "[\"a\"]", as: .structured) == .structured(.array([.scalar(.string("a"))])))
    }
}
