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
}
