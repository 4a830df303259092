struct Timeline {
    let appSettings: AppSettings

    func threadRootEventID(_ eventID: String) -> String? {
        if appSettings.threadsEnabled {
            return eventID
        } else {
            return nil
        }
    }

    func hidesThreadButton() -> Bool {
        guard !appSettings.threadsEnabled else { return false }
        return true
    }
}
