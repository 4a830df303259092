// The parameters the Remote Config quickstart (firebase/quickstart-ios,
// config/Config) reads, named once as an enum; the app keeps its defaults in
// RemoteConfigDefaults.plist and Firebase decides the rest.
enum RemoteConfigKey: String {
    case pricePrefix = "price_prefix"
    case loadingPhrase = "loading_phrase"
    /// Whether the discount applies.
    case isPromotionOn = "is_promotion_on"
    case price
    case discount
}
