import FirebaseCore
import FirebaseCrashlytics
import Foundation
import UIKit

/// The stage a build is made for, read from the `ACMEEnvironment` Info.plist key
/// that each scheme's xcconfig sets.
public enum AppEnvironment: String, CaseIterable, Sendable {
    case dev, sit, uat, prod

    public static let current: AppEnvironment = {
        let raw = Bundle.main.object(forInfoDictionaryKey: "ACMEEnvironment") as? String
        return raw.flatMap(AppEnvironment.init(rawValue:)) ?? .prod
    }()
}

/// The maison the build is for, e.g. "CHL" or "WL", from the `ACMETenantID` key.
public struct Tenant: Sendable {
    public let id: String

    public static let current = Tenant(id: Bundle.main.object(forInfoDictionaryKey: "ACMETenantID") as? String ?? "WL")
}

@MainActor
final class AppBootstrap {
    private let flags: FeatureFlagProvider

    init(flags: FeatureFlagProvider = .shared) {
        self.flags = flags
    }

    func start(window: UIWindow) {
        FirebaseApp.configure()
        Crashlytics.crashlytics().setCrashlyticsCollectionEnabled(flags.isEnabled(.crashReporting))
        Crashlytics.crashlytics().setCustomValue(Tenant.current.id, forKey: "tenant")

        APIClient.shared.useAsyncStack = flags.isEnabled(.networkingV2)
        if flags.isEnabled(.networkLogging) {
            APIClient.shared.attach(NetworkLogger())
        }

        if FeatureFlag.remoteConfig.isOn(in: flags) {
            Task { await flags.refreshRemoteValues() }
        }

        if flags.isEnabled(.analyticsConsent) {
            AnalyticsConsentGate.shared.holdEventsUntilConsent()
        }

        if flags.isEnabled(.forceUpdatePrompt), AppVersion.current < AppVersion.minimumSupported {
            window.rootViewController = ForceUpdateViewController()
            return
        }
        window.rootViewController = RootCoordinator(flags: flags).start()
    }
}

extension FeatureFlag {
    /// Reads nicer at some call sites: `FeatureFlag.remoteConfig.isOn(in: flags)`.
    func isOn(in provider: FeatureFlagProvider) -> Bool {
        provider.isEnabled(self)
    }
}
