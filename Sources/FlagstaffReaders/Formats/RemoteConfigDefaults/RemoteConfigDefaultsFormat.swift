import FlagstaffCore

/// Remote Config's in-app defaults (`firebase_defaults`): the XML property list
/// for `setDefaults(fromPlist:)`, or the JSON or XML that `downloadDefaults`
/// returns (`RemoteConfigDefaultsReader`). As values, the bundled values under
/// remote config, per tenant (`tenants`) or for the app (`values`). As
/// declarations (`enum: { path: …, format: firebase_defaults }`), every key is
/// a flag and the Remote Config parameter of the same name, which remote
/// config may change.
public enum RemoteConfigDefaultsFormat: DeclaringValuesFormat {
    public static let name = "firebase_defaults"
    public static let declarationsName = "Remote Config defaults"
    public static let columns: [String] = []

    public static func entries(in text: String, file: String) -> (entries: [DeclaredEntry]?, diagnostics: [Diagnostic]) {
        let (read, diagnostics) = RemoteConfigDefaultsReader.read(text, file: file)
        return (
            read?.map { entry in
                DeclaredEntry(
                    key: entry.key, caseName: DeclaredEntry.swiftName(of: entry.key), group: nil, description: nil, cells: [:],
                    value: entry.value, valueLocation: entry.valueLocation, keyLocation: entry.keyLocation,
                    remoteKey: .parameter(entry.key, at: entry.keyLocation))
            }, diagnostics
        )
    }
}
