@propertyWrapper
struct UserPreference<Value> {
    let defaultValue: Value
    init(defaultValue: Value) { self.defaultValue = defaultValue }
    var wrappedValue: Value { defaultValue }
}

final class AppSettings {
    @UserPreference(defaultValue: false)
    var threadsEnabled: Bool
}
