// From element-hq/element-x-ios (AGPL-3.0-only OR LicenseRef-Element-Commercial),
// ElementX/Sources/Application/Settings/AppSettings.swift at 5d0343c48, shortened.
import Foundation

/// Common settings between app and NSE
protocol CommonSettingsProtocol: AnyObject {
    var threadsEnabled: Bool { get }
}

/// Store Element specific app settings.
final class AppSettings {
    /// UserDefaults to be used on reads and writes.
    private let store: UserDefaults

    // MARK: - Feature Flags

    /// Others
    @UserPreference(defaultValue: false)
    var fuzzyRoomListSearchEnabled: Bool

    @UserPreference(defaultValue: false)
    var lowPriorityFilterEnabled: Bool

    @UserPreference(defaultValue: false)
    var knockingEnabled: Bool

    @UserPreference(defaultValue: false)
    var threadsEnabled: Bool

    @UserPreference(defaultValue: false)
    var linkPreviewsEnabled: Bool

    @UserPreference(defaultValue: false)
    var linkNewDeviceEnabled: Bool

    init(store: UserDefaults) {
        self.store = store
    }
}

extension AppSettings: CommonSettingsProtocol { }
