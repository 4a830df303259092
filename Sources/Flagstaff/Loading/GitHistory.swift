import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Asks git's history when each flag was added, and which flags are not committed yet.
enum GitHistory {
    /// The day of the first commit whose model has each flag, from the walk
    /// `flagstaff history` makes (commits older than the configuration read with
    /// the workspace's, sources followed through renames), and a note when git
    /// cannot tell: not installed, no repository, a shallow clone.
    static func addedDates(of flags: [Flag], in workspace: Workspace, asOf: CalendarDate) -> AddedDates {
        let unavailable = "so flags without an Added date in the catalog have none"
        let repository: Git.Repository
        switch Git.Repository.of(workspace.root) {
        case .success(let found): repository = found
        case .failure(.noGit): return AddedDates(note: "git is not installed, \(unavailable)")
        case .failure(.notARepository): return AddedDates(note: "the workspace is not in a git repository, \(unavailable)")
        case .failure(.unreadableAnswer): return AddedDates(note: "git rev-parse answered in a way Flagstaff cannot read, \(unavailable)")
        }
        guard !repository.isShallow else {
            return AddedDates(
                note: "the git repository is a shallow clone, whose history cannot tell when flags were added, \(unavailable); fetch the full history (fetch-depth: 0) or fill in Added")
        }
        do {
            let walker = try HistoryWalker(workspace: workspace, asOf: asOf, repository: repository)
            // No commit yet: nothing to date.
            guard walker.store.object("HEAD^{commit}")?.type == "commit" else { return AddedDates() }
            let walked = try walker.walk(until: "HEAD", since: nil)
            // Only flags the last commit read has: one added in the working tree has no commit yet.
            let read = walked.flagsAtEnd
            return AddedDates(dates: walked.history.addedDays(of: flags.map(\.key).filter(read.contains)), walk: walked)
        } catch {
            return AddedDates(note: "git's history could not be read (\(error)), \(unavailable)")
        }
    }

    /// What `addedDates` found.
    struct AddedDates {
        /// The day each flag was added, by key.
        var dates: [String: CalendarDate] = [:]
        /// Why git could not tell, when it could not.
        var note: String? = nil
        /// The walk of `HEAD`'s first-parent line, from its first commit, that found them.
        var walk: HistoryWalker.Result? = nil

        /// The keys of the flags the last commit has, when the walk read it; `nil` when it did not.
        var committed: Set<String>? {
            guard let walk, !walk.endsUnreadable else { return nil }
            return walk.flagsAtEnd
        }
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
