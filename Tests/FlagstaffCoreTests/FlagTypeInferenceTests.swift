import FlagstaffCore
import Testing

/// A flag's type is what most tenants give it, a tie going to the value written
/// first, tenants in id order: however many tenants are counted apart and added up.
@Suite struct FlagTypeInferenceTests {
    let flags = ["A", "B"].map { Build.flag($0) }

    /// Tenants T00…T(n-1), each setting B only when `value` gives it one, and A in every tenant.
    func model(_ count: Int, _ value: (Int) -> FlagValue?) -> FlagModel {
        let tenants = (0..<count).map { index in
            var base: [(String, Tenant.Setting)] = [("A", Build.setting(.bool(true), line: 1))]
            if let value = value(index) { base.append(("B", Build.setting(value, line: 2))) }
            let id = "T" + String(index + 100).dropFirst()
            return Tenant(id: id, name: id, file: "\(id).json", base: SettingTable(uniqueKeysWithValues: base))
        }
        return Build.model(flags: flags, tenants: tenants)
    }

    func types(_ model: FlagModel) -> [FlagType] {
        FlagTypeInference.types(of: model, settings: model.tenants.map { IndexedSettings($0, in: model) })
    }

    @Test func aTieGoesToTheFirstTenantsValueWhereverTheTenantsAreCounted() {
        // One text (tenant 17) and one number (tenant 35), far apart among 40 tenants: the text is first.
        let textFirst = model(40) { $0 == 17 ? .string("x") : $0 == 35 ? .integer(3) : nil }
        #expect(types(textFirst) == [.bool, .string])
        let numberFirst = model(40) { $0 == 17 ? .integer(3) : $0 == 35 ? .string("x") : nil }
        #expect(types(numberFirst) == [.bool, .number])
        // Two of each, texts at tenants 5 and 30, numbers at 10 and 20: the text at 5 is the first value.
        let twoEach = model(40) { [5, 30].contains($0) ? .string("x") : [10, 20].contains($0) ? .integer(3) : nil }
        #expect(types(twoEach) == [.bool, .string])
        // Within the first tenants the same holds.
        #expect(types(model(3) { $0 == 1 ? .integer(3) : $0 == 2 ? .string("x") : nil }) == [.bool, .number])
    }

    @Test func theMostValuesWinAcrossEveryTenant() {
        // Texts in the first 20 tenants, numbers in the 21 after: numbers win, 21 to 20.
        let model = model(41) { $0 < 20 ? .string("x") : .integer($0) }
        #expect(types(model) == [.bool, .number])
        let inference = FlagTypeInference.inference(of: model, settings: model.tenants.map { IndexedSettings($0, in: model) })
        // Counts per flag: Bool, number, text, structured.
        #expect(Array(inference.counts[4..<8]) == [0, 21, 20, 0])
        #expect(Array(inference.counts[0..<4]) == [41, 0, 0, 0])
    }
}
