/// Features turned on per build.
@objc
enum FeatureFlag: Int, CaseIterable {
    case draftSync
    case statsRedesign
    case voiceNotes

    /// Whether the feature is on: a value the debug menu stored wins.
    var enabled: Bool {
        if let overriddenValue = FeatureFlagOverrideStore().overriddenValue(for: self) {
            return overriddenValue
        }

        switch self {
        case .draftSync:
            return true
        case .statsRedesign:
            return BuildConfiguration.current == .localDeveloper
        case .voiceNotes:
            return false
        }
    }
}
