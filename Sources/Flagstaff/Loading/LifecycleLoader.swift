import FlagstaffCore
import FlagstaffReaders

/// Gathers what the lifecycle report needs from outside the model, the code
/// roots' Swift files and the flags' git history, then computes the report.
public enum LifecycleLoader {
    /// The lifecycle report of a valid workspace as of a day.
    /// - Parameter dueSoonDays: overrides the configured due-soon window (`--within`).
    public static func report(for workspace: Workspace, asOf: CalendarDate, dueSoonDays: Int? = nil) throws(FlagstaffError) -> LifecycleReport {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to report on") }
        let configuration = workspace.configuration
        var policy = matrix.model.policy
        if let dueSoonDays { policy.dueSoonDays = dueSoonDays }
        let references = try codeReferences(in: workspace, flags: matrix.model.flags, typeNames: matrix.model.flagEnums.map(\.name))
        let undated = matrix.model.flags.filter { matrix.model.lifecycle(of: $0.key).added == nil }
        var gitDates: [String: CalendarDate] = [:]
        var note: String?
        var uncommitted = Set<String>()
        if configuration.addedFromGit {
            if !undated.isEmpty { (gitDates, note) = GitHistory.addedDates(of: undated, in: workspace, asOf: asOf) }
            if note == nil { uncommitted = GitHistory.uncommitted(matrix.model.flags, in: workspace) }
        }
        return LifecycleReport(
            matrix: matrix, gitAddedDates: gitDates, references: references, codeRoots: configuration.code, asOf: asOf,
            policy: policy, addedDatesNote: note, uncommitted: uncommitted)
    }

    /// Where the Swift files below the code roots use each flag; `nil` without code
    /// roots. A file the scanner refuses (nested too deep) is an error, since a
    /// use it would miss could make a flag look unused.
    static func codeReferences(in workspace: Workspace, flags: [Flag], typeNames: [String]) throws(FlagstaffError) -> [String: [CodeReference]]? {
        guard !workspace.configuration.code.isEmpty else { return nil }
        let files = try swiftFiles(in: workspace.configuration.code, workspace: workspace)
        let (references, problems) = CodeReferenceScanner.scan(
            files, flags: flags, typeNames: typeNames, skipped: workspace.configuration.swift.describingProperties,
            flagChecks: workspace.configuration.flagChecks)
        guard problems.isEmpty else { throw .unreadableInputs(problems) }
        return references
    }

    /// Every `.swift` file below the code roots, in path order. Hidden folders
    /// (`.build` among them) and linked folders are skipped; a root that does not
    /// exist is an I/O error.
    static func swiftFiles(in roots: [String], workspace: Workspace) throws(FlagstaffError) -> [SourceFile] {
        var files: [SourceFile] = []
        var problems: [Diagnostic] = []
        let location = workspace.configuration.locations[.code]
        for root in roots {
            let paths: [String]
            do {
                paths = try workspace.source.files(below: root)
            } catch {
                guard case .outsideWorkspace = error else {
                    problems.append(.error("no such folder '\(root)' (named by 'code')", at: location))
                    continue
                }
                problems.append(error.diagnostic(path: root, namedBy: "code", at: location))
                continue
            }
            for path in paths where path.hasSuffix(".swift") {
                let relative = FilePath.join(root, path)
                do {
                    files.append(SourceFile(path: relative, text: try workspace.source.text(of: relative)))
                } catch {
                    problems.append(error.diagnostic(path: relative, namedBy: "code", at: location))
                }
            }
        }
        guard problems.isEmpty else { throw .unreadableInputs(problems) }
        return files
    }
}
