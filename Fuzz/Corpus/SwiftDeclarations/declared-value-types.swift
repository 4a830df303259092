enum Flag: String, FeatureFlag {
    typealias Data = Data
    typealias Other = [Int]?
    case ttl, retries, title
    var defaultValue: Data { switch self { case .ttl: 5.days; default: Config.value } }
    static let registry: [Flag: AnyCodable] = [
        .ttl: .double(Config.ttl), .retries: .int(), .title: .string("a", "b"),
    ]
}

enum Factories {
    static var limit: SettingsFeatureFlag<SettingsFeatureFlag<Optional<Int>>> { .init(key: "limit", defaultValue: Config.limit) }
    static func names() -> Optional<[String: Int]>! { nil }
    static var info: FlagInfo { FlagInfo(type: .int, defaultValue: .string(1)) }
}
