import FlagstaffRenderers
import Foundation

extension Workspace {
    /// Why a build must not write into a folder, or `nil` when it may: the folder
    /// is the workspace or holds it (`/` included), holds one of its inputs, or
    /// lies inside the guide or templates folder, where generated pages would be
    /// read back as inputs on the next build. Checked before anything is written
    /// or removed, so a manifest can never make a build replace or delete an input.
    /// The folder must also not be inside a `.git` folder, and one the configuration
    /// names (rather than `--output`) must be inside the workspace's boundary.
    /// - Parameter templates: `build --templates`, relative to the current folder.
    func outputProblem(_ directory: URL, namedOnCommandLine: Bool, templates: String?) -> String? {
        let output = Self.resolved(directory)
        let configuration = configuration
        if Self.isInsideGitFolder(output) {
            return "the output folder '\(directory.path)' is inside a .git folder; choose a folder of its own, such as 'public'"
        }
        if !namedOnCommandLine {
            do {
                _ = try boundary.place(of: directory.path, shown: configuration.output)
            } catch {
                return "'output': \(error.message); \(error.hint)"
            }
        }
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

    /// Where a build writes `matrix_file` (`path`): where it leads, links followed.
    /// Throws when the build must not write there: the path leads outside the
    /// workspace's folder or into a `.git` folder, is one of the workspace's
    /// inputs, or is inside the output folder, whose files the build's own manifest
    /// accounts for; or a file is there that Flagstaff did not write (its first
    /// line is not `MatrixMarkdownRenderer.generatedNotice`).
    func matrixFileTarget(_ path: String, output: URL) throws(FlagstaffError) -> String {
        let target: String
        do {
            target = try WorkspaceBoundary.forEditing(root: root).place(of: url(for: path).path, shown: path)
        } catch {
            throw .io("'matrix_file': \(error.message); \(error.hint)")
        }
        if Self.isInsideGitFolder(target) {
            throw .io("'matrix_file' ('\(path)') is inside a .git folder; choose a path of its own, such as 'docs/FLAGS.md'")
        }
        if Self.path(target, isInside: Self.resolved(output)) {
            throw .io("'matrix_file' ('\(path)') is inside the output folder, which has its own matrix.md; choose a path outside it")
        }
        let inputs = configuration.enumFiles + [configuration.catalog] + (model?.tenants.map(\.file) ?? [])
            + [configuration.template].compactMap { $0 } + (configuration.remoteConfig.map { Array($0.templates.values) } ?? [])
        let folders = [configuration.guide, configuration.templates].compactMap { $0 }
        if let input = inputs.first(where: { Self.resolved(url(for: $0)) == target })
            ?? folders.first(where: { Self.path(target, isInside: Self.resolved(url(for: $0))) })
        {
            throw .io("'matrix_file' ('\(path)') would overwrite the input '\(input)'; choose a path of its own")
        }
        if Platform.followedKind(atPath: target) != nil {
            let notice = Array(MatrixMarkdownRenderer.generatedNotice.utf8)
            guard let bytes = try? DiskFileSource(root: root).contents(of: target), bytes.starts(with: notice) else {
                throw .io(
                    "'matrix_file' ('\(path)') would overwrite a file Flagstaff did not write; "
                        + "choose another path, or remove the file if the build should own it")
            }
        }
        return target
    }

    /// Whether the workspace's folder holds `directory`, links followed.
    func holds(_ directory: URL) -> Bool {
        Self.path(Self.resolved(directory), isInside: Self.resolved(root))
    }

    /// Whether a resolved path has a `.git` folder among its parts.
    private static func isInsideGitFolder(_ path: String) -> Bool {
        FilePath.components(of: path).contains(".git")
    }

    /// An absolute path without `.`, `..` or symbolic links, as far as they exist,
    /// resolved as the boundary resolves it (`realpath`), so that the two compare.
    private static func resolved(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        return WorkspaceBoundary.resolved(path) ?? path
    }

    /// Whether `path` is `folder` or below it.
    private static func path(_ path: String, isInside folder: String) -> Bool {
        WorkspaceBoundary.path(path, isInside: folder)
    }
}
