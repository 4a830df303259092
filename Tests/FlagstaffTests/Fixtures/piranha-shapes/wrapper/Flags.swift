enum FeatureFlagKey: String {
    case onboardingExtraScreen = "onboarding_extra_screen"
}

@propertyWrapper
struct FeatureFlag {
    let key: FeatureFlagKey
    init(_ key: FeatureFlagKey) { self.key = key }
    var wrappedValue: Bool { false }
}
