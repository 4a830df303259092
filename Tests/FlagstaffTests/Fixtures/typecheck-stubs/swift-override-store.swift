struct FeatureFlagOverrideStore {
    func overriddenValue(for flag: FeatureFlag) -> Bool? { nil }
}

enum BuildConfiguration {
    case localDeveloper, appStore

    static let current = BuildConfiguration.appStore
}
