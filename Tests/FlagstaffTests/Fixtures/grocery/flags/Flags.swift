enum FeatureFlag: String, CaseIterable {
    // MARK: - Checkout

    /// The one-page checkout.
    case newCheckout = "NEW_CHECKOUT"
    /// The smallest basket a customer can order.
    case minOrderValue = "MIN_ORDER_VALUE"
    /// A tip for the driver at checkout.
    case tipJar = "TIP_JAR"

    // MARK: - Engagement

    /// Delivery progress on the lock screen.
    case liveActivities = "LIVE_ACTIVITIES"
    /// The Christmas banner on the home screen.
    case christmasBanner = "CHRISTMAS_BANNER"
    /// Weekly delivery subscriptions.
    case subscriptions = "SUBSCRIPTIONS"
}
