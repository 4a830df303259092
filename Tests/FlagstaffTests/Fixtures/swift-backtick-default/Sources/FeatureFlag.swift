import Foundation

public enum FeatureFlag: String, CaseIterable {
    /// Log analytics events to the console.
    case analyticsLogging

    /// The yearly listening recap.
    case yearInReview

    /// Sync every setting between devices.
    case settingsSync

    /// The redesigned podcast page.
    case podcastPageRedesign

    /// Shuffle in the queue.
    case queueShuffle

    public var enabled: Bool {
        if let override = FlagOverrides().value(for: self) {
            return override
        }
        return `default`
    }

    public var `default`: Bool {
        switch self {
        case .analyticsLogging:
            false
        case .yearInReview:
            false
        case .settingsSync:
            syncIsReady
        case .podcastPageRedesign:
            true
        case .queueShuffle:
            true
        }
    }

    private var syncIsReady: Bool {
        false
    }

    /// The Remote Config parameter of each flag.
    public var remoteKey: String? {
        switch self {
        case .analyticsLogging:
            nil
        case .podcastPageRedesign:
            "podcast_page_redesign_2026"
        default:
            rawValue.lowerSnakeCased()
        }
    }
}
