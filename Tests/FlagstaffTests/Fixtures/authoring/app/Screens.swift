struct Screens {
    let flags: FeatureFlagProvider

    func items() -> [String] {
        var items: [String] = []
        if flags.isEnabled(.darkMode) {
            items.append("dark")
        } else {
            items.append("light")
        }
        if !flags.isEnabled(FeatureFlag.darkMode) {
            items.append("no dark")
        }
        return items
    }
}
