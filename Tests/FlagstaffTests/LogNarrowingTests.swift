@testable import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// History asks git's log about the paths the workspace read, not every file
/// (`LogNarrowing`). These tests hold a narrowed walk to what the whole log gives,
/// on repositories where a narrowed log alone would go wrong: a file moved into
/// the paths from outside them (git sees it added), and a commit whose
/// configuration reads a file today's does not.
@Suite("history's narrowed log")
struct LogNarrowingTests {
    /// The walk of a repository's workspace, narrowed, and through the whole log.
    func walks(_ folder: URL) throws -> (narrowed: HistoryWalker.Result, whole: HistoryWalker.Result) {
        let workspace = try Workspace.load(configurationPath: folder.appendingPathComponent("flagstaff.yml").path)
        let asOf = CalendarDate(year: 2026, month: 6, day: 1)
        let narrowed = try HistoryWalker(workspace: workspace, asOf: asOf)
        let whole = try HistoryWalker(root: folder, configurationFile: "flagstaff.yml", asOf: asOf, borrowed: narrowed.borrowed)
        #expect(narrowed.narrowing != nil && whole.narrowing == nil)
        return (try narrowed.walk(until: "HEAD", since: nil), try whole.walk(until: "HEAD", since: nil))
    }

    /// What a walk found, written out to be compared.
    func summary(_ result: HistoryWalker.Result) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let end = result.end.map { "\($0.reads.sorted()) \($0.folders.sorted()) \($0.matrix.model.flags.map(\.key))" } ?? "none"
        return String(decoding: try encoder.encode(result.history), as: UTF8.self)
            + "\n\(end)\n\(result.endsUnreadable) \(result.wholeReads) \(result.endTree ?? "-")"
    }

    @Test func theShopsHistoryIsTheSame() throws {
        // Flags.swift moves to FeatureFlags.swift while the configuration still names it (commits 10 and 11).
        let (narrowed, whole) = try walks(try HistoryCommandTests.repository())
        #expect(try summary(narrowed) == (try summary(whole)))
        #expect(narrowed.history.entries.count > 5)
        #expect(narrowed.narrowing?.files.isSuperset(of: ["flagstaff.yml", "Flags.swift", "FeatureFlags.swift", "catalog.md"]) == true)
        #expect(narrowed.narrowing?.folders.contains("tenants") == true)
        #expect(whole.narrowing == nil)
    }

    @Test func aFileMovedInFromOutsideIsFollowedBack() throws {
        // Today's configuration names Sources/FeatureFlag.swift, which commit 2 moved
        // from App/Flags.swift: narrowed, git sees it added there, and history would start late.
        try HistoryFromFirstCommitTests().withRepository { repository in
            let (narrowed, whole) = try walks(repository)
            #expect(try summary(narrowed) == (try summary(whole)))
            #expect(narrowed.history.entries.first?.commit?.subject == "Add the flags")
            #expect(narrowed.narrowing?.files.contains("App/Flags.swift") == true)
        }
    }

    @Test func aFileOnlyAnOlderConfigurationReadsIsAskedAboutToo() throws {
        try withTemporaryDirectory { folder in
            let repository = ScriptedRepository(folder: folder)
            try repository.git(["init", "-q", "-b", "main"])
            func configuration(_ enumFile: String) -> String {
                "environments: [prod]\nenum: \(enumFile)\nswift: { defaults: isOn }\nlifecycle: { as_of: 2026-06-01, added_from_git: false }\n"
            }
            func flags(_ name: String, _ value: Bool) -> String {
                "enum \(name): String {\n    case \(name.lowercased()) = \"\(name.lowercased())\"\n\n    var isOn: Bool {\n        switch self {\n        case .\(name.lowercased()): \(value)\n        }\n    }\n}\n"
            }
            try repository.file("flagstaff.yml", configuration("Old.swift"))
            try repository.file("Old.swift", flags("Checkout", false))
            try repository.commit(subject: "Add checkout", author: "Ana", date: "2026-01-05T10:00:00Z")
            // Only Old.swift changes: a log narrowed to today's files does not list it.
            try repository.file("Old.swift", flags("Checkout", true))
            try repository.commit(subject: "Turn checkout on", author: "Ana", date: "2026-01-06T10:00:00Z")
            try FileManager.default.removeItem(at: folder.appendingPathComponent("Old.swift"))
            try repository.file("flagstaff.yml", configuration("New.swift"))
            try repository.file("New.swift", "// The shop's one flag, kept somewhere new.\n\n" + flags("Wishlist", false))
            try repository.commit(subject: "Start over with the wishlist", author: "Ben", date: "2026-01-07T10:00:00Z")
            // The last commit changes no flag source: it is still the history's end.
            try repository.file("README.md", "# Shop\n")
            try repository.commit(subject: "Add a README", author: "Ben", date: "2026-01-08T10:00:00Z")

            let (narrowed, whole) = try walks(folder)
            #expect(try summary(narrowed) == (try summary(whole)))
            #expect(narrowed.history.entries.map { $0.commit?.subject } == ["Add checkout", "Turn checkout on", "Start over with the wishlist"])
            #expect(narrowed.narrowing?.files == ["flagstaff.yml", "New.swift", "Old.swift"])
            #expect(narrowed.history.end?.subject == "Add a README")
        }
    }

    @Test func theLoadRecordsWhatItReadAndNothingAfter() throws {
        let folder = try HistoryCommandTests.repository()
        let workspace = try Workspace.load(configurationPath: folder.appendingPathComponent("flagstaff.yml").path)
        #expect(workspace.modelReads.files.isSuperset(of: ["FeatureFlags.swift", "catalog.md", "remote/prod.json", "tenants/CHL/defaults.json"]))
        #expect(workspace.modelReads.folders.contains("tenants"))
        // The workspace's own source is not the recorder: what a command reads later is not the model's.
        #expect(!(workspace.source is RecordedFileSource))
    }

    // MARK: - The paths alone

    let reads = FileReads.Paths(files: ["Flags.swift", "tenants/CHL/defaults.json", "tenants/WL/defaults.json"], folders: ["tenants"])

    @Test func filesBelowAFolderAreAskedAboutThroughIt() throws {
        let narrowing = try #require(LogNarrowing(reads, configurationFile: "flagstaff.yml", prefix: "apps/ios/"))
        #expect(narrowing.pathspecs == ["apps/ios/tenants", "apps/ios/Flags.swift", "apps/ios/flagstaff.yml"])
        #expect(narrowing.covers(files: ["apps/ios/tenants/NEW/defaults.json"], folders: ["apps/ios/tenants/NEW"]))
        #expect(!narrowing.covers(files: ["apps/ios/Other.swift"], folders: []))
        #expect(!narrowing.covers(files: [], folders: ["apps/ios"]))
        #expect(!narrowing.covers(files: ["apps/ios/tenantsX/defaults.json"], folders: []))
    }

    @Test func somethingOutsideTheRepositoryOrItsRootCannotBeNarrowedTo() {
        #expect(LogNarrowing(FileReads.Paths(files: ["/etc/flags.json"]), configurationFile: "flagstaff.yml", prefix: "") == nil)
        #expect(LogNarrowing(FileReads.Paths(files: ["../flags.json"]), configurationFile: "flagstaff.yml", prefix: "") == nil)
        #expect(LogNarrowing(FileReads.Paths(files: ["/\u{301}etc/flags.json"]), configurationFile: "flagstaff.yml", prefix: "") == nil, "absolute, whatever mark follows its slash")
        #expect(LogNarrowing(FileReads.Paths(folders: [""]), configurationFile: "flagstaff.yml", prefix: "") == nil)
        #expect(LogNarrowing(FileReads.Paths(files: ["../flags.json"]), configurationFile: "flagstaff.yml", prefix: "ios/") != nil)
        let narrowing = LogNarrowing(reads, configurationFile: "flagstaff.yml", prefix: "")
        #expect(narrowing?.adding(files: [], folders: [""]) == nil)
        #expect(narrowing?.adding(files: ["Old.swift"], folders: [])?.covers(files: ["Old.swift"], folders: []) == true)
    }

    @Test func aMoveAcrossTheEdgeNamesItsUncoveredEnd() throws {
        let narrowing = try #require(LogNarrowing(reads, configurationFile: "flagstaff.yml", prefix: ""))
        func moved(_ from: String, _ to: String) -> CommitLogReader.FileChange { CommitLogReader.FileChange(status: .renamed(from: from), path: to, blob: nil) }
        #expect(narrowing.uncoveredEnds(of: [moved("App/Flags.swift", "Flags.swift")]) == ["App/Flags.swift"])
        #expect(narrowing.uncoveredEnds(of: [moved("tenants/JLC/defaults.json", "staging/JLC.json")]) == ["staging/JLC.json"])
        #expect(narrowing.uncoveredEnds(of: [moved("tenants/JLC/defaults.json", "tenants/JOL/defaults.json")]).isEmpty)
        #expect(narrowing.uncoveredEnds(of: [moved("a.swift", "b.swift")]).isEmpty)
        let added = CommitLogReader.FileChange(status: .added, path: "Other.swift", blob: nil)
        #expect(narrowing.uncoveredEnds(of: [added]).isEmpty)
    }
}
