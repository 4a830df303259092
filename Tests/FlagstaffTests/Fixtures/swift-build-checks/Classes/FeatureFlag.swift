/// FeatureFlag exposes a series of features to be conditionally enabled on
/// different builds.
@objc
enum FeatureFlag: Int, CaseIterable {
    case bloggingPrompts
    case jetpackDisconnect
    case debugMenu
    case siteIconCreator
    case statsNewInsights
    case betaSiteDesigns
    case readerTagsFeed
    case compliancePopover
    case voiceNotes

    /// Returns a boolean indicating if the feature is enabled
    var enabled: Bool {
        if let overriddenValue = FeatureFlagOverrideStore().overriddenValue(for: self) {
            return overriddenValue
        }

        switch self {
        case .bloggingPrompts:
            return AppConfiguration.isJetpack
        case .jetpackDisconnect:
            return BuildConfiguration.current == .localDeveloper
        case .debugMenu:
            return BuildConfiguration.current ~= [.localDeveloper, .a8cBranchTest, .a8cPrereleaseTesting]
        case .siteIconCreator:
            return BuildConfiguration.current != .appStore
        case .statsNewInsights:
            return AppConfiguration.statsRevampV2Enabled
        case .betaSiteDesigns:
            return false
        case .readerTagsFeed:
            return [.localDeveloper, .a8cBranchTest].contains(BuildConfiguration.current) && !AppConfiguration.isJetpack
        case .compliancePopover:
            return AppConfiguration.isJetpack ? true : BuildConfiguration.current == .localDeveloper
        case .voiceNotes:
            #if DEBUG
            return true
            #else
            return false
            #endif
        }
    }
}
