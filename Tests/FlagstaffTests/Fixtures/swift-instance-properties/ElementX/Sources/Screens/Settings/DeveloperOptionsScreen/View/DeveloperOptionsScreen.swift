// Lines from element-hq/element-x-ios, ElementX/Sources/Screens/Settings/DeveloperOptionsScreen/View/DeveloperOptionsScreen.swift at 5d0343c48.
import SwiftUI

protocol DeveloperOptionsProtocol: AnyObject {
    var fuzzyRoomListSearchEnabled: Bool { get set }
}

struct DeveloperOptionsScreen: View {
    @Bindable var context: DeveloperOptionsScreenViewModel.Context

    var body: some View {
        Form {
            Section("Room List") {
                Toggle(isOn: $context.fuzzyRoomListSearchEnabled) {
                    Text("Fuzzy searching")
                }

                Toggle(isOn: $context.lowPriorityFilterEnabled) {
                    Text("Low priority filter")
                }
            }
        }
    }
}
