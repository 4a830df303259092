import FlagstaffRenderers
import Foundation

/// Finds the theme a build renders with: the default theme, with the files of a
/// templates folder laid over it by relative path.
enum ThemeLoader {
    /// The theme for a workspace. `override` (`build --templates`, relative to the
    /// current folder) wins over the configuration's `templates` key.
    static func theme(for workspace: Workspace, override: String?) throws(FlagstaffError) -> Theme {
        var files: [String: String] = [:]
        let folder: (source: any FileSource, path: String)? =
            override.map { (DiskFileSource(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)), $0) }
            ?? workspace.configuration.templates.map { (workspace.source, $0) }
        if let (source, path) = folder {
            guard let paths = try? source.files(below: path) else {
                throw .io("cannot read the templates folder '\(path)'")
            }
            for relative in paths {
                do {
                    files[relative] = try source.text(of: FilePath.join(path, relative))
                } catch {
                    if case .pastLimit(let problem) = error { throw .unreadableInputs([problem]) }
                    throw .io("cannot read the template '\(FilePath.join(path, relative))'")
                }
            }
        }
        do {
            return try Theme(overrides: files)
        } catch {
            throw .io(error.description)
        }
    }
}
