@propertyWrapper
struct UserPreference<Value> {
    var wrappedValue: Value

    init(defaultValue: Value) { wrappedValue = defaultValue }
}
