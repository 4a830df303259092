import FlagstaffCore
import Testing

/// What a cell whose value word stays says when its cases change, written from
/// the variants each test builds.
@Suite("Changes of the cases a value varies by")
struct VariantChangeTests {
    static let remote = RemoteConfigLayer.layer, code = CodeDefaultLayer.layer

    static func varying(_ cases: [(String, Bool)]) -> Resolution {
        Resolution(
            value: .bool(cases.last!.1), layer: remote, location: nil,
            variants: cases.map { Resolution.Variant(condition: $0.0, value: .bool($0.1), layer: remote, location: nil) })
    }

    static func decided(_ expression: String) -> Resolution {
        Resolution(
            value: .bool(false), layer: code, location: nil,
            variants: [Resolution.Variant(condition: Opinion.worksOut + expression, value: nil, layer: code, location: nil, isDecidedInCode: true)])
    }

    @Test func aShareRaisedOrLowered() {
        let ten = Self.varying([("if the device is in rollout 'r1' (10% of devices)", true), (Resolution.otherwise, false)])
        let fifty = Self.varying([("if the device is in rollout 'r1' (50% of devices)", true), (Resolution.otherwise, false)])
        #expect(VariantChange.sentence(old: ten, new: fifty) == "share raised from 10% to 50%")
        #expect(VariantChange.sentence(old: fifty, new: ten) == "share lowered from 50% to 10%")
        #expect(VariantChange.sentence(old: ten, new: ten) == nil)
    }

    @Test func aDecidedInCodeExpression() {
        #expect(
            VariantChange.sentence(old: Self.decided(".internalOnly()"), new: Self.decided("isInternalUser()"))
                == "the app now works out isInternalUser() (was .internalOnly())")
    }

    @Test func conditionsInAnotherOrder() {
        let before = Self.varying([("if condition 'A' holds", true), ("if condition 'B' holds", false), (Resolution.otherwise, true)])
        let after = Self.varying([("if condition 'B' holds", false), ("if condition 'A' holds", true), (Resolution.otherwise, true)])
        #expect(
            VariantChange.sentence(old: before, new: after)
                == "the conditions are tried in another order: if condition 'B' holds, if condition 'A' holds, otherwise "
                + "(was if condition 'A' holds, if condition 'B' holds, otherwise)")
    }

    @Test func anotherCaseIsSaidWhole() {
        let before = Self.varying([("if condition 'A' holds", true), (Resolution.otherwise, false)])
        let after = Self.varying([("if condition 'C' holds", true), (Resolution.otherwise, false)])
        #expect(
            VariantChange.sentence(old: before, new: after)
                == "now varies as: if condition 'C' holds: on; otherwise: off (was: if condition 'A' holds: on; otherwise: off)")
    }
}
