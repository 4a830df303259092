struct Checkout {
    let flags: FlagManager

    func title() -> String {
        if flags.isEnabled(.newCheckout) {
            return "One-page checkout"
        } else {
            return "Classic checkout"
        }
    }

    func showsClassicBanner() -> Bool {
        !flags.isEnabled(FeatureFlag.newCheckout)
    }

    func isEnabled(_ flag: FeatureFlag) -> Bool { flags.isEnabled(flag) }

    func steps() -> Int {
        isEnabled(.newCheckout) ? 1 : 3
    }
}
