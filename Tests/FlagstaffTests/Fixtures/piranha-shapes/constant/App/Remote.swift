let checkoutKey = "ENABLE_NEW_CHECKOUT"

struct Remote {
    let values: [String: Bool]

    func newCheckout() -> Bool {
        values[checkoutKey] ?? false
    }
}
