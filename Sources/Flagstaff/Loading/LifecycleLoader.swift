import FlagstaffCore
import FlagstaffReaders

/// Gathers what the lifecycle report needs from outside the model, the code
/// roots' Swift files and the flags' git history, then computes the report.
public enum LifecycleLoader {
    /// The lifecycle report of a valid workspace as of a day.
    /// - Parameter dueSoonDays: overrides the configured due-soon window (`--within`).
    public static func report(for workspace: Workspace, asOf: CalendarDate, dueSoonDays: Int? = nil) throws(FlagstaffError) -> LifecycleReport {
        try reportAndWalk(for: workspace, asOf: asOf, dueSoonDays: dueSoonDays).report
    }

    /// The lifecycle report, and the walk of `HEAD`'s history that dated its flags
    /// when there was one, which a site's history of `HEAD` can show without walking again.
    static func reportAndWalk(
        for workspace: Workspace, asOf: CalendarDate, dueSoonDays: Int? = nil
    ) throws(FlagstaffError) -> (report: LifecycleReport, walk: HistoryWalker.Result?) {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to report on") }
        let configuration = workspace.configuration
        var policy = matrix.model.policy
        if let dueSoonDays { policy.dueSoonDays = dueSoonDays }
        // The code scan and git's answers do not depend on each other: git works while the files are read.
        let (scanned, fromGit) = Parallel.both(
            {
                Result { () throws(FlagstaffError) in
                    try codeReferences(in: workspace, flags: matrix.model.flags, typeNames: matrix.model.flagEnums.map(\.name))
                }
            },
            { gitFacts(for: workspace, flags: matrix.model.flags, undated: undated(in: matrix.model), asOf: asOf) })
        let references = try scanned.get()
        let report = LifecycleReport(
            matrix: matrix, gitAddedDates: fromGit.dates, references: references, codeRoots: configuration.code, asOf: asOf,
            policy: policy, addedDatesNote: fromGit.note, uncommitted: fromGit.uncommitted)
        return (report, fromGit.walk)
    }

    /// Whether the report walks `HEAD`'s history: git is asked for Added dates,
    /// and some flag has none in the catalog.
    static func walksHistory(of workspace: Workspace) -> Bool {
        guard workspace.configuration.addedFromGit, let model = workspace.matrix?.model else { return false }
        return !undated(in: model).isEmpty
    }

    /// The flags without an Added date in the catalog.
    private static func undated(in model: FlagModel) -> [Flag] { model.flags.filter { model.lifecycle(of: $0.key).added == nil } }

    /// What git says: the Added dates of the `undated` flags, a note when git
    /// cannot be asked, the flags the last commit does not declare, and the walk that found them.
    private static func gitFacts(
        for workspace: Workspace, flags: [Flag], undated: [Flag], asOf: CalendarDate
    ) -> (dates: [String: CalendarDate], note: String?, uncommitted: Set<String>, walk: HistoryWalker.Result?) {
        guard workspace.configuration.addedFromGit else { return ([:], nil, [], nil) }
        let added = undated.isEmpty ? GitHistory.AddedDates() : GitHistory.addedDates(of: undated, in: workspace, asOf: asOf)
        guard added.note == nil else { return ([:], added.note, [], nil) }
        // The walk that dated the flags read the last commit: what it has is committed.
        let uncommitted = added.committed.map { Set(flags.map(\.key)).subtracting($0) } ?? GitHistory.uncommitted(flags, in: workspace)
        return (added.dates, nil, uncommitted, added.walk)
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
        var paths: [String] = []
        var problems: [Diagnostic] = []
        let location = workspace.configuration.locations[.code]
        for root in roots {
            do {
                paths += try workspace.source.files(below: root).filter { $0.hasSuffix(".swift") }.map { FilePath.join(root, $0) }
            } catch {
                guard case .outsideWorkspace = error else {
                    problems.append(.error("no such folder '\(root)' (named by 'code')", at: location))
                    continue
                }
                problems.append(error.diagnostic(path: root, namedBy: "code", at: location))
            }
        }
        // Read on every core: an app has a thousand files or more.
        let read = Parallel.map(paths.count) { [paths] index in
            Result { () throws(FileSourceError) in SourceFile(path: paths[index], text: try workspace.source.text(of: paths[index])) }
        }
        var files: [SourceFile] = []
        for (path, result) in zip(paths, read) {
            switch result {
            case .success(let file): files.append(file)
            case .failure(let error): problems.append(error.diagnostic(path: path, namedBy: "code", at: location))
            }
        }
        guard problems.isEmpty else { throw .unreadableInputs(problems) }
        return files
    }
}
