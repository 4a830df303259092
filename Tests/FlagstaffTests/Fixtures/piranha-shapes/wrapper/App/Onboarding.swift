struct Onboarding {
    @FeatureFlag(.onboardingExtraScreen) var showExtra: Bool

    func screens() -> [String] {
        showExtra ? ["welcome", "extra"] : ["welcome"]
    }
}
