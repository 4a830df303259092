struct Profile {
    func screen() -> String {
        SettingsFeatureFlag<Bool>.newProfile().value ? "new" : "old"
    }
}
