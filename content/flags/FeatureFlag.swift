//
//  FeatureFlag.swift
//  Acme Clienteling
//
//  Every feature flag the app knows about. The raw value is the key used in
//  each tenant's `FeatureFlags.defaults.json`, in Remote Config and in the
//  flag catalog (`content/flags/catalog.md`), so never rename a raw value of a
//  flag that has shipped: add a new case and deprecate the old one instead.
//
//  Adding a flag touches six places: this enum, the catalog, the template,
//  every tenant's defaults file, Remote Config (if it is to be remotely
//  controllable) and the tests. `flagstaff validate` tells you which you missed.
//

import Foundation

/// A named switch that turns a feature on or off per tenant and environment.
///
/// Resolve flags through `FeatureFlagProvider`, never by reading the bundle
/// defaults or Remote Config directly.
public enum FeatureFlag: String, CaseIterable, Codable, Sendable {

    // MARK: - Clienteling

    /// The redesigned client profile: purchase timeline, preferences and sizes on one screen.
    case clientProfileV2 = "ENABLE_CLIENT_PROFILE_V2"
    /// Free-text notes on a client, shared with the other advisers of the boutique.
    case clientNotes = "ENABLE_CLIENT_NOTES"
    /// Shows the client's purchases from every boutique of the maison.
    case purchaseHistory = "ENABLE_PURCHASE_HISTORY"
    /// Lets advisers tag clients ("VIP", "collector", ...) and filter by tag.
    case clientTags = "ENABLE_CLIENT_TAGS"
    /// Pre-written outreach messages an adviser can personalise and send.
    case outreachTemplates = "ENABLE_OUTREACH_TEMPLATES"
    /// Asks the client for marketing consent when a profile is created.
    case consentCapture = "ENABLE_CONSENT_CAPTURE"
    /// Campaign lists pushed by head office, with the clients to contact for each.
    case campaigns = "ENABLE_CAMPAIGNS"
    /// Server-side client search, an experiment on a share of devices through Remote Config.
    case clientSearchV2 = "ENABLE_CLIENT_SEARCH_V2"
    /// Outreach through third-party messaging apps instead of SMS and e-mail.
    case messagingOutreach = "ENABLE_MESSAGING_OUTREACH"

    // MARK: - Catalogue & Media

    /// Shared library of campaign imagery and product media advisers can send to clients.
    case mediaLibrary = "ENABLE_MEDIA_LIBRARY"
    /// Plays product videos in the product sheet.
    case productVideos = "ENABLE_PRODUCT_VIDEOS"
    /// Augmented-reality try-on for watches and jewellery.
    case arTryOn = "ENABLE_AR_TRY_ON"
    /// Real-time stock lookup across the boutiques of the same country.
    case stockLookup = "ENABLE_STOCK_LOOKUP"
    /// Shows both net and gross prices in the product sheet.
    case netGrossPrices = "ENABLE_NET_GROSS_PRICES"
    /// Downloads the catalogue for offline browsing while on Wi-Fi.
    case catalogueOfflineSync = "ENABLE_CATALOGUE_OFFLINE_SYNC"
    /// Loads full-resolution product imagery on capable devices.
    case highResImagery
    /// Side-by-side comparison of up to three products.
    case productComparison = "ENABLE_PRODUCT_COMPARISON"

    // MARK: - Appointments

    /// Booking boutique appointments on behalf of a client.
    case appointmentBooking = "ENABLE_APPOINTMENT_BOOKING"
    /// Reminder notifications before an appointment, and two-way sync with the adviser's calendar.
    case appointmentReminders = "ENABLE_APPOINTMENT_REMINDERS", calendarSync = "ENABLE_CALENDAR_SYNC"
    /// Remote appointments over video call.
    case videoAppointments = "ENABLE_VIDEO_APPOINTMENTS"
    /// Blocks booking when the boutique's capacity for the slot is reached.
    case boutiqueCapacity = "ENABLE_BOUTIQUE_CAPACITY"
    /// The old month-view appointment calendar.
    @available(*, deprecated, message: "Replaced by ENABLE_CALENDAR_SYNC; remove after 2.5")
    case legacyCalendar = "ENABLE_LEGACY_CALENDAR"

    // MARK: - Checkout & Payments

    /// Kill switch for in-app checkout. Turning it off hides every "Buy" button.
    case checkout = "ENABLE_CHECKOUT"
    /// Apple Pay on the adviser's device for in-boutique payment.
    case applePay = "ENABLE_APPLE_PAY"
    /// Sends the client a secure payment link by message or e-mail.
    case payByLink = "ENABLE_PAY_BY_LINK"
    /// Splits one purchase across two payment methods.
    case splitPayment = "ENABLE_SPLIT_PAYMENT"
    /// Generates tax-free shopping forms for eligible travellers.
    case taxFreeForms = "ENABLE_TAX_FREE_FORMS"
    /// Offers gift wrapping and a gift message at checkout.
    case giftWrapping = "ENABLE_GIFT_WRAPPING"
    /// E-mails the receipt instead of printing it.
    case emailReceipts = "ENABLE_EMAIL_RECEIPTS"
    /// Personal engraving options for eligible products.
    case engraving = "ENABLE_ENGRAVING"

    // MARK: - Wishlist

    /// The client wishlist.
    case wishlist = "ENABLE_WISHLIST"
    /// Sharing a wishlist with the client, and private adviser notes on wishlist items.
    case wishlistSharing = "ENABLE_WISHLIST_SHARING", wishlistNotes = "ENABLE_WISHLIST_NOTES"
    /// How many items one wishlist can hold. An integer, not a Bool.
    case maxWishlistItems = "MAX_WISHLIST_ITEMS"
    /// Notifies the adviser when a wishlisted item's price changes.
    case wishlistPriceAlerts = "ENABLE_WISHLIST_PRICE_ALERTS"
    /// Keeps wishlists in sync with the maison's website.
    case wishlistSync

    // MARK: - Onboarding

    /// Which onboarding flow to show: "carousel", "single-page" or "video". A String, not a Bool.
    case onboardingVariant = "ONBOARDING_VARIANT"
    /// Face ID / Touch ID sign-in.
    case biometricLogin = "ENABLE_BIOMETRIC_LOGIN"
    /// Single sign-on with the maison's corporate identity provider.
    case ssoLogin = "ENABLE_SSO_LOGIN"
    /// Interactive tour of the app after the first sign-in. Experiment abandoned.
    case guidedTour = "ENABLE_GUIDED_TOUR"
    /// Asks the adviser to pick a home boutique on first launch.
    case boutiquePicker = "ENABLE_BOUTIQUE_PICKER"
    /// "What's new" sheet after an update.
    case whatsNew

    // MARK: - Platform

    /// Kill switch for the Remote Config layer of the flag resolution chain.
    case remoteConfig = "ENABLE_REMOTE_CONFIG"
    /// Dark appearance support.
    case darkMode
    /// Push notifications for tasks, appointments and campaigns.
    case pushNotifications = "ENABLE_PUSH_NOTIFICATIONS"
    /// Read-only mode when the device has no connection.
    case offlineMode = "ENABLE_OFFLINE_MODE"
    /// The async/await networking stack.
    case networkingV2 = "ENABLE_NETWORKING_V2"
    /// Asks for analytics consent before any tracking starts.
    case analyticsConsent = "ENABLE_ANALYTICS_CONSENT"
    /// Blocks the app until the adviser installs the minimum supported version.
    case forceUpdatePrompt = "ENABLE_FORCE_UPDATE_PROMPT"
    /// Lets one adviser work for several boutiques.
    case multiBoutiqueAccess = "ENABLE_MULTI_BOUTIQUE_ACCESS"
    /// Exports a client's personal data as a file. Never approved by Legal.
    case clientDataExport = "ENABLE_CLIENT_DATA_EXPORT"

    // MARK: - Diagnostics

    /// On-screen overlay with tenant, environment, build and user.
    case debugView = "ENABLE_DEBUG_VIEW"
    #if DEBUG
    /// The hidden debug menu, where testers override flags on their own device.
    case debugMenu = "ENABLE_DEBUG_MENU"
    #endif
    /// Request/response logging, and performance traces sent to the monitoring backend.
    case networkLogging = "ENABLE_NETWORK_LOGGING", performanceTracing = "ENABLE_PERFORMANCE_TRACING"
    /// Kill switch for crash reporting.
    case crashReporting = "ENABLE_CRASH_REPORTING"
    /// Hides client data from screenshots and screen recordings.
    case screenshotBlocking = "ENABLE_SCREENSHOT_BLOCKING"
}

// MARK: - CaseIterable

extension FeatureFlag {
    /// Every flag, in declaration order. Written by hand because the compiler
    /// will not synthesise `allCases` while a case carries an `@available`
    /// attribute (`legacyCalendar`). Keep it in sync with the cases above;
    /// `FeatureFlagTests.testAllCasesListsEveryRawValue` fails when it is not.
    public static var allCases: [FeatureFlag] {
        var cases: [FeatureFlag] = [
            // Clienteling
            .clientProfileV2, .clientNotes, .purchaseHistory, .clientTags, .outreachTemplates,
            .consentCapture, .campaigns, .clientSearchV2, .messagingOutreach,
            // Catalogue & Media
            .mediaLibrary, .productVideos, .arTryOn, .stockLookup, .netGrossPrices,
            .catalogueOfflineSync, .highResImagery, .productComparison,
            // Appointments
            .appointmentBooking, .appointmentReminders, .calendarSync, .videoAppointments,
            .boutiqueCapacity, .legacyCalendar,
            // Checkout & Payments
            .checkout, .applePay, .payByLink, .splitPayment, .taxFreeForms, .giftWrapping,
            .emailReceipts, .engraving,
            // Wishlist
            .wishlist, .wishlistSharing, .wishlistNotes, .maxWishlistItems, .wishlistPriceAlerts,
            .wishlistSync,
            // Onboarding
            .onboardingVariant, .biometricLogin, .ssoLogin, .guidedTour, .boutiquePicker, .whatsNew,
            // Platform
            .remoteConfig, .darkMode, .pushNotifications, .offlineMode, .networkingV2,
            .analyticsConsent, .forceUpdatePrompt, .multiBoutiqueAccess, .clientDataExport,
            // Diagnostics
            .debugView,
        ]
        #if DEBUG
        cases.append(.debugMenu)
        #endif
        cases += [.networkLogging, .performanceTracing, .crashReporting, .screenshotBlocking]
        return cases
    }
}

// MARK: - Debug menu

extension FeatureFlag {
    /// Whether testers may override the flag in the debug menu. Kill switches
    /// for the infrastructure the debug menu itself relies on are read-only.
    public var isEditableInDebugMenu: Bool {
        switch self {
        case .remoteConfig, .crashReporting, .analyticsConsent:
            false
        default:
            true
        }
    }

    /// A readable title for the debug menu, derived from the raw value:
    /// `ENABLE_MEDIA_LIBRARY` becomes "Media Library".
    public var title: String {
        var key = rawValue
        if key.hasPrefix("ENABLE_") { key.removeFirst("ENABLE_".count) }
        guard key.contains("_") || key == key.uppercased() else {
            // Implicit raw value: split the camelCase case name.
            return key.reduce(into: "") { title, character in
                if character.isUppercase { title += " " }
                title += title.isEmpty ? character.uppercased() : String(character)
            }
        }
        return key.split(separator: "_").map { $0.prefix(1) + $0.dropFirst().lowercased() }.joined(separator: " ")
    }
}
