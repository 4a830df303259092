import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers

/// The values' history a site shows, when its configuration has `history`: the
/// first-parent line up to `history.until`, read from git or from the committed
/// snapshot (`history.snapshot`), and what the sources the site is built from
/// change after it.
enum SiteHistoryLoader {
    /// Whether the history is git's whole first-parent line of `HEAD`, walked
    /// (no snapshot): the walk the lifecycle makes to date flags.
    static func showsWalkOfHEAD(_ settings: HistorySettings) -> Bool {
        settings.snapshot == nil && settings.until == "HEAD" && settings.since == nil
    }

    /// The site's history; `nil` when the configuration does not ask for one. A
    /// shallow clone that lacks the commits the history needs is an error: the site
    /// would differ from a full clone's, and `build --check` with it. With a
    /// snapshot, git is not read at all. `walked` is a walk of `HEAD`'s whole
    /// first-parent line already made for the same workspace and day (the
    /// lifecycle's, to date flags), shown rather than walking again when the
    /// history is that line.
    static func history(for workspace: Workspace, asOf: CalendarDate, walked: HistoryWalker.Result? = nil) throws(FlagstaffError) -> SiteHistory? {
        guard let settings = workspace.configuration.history else { return nil }
        let result: HistoryWalker.Result
        if let snapshot = settings.snapshot {
            result = try HistorySnapshotFile.result(reading: snapshot, for: workspace, settings: settings, asOf: asOf)
        } else {
            if let walked, showsWalkOfHEAD(settings) {
                result = walked
            } else {
                let walker = try HistoryWalker(workspace: workspace, asOf: asOf)
                let since = try HistoryWalker.Since(parsing: settings.since, option: "history.since")
                result = try walker.walk(until: settings.until, since: since)
            }
            if let shallow = result.history.shallowFrom { throw HistorySnapshotFile.shallowClone(shallow, workspace: workspace) }
        }
        // A snapshot keeps the releases it was written with: the build reads no git then.
        var history = settings.snapshot == nil ? result.history.withReleases(pattern: settings.releaseTags, in: workspace.root) : result.history
        if let pending = HistoryWalker.pendingEntry(after: result, workspace: workspace) { history.entries.append(pending) }
        return SiteHistory(history: history.showingTimes(in: workspace.configuration.timeZone), recentDays: settings.recentDays, asOf: asOf,
            releasesTagged: settings.releaseTags != nil && history.entries.contains { $0.commit?.release != nil })
    }
}
