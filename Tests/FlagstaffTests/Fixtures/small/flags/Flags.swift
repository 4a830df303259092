enum FeatureFlag: String, CaseIterable {
    // MARK: - Media

    /// Shared media library.
    case mediaLibrary = "ENABLE_MEDIA_LIBRARY"
    /// Campaigns screen.
    case campaigns = "ENABLE_CAMPAIGNS"

    // MARK: - Onboarding

    /// Which onboarding to show.
    case onboardingVariant = "ONBOARDING_VARIANT"
    case maxWishlistItems = "MAX_WISHLIST_ITEMS"
    case darkMode
}
