import Foundation

extension Workspace {
    /// Why a build must not write into a folder, or `nil` when it may: the folder
    /// is the workspace or holds it (`/` included), holds one of its inputs, or
    /// lies inside the guide or templates folder, where generated pages would be
    /// read back as inputs on the next build. Checked before anything is written
    /// or removed, so a manifest can never make a build replace or delete an input.
    /// - Parameter templates: `build --templates`, relative to the current folder.
    func outputProblem(_ directory: URL, templates: String?) -> String? {
        let output = Self.resolved(directory)
        let configuration = configuration
        if Self.path(Self.resolved(root), isInside: output) {
            return "the output folder '\(directory.path)' holds the workspace; choose a folder of its own, such as 'public'"
        }
        let folders = [configuration.guide, configuration.templates].compactMap { $0 }.map { url(for: $0) }
            + [templates.map { URL(fileURLWithPath: $0) }].compactMap { $0 }
        if let folder = folders.first(where: { Self.path(output, isInside: Self.resolved($0)) }) {
            return "the output folder '\(directory.path)' is inside the input folder '\(folder.path)'; choose a folder of its own"
        }
        let inputs = configuration.enumFiles + [configuration.catalog] + (model?.tenants.map(\.file) ?? []) + configuration.code
            + (configuration.remoteConfig.map { Array($0.templates.values) } ?? [])
        if let input = inputs.first(where: { Self.path(Self.resolved(url(for: $0)), isInside: output) }) {
            return "the output folder '\(directory.path)' holds the input '\(input)'; choose a folder of its own"
        }
        return nil
    }

    /// Why a build must not write `matrix_file` at `path`, or `nil` when it may:
    /// the path is one of the workspace's inputs, or inside the output folder,
    /// whose files the build's own manifest accounts for.
    func matrixFileProblem(_ path: String, output: URL) -> String? {
        let target = Self.resolved(url(for: path))
        if Self.path(target, isInside: Self.resolved(output)) {
            return "'matrix_file' ('\(path)') is inside the output folder, which has its own matrix.md; choose a path outside it"
        }
        let inputs = configuration.enumFiles + [configuration.catalog] + (model?.tenants.map(\.file) ?? [])
            + [configuration.template].compactMap { $0 } + (configuration.remoteConfig.map { Array($0.templates.values) } ?? [])
        let folders = [configuration.guide, configuration.templates].compactMap { $0 }
        if let input = inputs.first(where: { Self.resolved(url(for: $0)) == target })
            ?? folders.first(where: { Self.path(target, isInside: Self.resolved(url(for: $0))) })
        {
            return "'matrix_file' ('\(path)') would overwrite the input '\(input)'; choose a path of its own"
        }
        return nil
    }

    /// An absolute path without `.`, `..` or symbolic links, as far as they exist.
    private static func resolved(_ url: URL) -> String {
        url.standardizedFileURL.resolvingSymlinksInPath().path
    }

    /// Whether `path` is `folder` or below it.
    private static func path(_ path: String, isInside folder: String) -> Bool {
        path == folder || folder == "/" || path.hasPrefix(folder.hasSuffix("/") ? folder : folder + "/")
    }
}
