/// How the code declares a flag, which says how the app's code reads it.
public enum FlagForm: String, Hashable, Sendable {
    /// A case of the flag enum, passed to a check (`flags.isEnabled(.mediaLibrary)`).
    case enumCase
    /// A static property whose value is the flag's value (`static let map = true`,
    /// `@FeatureFlag("merged-chats", defaultValue: false) static var mergedChats: Bool`):
    /// `FeatureFlags.map` is the value.
    case staticValue
    /// A static function (`static func newProfile() -> SettingsFeatureFlag<Bool>`),
    /// or a static property that gives an object standing for the flag
    /// (`static let x = Flag(key: "x", defaultValue: false)`): the app reads the
    /// value from what it gives in its own way.
    case staticObject
    /// An instance property of a settings object whose value is the flag's value
    /// (`@UserPreference(defaultValue: false) var threadsEnabled: Bool`), read as
    /// `appSettings.threadsEnabled`.
    case instanceValue
}
