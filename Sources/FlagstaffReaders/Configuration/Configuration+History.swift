import FlagstaffCore
import Yams

/// The `history` section: whether the site shows the values' history, which
/// commits it covers, and how far back "recent" goes. The site has no history
/// unless the configuration has the key.
public struct HistorySettings: Hashable, Sendable {
    /// The keys of the `history` mapping.
    public enum Key: String, ConfigurationKey {
        case until, since, snapshot
        case recentDays = "recent_days"
        case releaseTags = "release_tags"

        public static let place = " in history"
    }

    /// The last commit the site's history covers, as git names it. Pin it to a
    /// commit id when the site is committed and checked with `build --check`:
    /// `HEAD` moves with every commit (see the README's "History on the site").
    public var until = "HEAD"
    /// Where history starts: a revision (the changes after it) or a day
    /// (`YYYY-MM-DD`, the changes from it on); the branch's first commit when `nil`.
    public var since: String?
    /// The committed history file a build reads instead of git (`flagstaff history
    /// --write-snapshot` writes it), relative to the configuration; `nil` to read git.
    /// With it, a build needs no git history: a shallow clone or a tarball builds the
    /// same site. It needs `until` pinned to a commit id.
    public var snapshot: String?
    /// How many days back the Recent changes page and each tenant's recent changes go, counted from the as-of day.
    public var recentDays = 90
    /// The tags that mark the app's releases, as a git pattern (`v*`, `release/*`):
    /// a flag page then says which release shipped a change to a value the app
    /// bundles, or that no release has it yet. `nil` when the team tags none.
    public var releaseTags: String?

    /// The default settings.
    public init() {}
}

extension ConfigurationValues {
    /// The `history` key: `true` (every default), `false`, or a mapping of `until`, `since`, `snapshot` and `recent_days`.
    mutating func history(_ node: Node) -> HistorySettings? {
        if node.scalar != nil { return bool(node, key: "history") == true ? HistorySettings() : nil }
        guard let mapping = node.mapping else {
            fail("'history' must be true, false or a mapping, e.g. { until: HEAD, recent_days: 90 }", node, key: "history")
            return nil
        }
        var settings = HistorySettings()
        var untilNode: Node?
        for (key, _, value) in members(of: mapping, as: HistorySettings.Key.self) {
            let name = key.rawValue
            switch key {
            case .until:
                settings.until = string(value, key: name) ?? settings.until
                untilNode = value
            case .since: settings.since = string(value, key: name)
            case .snapshot: settings.snapshot = string(value, key: name)
            case .recentDays:
                guard let days = days(value, key: name) else { continue }
                guard days > 0 else {
                    fail("'recent_days' must be 1 or more", value, key: name)
                    continue
                }
                settings.recentDays = days
            case .releaseTags: settings.releaseTags = string(value, key: name)
            }
        }
        if settings.snapshot != nil, !Self.isCommitID(settings.until) {
            fail(
                "'snapshot' needs 'until' pinned to a commit id, not '\(settings.until)', which moves: the snapshot would go stale unnoticed",
                untilNode ?? node, key: HistorySettings.Key.snapshot.rawValue)
        }
        return settings
    }

    /// Whether a revision is a commit id (7 to 64 hexadecimal digits), which never moves.
    static func isCommitID(_ revision: String) -> Bool {
        (7...64).contains(revision.count) && revision.allSatisfy(\.isHexDigit)
    }
}
