// From a public iOS app's design note for its feature flags (issue 45,
// "Feature Flags"); the streamInteractions entry is written in the same shape.

/// Feature flags for incremental iOS 26 redesign rollout.
enum FeatureFlag: String, CaseIterable, Identifiable, Sendable {
    // MARK: - Phase 0: Foundation
    case liquidGlassDesign = "liquid_glass_design"
    case observableMigration = "observable_migration"

    // MARK: - Phase 1: Navigation
    case navigationSplitView = "navigation_split_view"

    // MARK: - Phase 2: Core Views
    case chatViewRedesign = "chat_view_redesign"

    // MARK: - Phase 3: Interactions
    case streamInteractions = "stream_interactions"

    var id: String { rawValue }
}

/// Metadata for a feature flag.
struct FeatureFlagInfo: Sendable {
    let flag: FeatureFlag
    let displayName: String
    let description: String
    let phase: Int
    let owner: String
    let defaultEnabled: Bool
    let removalTarget: String?  // Version when flag should be removed

    static let registry: [FeatureFlag: FeatureFlagInfo] = [
        .liquidGlassDesign: FeatureFlagInfo(
            flag: .liquidGlassDesign,
            displayName: "Liquid Glass Design",
            description: "Enable iOS 26 Liquid Glass visual style",
            phase: 0,
            owner: "design",
            defaultEnabled: false,
            removalTarget: "3.0"
        ),
        .navigationSplitView: FeatureFlagInfo(
            flag: .navigationSplitView,
            displayName: "Navigation Split View",
            description: "Use NavigationSplitView for iPad layout",
            phase: 1,
            owner: "navigation",
            defaultEnabled: false,
            removalTarget: "3.0"
        ),
        .chatViewRedesign: FeatureFlagInfo(
            flag: .chatViewRedesign,
            displayName: "Chat View Redesign",
            description: "Enable redesigned chat view with card system",
            phase: 2,
            owner: "chat",
            defaultEnabled: false,
            removalTarget: "3.0"
        ),
        .streamInteractions: FeatureFlagInfo(
            flag: .streamInteractions,
            displayName: "Stream Interactions",
            description: "Interact with a message while it streams",
            phase: 3,
            owner: "chat",
            defaultEnabled: true,
            removalTarget: nil
        ),
    ]
}
