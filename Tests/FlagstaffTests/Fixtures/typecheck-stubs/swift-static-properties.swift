enum AppType {
    static let isCustom = false
}

enum Config {
    enum Key {
        case showExternalLinkSettings, showSearchSnippetInSettings, showSearchSuggestions
    }

    static func value(for key: Key) -> Bool? { nil }
}
