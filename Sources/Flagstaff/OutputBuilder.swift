import FlagstaffCore
import FlagstaffRenderers

/// Renders every output file of a valid workspace, in memory.
public enum OutputBuilder {
    /// The files `flagstaff build` writes, sorted by path.
    public static func files(for workspace: Workspace) throws(FlagstaffError) -> [OutputFile] {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to render") }
        let slice = MatrixSlice(matrix)
        let files = [
            OutputFile(path: "matrix.md", text: MatrixMarkdownRenderer.render(slice)),
            OutputFile(path: "flags.json", text: FlagsJSONRenderer.render(slice)),
        ]
        return files.sorted { $0.path < $1.path }
    }
}
