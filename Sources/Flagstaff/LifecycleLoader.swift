import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Gathers what the lifecycle report needs from outside the model, the code
/// roots' Swift files and the enum file's git history, then computes the report.
public enum LifecycleLoader {
    /// The lifecycle report of a valid workspace as of a day.
    /// - Parameter dueSoonDays: overrides the configured due-soon window (`--within`).
    public static func report(for workspace: Workspace, asOf: CalendarDate, dueSoonDays: Int? = nil) throws(FlagstaffError) -> LifecycleReport {
        guard let matrix = workspace.matrix else { throw .io("the workspace has no valid model to report on") }
        let configuration = workspace.configuration
        var policy = configuration.policy
        if let dueSoonDays { policy.dueSoonDays = dueSoonDays }
        var references: [String: [CodeReference]]?
        if !configuration.code.isEmpty {
            let files = try swiftFiles(in: configuration.code, workspace: workspace)
            references = CodeReferenceScanner.scan(files, flags: matrix.model.flags, enumName: matrix.model.flagEnum.name)
        }
        let undated = matrix.model.flags.filter { workspace.lifecycles[$0.key]?.added == nil }
        var gitDates: [String: CalendarDate] = [:]
        var note: String?
        if configuration.addedFromGit && !undated.isEmpty {
            (gitDates, note) = GitHistory.addedDates(of: undated, in: configuration.enumFiles, root: workspace.root)
        }
        return LifecycleReport(
            matrix: matrix, lifecycles: workspace.lifecycles, gitAddedDates: gitDates, references: references,
            codeRoots: configuration.code, asOf: asOf, policy: policy, addedDatesNote: note)
    }

    /// Every `.swift` file below the code roots, in path order. Hidden folders and
    /// `.build` are skipped; a root that does not exist is an I/O error.
    static func swiftFiles(in roots: [String], workspace: Workspace) throws(FlagstaffError) -> [FlagEnumReader.SourceFile] {
        var files: [FlagEnumReader.SourceFile] = []
        var problems: [Diagnostic] = []
        for root in roots {
            let folder = workspace.url(for: root)
            guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles]),
                FileManager.default.fileExists(atPath: folder.path)
            else {
                problems.append(.error("no such folder '\(root)' (named by 'code')", at: workspace.configuration.locations["code"]))
                continue
            }
            var paths: [String] = []
            for case let url as URL in enumerator {
                if url.lastPathComponent == ".build" { enumerator.skipDescendants() }
                if url.pathExtension == "swift" { paths.append(String(url.path.dropFirst(folder.path.count + 1))) }
            }
            for path in paths.sorted() {
                let relative = root.hasSuffix("/") ? root + path : root + "/" + path
                guard let text = try? Workspace.readText(folder.appendingPathComponent(path)) else {
                    problems.append(.error("cannot read '\(relative)' (below a folder named by 'code')", at: workspace.configuration.locations["code"]))
                    continue
                }
                files.append(FlagEnumReader.SourceFile(path: relative, text: text))
            }
        }
        guard problems.isEmpty else { throw .unreadableInputs(problems) }
        return files
    }
}

/// Asks git when each flag's raw value first entered the enum file.
enum GitHistory {
    /// The dates found, and a note when git could not be asked at all.
    static func addedDates(of flags: [Flag], in enumFiles: [String], root: URL) -> (dates: [String: CalendarDate], note: String?) {
        let unavailable = "so flags without an Added date in the catalog have none"
        guard let shallow = run(["rev-parse", "--is-shallow-repository"], in: root) else {
            return ([:], "git is not installed, \(unavailable)")
        }
        guard shallow.status == 0 else {
            return ([:], "the workspace is not in a git repository, \(unavailable)")
        }
        guard shallow.output.hasPrefix("false") else {
            return ([:], "the git repository is a shallow clone, whose history cannot tell when flags were added, \(unavailable); fetch the full history (fetch-depth: 0) or fill in Added")
        }
        var dates: [String: CalendarDate] = [:]
        for file in enumFiles {
            guard let log = run(GitLogReader.arguments(for: file), in: root), log.status == 0 else { continue }
            for (key, date) in GitLogReader.firstAdded(in: log.output, flags: flags) where dates[key].map({ date < $0 }) ?? true {
                dates[key] = date
            }
        }
        return (dates, nil)
    }

    /// Runs git in a folder; `nil` when git cannot be started.
    private static func run(_ arguments: [String], in directory: URL) -> (status: Int32, output: String)? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // `env` exits with 127 when it cannot find git.
        if process.terminationStatus == 127 { return nil }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
