// Lines from element-hq/element-x-ios, ElementX/Sources/Application/AppCoordinator.swift at 5d0343c48.
final class AppCoordinator {
    let appSettings: AppSettings

    func handleNotification(roomID: String, eventID: String?, content: NotificationContent) {
        if content.isInvite {
            handleAppRoute(.room(roomID: roomID, via: []), windowType: nil)
        } else if appSettings.threadsEnabled, let threadRootEventID = content.threadRootEventID {
            handleAppRoute(.thread(roomID: roomID, threadRootEventID: threadRootEventID, focusEventID: eventID), windowType: nil)
        }
    }
}
