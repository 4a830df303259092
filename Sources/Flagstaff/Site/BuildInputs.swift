import FlagstaffCore
import FlagstaffRenderers

/// Everything a build reads, read in one step, each file once: the workspace
/// (configuration, model, matrix, guide), the as-of day, the lifecycle report
/// (uses in code, Added dates from git), the theme, the values' history, and the
/// stamp that names the sources in every page's footer, from the hashes taken as
/// the sources were first read. Reading writes nothing: an earlier command's
/// unfinished change is recovered before, as a step of its own (`Workspace.recover`).
struct BuildInputs {
    var workspace: Workspace
    var lifecycle: LifecycleReport
    var theme: Theme
    var history: SiteHistory?
    var stamp: SiteStamp
    /// The hash, and the number of reads, of each file read from disk.
    var digests: FileDigests

    /// Reads a build's inputs, printing the workspace's diagnostics and the
    /// lifecycle report's notes; `nil` when the workspace cannot be rendered.
    /// - Parameters:
    ///   - asOf: the `--as-of` day; without it, the configuration's or today.
    ///   - templates: `build --templates`, overriding the configuration's.
    static func read(
        configurationPath: String?, strict: Bool, asOf: CalendarDate?, templates: String?, console: Console
    ) throws(FlagstaffError) -> BuildInputs? {
        let digests = FileDigests()
        let workspace = try Workspace.read(
            configurationPath: configurationPath, revision: nil, strict: strict, forEditing: false, asOf: asOf, dated: true, digests: digests)
        guard workspace.report(to: console) != nil, let date = workspace.asOf else { return nil }
        // The app's code and the templates are no part of the sources' digest.
        digests.skip(folders: workspace.configuration.code + [workspace.configuration.templates].compactMap { $0 })
        // The lifecycle report reads code and git history; the theme parses templates;
        // the values' history, when the site shows it, walks git meanwhile, unless it
        // is the line the lifecycle walks to date flags, whose walk it then shows.
        let sharing = LifecycleLoader.walksHistory(of: workspace) && workspace.configuration.history.map(SiteHistoryLoader.showsWalkOfHEAD) == true
        let (reportAndTheme, loadedHistory) = Parallel.both(
            {
                Parallel.both(
                    { Result { () throws(FlagstaffError) in try LifecycleLoader.reportAndWalk(for: workspace, asOf: date) } },
                    { Result { () throws(FlagstaffError) in try ThemeLoader.theme(for: workspace, override: templates) } })
            },
            { Result { () throws(FlagstaffError) -> SiteHistory? in sharing ? nil : try SiteHistoryLoader.history(for: workspace, asOf: date) } })
        let ((lifecycle, walked), theme) = (try reportAndTheme.0.get(), try reportAndTheme.1.get())
        let history = sharing ? try SiteHistoryLoader.history(for: workspace, asOf: date, walked: walked) : try loadedHistory.get()
        for note in lifecycle.notes { console.error("flagstaff: note: \(note)\n") }
        return BuildInputs(
            workspace: workspace, lifecycle: lifecycle, theme: theme, history: history,
            stamp: SourceDigest.stamp(for: workspace, theme: theme, digests: digests), digests: digests)
    }
}
