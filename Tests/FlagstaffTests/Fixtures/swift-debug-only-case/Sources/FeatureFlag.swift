import Foundation

/// The app's flags.
enum FeatureFlag: String, CaseIterable {
    /// The new checkout.
    case newCheckout = "new_checkout"
    #if DEBUG
    /// The hidden debug menu, where testers override flags on their own device.
    case debugMenu = "debug_menu"
    #elseif STAGING
    /// A banner that says which backend a staging build talks to.
    case stagingBanner = "staging_banner"
    #endif
    #if DEBUG || STAGING
    /// Request and response logging.
    case networkLogging = "network_logging"
    #endif

    var isEnabledByDefault: Bool {
        switch self {
        case .newCheckout:
            return false
        #if DEBUG
        case .debugMenu:
            return true
        #elseif STAGING
        case .stagingBanner:
            return true
        #endif
        #if DEBUG || STAGING
        case .networkLogging:
            return true
        #endif
        }
    }
}
