import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Asks git when each flag's raw value first entered the enum file.
enum GitHistory {
    /// The dates found, and a note when git could not be asked at all.
    static func addedDates(of flags: [Flag], in enumFiles: [String], root: URL) -> (dates: [String: CalendarDate], note: String?) {
        let unavailable = "so flags without an Added date in the catalog have none"
        guard let shallow = Git.run(["rev-parse", "--is-shallow-repository"], in: root) else {
            return ([:], "git is not installed, \(unavailable)")
        }
        guard shallow.status == 0 else {
            return ([:], "the workspace is not in a git repository, \(unavailable)")
        }
        guard shallow.text.hasPrefix("false") else {
            return ([:], "the git repository is a shallow clone, whose history cannot tell when flags were added, \(unavailable); fetch the full history (fetch-depth: 0) or fill in Added")
        }
        var dates: [String: CalendarDate] = [:]
        for file in enumFiles {
            guard let log = Git.run(GitLogReader.arguments(for: file), in: root), log.status == 0 else { continue }
            for (key, date) in GitLogReader.firstAdded(in: log.text, flags: flags) where dates[key].map({ date < $0 }) ?? true {
                dates[key] = date
            }
        }
        return (dates, nil)
    }

    /// The keys of the flags the working tree declares and the last commit does
    /// not: the enum files as `HEAD` has them (a file `HEAD` lacks declares none),
    /// read as the workspace reads them. Empty when git cannot say: no git, no
    /// repository, or `HEAD`'s files that do not read.
    static func uncommitted(_ flags: [Flag], in workspace: Workspace) -> Set<String> {
        guard let head = Git.run(["rev-parse", "--verify", "--quiet", "HEAD"], in: workspace.root), head.status == 0 else { return [] }
        var files: [SourceFile] = []
        for path in workspace.configuration.enumFiles {
            guard let shown = Git.run(["show", "HEAD:./" + path], in: workspace.root) else { return [] }
            if shown.status == 0 { files.append(SourceFile(path: path, text: shown.text)) }
        }
        var committed = Set<String>()
        if !files.isEmpty {
            guard let declarations = workspace.formats.declarations.read(files, configuration: workspace.configuration, conditions: [:]).declarations
            else { return [] }
            committed = Set(declarations.flagEnums.flatMap(\.flags).map(\.key))
        }
        return Set(flags.map(\.key)).subtracting(committed)
    }
}
