enum FeatureFlag: String, CaseIterable {
    // MARK: - Stay
    /// Unlock the room with the phone.
    case digitalKey = "ENABLE_DIGITAL_KEY"
    /// Ask for a later check-out from the app.
    case lateCheckout = "ENABLE_LATE_CHECKOUT_REQUESTS"
    /// Offer paid room upgrades before arrival.
    case roomUpgrades = "ENABLE_ROOM_UPGRADES"
    /// Add breakfast to a booking.
    case breakfastAddOn = "ENABLE_BREAKFAST_ADD_ON"
    /// Book spa treatments.
    case spaBooking = "ENABLE_SPA_BOOKING"

    // MARK: - Home and booking
    /// The redesigned home screen.
    case newHomeScreen = "ENABLE_NEW_HOME_SCREEN_WITH_PERSONALISED_OFFERS"
    /// Prices shown with VAT included.
    case vatInclusivePrices = "SHOW_VAT_INCLUSIVE_PRICES"
    /// How many rooms one booking may hold.
    case maxRooms = "MAX_ROOMS_PER_BOOKING"
    /// The languages the app offers, as a JSON list.
    case languages = "SUPPORTED_LANGUAGES"

    // MARK: - Loyalty
    /// The loyalty wallet with points and vouchers.
    case loyaltyWallet = "ENABLE_LOYALTY_WALLET"
    /// Chat with the front desk.
    case guestChat = "ENABLE_GUEST_CHAT"
}
