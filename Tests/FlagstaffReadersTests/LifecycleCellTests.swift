import FlagstaffCore
import FlagstaffReaders
import Testing

@Suite("Lifecycle validation")
struct LifecycleValidationTests {
    @Test func badDatesTypesAndVersionsArePositionedErrors() throws {
        let text = """
            ## Flags

            | Flag | Description | Type | Added | Remove by |
            |---|---|---|---|---|
            | `A` | a | relase | 2026-02-30 | 3.0 |
            | `B` | b | `ops` | 2026-01-01 | 2026/06/01 |
            | `C` | c | toggle | | soon |

            """
        let (catalog, diagnostics) = CatalogReader.read(text, file: "catalog.md", heading: "Flags")
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "catalog.md:5:13: error: unknown flag type 'relase'; did you mean 'release'?",
            "catalog.md:5:22: error: 'Added' is not a date: '2026-02-30'; February 2026 has 28 days",
            "catalog.md:6:34: error: 'Remove by' is not a date: '2026/06/01'; write it as YYYY-MM-DD, such as 2026-03-31",
            "catalog.md:7:13: error: unknown flag type 'toggle'; use one of release, experiment, ops, kill-switch, permission, configuration",
            "catalog.md:7:24: error: 'Remove by' is neither a date nor an app version: 'soon'; write a date as YYYY-MM-DD or a version as numbers and dots, e.g. 3.0",
        ])
        #expect(catalog?.entry(for: "A")?.lifecycle.removeBy == .version(AppVersion(parsing: "3.0")!))
        #expect(catalog?.entry(for: "B")?.lifecycle.kind == .ops)
        #expect(catalog?.entry(for: "B")?.lifecycle.added == CalendarDate(year: 2026, month: 1, day: 1))
    }

    @Test func theLifecycleSettingsAreCheckedWithPositions() {
        let (configuration, diagnostics) = ConfigurationReader.read(
            """
            environments: [prod]
            enum: F.swift
            catalog: c.md
            tenants: t/*.json
            current_version: two
            lifecycle:
              as_of: 2026-02-30
              due_son_days: 10
              stale_after_days: { release: 20, permission: 5, relase: 3 }
            """, file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:5:18: error: 'current_version' is not an app version: 'two'; write numbers and dots, e.g. \"2.4\"",
            "flagstaff.yml:7:10: error: 'as_of' is not a date: '2026-02-30'; February 2026 has 28 days",
            "flagstaff.yml:8:3: error: unknown key 'due_son_days' in lifecycle; did you mean 'due_soon_days'?",
            "flagstaff.yml:9:36: error: 'permission' flags are permanent and never stale; remove this line",
            "flagstaff.yml:9:51: error: unknown flag type 'relase' in stale_after_days; did you mean 'release'?",
        ])
    }
}
