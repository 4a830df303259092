import Foundation
import Observation

/// Manages feature flag state and overrides.
@MainActor @Observable
final class FeatureFlagManager {
    static let shared = FeatureFlagManager()

    @ObservationIgnored
    private let defaults = UserDefaults.standard

    @ObservationIgnored
    private let overrideKeyPrefix = "ff_override_"

    private(set) var overrides: [FeatureFlag: Bool] = [:]

    private init() {
        loadOverrides()
    }

    /// Check if a feature flag is enabled.
    ///
    /// Resolution order:
    /// 1. Debug override (if set)
    /// 2. Build configuration (DEBUG vs RELEASE)
    /// 3. Flag default value
    func isEnabled(_ flag: FeatureFlag) -> Bool {
        // Debug override takes precedence
        if let override = overrides[flag] {
            return override
        }

        // Build configuration
        #if DEBUG
        return debugDefault(for: flag)
        #else
        return releaseDefault(for: flag)
        #endif
    }

    private func loadOverrides() {
        for flag in FeatureFlag.allCases {
            let key = overrideKeyPrefix + flag.rawValue
            if defaults.object(forKey: key) != nil {
                overrides[flag] = defaults.bool(forKey: key)
            }
        }
    }

    private func debugDefault(for flag: FeatureFlag) -> Bool {
        // In debug builds, enable flags for phases 0-2 by default
        guard let info = FeatureFlagInfo.registry[flag] else { return false }
        return info.phase <= 2
    }

    private func releaseDefault(for flag: FeatureFlag) -> Bool {
        // In release builds, use explicit default
        guard let info = FeatureFlagInfo.registry[flag] else { return false }
        return info.defaultEnabled
    }
}
