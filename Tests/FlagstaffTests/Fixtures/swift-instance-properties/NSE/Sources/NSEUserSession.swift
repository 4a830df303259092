// Lines from element-hq/element-x-ios, NSE/Sources/NSEUserSession.swift at 5d0343c48.
final class NSEUserSession {
    private let appSettings: CommonSettingsProtocol

    var threadsEnabled: Bool {
        appSettings.threadsEnabled
    }
}
