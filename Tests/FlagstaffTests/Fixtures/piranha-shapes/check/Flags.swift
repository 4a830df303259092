enum FeatureFlag: String {
    case newCheckout = "new_checkout"
}

final class FlagManager {
    func isEnabled(_ flag: FeatureFlag) -> Bool { false }
}
