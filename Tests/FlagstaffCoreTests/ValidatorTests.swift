import FlagstaffCore
import Testing

/// Checks between the configuration and the sources; the readers' tests cover the rest.
@Suite("Validator, configuration against sources")
struct ConfigurationAgainstSourcesTests {
    @Test func aTenantNameWithoutATenantIsAWarningWithAHint() {
        let model = Build.model(
            flags: [Build.flag("A")], tenants: [Tenant(id: "CHL", name: "Chloé", file: "t.json", base: ["A": Build.setting(.bool(true))])],
            tenantNames: ["CHL": "Chloé", "CHK": "Typo"])
        let diagnostics = Validator.validate(ResolvedMatrix(model: model))
        #expect(diagnostics.map(\.description) == [
            "flagstaff.yml:9:15: warning: tenant_names names 'CHK', but no tenant file has that id; did you mean 'CHL'?"
        ])
    }

    @Test func aVersionTargetWithoutCurrentVersionIsOneWarningAtTheFirstCell() {
        func entry(_ key: String, _ version: String, line: Int) -> CatalogEntry {
            var lifecycle = FlagLifecycle(removeBy: .version(AppVersion(parsing: version)!))
            lifecycle.removeByLocation = SourceLocation(file: "c.md", line: line, column: 20)
            return CatalogEntry(key: key, description: "", columns: [], location: .start(of: "c.md"), lifecycle: lifecycle)
        }
        let tenant = Tenant(id: "T", name: "T", file: "t.json", base: ["A": Build.setting(.bool(true)), "B": Build.setting(.bool(true))])
        var model = Build.model(
            flags: [Build.flag("A"), Build.flag("B")], tenants: [tenant], catalog: [entry("A", "3.0", line: 5), entry("B", "3.1", line: 6)])
        #expect(Validator.validate(ResolvedMatrix(model: model)).map(\.description) == [
            "c.md:5:20: warning: 'Remove by' 3.0 is an app version, but flagstaff.yml sets no current_version, so version targets are never due; add current_version: \"x.y\" to flagstaff.yml"
        ])
        model.policy.currentVersion = AppVersion(parsing: "2.0")
        #expect(Validator.validate(ResolvedMatrix(model: model)).isEmpty)
    }
}

@Suite("Lifecycle filter")
struct LifecycleFilterTests {
    @Test func filtersByStatusAndOwner() throws {
        func entry(_ key: String, owner: String?) -> CatalogEntry {
            CatalogEntry(key: key, description: "", columns: [], location: .start(of: "c.md"), lifecycle: FlagLifecycle(owner: owner))
        }
        let tenant = Tenant(id: "T", name: "T", file: "t.json", base: ["A": Build.setting(.bool(true)), "B": Build.setting(.bool(true))])
        let model = Build.model(
            flags: [Build.flag("A"), Build.flag("B"), Build.flag("C")], tenants: [tenant],
            catalog: [entry("A", owner: "Payments Team"), entry("B", owner: nil), entry("C", owner: "Growth")])
        let report = LifecycleReport(
            matrix: ResolvedMatrix(model: model), references: nil, asOf: try #require(CalendarDate(parsing: "2026-01-01")),
            policy: LifecyclePolicy())
        #expect(report.entries(withAnyOf: []).map(\.flag.key) == ["A", "B", "C"], "each is incomplete, rolled out or dead")
        #expect(report.entries(withAnyOf: [.dead]).map(\.flag.key) == ["C"])
        #expect(report.entries(withAnyOf: [.rolledOut, .dead], ownerContaining: "TEAM").map(\.flag.key) == ["A"])
        #expect(report.entries(withAnyOf: [], ownerContaining: "nobody").isEmpty)
    }
}
