import FlagstaffCore
import FlagstaffReaders
import Testing
import Foundation

@Suite("Configuration reader")
struct ConfigurationReaderTests {
    /// The reader remembers its last text (a history reads one per commit): another text, or
    /// the same under another file name, is read again, never given what the last one gave.
    @Test func eachTextIsReadForItself() throws {
        let texts = ["title: One\nenvironments: [prod]\nenum: one.swift\n", "title: Two\nenvironments: [prod]\nenum: two.swift\n"]
        for text in texts + texts + [texts[1]] {
            #expect(ConfigurationReader.read(text, file: "flagstaff.yml").configuration?.enumFiles == [text.contains("One") ? "one.swift" : "two.swift"])
        }
        let (_, diagnostics) = ConfigurationReader.read("title: [\n", file: "first.yml")
        #expect(diagnostics.first?.location?.file == "first.yml")
        #expect(ConfigurationReader.read("title: [\n", file: "second.yml").diagnostics.first?.location?.file == "second.yml")
    }

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

    static let required = "environments: [dev, uat, prod]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n"

    @Test func remoteConfigWithOneTemplateAppliesToEveryEnvironment() throws {
        let (configuration, diagnostics) = ConfigurationReader.read(
            Self.required + """
            remote_config:
              template: remote/all.json
              tenant_signal: tenant
              tenants:
                CHL: { app_id: "1:1:ios:chl" }
                WL: { signal: white-label }
              parameter_names: snake_case
              parameters: { ENABLE_X: x_enabled }
            """, file: "flagstaff.yml")
        #expect(diagnostics.isEmpty)
        let remote = try #require(configuration?.remoteConfig)
        #expect(remote.templates == ["dev": "remote/all.json", "uat": "remote/all.json", "prod": "remote/all.json"])
        #expect(remote.recognitions == ["CHL": TenantRecognition(appID: "1:1:ios:chl"), "WL": TenantRecognition(signal: .value("white-label"))])
        #expect(remote.tenantSignal == "tenant")
        #expect(remote.naming == .snakeCase)
        #expect(remote.parameterNames == ["ENABLE_X": "x_enabled"])
        #expect(remote.locations["remote_config.tenants.WL"] == SourceLocation(file: "flagstaff.yml", line: 10, column: 5))
    }

    /// Issue 25: the tenant user property, tenants that send no signal, a shared
    /// template, the platform, and the app version and build per environment.
    @Test func remoteConfigRecognitionsPlatformAndVersions() throws {
        let (configuration, diagnostics) = ConfigurationReader.read(
            "current_version: \"2.4\"\n" + Self.required + """
            remote_config:
              template: remote/all.json
              tenant_signal: tenant
              tenant_user_property: maison
              tenants:
                CHL: { app_id: "1:1:ios:chl", user_property: chl }
                JLC: { signal: null }
                WL: { signal: ~, user_property: }
                BR: { signal: brand }
              shared: true
              platform: ios
              app_versions: { uat: "2.5" }
              app_builds: { prod: "245" }
            """, file: "flagstaff.yml")
        #expect(diagnostics.isEmpty)
        let remote = try #require(configuration?.remoteConfig)
        #expect(remote.recognitions == [
            "CHL": TenantRecognition(appID: "1:1:ios:chl", userProperty: .value("chl")), "JLC": TenantRecognition(signal: .unset),
            "WL": TenantRecognition(signal: .unset, userProperty: .unset), "BR": TenantRecognition(signal: .value("brand")),
        ])
        #expect(remote.tenantUserProperty == "maison")
        #expect(remote.isShared)
        #expect(remote.appVersions == ["dev": "2.4", "uat": "2.5", "prod": "2.4"], "current_version for the others")
        #expect(remote.appBuilds == ["prod": "245"])
        let model = remote.remoteConfig(templates: [:], asOf: nil)
        #expect(model.identity(of: "CHL") == TenantIdentity(appID: "1:1:ios:chl", signal: .unset, userProperty: .value("chl")), "an app id alone sends no signal")
        #expect(model.identity(of: "JLC") == TenantIdentity(signal: .unset, userProperty: .value("JLC")))
        #expect(model.identity(of: "BR") == TenantIdentity(signal: .value("brand"), userProperty: .value("BR")))
        #expect(model.identity(of: "NEW") == TenantIdentity(signal: .value("NEW"), userProperty: .value("NEW")), "a tenant not named sends its id")
    }

    @Test func remoteConfigNewKeysRefuseWhatTheyCannotRead() {
        let (configuration, diagnostics) = ConfigurationReader.read(
            Self.required + """
            remote_config:
              template: remote/all.json
              tenants: { CHL: { signal: "", user_propety: x } }
              shared: yes
              platform: iphone
              app_versions: { prd: "2.5", uat: two }
              app_builds: [245]
            """, file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:7:29: error: 'signal' must be a non-empty string, or null when the tenant sends none",
            "flagstaff.yml:7:33: error: unknown key 'user_propety' for a tenant in remote_config; did you mean 'user_property'?",
            "flagstaff.yml:8:11: error: 'remote_config.shared' must be true or false",
            "flagstaff.yml:9:13: error: 'platform' must be one of ios, android, web, as device.os names them, not 'iphone'",
            "flagstaff.yml:10:19: error: remote_config.app_versions names environment 'prd', which is not configured; did you mean 'prod'?",
            "flagstaff.yml:10:36: error: 'two' is not a version; write numbers and dots, e.g. \"2.4\"",
            "flagstaff.yml:11:15: error: 'remote_config.app_builds' must map environments to values, e.g. { prod: \"245\" }",
        ])
    }

    @Test func remoteConfigWithATemplatePerEnvironment() throws {
        let (configuration, diagnostics) = ConfigurationReader.read(
            Self.required + "remote_config:\n  templates: { prod: remote/prod.json, uat: remote/uat.json }\n", file: "flagstaff.yml")
        #expect(diagnostics.isEmpty)
        #expect(configuration?.remoteConfig?.templates == ["prod": "remote/prod.json", "uat": "remote/uat.json"])
    }

    @Test func remoteConfigMistakesArePositionedWithHints() {
        let (_, diagnostics) = ConfigurationReader.read(
            Self.required + """
            remote_config:
              templates: { prd: remote/prod.json }
              template: remote/all.json
              tenant_signl: tenant
              tenants:
                CHL: { appid: "1:1:ios:chl" }
                JLC: "1:1:ios:jlc"
              parameter_names: camelCase
            """, file: "flagstaff.yml")
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:6:16: error: remote_config.templates names environment 'prd', which is not configured; did you mean 'prod'?",
            "flagstaff.yml:7:3: error: give either 'template' or 'templates', not both",
            "flagstaff.yml:8:3: error: unknown key 'tenant_signl' in remote_config; did you mean 'tenant_signal'?",
            "flagstaff.yml:10:12: error: unknown key 'appid' for a tenant in remote_config; did you mean 'app_id'?",
            "flagstaff.yml:11:10: error: 'JLC' under remote_config.tenants must be a mapping, e.g. { app_id: \"1:123:ios:abc\" }",
            "flagstaff.yml:12:20: error: 'parameter_names' must be one of same, snake_case, variable, not 'camelCase'",
        ])
        let (_, missing) = ConfigurationReader.read(Self.required + "remote_config: { tenant_signal: tenant }\n", file: "flagstaff.yml")
        #expect(missing.map(\.description) == [
            "flagstaff.yml:5:16: error: remote_config needs 'template' (one file for every environment) or 'templates' (a file per environment)"
        ])
    }

    @Test(arguments: [("ENABLE_MEDIA_LIBRARY", "enable_media_library"), ("mediaLibrary", "media_library"), ("clientSearchV2", "client_search_v2"), ("a-b c", "a_b_c"), ("URLCache", "urlcache")])
    func snakeCaseParameterNames(_ key: String, _ name: String) {
        #expect(RemoteConfig.Naming.snakeCase.name(for: key) == name)
        #expect(RemoteConfig.Naming.same.name(for: key) == key)
    }

    /// JustTweak's Firebase provider asks Remote Config for the variable, what follows the key's last dot.
    @Test(arguments: [("ui_customization.display_red_view", "display_red_view"), ("general.greet", "greet"), ("plain", "plain"), ("a.b.c", "c")])
    func variableParameterNames(_ key: String, _ name: String) {
        #expect(RemoteConfig.Naming.variable.name(for: key) == name)
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

    @Test func aSourceMayNameItsFormat() throws {
        let (configuration, diagnostics) = ConfigurationReader.read(
            """
            environments: [dev]
            enum: { path: [A.swift, B.swift], format: swift }
            catalog: { path: c.md, format: markdown }
            tenants: { path: t/*.json, format: json }
            """, file: "f.yml")
        #expect(diagnostics.isEmpty)
        let result = try #require(configuration)
        #expect(result.enumFiles == ["A.swift", "B.swift"])
        #expect(result.catalog == "c.md")
        #expect(result.tenants == "t/*.json")
        #expect(result.formats == [.declarations: "swift", .metadata: "markdown", .values: "json"])
        #expect(ConfigurationReader.read(Self.required, file: "f.yml").configuration?.formats == [:])
    }

    @Test func anUnknownFormatOrSourceKeyIsAnErrorWithAHint() {
        let (configuration, diagnostics) = ConfigurationReader.read(
            """
            environments: [dev]
            enum: F.swift
            catalog: { path: c.md, fromat: markdown }
            tenants: { path: t/*.json, format: jsn }
            """, file: "f.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "f.yml:3:24: error: unknown key 'fromat' in catalog; did you mean 'format'?",
            "f.yml:4:36: error: unknown values format 'jsn'; did you mean 'json'?",
        ])
        let (_, noPath) = ConfigurationReader.read("environments: [dev]\nenum: F.swift\ncatalog: c.md\ntenants: { format: json }\n", file: "f.yml")
        #expect(noPath.map(\.description) == ["f.yml:4:10: error: 'tenants' needs a 'path'"])
    }
}

/// The README's "Limits" table is the one `InputLimits.table` writes: a limit
/// added to the code reaches the README, and every row there is enforced here.
@Suite("Limits in the README")
struct LimitsDocumentedTests {
    static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test func theREADMEsLimitsTableIsTheCodes() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let header = "| Limit | Value |\n|---|---|\n"
        let start = try #require(text.range(of: header))
        let rows = text[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("|") }.map(String.init)
        #expect(rows == InputLimits.table.map { "| \($0.limit) | \($0.value) |" })
    }

    @Test func numbersAreGroupedByThousands() {
        #expect([0, 7, 999, 1_000, 10_000, 1_234_567, -20_000].map(\.grouped) == ["0", "7", "999", "1,000", "10,000", "1,234,567", "-20,000"])
    }
}
