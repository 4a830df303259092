enum FeatureFlag: String {
    case newCheckout = "ENABLE_NEW_CHECKOUT"
}
