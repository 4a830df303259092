import Foundation

/// The app's flags.
enum FeatureFlag: String, CaseIterable {
    // MARK: - Media

    /// Shared media library.
    case mediaLibrary = "ENABLE_MEDIA_LIBRARY"
    /// Campaigns and their contacts.
    case campaigns = "ENABLE_CAMPAIGNS", campaignStats = "ENABLE_CAMPAIGN_STATS"

    #if DEBUG
    /// The debug menu.
    case debugMenu = "ENABLE_DEBUG_MENU"
    #endif

    // MARK: - Onboarding

    /// Which onboarding to show.
    case onboardingVariant = "ONBOARDING_VARIANT"
    /// Dark appearance.
    case darkMode = "ENABLE_DARK_MODE"

    var title: String { rawValue }
}
