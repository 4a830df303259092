// Arms that check values a build fixes, in the shapes WordPress writes them,
// with the ternaries and joins Flagstaff reads and some it leaves decided in code.

enum FeatureFlag: String, CaseIterable {
    case jetpackDisconnect = "jetpack-disconnect"
    case debugMenu = "debug-menu"
    case siteIconCreator = "site-icon-creator"
    case readerTagsFeed = "reader-tags-feed"
    case compliancePopover = "compliance-popover"
    case statsNewInsights = "stats-new-insights"

    var defaultValue: Bool {
        switch self {
        case .jetpackDisconnect:
            return BuildConfiguration.current == .localDeveloper
        case .debugMenu:
            return BuildConfiguration.current ~= [.localDeveloper, .a8cBranchTest]
        case .siteIconCreator:
            return BuildConfiguration.appStore != BuildConfiguration.current
        case .readerTagsFeed:
            return [.localDeveloper, .a8cBranchTest].contains(BuildConfiguration.current) && !(AppConfiguration.isJetpack || false)
        case .compliancePopover:
            return AppConfiguration.isJetpack ? true : BuildConfiguration.current == .localDeveloper ? false : true
        case .statsNewInsights:
            return AppConfiguration.statsRevampV2Enabled && BuildConfiguration.current == Other.current
        }
    }
}
