// Lines from element-hq/element-x-ios, ElementX/Sources/Screens/CreateRoomScreen/View/CreateRoomScreen.swift at 5d0343c48.
struct CreateRoomScreen_Previews {
    private static func makeViewModel(isKnockingEnabled: Bool = false) -> CreateRoomScreenViewModel {
        let appSettings = AppSettings.volatile()
        appSettings.knockingEnabled = isKnockingEnabled
        return CreateRoomScreenViewModel(appSettings: appSettings)
    }
}
