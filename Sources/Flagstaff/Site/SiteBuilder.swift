import FlagstaffCore
import FlagstaffRenderers

/// Renders every output file of a valid workspace: the site and the reports.
public enum SiteBuilder {
    /// The files `flagstaff build` writes, sorted by path, with the workspace's theme.
    public static func files(for workspace: Workspace, lifecycle: LifecycleReport, history: SiteHistory? = nil) throws(FlagstaffError) -> [OutputFile] {
        var files: [OutputFile] = []
        let theme = try ThemeLoader.theme(for: workspace, override: nil)
        let stamp = SourceDigest.stamp(for: workspace, theme: theme)
        try forEachFile(for: workspace, lifecycle: lifecycle, theme: theme, stamp: stamp, history: history) { files.append($0) }
        return files.sorted { $0.path < $1.path }
    }

    /// Hands each file `flagstaff build` writes with a theme to `sink` as soon as it is rendered,
    /// one at a time, so a large site is never whole in memory. Files arrive in no
    /// fixed order; their bytes are the same on every run. `stamp` names the sources in every page's footer.
    static func forEachFile(
        for workspace: Workspace, lifecycle: LifecycleReport, theme: Theme, stamp: SiteStamp, history: SiteHistory? = nil,
        _ sink: (OutputFile) -> Void
    ) throws(FlagstaffError) {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to render") }
        let slice = MatrixSlice(matrix)
        let site = SiteRenderer(
            matrix: matrix, lifecycle: lifecycle, guide: workspace.guide, warnings: workspace.diagnostics.sortedForDisplay(),
            theme: theme, stamp: stamp, history: history)
        let exports: [SiteRenderer.Job] = [
            { [OutputFile(path: "flags.json", contents: FlagsJSONRenderer.utf8(slice, lifecycle: lifecycle))] },
            { [OutputFile(path: "matrix.md", contents: MatrixMarkdownRenderer.utf8(slice))] },
            { [OutputFile(path: "lifecycle.md", text: LifecycleMarkdownRenderer.render(lifecycle, entries: lifecycle.entries))] },
        ]
        do {
            try site.render(first: exports, into: sink)
        } catch {
            throw .io(error.description)
        }
    }
}
