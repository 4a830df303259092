import FlagstaffCore
import FlagstaffRenderers

/// The values' history a site shows, when its configuration has `history`: the
/// first-parent line up to `history.until`, and what the sources the site is
/// built from change after it.
enum SiteHistoryLoader {
    /// The site's history; `nil` when the configuration does not ask for one. A
    /// shallow clone that lacks the commits the history needs is an error: the site
    /// would differ from a full clone's, and `build --check` with it.
    static func history(for workspace: Workspace, asOf: CalendarDate) throws(FlagstaffError) -> SiteHistory? {
        guard let settings = workspace.configuration.history else { return nil }
        let walker = try HistoryWalker(root: workspace.root, configurationFile: workspace.configurationFile, asOf: asOf)
        let since = try HistoryWalker.Since(parsing: settings.since, option: "history.since")
        let result = try walker.walk(until: settings.until, since: since)
        if let shallow = result.history.shallowFrom {
            throw .io(
                "\(workspace.displayPrefix)\(workspace.configurationFile) asks for the site's history, but this clone is shallow: its oldest commit is "
                    + "\(shallow.shortID) (\(shallow.day)), so the history before it is not known and the site would differ from a full clone's; "
                    + "fetch the whole history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0), "
                    + "or set history.since to a commit or a day this clone has")
        }
        var history = result.history
        if let pending = HistoryWalker.pendingEntry(after: result, workspace: workspace) { history.entries.append(pending) }
        return SiteHistory(history: history, recentDays: settings.recentDays, asOf: asOf)
    }
}
