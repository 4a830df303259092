import Foundation

struct HomeViewModel {
    let flags: FeatureFlags

    var showsNewHome: Bool { flags.isEnabled(.newHomeScreen) }
    var pricesIncludeVAT: Bool { flags.isEnabled(.vatInclusivePrices) }
    var maxRooms: Int { flags.number(.maxRooms) }
    var languages: String { flags.text(.languages) }
    var wallet: Bool { flags.isEnabled(.loyaltyWallet) }
    var chat: Bool { flags.isEnabled(.guestChat) }
}
