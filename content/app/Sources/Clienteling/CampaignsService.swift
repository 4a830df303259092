import FirebaseRemoteConfig
import Foundation

/// Loads the campaign lists head office publishes for the adviser's boutique.
actor CampaignsService {
    private let api: CampaignAPI
    private let flags: FeatureFlagProvider

    init(api: CampaignAPI = .init(), flags: FeatureFlagProvider = .shared) {
        self.api = api
        self.flags = flags
    }

    func activeCampaigns(for boutiqueID: String) async throws -> [Campaign] {
        guard flags.isEnabled(FeatureFlag.campaigns) else { return [] }
        return try await api.campaigns(boutiqueID: boutiqueID).filter(\.isActive)
    }
}

extension CampaignsService {
    /// Used by the home-screen widget extension, which cannot link the provider.
    /// It reads Remote Config directly and therefore ignores bundle defaults and
    /// debug overrides. TODO(FLAG-131): move the widget onto the shared provider.
    static func widgetShouldShowCampaigns() -> Bool {
        let remoteConfig = RemoteConfig.remoteConfig()
        return remoteConfig["ENABLE_CAMPAIGNS"].boolValue
    }
}
