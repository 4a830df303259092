// Lines from element-hq/element-x-ios, ElementX/Sources/Screens/Timeline/TimelineViewModel.swift at 5d0343c48.
final class TimelineViewModel {
    init(appSettings: AppSettings, roomProxy: JoinedRoomProxyProtocol) {
        self.appSettings = appSettings
        super.init(initialViewState: TimelineViewState(roomID: roomProxy.id,
                                                       areThreadsEnabled: appSettings.threadsEnabled,
                                                       linkPreviewsEnabled: appSettings.linkPreviewsEnabled))
    }

    func viewInRoomTimeline(eventID: String) async {
        switch await roomProxy.loadOrFetchEventDetails(for: eventID) {
        case .success(let event):
            let threadRootEventID: String? = if appSettings.threadsEnabled {
                event.threadRootEventId()
            } else {
                nil
            }
            actionsSubject.send(.viewInRoomTimeline(eventID: eventID, threadRootEventID: threadRootEventID))
        case .failure:
            userIndicatorController.submitIndicator(.init(title: L10n.errorUnknown))
        }
    }

    private func setupAppSettingsSubscriptions() {
        appSettings.threadsEnabledPublisher
            .weakAssign(to: \.state.areThreadsEnabled, on: self)
            .store(in: &cancellables)
    }
}
