// Written for Flagstaff's authoring tests in the shapes of the real files of
// the other swift-* fixtures; it compiles on its own (swiftc -typecheck).

enum FeatureFlag: String, CaseIterable {
    // MARK: - Checkout

    /// Pay with a card saved on the account.
    case savedCards = "saved-cards"
    /// Split a payment between two cards.
    case splitPayment = "split-payment"

    var defaultValue: Bool {
        switch self {
        case .savedCards:
            return true
        #if DEBUG
        case .splitPayment:
            return true
        #else
        case .splitPayment:
            return false
        #endif
        }
    }

    /// The Remote Config parameter; `nil` when remote config never decides the flag.
    var remoteKey: String? {
        switch self {
        case .savedCards:
            return "saved_cards"
        case .splitPayment:
            return nil
        }
    }

    var description: String {
        switch self {
        case .savedCards: "Pay with a card saved on the account"
        case .splitPayment: "Split a payment between two cards"
        }
    }

    var isEditableInDebugMenu: Bool {
        switch self {
        case .savedCards, .splitPayment: true
        }
    }
}

struct FeatureFlagInfo {
    let flag: FeatureFlag
    let owner: String
    let removalTarget: String?

    static let registry: [FeatureFlag: FeatureFlagInfo] = [
        .savedCards: FeatureFlagInfo(flag: .savedCards, owner: "payments", removalTarget: nil),
        .splitPayment: FeatureFlagInfo(flag: .splitPayment, owner: "payments", removalTarget: "3.0"),
    ]
}
