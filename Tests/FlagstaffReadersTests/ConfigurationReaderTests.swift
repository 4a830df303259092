import FlagstaffCore
import FlagstaffReaders
import Testing

@Suite("Configuration reader")
struct ConfigurationReaderTests {
    @Test func readsEveryKey() throws {
        let (configuration, diagnostics) = ConfigurationReader.read(
            """
            title: Acme Flags
            environments: [dev, prod]
            enum: [a.swift, b.swift]
            enum_name: FeatureFlag
            catalog: catalog.md
            tenants: tenants/*/defaults.json
            tenant_names: { WL: White Label }
            output: site
            """, file: "flagstaff.yml")
        #expect(diagnostics.isEmpty)
        let result = try #require(configuration)
        #expect(result.enumFiles == ["a.swift", "b.swift"])
        #expect(result.tenantNames == ["WL": "White Label"])
        #expect(result.output == "site")
    }

    @Test func unknownKeysAndMissingKeysAreErrors() {
        let (configuration, diagnostics) = ConfigurationReader.read(
            "environment: [dev]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n", file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:1:1: error: missing required key 'environments'",
            "flagstaff.yml:1:1: error: unknown key 'environment'; did you mean 'environments'?",
        ])
    }

    @Test func malformedYAMLHasAPosition() {
        let (configuration, diagnostics) = ConfigurationReader.read("title: [unclosed\nenum: x\n", file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(file: "flagstaff.yml", line: 2, column: 5))
        #expect(diagnostics.first?.message.hasPrefix("malformed YAML") == true)
        let (_, tab) = ConfigurationReader.read("title: Acme\n\tenum: x\n", file: "flagstaff.yml")
        #expect(tab.map { $0.location } == [SourceLocation(file: "flagstaff.yml", line: 2, column: 1)])
    }

    @Test func diffProtectedTakesOneEnvironmentOrAListOfConfiguredOnes() throws {
        let base = "environments: [dev, uat, prod]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n"
        #expect(ConfigurationReader.read(base + "diff: { protected: uat }\n", file: "f.yml").configuration?.protectedEnvironments == ["uat"])
        #expect(ConfigurationReader.read(base + "diff: { protected: [prod, uat] }\n", file: "f.yml").configuration?.protectedEnvironments == ["prod", "uat"])
        let (configuration, diagnostics) = ConfigurationReader.read(base + "diff: { protected: [prd], protectd: x }\n", file: "f.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "f.yml:5:7: error: diff.protected names environment 'prd', which is not configured; did you mean 'prod'?",
            "f.yml:5:27: error: unknown key 'protectd' in diff; did you mean 'protected'?",
        ])
        #expect(ConfigurationReader.read(base + "diff: prod\n", file: "f.yml").diagnostics.map(\.message) == ["'diff' must be a mapping, e.g. { protected: [prod] }"])
    }
}
