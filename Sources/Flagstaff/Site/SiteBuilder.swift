import FlagstaffCore
import FlagstaffRenderers

/// Renders every output file of a valid workspace, in memory: the site and the reports.
public enum SiteBuilder {
    /// The files `flagstaff build` writes, sorted by path. `templates` replaces the
    /// configuration's templates folder.
    public static func files(for workspace: Workspace, lifecycle: LifecycleReport, templates: String? = nil) throws(FlagstaffError) -> [OutputFile] {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to render") }
        let slice = MatrixSlice(matrix)
        let site = SiteRenderer(
            matrix: matrix, lifecycle: lifecycle, guide: workspace.guide, warnings: workspace.diagnostics.sortedForDisplay(),
            theme: try ThemeLoader.theme(for: workspace, override: templates))
        let pages: [OutputFile]
        do {
            pages = try site.render()
        } catch {
            throw .io(error.description)
        }
        let files = pages + [
            OutputFile(path: "matrix.md", text: MatrixMarkdownRenderer.render(slice)),
            OutputFile(path: "flags.json", text: FlagsJSONRenderer.render(slice, lifecycle: lifecycle)),
            OutputFile(path: "lifecycle.md", text: LifecycleMarkdownRenderer.render(lifecycle, entries: lifecycle.entries)),
        ]
        return files.sorted { $0.path < $1.path }
    }
}
