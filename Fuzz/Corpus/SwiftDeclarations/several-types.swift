protocol FeatureFlag {}

enum Feed: String, FeatureFlag {
    case legacy = "legacy"
    // MARK: - Flags
    case newFeed = "new_feed"
    var defaultValue: Bool { switch self { case .legacy: false; case .newFeed: true } }
}

struct Settings {
    // MARK: - Preferences
    @Preference(defaultValue: true) var sounds: Bool
    // MARK: - Flags
    @Preference(defaultValue: 3) var retries: Int
    static let name = "new_feed"
}

extension Settings: FeatureFlag {}
extension Unknown: FeatureFlag, Other {}
