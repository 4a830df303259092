struct SettingsFeatureFlag<Value> {
    let key: String
    let defaultValue: Value
    var value: Value { defaultValue }

    static func newProfile() -> SettingsFeatureFlag<Bool> {
        .init(key: "new-user-profile", defaultValue: false)
    }
}
