// Uses from EvanCooper9/Friendly-Competitions (a cache store, the explore view
// model and the widget's timeline provider), shortened to the lines that read a flag.
import Foundation

final class DatabaseCacheStore {
    var shouldResetCache: Bool {
        let ttl = featureFlagManager.value(forDouble: .databaseCacheTtl)
        return databaseSettingsStore.lastCacheReset.addingTimeInterval(ttl) <= .now
    }
}

final class ExploreViewModel {
    func bind() {
        showAds = featureFlagManager.value(forBool: .adsEnabled)
    }
}

struct CompetitionTimelineProvider {
    func timeline() -> TimeInterval {
        featureFlagManager.value(forDouble: .widgetUpdateIntervalS).seconds
    }
}
