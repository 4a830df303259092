import FlagstaffCore
import Testing

/// `WorkspaceDiff` between sides whose environment lists differ: each common
/// environment is read at its own position on each side.
@Suite("Diff across different environment lists")
struct WorkspaceDiffEnvironmentTests {
    static let asOf = CalendarDate(parsing: "2026-11-23")!

    /// A tenant whose `X` is `base` everywhere, with overrides by environment.
    static func tenant(_ id: String, base: Bool, overrides: [String: Bool] = [:]) -> Tenant {
        Tenant(
            id: id, name: id, file: "\(id).json", base: SettingTable(uniqueKeysWithValues: [("X", Build.setting(.bool(base), line: 2))]),
            overrides: overrides.mapValues { SettingTable(uniqueKeysWithValues: [("X", Build.setting(.bool($0), line: 5))]) })
    }

    static func diff(base: (environments: [String], tenants: [Tenant]), head: (environments: [String], tenants: [Tenant])) -> WorkspaceDiff {
        let flags = [Build.flag("X")]
        return WorkspaceDiff(
            base: ResolvedMatrix(model: Build.model(flags: flags, tenants: base.tenants, environments: base.environments)),
            baseDiagnostics: [],
            head: ResolvedMatrix(model: Build.model(flags: flags, tenants: head.tenants, environments: head.environments)),
            headDiagnostics: [], asOf: asOf)
    }

    @Test func removingAnEnvironmentBeforeProdChangesNothingInProd() {
        // uat had an override; prod, after it, takes the base value on both sides.
        let diff = Self.diff(
            base: (["dev", "uat", "prod"], [Self.tenant("A", base: true, overrides: ["uat": true]), Self.tenant("B", base: false)]),
            head: (["dev", "prod"], [Self.tenant("A", base: true), Self.tenant("B", base: false)]))
        #expect(diff.removedEnvironments == ["uat"])
        #expect(diff.valueChanges.isEmpty)
        #expect(diff.provenanceChanges.isEmpty, "\(diff.provenanceChanges)")
    }

    @Test func addingAnEnvironmentBeforeProdComparesProdWithProd() {
        let diff = Self.diff(
            base: (["dev", "prod"], [Self.tenant("A", base: false, overrides: ["prod": true]), Self.tenant("B", base: true)]),
            head: (["dev", "staging", "prod"], [Self.tenant("A", base: false, overrides: ["prod": true, "staging": true]), Self.tenant("B", base: true)]))
        #expect(diff.addedEnvironments == ["staging"])
        #expect(diff.valueChanges.isEmpty, "\(diff.valueChanges)")
        #expect(diff.provenanceChanges.isEmpty, "\(diff.provenanceChanges)")
    }

    @Test func aRealChangeInProdIsFoundAtProdsPositionOnEachSide() {
        let diff = Self.diff(
            base: (["dev", "uat", "prod"], [Self.tenant("A", base: false, overrides: ["uat": true])]),
            head: (["prod", "dev"], [Self.tenant("A", base: false, overrides: ["prod": true])]))
        #expect(diff.valueChanges.map { "\($0.environment): \($0.old) → \($0.new) for \($0.tenants)" } == ["prod: off → on for [\"A\"]"])
        #expect(diff.provenanceChanges.isEmpty)
    }
}
