import FlagstaffCore
import FlagstaffRenderers

/// Renders every output file of a valid workspace: the site and the reports.
public enum SiteBuilder {
    /// The files `flagstaff build` writes, sorted by path. `templates` replaces the
    /// configuration's templates folder.
    public static func files(for workspace: Workspace, lifecycle: LifecycleReport, templates: String? = nil) throws(FlagstaffError) -> [OutputFile] {
        var files: [OutputFile] = []
        try forEachFile(for: workspace, lifecycle: lifecycle, templates: templates) { files.append($0) }
        return files.sorted { $0.path < $1.path }
    }

    /// Hands each file `flagstaff build` writes to `sink`, one at a time, so a
    /// large site is never whole in memory. Every run gives the same files in the same order.
    public static func forEachFile(
        for workspace: Workspace, lifecycle: LifecycleReport, templates: String? = nil, _ sink: (OutputFile) -> Void
    ) throws(FlagstaffError) {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to render") }
        let slice = MatrixSlice(matrix)
        let site = SiteRenderer(
            matrix: matrix, lifecycle: lifecycle, guide: workspace.guide, warnings: workspace.diagnostics.sortedForDisplay(),
            theme: try ThemeLoader.theme(for: workspace, override: templates))
        do {
            try site.render(into: sink)
        } catch {
            throw .io(error.description)
        }
        sink(OutputFile(path: "matrix.md", text: MatrixMarkdownRenderer.render(slice)))
        sink(OutputFile(path: "flags.json", text: FlagsJSONRenderer.render(slice, lifecycle: lifecycle)))
        sink(OutputFile(path: "lifecycle.md", text: LifecycleMarkdownRenderer.render(lifecycle, entries: lifecycle.entries)))
    }
}
