enum FeatureFlags {
    static let map: Bool = true
}
