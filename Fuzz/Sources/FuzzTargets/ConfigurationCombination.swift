import FlagstaffCore
import FlagstaffReaders

/// The configuration fuzzer's second input: bytes read as choices of whole
/// configuration keys and values, so that keys meet that only matter together
/// (`environments: [prod, prod]` with `remote_config: { template: … }`), which
/// flipping bytes of one file rarely finds. A configuration that reads without
/// errors is then used as the loader uses it: a small workspace is resolved and
/// validated under it, so anything indexed by the configuration runs.
enum ConfigurationCombination {
    /// The keys and some values of each, good and bad, as YAML text.
    static let fragments: [(key: String, values: [String])] = [
        ("environments", ["[prod]", "[dev, prod]", "[prod, prod]", "[dev, uat, prod, dev]", "[]", "prod", "[prod, Prod]", "['', prod]", "{ prod: 1 }"]),
        ("enum", ["F.swift", "[F.swift, F.swift]", "''"]),
        ("enum_name", ["FeatureFlag", "Nope", "~", "[FeatureFlag, FeatureFlag]", "[FeatureFlag, Nope]", "[]"]),
        ("catalog", ["c.md", "[c.md]"]),
        ("catalog_heading", ["Flags", "''"]),
        ("tenants", ["t/*.json", "t/*/*.json", "t.json", "'*'"]),
        ("tenant_names", ["{ A: Alpha }", "{ Z: Zed, A: '' }", "[]", "{ A: Alpha, A: Again }"]),
        ("current_version", ["\"2.4\"", "x", "2.4", "\"2.4.1.0.9\""]),
        ("lifecycle", ["{ as_of: 2026-11-23 }", "{ as_of: 2026-02-30 }", "{ due_soon_days: -1 }", "{ stale_after_days: { release: 3, ops: 1 } }", "{ as_of: 0001-01-01 }"]),
        ("diff", ["{ protected: [prod, prod] }", "{ protected: dev }", "{ protected: [qa] }", "{}"]),
        ("strict", ["true", "false", "maybe"]),
        ("output", ["out", "/", "."]),
        ("catalog_order", ["key", "enum", "size"]),
        ("template", ["t/A.json", ""]),
        ("code", ["App", "/", "[App, App]"]),
        (
            "remote_config",
            [
                "{ template: r.json }",
                "{ templates: { prod: r.json, prod: s.json } }",
                "{ templates: { dev: r.json, qa: r.json } }",
                "{ templates: { prod: r.json }, template: r.json }",
                "{ template: r.json, tenant_signal: tenant, tenants: { A: { signal: ~ }, B: { app_id: \"1:1:ios:b\" }, C: { signal: '' } } }",
                "{ template: r.json, app_versions: { prod: \"2.5\", prod: \"2.6\", dev: x } }",
                "{ template: r.json, app_builds: { qa: \"7\" }, platform: android, shared: true }",
                "{ template: r.json, tenant_user_property: maison, tenants: { A: { user_property: a, user_property: b } } }",
                "{ templates: {} }",
                "{ template: r.json, parameters: { A_FLAG: a, B_FLAG: a }, parameter_names: snake_case }",
                "{ template: r.json, tenants: { A: {} }, shared: maybe, platform: symbian }",
                "{ template: r.json, tenant_signal: tenant, tenant_user_property: tenant, app_versions: { dev: \"1\", prod: \"9.9\" } }",
                "[]",
            ]
        ),
        ("title", ["Flags", "''", "[a]"]),
        ("flag_protocol", ["FeatureFlagProtocol", "1x", "[P]"]),
        ("tenant_facts", ["{ A: { Country: Chile } }", "{ Z: { Country: Nowhere } }", "{ A: [] }", "[]"]),
        ("matrix_file", ["docs/FLAGS.md", "t/A.json", "out/m.md", ".git/m.md"]),
        ("templates", ["theme", "/", "''"]),
        ("guide", ["guide", "out", "[guide]"]),
        ("history", ["true", "{ until: HEAD, recent_days: 0 }", "{ since: 2026-02-30 }", "{ snapshot: h.json }", "{ nope: 1 }", "{ release_tags: 'v*' }", "{ release_tags: [] }"]),
        ("after_change", ["'true'", "''", "[a]"]),
        ("flag_check", ["isEnabled", "[isEnabled, isOn]", "[]", "is-on"]),
        ("swift", ["{ defaults: enabled, remote_key: remoteKey }", "{ defaults: '`default`' }", "{ registry: { name: r, default: on } }", "{ nope: x }", "[]"]),
        ("build_configurations", ["{ dev: [DEBUG], prod: [] }", "{ qa: [DEBUG] }", "{ dev: { values: { A.b: c } } }", "{ prod: { xcconfig: [] } }", "{ dev: [1x] }"]),
        ("app_targets", ["{ One: { App.isOne: true }, Two: { App.isOne: false } }", "{ One: {} }", "[One]", "{ One: { 'a b': c } }"]),
        ("values", ["{ local: { path: l.json, format: justtweak } }", "{ local: { path: l.json, environments: [qa] } }", "{ base: { path: l.json } }", "[]"]),
        ("external", ["{ ld: { name: LaunchDarkly, flags: all } }", "{ ld: { flags: [A_FLAG, NOPE] } }", "{ ld: {} }", "{ remote: { name: X } }"]),
        ("chain", ["[debug, remote, override, base, fallback]", "[fallback, base]", "[nope]", "[base, base]", "[]"]),
        ("outside_workspace", ["..", "[/]", "''"]),
        ("time_zone", ["Europe/Paris", "Europe/Pariss", "UTC", "''", "[UTC]"]),
    ]

    /// The keys every workspace needs, added at the end when the choices leave one out.
    static let required = ["environments: [dev, prod]", "enum: F.swift", "catalog: c.md", "tenants: t/*.json"]

    /// The configuration the bytes choose: a pair of bytes picks a key and one of its values.
    static func compose(_ bytes: [UInt8]) -> String {
        var lines: [String] = []
        var index = 0
        while index + 1 < bytes.count && lines.count < 24 {
            let (key, values) = fragments[Int(bytes[index]) % fragments.count]
            lines.append("\(key): \(values[Int(bytes[index + 1]) % values.count])")
            index += 2
        }
        for line in required where !lines.contains(where: { $0.hasPrefix(line.prefix { $0 != ":" } + ":") }) { lines.append(line) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Reads the composed configuration and, when it has no errors, resolves and
    /// validates a small workspace under it. Returns what broke the contract.
    static func check(_ bytes: [UInt8], file: String) -> String? {
        let text = compose(bytes)
        let lineCount = text.utf8.filter { $0 == UInt8(ascii: "\n") }.count + 1
        let (configuration, diagnostics) = ConfigurationReader.read(text, file: file)
        if configuration == nil && !diagnostics.containsErrors { return "no configuration and no error for:\n\(text)" }
        if let stray = diagnostics.first(where: { $0.location.map { $0.file != file || !(1...lineCount).contains($0.line) } ?? false }) {
            return "a diagnostic outside the file: \(stray)\n\(text)"
        }
        guard let configuration else { return nil }
        _ = Validator.validate(ResolvedMatrix(model: model(under: configuration)))
        return nil
    }

    /// The small workspace, as the loader would build it under a configuration.
    static func model(under configuration: Configuration) -> FlagModel {
        let keys = FlagKeys(flags: flagEnum.flags, environments: configuration.environments)
        let tenants = ["A", "B"].compactMap { id in
            TenantDefaultsReader.read(tenantText(environments: configuration.environments), file: "t/\(id).json", id: id, name: id, keys: keys).tenant
        }
        let remote = configuration.remoteConfig.map { settings in
            settings.remoteConfig(templates: settings.templates.mapValues { _ in template }, asOf: configuration.asOf)
        }
        return FlagModel(
            title: configuration.title, environments: configuration.environments, flagEnums: [flagEnum], catalog: catalog, tenants: tenants,
            tenantNames: configuration.tenantNames, policy: configuration.policy, tenantNamesLocation: configuration.locations[.tenantNames], remoteConfig: remote)
    }

    /// A tenant file that overrides a flag in every configured environment and in one more.
    static func tenantText(environments: [String]) -> String {
        let overrides = (environments + ["elsewhere"]).map { "\"\(String($0.filter { $0 != "\"" && $0 != "\\" }))\": { \"B_FLAG\": true }" }
        return "{ \"A_FLAG\": true, \"B_FLAG\": false, \"overrides\": { \(overrides.joined(separator: ", ")) } }"
    }

    static let flagEnum = FlagEnumReader.read(
        [.init(path: "F.swift", text: "enum FeatureFlag: String { case aFlag = \"A_FLAG\"; case bFlag = \"B_FLAG\" }")], enumName: nil
    ).flagEnum!

    static let catalog = CatalogReader.read("## Flags\n\n| Flag | Description |\n|---|---|\n| A_FLAG | a |\n| B_FLAG | b |\n", file: "c.md").catalog!

    /// A template whose conditions touch every kind of part Flagstaff decides.
    static let template = RemoteTemplateReader.read(
        """
        {"conditions": [
          {"name": "tenant", "expression": "app.customSignal['tenant'].notContains(['x']) && app.userProperty['maison'] >= 1"},
          {"name": "version", "expression": "app.version.>=(['2.4']) && app.build.<(['10']) && device.os == 'android'"},
          {"name": "when", "expression": "dateTime >= dateTime('2026-11-20T00:00:00') && percent <= 100 && app.id == '1:1:ios:b'"}
        ], "parameters": {
          "A_FLAG": {"defaultValue": {"value": "TRUE"}, "conditionalValues": {"tenant": {"experimentValue":
            {"experimentId": "e", "variantValue": [{"variantId": "v", "noChange": true}, {"variantId": "w", "value": "no"}]}}}},
          "a": {"defaultValue": {"value": ".5"}, "conditionalValues": {"version": {"rolloutValue": {"rolloutId": "r", "value": "1", "percent": 5}}}},
          "b_flag": {"conditionalValues": {"when": {"value": "false"}}}
        }}
        """, file: "r.json"
    ).template!
}
