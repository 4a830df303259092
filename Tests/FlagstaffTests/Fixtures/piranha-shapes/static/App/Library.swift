struct Library {
    func tabs() -> [String] {
        if FeatureFlags.map {
            return ["library", "world map"]
        }
        return ["library"]
    }

    func hidesMapButton() -> Bool {
        !FeatureFlags.map
    }
}
