import FlagstaffCore
import FlagstaffReaders

/// The product guide's pages (`guide`).
extension SourceLoader {
    /// The guide pages of the `guide` folder, in file-name order, and their problems.
    func guidePages() -> (pages: [GuidePage], diagnostics: [Diagnostic]) {
        guard let folder = configuration.guide else { return ([], []) }
        let entries: [FileEntry]
        do {
            entries = try source.entries(of: folder)
        } catch {
            return ([], [error.diagnostic(folder: folder, namedBy: "guide", at: configuration.locations[.guide])])
        }
        var pages: [GuidePage] = []
        var diagnostics: [Diagnostic] = []
        for entry in entries where entry.kind == .file && entry.name.hasSuffix(".md") {
            let path = FilePath.join(folder, entry.name)
            let text: String
            do {
                text = try source.text(of: path)
            } catch {
                diagnostics.append(error.diagnostic(path: path, namedBy: "guide", at: configuration.locations[.guide]))
                continue
            }
            let (page, problems) = GuideReader.read(text, fileName: entry.name, file: path)
            diagnostics += problems
            if let page { pages.append(page) }
        }
        return (pages, diagnostics)
    }
}
