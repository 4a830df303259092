// Written for Flagstaff's tests after the shapes public apps use: the factory
// of the issue that asked for this reader (SettingsFeatureFlag<Bool> with key:
// and defaultValue:), and beeper/barcelona's property wrapper
// (Beeper/BarcelonaMautrixIPC/MXFeatureFlags.swift at 88c7086:
// `@FeatureFlag("merged-chats", defaultValue: false) public var mergedChats: Bool`).
import Foundation

struct SettingsFeatureFlag<Value> {
    let key: String
    let defaultValue: Value
}

@propertyWrapper
struct FeatureFlag<Value> {
    let key: String
    let defaultValue: Value
    var wrappedValue: Value { defaultValue }

    init(_ key: String, defaultValue: Value) {
        self.key = key
        self.defaultValue = defaultValue
    }
}

enum SettingsFlags {
    /// The new user profile screen.
    static func newProfile() -> SettingsFeatureFlag<Bool> {
        .init(key: "new-user-profile", defaultValue: false)
    }

    /// The payment methods offered at checkout, in order.
    static func paymentMethods() -> SettingsFeatureFlag<[String]> {
        .init(key: "payment-methods", defaultValue: ["card", "apple-pay"])
    }

    /// How many items a wishlist holds.
    static var wishlistLimit: SettingsFeatureFlag<Int> {
        SettingsFeatureFlag(key: "wishlist-limit", defaultValue: 50)
    }

    @FeatureFlag("merged-chats", defaultValue: false)
    static var mergedChats: Bool

    static let shared = SettingsFlagsStore()
}

final class SettingsFlagsStore {}
