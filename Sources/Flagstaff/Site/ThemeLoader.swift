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
            override.map { (DiskFileSource(root: URL(fileURLWithPath: FileManager.default.currentDirectoryPath), boundary: nil), $0) }
            ?? workspace.configuration.templates.map { (workspace.source, $0) }
        if let (source, path) = folder {
            let location = workspace.configuration.locations[.templates]
            let paths: [String]
            do {
                paths = try source.files(below: path)
            } catch {
                guard case .outsideWorkspace = error else { throw .io("cannot read the templates folder '\(path)'") }
                throw .unreadableInputs([error.diagnostic(path: path, namedBy: "templates", at: location)])
            }
            for relative in paths {
                let file = FilePath.join(path, relative)
                do {
                    files[relative] = try source.text(of: file)
                } catch {
                    switch error {
                    case .pastLimit, .outsideWorkspace: throw .unreadableInputs([error.diagnostic(path: file, namedBy: "templates", at: location)])
                    case .missing, .unreadable: throw .io("cannot read the template '\(file)'")
                    }
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
