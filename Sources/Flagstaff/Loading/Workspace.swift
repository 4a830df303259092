import FlagstaffCore
import FlagstaffReaders
import Foundation

/// A loaded workspace: its configuration, the model built from its sources, and
/// every diagnostic the readers and the validator found.
public struct Workspace: Sendable {
    /// The folder that holds the configuration file on disk; git runs here, and
    /// the output folder is relative to it.
    public let root: URL
    /// Where the inputs were read from.
    public let source: any FileSource
    /// How the user wrote the root, with a trailing `/`, or empty for the current folder;
    /// put before paths in diagnostics.
    public let displayPrefix: String
    /// The configuration.
    public let configuration: Configuration
    /// The model, when the sources could be read well enough to build one.
    public let model: FlagModel?
    /// The resolved matrix, when there is a model.
    public let matrix: ResolvedMatrix?
    /// The product guide's pages with their variables filled in.
    public let guide: [ExpandedGuidePage]
    /// Every diagnostic, errors and warnings, with `strict` applied.
    public let diagnostics: [Diagnostic]
    /// The configuration file's path in `source`.
    public internal(set) var configurationFile = Workspace.configurationFileName
    /// The as-of day loading resolved: for Remote Config's date rules, or for a build.
    public internal(set) var asOf: CalendarDate?
    /// The paths loading the model asked `source` about; history narrows git's log to them.
    var modelReads = FileReads.Paths()
    /// What loading did to changes an earlier command left unfinished in the
    /// workspace's folder or the output folder (see `FileTransaction`), in words.
    public internal(set) var recoveries: [String] = []

    /// The default configuration file name.
    public static let configurationFileName = "flagstaff.yml"

    /// Whether the workspace can be rendered: a model exists and nothing is an error.
    public var isValid: Bool { matrix != nil && !diagnostics.containsErrors }

    /// Prints the diagnostics to the console, and returns the resolved matrix when
    /// the workspace can be rendered: the start of every command that needs one.
    @discardableResult
    public func report(to console: Console) -> ResolvedMatrix? {
        reportRecoveries(to: console)
        DiagnosticPrinter.print(diagnostics, pathPrefix: displayPrefix, to: console)
        return isValid ? matrix : nil
    }

    /// The format of each source, as the configuration names them.
    var formats: WorkspaceFormats { WorkspaceFormats(configuration) }

    /// Says on standard error what loading finished or rolled back.
    public func reportRecoveries(to console: Console) {
        for recovery in recoveries { console.error("flagstaff: note: \(recovery)\n") }
    }

    /// Where the configuration lets Flagstaff read and build the site: the root,
    /// and the places `outside_workspace` names. Sources are edited, and
    /// `matrix_file` written, only inside the root itself.
    public var boundary: WorkspaceBoundary {
        WorkspaceBoundary(root: root).allowing(configuration.outsideWorkspace)
    }

    /// Where a command writes the source file at `path`: where the path leads,
    /// links followed, so that a link inside the workspace is kept and its target
    /// edited. A path that leads outside the workspace's folder is refused,
    /// `outside_workspace` or not.
    public func editablePlace(of path: String) throws(FlagstaffError) -> URL {
        do {
            return URL(fileURLWithPath: try WorkspaceBoundary.forEditing(root: root).place(of: url(for: path).path, shown: displayPrefix + path))
        } catch {
            throw .io("\(error.message); nothing was changed (\(error.hint))")
        }
    }

    /// A path as written in the configuration, resolved against the root on disk.
    public func url(for path: String) -> URL {
        path.hasPrefix("/") ? URL(fileURLWithPath: path) : root.appendingPathComponent(path)
    }
}
