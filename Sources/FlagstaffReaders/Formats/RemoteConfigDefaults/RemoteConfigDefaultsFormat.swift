import FlagstaffCore

/// Remote Config's in-app defaults (`firebase_defaults`): the XML property list
/// for `setDefaults(fromPlist:)`, or the JSON or XML that `downloadDefaults`
/// returns (`RemoteConfigDefaultsReader`). The bundled values under remote
/// config, per tenant (`tenants`) or for the app (`values`). Flagstaff does not
/// edit these files.
public enum RemoteConfigDefaultsFormat: ReadOnlyValuesFormat {
    public static let name = "firebase_defaults"

    public static func read(_ text: String, file: String, id: String, name: String, keys: FlagKeys?) -> (tenant: Tenant?, diagnostics: [Diagnostic]) {
        let (entries, diagnostics) = RemoteConfigDefaultsReader.read(text, file: file)
        guard let entries else { return (nil, diagnostics) }
        var base = SettingTable(keys: keys, capacity: entries.count)
        for entry in entries {
            _ = base.insert(Tenant.Setting(value: entry.value, location: entry.valueLocation, keyLocation: entry.keyLocation), forKey: entry.key)
        }
        return (Tenant(id: id, name: name, file: file, base: base), diagnostics)
    }
}
