// A manager whose isEnabled calls helpers over a registry, as a public app's
// feature-flag design writes it, with helpers Flagstaff follows and some it does not.

enum FeatureFlag: String, CaseIterable {
    case liquidGlassDesign = "liquid_glass_design"
    case chatViewRedesign = "chat_view_redesign"
    case streamInteractions = "stream_interactions"
}

struct FeatureFlagInfo {
    let phase: Int
    let defaultEnabled: Bool
    let weight: Double

    static let registry: [FeatureFlag: FeatureFlagInfo] = [
        .liquidGlassDesign: FeatureFlagInfo(phase: 0, defaultEnabled: false, weight: 0.5),
        .chatViewRedesign: FeatureFlagInfo(phase: 2, defaultEnabled: true, weight: -1),
        "stream_interactions": FeatureFlagInfo(phase: 3, defaultEnabled: true, weight: 2e3),
    ]
}

final class FeatureFlagManager {
    func isEnabled(_ flag: FeatureFlag) -> Bool {
        if let override = overrides[flag] {
            return override
        }
        #if DEBUG
        return debugDefault(for: flag)
        #elseif BETA
        return betaDefault(flag)
        #else
        return releaseDefault(for: flag)
        #endif
    }

    private func debugDefault(for flag: FeatureFlag) -> Bool {
        guard let info = FeatureFlagInfo.registry[flag] else { return false }
        return info.phase <= 2 && !(info.weight > 1.5 || info.defaultEnabled == false)
    }

    private func betaDefault(_ flag: FeatureFlag) -> Bool {
        guard let info = registry[flag] else { return "no" }
        return info.missing
    }

    private func releaseDefault(for flag: FeatureFlag) -> Bool {
        guard let info = FeatureFlagInfo.registry[flag] else { return false }
        return info.defaultEnabled
    }
}
