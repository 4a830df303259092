enum Feature {
    /// Tools for the team: logs, fake locations.
    case teamTools
    /// Try new callout sounds.
    case calloutExperiment
    /// Offline maps.
    case offlineMaps

    static func isEnabled(_ feature: Feature) -> Bool {
        #if FLAGS_ALL_OFF
        return false
        #elseif FLAGS_ALL_ON
        return true
        #else
        switch feature {
        case .teamTools:
            #if FLAG_TEAM_TOOLS
            return true
            #else
            return false
            #endif
        case .calloutExperiment:
            #if FLAG_CALLOUTS
            return true
            #else
            return false
            #endif
        case .offlineMaps:
            return true
        }
        #endif
    }
}
