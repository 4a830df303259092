import FlagstaffCore
import Testing

/// A tenant resolved on its own and put in place (what history does for a commit
/// that changes tenant files only) gives the values a whole resolution gives, and
/// refuses when the change would retype a flag.
@Suite("Tenants resolved in place")
struct TenantReplacementTests {
    let flags = ["A", "B", "C"].map { Build.flag($0) }

    func tenant(_ id: String, _ base: [String: FlagValue], prod: [String: FlagValue] = [:]) -> Tenant {
        Tenant(
            id: id, name: id, file: "\(id).json", base: table(base), overrides: prod.isEmpty ? [:] : ["prod": table(prod)])
    }

    /// Settings in key order, each on its own line, as a file lists them.
    func table(_ values: [String: FlagValue]) -> SettingTable {
        SettingTable(uniqueKeysWithValues: values.sorted { $0.key < $1.key }.enumerated().map { ($1.key, Build.setting($1.value, line: $0 + 1)) })
    }

    /// Replaces the tenant at `position` in a matrix, and resolves the same tenants whole to compare.
    func replacing(_ matrix: inout ResolvedMatrix, at position: Int, with new: Tenant) -> ResolvedMatrix? {
        guard let replacement = matrix.resolving([(position, new, IndexedSettings(new, in: matrix.model))]) else { return nil }
        matrix.replace(with: replacement)
        var all = matrix.model.tenants
        all[position] = new
        return ResolvedMatrix(model: Build.model(flags: flags, tenants: all))
    }

    func matrix(_ tenants: [Tenant]) -> ResolvedMatrix { ResolvedMatrix(model: Build.model(flags: flags, tenants: tenants)) }

    /// Every cell's value and layer, flag by flag.
    func words(_ matrix: ResolvedMatrix) -> [String] {
        var words: [String] = []
        for flag in 0..<flags.count {
            for tenant in 0..<matrix.model.tenants.count {
                for environment in 0..<matrix.model.environments.count {
                    let cell = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                    words.append("\(cell.value) \(cell.layer.id)")
                }
            }
        }
        return words
    }

    /// Which flags' values a new version of a tenant changes (a value changed,
    /// added or removed, in the base or an override), and which settings only
    /// move; a key the enum does not declare changes none.
    @Test func theFlagsASettingsChangeTouches() throws {
        let model = Build.model(flags: flags, tenants: [tenant("P", ["A": .bool(true)])])
        func difference(_ old: Tenant, _ new: Tenant) -> (changed: [Int], moved: [IndexedSettings.Move])? {
            IndexedSettings(old, in: model).changes(to: IndexedSettings(new, in: model), flags: flags.count)
        }
        func changed(_ old: Tenant, _ new: Tenant) -> [Int]? { difference(old, new)?.changed }
        func move(_ flag: Int, _ from: Int32, _ to: Int32, columns: (Int32, Int32) = (1, 1)) -> IndexedSettings.Move {
            IndexedSettings.Move(flag: flag, from: (from, columns.0), to: (to, columns.1))
        }
        let before = tenant("P", ["A": .bool(true), "B": .integer(3)], prod: ["A": .bool(false)])
        #expect(changed(before, before) == [])
        #expect(difference(before, before)?.moved == [])
        // B moves a line down (an unknown key AA before it), its value the same: a move, no change.
        let pushed = difference(before, tenant("P", ["A": .bool(true), "AA": .bool(true), "B": .integer(3)], prod: ["A": .bool(false)]))
        #expect(pushed?.changed == [])
        #expect(pushed?.moved == [move(1, 2, 3)])
        // A key the enum does not declare, added where it moves nothing, changes no flag.
        #expect(difference(before, tenant("P", ["A": .bool(true), "B": .integer(3), "ZZ": .bool(true)], prod: ["A": .bool(false)]))?.moved == [])
        // Moved along its line only.
        let shifted = Tenant(
            id: "P", name: "P", file: "P.json",
            base: SettingTable(uniqueKeysWithValues: [
                ("A", Build.setting(.bool(true), line: 1)),
                ("B", Tenant.Setting(value: .integer(3), location: SourceLocation(file: "t.json", line: 2, column: 9))),
            ]),
            overrides: ["prod": table(["A": .bool(false)])])
        #expect(difference(before, shifted)?.moved == [move(1, 2, 2, columns: (1, 9))])
        // A flag whose value changes in one table is changed, not moved, though another table's setting moves.
        let both = difference(before, tenant("P", ["A": .bool(false), "AA": .bool(true), "B": .integer(3)], prod: ["A": .bool(false), "B": .integer(3)]))
        #expect(both?.changed == [0, 1])
        #expect(both?.moved == [])
        // Another file: every flag is looked at.
        var elsewhere = before
        elsewhere.file = "other.json"
        #expect(difference(before, elsewhere) == nil)
        #expect(changed(before, tenant("P", ["A": .bool(true), "B": .integer(3), "C": .string("x")], prod: ["A": .bool(false)])) == [2])
        #expect(changed(before, tenant("P", ["A": .bool(true), "B": .integer(4)], prod: ["A": .bool(false)])) == [1])
        #expect(changed(before, tenant("P", ["A": .bool(true)], prod: ["A": .bool(false)])) == [1])
        #expect(changed(before, tenant("P", ["A": .bool(true), "B": .integer(3)])) == [0])
        #expect(changed(before, tenant("P", ["A": .bool(true), "B": .integer(3)], prod: ["A": .bool(false), "C": .string("y")])) == [2])
        #expect(changed(before, tenant("P", ["A": .bool(false), "B": .integer(3)], prod: ["A": .bool(false)])) == [0])
    }

    /// One flag's settings trade places: the base value moves to where the override
    /// was, and the override below it. Each cell follows its own setting, not the other's.
    @Test func settingsThatTradePlacesMoveTheirOwnCells() throws {
        func placed(_ baseLine: Int, _ prodLine: Int) -> Tenant {
            Tenant(
                id: "P", name: "P", file: "P.json", base: SettingTable(uniqueKeysWithValues: [("A", Build.setting(.bool(true), line: baseLine))]),
                overrides: ["prod": SettingTable(uniqueKeysWithValues: [("A", Build.setting(.bool(false), line: prodLine))])])
        }
        var replaced = matrix([placed(10, 11), tenant("Q", ["A": .bool(true)])])
        let whole = try #require(replacing(&replaced, at: 0, with: placed(11, 12)))
        for environment in 0..<2 {
            #expect(replaced.resolution(flag: 0, tenant: 0, environment: environment) == whole.resolution(flag: 0, tenant: 0, environment: environment))
        }
        #expect(replaced.resolution(flag: 0, tenant: 0, environment: 0).location?.line == 11)
        #expect(replaced.resolution(flag: 0, tenant: 0, environment: 1).location?.line == 12)
    }

    @Test func aReplacedTenantResolvesAsAWholeResolutionDoes() throws {
        var replaced = matrix([tenant("P", ["A": .bool(true), "B": .integer(3)]), tenant("Q", ["A": .bool(false), "B": .integer(4), "C": .string("x")])])
        let whole = try #require(replacing(&replaced, at: 1, with: tenant("Q", ["A": .bool(true), "B": .integer(5), "C": .string("y")], prod: ["A": .bool(false)])))
        #expect(words(replaced) == words(whole))
        #expect(replaced.flagTypes == [.bool, .number, .string])
    }

    /// B has values from three tenants; the matrix keeps its counts from one replacement to the next.
    @Test func theTypeCountsFollowEachReplacement() throws {
        var replaced = matrix([tenant("P", ["B": .integer(3)]), tenant("Q", ["B": .integer(4)]), tenant("R", ["B": .string("x")])])
        // Numbers 3, texts 0.
        let first = try #require(replacing(&replaced, at: 2, with: tenant("R", ["B": .integer(5)])))
        #expect(words(replaced) == words(first))
        // Numbers 2, texts 1: still a number (counts left as they were would make it 1 and 2).
        let second = try #require(replacing(&replaced, at: 0, with: tenant("P", ["B": .string("y")])))
        #expect(words(replaced) == words(second))
        // Numbers 1, texts 2: B would become text, which only a whole resolution may decide.
        #expect(replacing(&replaced, at: 1, with: tenant("Q", ["B": .string("z")])) == nil)
    }

    /// Two types with as many values each: where they are written decides, so every tenant is looked at.
    @Test func aTieIsDecidedAsAWholeResolutionDecidesIt() throws {
        // Numbers 1 (P, the first tenant), texts 1 (Q) once R has none: the first value written wins, a number.
        var replaced = matrix([tenant("P", ["B": .integer(3)]), tenant("Q", ["B": .string("x")]), tenant("R", ["B": .integer(1)])])
        let whole = try #require(replacing(&replaced, at: 2, with: tenant("R", [:])))
        #expect(whole.flagTypes == [.bool, .number, .bool])
        #expect(words(replaced) == words(whole))
        // A tie within one tenant's file: the number is written first, until it moves below the text.
        func tied(numberLine: Int) -> Tenant {
            Tenant(
                id: "P", name: "P", file: "P.json", base: SettingTable(uniqueKeysWithValues: [("B", Build.setting(.integer(3), line: numberLine))]),
                overrides: ["prod": SettingTable(uniqueKeysWithValues: [("B", Build.setting(.string("x"), line: 20))])])
        }
        var moving = matrix([tied(numberLine: 5)])
        #expect(moving.flagTypes[1] == .number)
        #expect(replacing(&moving, at: 0, with: tied(numberLine: 25)) == nil)
        // The same tie with the text first is a text: a retyping, refused.
        var textFirst = matrix([tenant("P", ["B": .string("x")]), tenant("Q", ["B": .integer(3)]), tenant("R", ["B": .integer(1)])])
        #expect(replacing(&textFirst, at: 2, with: tenant("R", [:])) == nil)
    }
}
