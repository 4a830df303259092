// From wordpress-mobile/WordPress-iOS (GPL-2.0),
// WordPress/Classes/Utility/BuildInformation/RemoteFeatureFlag.swift at
// 01792733045f6b8443bdb0be9f2cae65f0f6e0a2, cut to nine of its flags.
import Foundation

@objc
enum RemoteFeatureFlag: Int, CaseIterable {
    case jetpackFeaturesRemovalPhaseOne
    case jetpackFeaturesRemovalStaticPosters
    case jetpackMigrationPreventDuplicateNotifications
    case blaze
    case wordPressIndividualPluginSupport
    case bloggingPromptsSocial
    case siteEditorMVP
    case bloganuaryDashboardNudge // pcdRpT-4FE-p2
    case dotComWebLogin

    var defaultValue: Bool {
        switch self {
        case .jetpackMigrationPreventDuplicateNotifications:
            return true
        case .jetpackFeaturesRemovalPhaseOne:
            return false
        case .jetpackFeaturesRemovalStaticPosters:
            return true
        case .blaze:
            return false
        case .wordPressIndividualPluginSupport:
            return AppConfiguration.isWordPress
        case .bloggingPromptsSocial:
            return AppConfiguration.isJetpack
        case .siteEditorMVP:
            return true
        case .bloganuaryDashboardNudge:
            return AppConfiguration.isJetpack
        case .dotComWebLogin:
            return false
        }
    }

    /// This key must match the server-side one for remote feature flagging
    var remoteKey: String {
        switch self {
        case .jetpackFeaturesRemovalPhaseOne:
            return "jp_removal_one"
        case .jetpackFeaturesRemovalStaticPosters:
            return "jp_removal_static_posters"
        case .jetpackMigrationPreventDuplicateNotifications:
            return "prevent_duplicate_notifs_remote_field"
        case .blaze:
            return "blaze"
        case .wordPressIndividualPluginSupport:
            return "wp_individual_plugin_overlay"
        case .bloggingPromptsSocial:
            return "blogging_prompts_social_enabled"
        case .siteEditorMVP:
            return "site_editor_mvp"
        case .bloganuaryDashboardNudge:
            return "bloganuary_dashboard_nudge"
        case .dotComWebLogin:
            return "jp_wpcom_web_login"
        }
    }

    var description: String {
        switch self {
        case .jetpackMigrationPreventDuplicateNotifications:
            return "Jetpack Migration prevent duplicate WordPress app notifications when Jetpack is installed"
        case .jetpackFeaturesRemovalPhaseOne:
            return "Jetpack Features Removal Phase One"
        case .jetpackFeaturesRemovalStaticPosters:
            return "Jetpack Features Removal Static Screens Phase"
        case .blaze:
            return "Blaze"
        case .wordPressIndividualPluginSupport:
            return "Jetpack Individual Plugin Support for WordPress"
        case .bloggingPromptsSocial:
            return "Blogging Prompts Social"
        case .siteEditorMVP:
            return "Site Editor MVP"
        case .bloganuaryDashboardNudge:
            return "Bloganuary Dashboard Nudge"
        case .dotComWebLogin:
            return "Log in to WordPress.com from web browser"
        }
    }

    /// If the flag is overridden, the overridden value is returned.
    /// If the flag exists in the local cache, the current value will be returned.
    /// If the flag is not overridden and does not exist in the local cache, the compile-time default will be returned.
    func enabled(using remoteStore: RemoteFeatureFlagStore = RemoteFeatureFlagStore(),
                 overrideStore: FeatureFlagOverrideStore = FeatureFlagOverrideStore()) -> Bool {
        if let overriddenValue = overrideStore.overriddenValue(for: self) {
            return overriddenValue
        }
        if let remoteValue = remoteStore.value(for: remoteKey) { // The value may not be in the cache if this is the first run
            return remoteValue
        }
        DDLogInfo("🚩 Unable to resolve remote feature flag: \(description). Returning compile-time default.")
        return defaultValue
    }
}

extension RemoteFeatureFlag: OverridableFlag {
    var key: String {
        return "ff-override-\(String(describing: self))"
    }

    var originalValue: Bool {
        return enabled()
    }

    var canOverride: Bool {
        true
    }
}

/// Objective-C bridge for RemoteFeatureFlag.
///
/// Since we can't expose properties on Swift enums we use a class instead
class RemoteFeature: NSObject {
    /// Returns a boolean indicating if the feature is enabled
    @objc static func enabled(_ feature: RemoteFeatureFlag) -> Bool {
        return feature.enabled()
    }
}
