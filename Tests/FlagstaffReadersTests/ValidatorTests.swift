import FlagstaffCore
import FlagstaffReaders
import Testing

/// Cross-file checks: the tenant files, the enum and the catalog against each other.
@Suite("Validator")
struct ValidatorTests {
    static let enumSource = """
        enum FeatureFlag: String {
            case mediaLibrary = "ENABLE_MEDIA_LIBRARY"
            case variant = "ONBOARDING_VARIANT"
        }
        """

    func diagnostics(tenant json: String, catalog: String? = nil) throws -> [String] {
        let flagEnum = try #require(FlagEnumReader.read([.init(path: "F.swift", text: Self.enumSource)], enumName: nil).flagEnum)
        let catalogText = catalog ?? """
            ## Flags
            | Flag | Description |
            |---|---|
            | `ENABLE_MEDIA_LIBRARY` | Media |
            | `ONBOARDING_VARIANT` | Variant |
            """
        let (parsedCatalog, catalogDiagnostics) = CatalogReader.read(catalogText, file: "c.md")
        let (tenant, tenantDiagnostics) = TenantDefaultsReader.read(json, file: "t.json", id: "T", name: "T")
        let model = FlagModel(
            title: "T", environments: ["dev", "uat", "prod"], flagEnums: [flagEnum], catalog: try #require(parsedCatalog),
            tenants: [try #require(tenant)])
        let matrix = ResolvedMatrix(model: model)
        return (catalogDiagnostics + tenantDiagnostics + Validator.validate(matrix))
            .sortedForDisplay().map(\.description)
    }

    @Test func unknownKeySuggestsTheClosestFlag() throws {
        let result = try diagnostics(tenant: #"{"ENABLE_MEDIA_LIBRAY": true, "ENABLE_MEDIA_LIBRARY": true, "ONBOARDING_VARIANT": "a"}"#)
        #expect(result == [
            "t.json:1:2: error: 'ENABLE_MEDIA_LIBRAY' is not a flag of enum FeatureFlag; did you mean 'ENABLE_MEDIA_LIBRARY'?"
        ])
    }

    @Test func overrideForUnconfiguredEnvironment() throws {
        let result = try diagnostics(
            tenant: #"{"ENABLE_MEDIA_LIBRARY": true, "ONBOARDING_VARIANT": "a", "overrides": {"prd": {"ENABLE_MEDIA_LIBRARY": false}}}"#)
        #expect(result == [
            "t.json:1:73: error: override for environment 'prd', which is not configured; did you mean 'prod'?"
        ])
    }

    @Test func quotedBoolIsAWrongType() throws {
        let result = try diagnostics(
            tenant: """
                {
                  "ENABLE_MEDIA_LIBRARY": true,
                  "ONBOARDING_VARIANT": "a",
                  "overrides": { "uat": { "ENABLE_MEDIA_LIBRARY": "true" } }
                }
                """)
        // One tenant with one Bool and one string for the flag: the tie goes to the type seen first.
        #expect(result == [
            "t.json:4:51: error: 'ENABLE_MEDIA_LIBRARY' is a Bool flag, but this value is a string; write true without quotes"
        ])
    }

    @Test func missingFlagFallsBackWithAWarning() throws {
        let result = try diagnostics(tenant: #"{"ENABLE_MEDIA_LIBRARY": true, "overrides": {"uat": {"ONBOARDING_VARIANT": "b"}}}"#)
        #expect(result == [
            "t.json:1:1: warning: tenant T does not set 'ONBOARDING_VARIANT', so it falls back to \"\" in dev, prod; add it to the file if the fallback is intended"
        ])
    }

    @Test func strictTurnsWarningsIntoErrors() {
        let warning = Diagnostic.warning("w", at: nil)
        #expect([warning].strict().containsErrors)
        #expect(![warning].containsErrors)
    }

    @Test func catalogMissingOrphanAndDuplicateRows() throws {
        let result = try diagnostics(
            tenant: #"{"ENABLE_MEDIA_LIBRARY": true, "ONBOARDING_VARIANT": "a"}"#,
            catalog: """
                # Flags catalog

                ## Flags

                | Flag | Description | Owner |
                |---|---|---|
                | `ENABLE_MEDIA_LIBRARY` | Media | Ann |
                | `ENABLE_MEDIA_LIBRARY` | Media again | Ann |
                | `ENABLE_MEDIA_LIBRAR` | Typo | Ann |
                | `ENABLE_X` | Has a | pipe | Bob |
                """)
        #expect(result == [
            "c.md:5:1: error: the catalog has no row for 'ONBOARDING_VARIANT'; add a row; the case 'variant' is declared at F.swift:3:10",
            "c.md:8:3: error: duplicate catalog row for 'ENABLE_MEDIA_LIBRARY'; the first row is at line 7",
            "c.md:9:3: error: catalog row 'ENABLE_MEDIA_LIBRAR' is not a case of enum FeatureFlag; remove the row or add the case",
            "c.md:10:1: error: this row has 4 cells, but the header has 3; a '|' inside a cell must be written '\\|'",
            "c.md:10:3: error: catalog row 'ENABLE_X' is not a case of enum FeatureFlag; remove the row or add the case",
        ])
    }
}
