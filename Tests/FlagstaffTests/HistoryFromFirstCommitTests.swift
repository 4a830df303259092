@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// `flagstaff history` from a repository's first commit, before the team adopted
/// Flagstaff (issue 36). The test builds the repository from this script; every
/// expectation is written from it. A single app (environments debug and release),
/// flags in a Swift enum with raw-value keys and a `default` switch, and a Remote
/// Config template for release:
///
/// | # | Day | Subject | What it does |
/// |---|---|---|---|
/// | 0 | 2026-01-02 | Start the app | README only: no flags yet |
/// | 1 | 2026-01-05 | Add the flags | `App/Flags.swift` (year_in_review off, settings_sync worked out by `ProcessInfo.processInfo.isiOSAppOnMac`, queue_shuffle on) and the template (year_in_review rolled out to 10%); no `flagstaff.yml`: history starts, read with today's |
/// | 2 | 2026-02-02 | Move the flags file | `git mv App/Flags.swift Sources/FeatureFlag.swift`: nothing changes |
/// | 3 | 2026-03-01 | Raise the year-in-review rollout | 10% → 50% in release |
/// | 4 | 2026-03-10 | Work settings sync out differently | now `SyncGate.isReady()`, in release and debug (the last environment is listed first) |
/// | 5 | 2026-04-01 | Add the configuration | `flagstaff.yml` as today: read with the commits' own from here |
/// | 6 | 2026-04-10 | Rename the queue shuffle key | queue_shuffle → queue_shuffle_v2, same case |
@Suite("history from the first commit")
struct HistoryFromFirstCommitTests {
    static let configuration = """
        title: Podcast flags
        environments: [debug, release]
        enum: Sources/FeatureFlag.swift
        enum_name: FeatureFlag
        swift: { defaults: default }
        remote_config: { templates: { release: remote/release.json } }
        lifecycle: { as_of: 2026-11-23, added_from_git: false }

        """

    static func flags(settingsSync: String, shuffleKey: String) -> String {
        """
        import Foundation

        public enum FeatureFlag: String, CaseIterable {
            /// The yearly listening recap.
            case yearInReview = "year_in_review"

            /// Sync every setting between devices.
            case settingsSync = "settings_sync"

            /// Shuffle in the queue.
            case queueShuffle = "\(shuffleKey)"

            public var `default`: Bool {
                switch self {
                case .yearInReview:
                    false
                case .settingsSync:
                    \(settingsSync)
                case .queueShuffle:
                    true
                }
            }
        }

        """
    }

    static func template(percent: Int) -> String {
        """
        {
          "conditions": [],
          "parameters": {
            "year_in_review": { "defaultValue": { "rolloutValue": { "rolloutId": "r1", "value": "true", "percent": \(percent) } }, "valueType": "BOOLEAN" }
          }
        }

        """
    }

    /// Builds the repository in a temporary folder and runs `body` in it.
    func withRepository<Result>(_ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory { repository in
            func commit(_ day: String, _ subject: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", subject], in: repository, date: "\(day)T10:00:00Z") == 0)
            }
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try write("# Podcasts\n", to: "README.md", in: repository)
            try commit("2026-01-02", "Start the app")
            try write(Self.flags(settingsSync: "ProcessInfo.processInfo.isiOSAppOnMac", shuffleKey: "queue_shuffle"), to: "App/Flags.swift", in: repository)
            try write(Self.template(percent: 10), to: "remote/release.json", in: repository)
            try commit("2026-01-05", "Add the flags")
            try FileManager.default.createDirectory(at: repository.appendingPathComponent("Sources"), withIntermediateDirectories: true)
            #expect(try git(["mv", "App/Flags.swift", "Sources/FeatureFlag.swift"], in: repository) == 0)
            try commit("2026-02-02", "Move the flags file")
            try write(Self.template(percent: 50), to: "remote/release.json", in: repository)
            try commit("2026-03-01", "Raise the year-in-review rollout")
            try write(Self.flags(settingsSync: "SyncGate.isReady()", shuffleKey: "queue_shuffle"), to: "Sources/FeatureFlag.swift", in: repository)
            try commit("2026-03-10", "Work settings sync out differently")
            try write(Self.configuration, to: "flagstaff.yml", in: repository)
            try commit("2026-04-01", "Add the configuration")
            try write(Self.flags(settingsSync: "SyncGate.isReady()", shuffleKey: "queue_shuffle_v2"), to: "Sources/FeatureFlag.swift", in: repository)
            try commit("2026-04-10", "Rename the queue shuffle key")
            return try body(repository)
        }
    }

    /// What each commit does, as `HistoryCommandTests.entries` writes a history's JSON.
    static let expected: [String: [String]] = [
        "Add the flags": ["start 3 flags, 1 tenants, 2 environments", "read with borrowed: the working tree's flagstaff.yml, as these commits have none"],
        "Raise the year-in-review rollout": [
            "value year_in_review release app: on/off (remote) -> on/off (remote), share raised from 10% to 50%"
        ],
        "Work settings sync out differently": [
            "value settings_sync release debug app: decided in code (code) -> decided in code (code), "
                + "the app now works out SyncGate.isReady() (was ProcessInfo.processInfo.isiOSAppOnMac)"
        ],
        "Add the configuration": ["read with own"],
        "Rename the queue shuffle key": ["flag renamed queue_shuffle -> queue_shuffle_v2"],
    ]

    /// A commit read ahead of its turn is read under its own paths: the commit
    /// that moves the flags file is read ahead with the one before it, which a
    /// borrowed configuration reads under the file's earlier path.
    @Test func aCommitReadAheadIsReadUnderItsOwnPaths() throws {
        try withTemporaryDirectory { repository in
            func commit(_ day: String, _ subject: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", subject], in: repository, date: "\(day)T10:00:00Z") == 0)
            }
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try write(Self.flags(settingsSync: "true", shuffleKey: "queue_shuffle"), to: "App/Flags.swift", in: repository)
            try write(Self.template(percent: 10), to: "remote/release.json", in: repository)
            try commit("2026-01-05", "Add the flags")
            try write(Self.flags(settingsSync: "false", shuffleKey: "queue_shuffle"), to: "App/Flags.swift", in: repository)
            try commit("2026-01-06", "Turn settings sync off")
            try FileManager.default.createDirectory(at: repository.appendingPathComponent("Sources"), withIntermediateDirectories: true)
            #expect(try git(["mv", "App/Flags.swift", "Sources/FeatureFlag.swift"], in: repository) == 0)
            try commit("2026-02-02", "Move the flags file")
            try write(Self.flags(settingsSync: "false", shuffleKey: "queue_shuffle_v2"), to: "Sources/FeatureFlag.swift", in: repository)
            try commit("2026-02-03", "Rename the queue shuffle key")
            func walk(readsAhead: Int) throws -> (result: HistoryWalker.Result, history: Data) {
                var walker = try HistoryWalker(
                    root: repository, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1),
                    borrowed: HistoryWalker.BorrowedConfiguration(text: Self.configuration, name: "the test's configuration"))
                walker.readsAhead = readsAhead
                let result = try walker.walk(until: "HEAD", since: nil)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                return (result, try encoder.encode(result.history))
            }
            let (inTurn, ahead) = (try walk(readsAhead: 0), try walk(readsAhead: 7))
            #expect(ahead.result.readsAhead.taken > 0)
            #expect(ahead.history == inTurn.history)
            #expect(inTurn.result.history.entries.contains { $0.renamedFlags.isEmpty == false }, "the key's rename is seen, so every commit was read")
        }
    }

    @Test func theHistoryStartsAtTheFirstCommitWithFlags() throws {
        try withRepository { repository in
            let (json, status) = try HistoryCommandTests.history(HistoryCommand(format: .json), in: repository)
            #expect(status == ExitStatus.success)
            let entries = try HistoryCommandTests.entries(json)
            #expect(entries.map(\.subject) == ["Rename the queue shuffle key", "Add the configuration", "Work settings sync out differently",
                "Raise the year-in-review rollout", "Add the flags"])
            for entry in entries { #expect(entry.changes.sorted() == Self.expected[entry.subject]?.sorted(), "\(entry.subject)") }
        }
    }

    @Test func textSaysWhichConfigurationAStretchIsReadWith() throws {
        try withRepository { repository in
            let (text, _) = try HistoryCommandTests.history(HistoryCommand(), in: repository)
            #expect(text.contains("""
                2026-01-05 Test: Add the flags
                  History starts here: 3 flags, the app, 2 environments
                  From here on the values are read with the working tree's flagstaff.yml, as these commits have none

                """))
            #expect(text.contains("  year_in_review: share raised from 10% to 50% for the app in release, from remote\n"))
            #expect(text.contains("  From here on the values are read with each commit's own configuration\n"))
            #expect(!text.contains("only tenant"))
        }
    }

    @Test func readWithReadsEveryCommitWithOneConfiguration() throws {
        try withRepository { repository in
            let own = repository.appendingPathComponent("flagstaff.yml").path
            let (json, _) = try HistoryCommandTests.history(HistoryCommand(format: .json, readWith: own), in: repository)
            let entries = try HistoryCommandTests.entries(json)
            #expect(!entries.contains { $0.subject == "Add the configuration" }, "the same configuration throughout: nothing changes there")
            // The paths in the output are shown from the repository's folder.
            #expect(entries.last?.changes.contains("read with borrowed: flagstaff.yml, as --read-with asks") == true)
        }
    }

    /// `Added` dates from the same walk: the first commit whose model has the flag,
    /// before the file moved and before the configuration existed, under the key it had then.
    @Test func addedDatesComeFromTheWalk() throws {
        try withRepository { repository in
            let configuration = repository.appendingPathComponent("flagstaff.yml")
            try Self.configuration.replacingOccurrences(of: "added_from_git: false", with: "added_from_git: true")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: configuration.path)
            let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 11, day: 23)!)
            let added = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.flag.key, $0.added) })
            let day = AddedDate(CalendarDate(year: 2026, month: 1, day: 5)!, from: .git)
            #expect(added == ["year_in_review": day, "settings_sync": day, "queue_shuffle_v2": day])
            #expect(report.addedDatesNote == nil)
        }
    }

    @Test func aCommitThatDoesNotParseIsSaidAndTheRestIsGiven() throws {
        try withRepository { repository in
            try write("public enum FeatureFlag: String {\n    case yearInReview = \n", to: "Sources/FeatureFlag.swift", in: repository)
            #expect(try git(["commit", "-q", "-am", "Half-edit the flags"], in: repository, date: "2026-05-01T10:00:00Z") == 0)
            let (json, status) = try HistoryCommandTests.history(HistoryCommand(until: "HEAD", format: .json), in: repository)
            #expect(status == ExitStatus.success)
            let entries = try HistoryCommandTests.entries(json)
            #expect(entries.first.map { [$0.subject] + $0.changes } == ["Half-edit the flags", "unknown every value"])
            #expect(entries.count == 6, "the earlier entries are all still there")
        }
    }
}
