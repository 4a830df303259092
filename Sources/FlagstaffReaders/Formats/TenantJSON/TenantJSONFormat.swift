import FlagstaffCore

/// One `FeatureFlags.defaults.json` per tenant: base values at the top level,
/// and `overrides` by environment (`TenantDefaultsReader`, `TenantDefaultsEditor`).
public enum TenantJSONFormat: ValuesFormat {
    public static let name = "json"

    public static func read(_ text: String, file: String, id: String, name: String, keys: FlagKeys?) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        TenantDefaultsReader.read(text, file: file, id: id, name: name, keys: keys)
    }

    public static func insertion(
        of key: String, value: FlagValue, overrides: [(environment: String, value: FlagValue)], into text: String,
        environments: [String], order: (String) -> Int?
    ) -> [TextEdit] {
        TenantDefaultsEditor.insertion(of: key, value: value, overrides: overrides, into: text, environments: environments, order: order)
    }

    public static func removal(of key: String, from text: String) -> [TextEdit] {
        TenantDefaultsEditor.removal(of: key, from: text)
    }
}
