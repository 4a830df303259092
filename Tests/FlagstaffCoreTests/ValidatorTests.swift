@testable import FlagstaffCore
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

    /// Finding 11: each unknown key was compared with every flag; past 100 in a file, one error stands for the rest.
    @Test func unknownKeysPastOneHundredAreCountedInOneError() {
        var tenant = Tenant(id: "T", name: "T", file: "t.json")
        for index in 1...250 { tenant.base["UNKNOWN_\(index)"] = Build.setting(.bool(true), line: index) }
        let model = Build.model(flags: [Build.flag("A")], tenants: [tenant])
        let unknown = Validator.validate(ResolvedMatrix(model: model)).filter { $0.message.contains("not a flag") || $0.message.contains("more keys") }
        #expect(unknown.count == 101)
        #expect(unknown.last?.description == "t.json:1:1: error: 150 more keys are not flags of enum FeatureFlag; only the first 100 are reported one by one")
        #expect(
            Set(unknown.dropLast().compactMap(\.location?.line)) == Set(1...100),
            "the keys reported one by one are the first in the file, not those a hash table happens to list first")
    }

    /// Finding 12: every unknown catalog row rebuilt the set of keys to suggest from, so 50,000 rows took quadratic time.
    @Test func manyUnknownCatalogRowsSuggestOnlyKeysWithoutARow() {
        let flags = [Build.flag("ENABLE_A"), Build.flag("ENABLE_B")]
        let rows = [CatalogEntry(key: "ENABLE_A", description: "", columns: [], location: SourceLocation(file: "c.md", line: 1, column: 1))]
            + (2...50_001).map { CatalogEntry(key: "ROW_\($0)", description: "", columns: [], location: SourceLocation(file: "c.md", line: $0, column: 3)) }
            + [CatalogEntry(key: "ENABLE_C", description: "", columns: [], location: SourceLocation(file: "c.md", line: 50_002, column: 3))]
        let diagnostics = Validator.catalogDiagnostics(Build.model(flags: flags, tenants: [], catalog: rows))
        #expect(diagnostics.count == 50_002)
        #expect(diagnostics[50_000].description == "c.md:50002:3: error: catalog row 'ENABLE_C' is not a case of enum FeatureFlag; did you mean 'ENABLE_B'?")
    }
}
