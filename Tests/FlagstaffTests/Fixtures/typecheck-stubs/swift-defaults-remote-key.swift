enum AppConfiguration {
    static let isWordPress = false
    static let isJetpack = true
}

struct RemoteFeatureFlagStore {
    func value(for key: String) -> Bool? { nil }
}

struct FeatureFlagOverrideStore {
    func overriddenValue(for flag: RemoteFeatureFlag) -> Bool? { nil }
}

protocol OverridableFlag {}

func DDLogInfo(_ message: String) {}
