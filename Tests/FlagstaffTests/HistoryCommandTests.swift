@testable import Flagstaff
import FlagstaffCore
@testable import FlagstaffRenderers
import Foundation
import Testing

/// `flagstaff history` on the repository `HistoryFixture` builds from its script.
/// Every expectation here is written from that script (see its table), not from
/// Flagstaff's output; the goldens show the formats and were read line by line.
@Suite("flagstaff history")
struct HistoryCommandTests {
    /// What each commit of the script does to the values, as `describe` writes a
    /// history's JSON: commits that change nothing (0, 2, 13, and the side
    /// branch's own commit) have no entry.
    static let expected: [String: [String]] = [
        "Add the flag sources": ["start 3 flags, 3 tenants, 2 environments"],
        "Enable checkout for CHL in prod": ["value ENABLE_CHECKOUT prod CHL: off (base) -> on (override)"],
        "Move JLC search into overrides": [
            "layer ENABLE_SEARCH prod uat JLC: on (base) -> on (override)",
        ],
        "Add the wishlist flag": ["flag added ENABLE_WISHLIST bool: prod on CHL; off JLC WL | uat on CHL; off JLC WL"],
        "Half-edit WL": ["unknown WL"],
        "Fix WL and enable its checkout": [
            "readable WL", "value ENABLE_CHECKOUT prod uat WL: off (base) -> on (base)",
        ],
        "Raise the item limit in prod with Remote Config": [
            "value MAX_ITEMS prod CHL JLC: 10 (base) -> 20 (remote)", "value MAX_ITEMS prod WL: 5 (base) -> 20 (remote)",
            "remote prod version: none -> 3", "template prod: version 3 by ops@shop.example: Raise the item limit",
        ],
        "Rename Jolie's folder to JOL": ["tenant renamed JLC -> JOL"],
        "Move the enum file": ["unknown every value"],
        "Point the configuration at the moved enum": ["readable every value"],
        "Rename the search key": ["flag renamed ENABLE_SEARCH -> ENABLE_SEARCH_V2"],
        "Merge branch 'wl-wishlist'": [
            "value ENABLE_WISHLIST prod uat WL: off (fallback) -> on (base)",
        ],
        "Retire the wishlist flag": ["flag removed ENABLE_WISHLIST bool: prod on CHL WL; off JOL | uat on CHL WL; off JOL"],
    ]

    /// Who made each commit and on which day, in the committer's own time zone.
    static let commits: [String: (author: String, day: String, merge: Bool)] = [
        "Add the flag sources": ("Ana Lopez", "2026-01-05", false),
        "Enable checkout for CHL in prod": ("Ana Lopez", "2026-02-02", false),
        "Move JLC search into overrides": ("Cleo Brun", "2026-02-10", false),
        "Add the wishlist flag": ("Ben Ode", "2026-03-01", false),
        "Half-edit WL": ("Ana Lopez", "2026-03-05", false),
        "Fix WL and enable its checkout": ("Ana Lopez", "2026-03-09", false),
        "Raise the item limit in prod with Remote Config": ("Cleo Brun", "2026-03-15", false),
        "Rename Jolie's folder to JOL": ("Ben Ode", "2026-04-01", false),
        "Move the enum file": ("Ana Lopez", "2026-04-03", false),
        "Point the configuration at the moved enum": ("Ana Lopez", "2026-04-04", false),
        "Rename the search key": ("Ben Ode", "2026-04-10", false),
        "Merge branch 'wl-wishlist'": ("Ana Lopez", "2026-04-20", true),
        "Retire the wishlist flag": ("Ben Ode", "2026-05-02", false),
    ]

    @Test func theHistoryIsWhatTheScriptDid() throws {
        let (output, status) = try Self.history(HistoryCommand(format: .json))
        #expect(status == 0)
        let entries = try Self.entries(output)
        #expect(entries.map(\.subject) == HistoryFixture.subjects.reversed().filter { Self.expected[$0] != nil })
        for entry in entries {
            #expect(entry.changes.sorted() == Self.expected[entry.subject]?.sorted(), "\(entry.subject)")
            let commit = Self.commits[entry.subject]
            #expect(entry.author == commit?.author && entry.day == commit?.day && entry.merge == commit?.merge, "\(entry.subject)")
        }
    }

    @Test func aTenantFileThatDoesNotParseSaysWhy() throws {
        let (output, _) = try Self.history(HistoryCommand(tenants: ["WL"]))
        #expect(output.contains(
            "WL's values cannot be read from here on, so its values are unknown until they can: "
                + "tenants/WL/defaults.json:2:1: error: malformed JSON: expected a key in double quotes, found end of file"))
        #expect(output.contains("WL's values can be read again"))
    }

    @Test func anEnumFileMovedWithoutItsConfigurationSaysWhereItWent() throws {
        let (output, _) = try Self.history(HistoryCommand())
        #expect(output.contains(
            "The flag sources cannot be read from here on, so every value is unknown until they can: "
                + "flagstaff.yml:3:7: error: no such file 'Flags.swift' (named by 'enum'); "
                + "this commit moves 'Flags.swift' to 'FeatureFlags.swift'; the configuration still names the old path"))
    }

    /// Written by hand from the script: one cell's whole story, renames followed.
    @Test func oneFlagForOneTenantReadsAsTheScript() throws {
        let (output, status) = try Self.history(HistoryCommand(key: "search", tenants: ["JOL"], environments: ["prod"]))
        #expect(status == 0)
        let id = { (subject: String) in try Self.shortID(subject) }
        #expect(output == """
            History of ENABLE_SEARCH_V2 for JOL in prod on the first-parent line of HEAD, newest first
            From \(try id("Add the flag sources")) (2026-01-05) to \(try id("Retire the wishlist flag")) (2026-05-02): 5 commits change what is shown.

            \(try id("Rename the search key")) 2026-04-10 Ben Ode: Rename the search key
              Flag ENABLE_SEARCH renamed to ENABLE_SEARCH_V2

            \(try id("Point the configuration at the moved enum")) 2026-04-04 Ana Lopez: Point the configuration at the moved enum
              The flag sources can be read again

            \(try id("Move the enum file")) 2026-04-03 Ana Lopez: Move the enum file
              The flag sources cannot be read from here on, so every value is unknown until they can: flagstaff.yml:3:7: error: no such file 'Flags.swift' (named by 'enum'); this commit moves 'Flags.swift' to 'FeatureFlags.swift'; the configuration still names the old path

            \(try id("Rename Jolie's folder to JOL")) 2026-04-01 Ben Ode: Rename Jolie's folder to JOL
              Tenant JLC renamed to JOL

            \(try id("Move JLC search into overrides")) 2026-02-10 Cleo Brun: Move JLC search into overrides
              Same value, another layer: ENABLE_SEARCH in prod for JLC: on, now from override (was base)

            \(try id("Add the flag sources")) 2026-01-05 Ana Lopez: Add the flag sources
              History starts here: 3 flags, 3 tenants, 2 environments

            """)
    }

    @Test(arguments: [HistoryCommand.Format.text, .md, .json])
    func formats(format: HistoryCommand.Format) throws {
        let (output, _) = try Self.history(HistoryCommand(format: format))
        #expect(try Fixtures.golden("history/history.\(format.rawValue)", matches: output))
    }

    /// The site built from the fixture, read against the script's table: two flag
    /// pages' History (ENABLE_CHECKOUT's per-tenant timelines with WL's unknown
    /// stretch; ENABLE_SEARCH_V2's rename and JLC's move into overrides), the
    /// Recent changes page and a tenant's "Recently changed" (the 60 days before
    /// the as-of day 2026-06-01, so from 2 Apr 2026 on).
    @Test(arguments: ["flags/enable_checkout.html", "flags/enable_search_v2.html", "recent-changes.html", "tenants/wl.html"])
    func sitePages(page: String) throws {
        try withTemporaryDirectory { output in
            let folder = try Self.repository()
            let status = try BuildCommand(configurationPath: folder.appendingPathComponent("flagstaff.yml").path, output: output.path)
                .run(console: RecordingConsole().console())
            #expect(status == ExitStatus.success)
            let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
            #expect(try Fixtures.golden("history/site/\(page)", matches: html))
        }
    }

    @Test func sinceADayStartsAtTheLastCommitBeforeIt() throws {
        let (output, _) = try Self.history(HistoryCommand(since: "2026-04-01", format: .json))
        let entries = try Self.entries(output)
        #expect(entries.map(\.subject) == [
            "Retire the wishlist flag", "Merge branch 'wl-wishlist'", "Rename the search key", "Point the configuration at the moved enum",
            "Move the enum file", "Rename Jolie's folder to JOL", "Raise the item limit in prod with Remote Config",
        ])
        // Commit 8 starts it, after commit 5 added the wishlist flag.
        #expect(entries.last?.changes == ["start 4 flags, 3 tenants, 2 environments"])
    }

    @Test func sinceAndUntilRevisions() throws {
        let from = try Self.shortID("Rename Jolie's folder to JOL"), to = try Self.shortID("Rename the search key")
        let (output, _) = try Self.history(HistoryCommand(since: from, until: to, format: .json))
        #expect(try Self.entries(output).map(\.subject) == [
            "Rename the search key", "Point the configuration at the moved enum", "Move the enum file", "Rename Jolie's folder to JOL",
        ])
    }

    @Test func badRequestsAreUsageErrors() throws {
        #expect(throws: FlagstaffError.usage("unknown flag 'ENABLE_CHEKOUT'; did you mean 'ENABLE_CHECKOUT'?")) {
            try Self.history(HistoryCommand(key: "ENABLE_CHEKOUT"))
        }
        #expect(throws: FlagstaffError.usage("unknown tenant 'CHX' in --tenant; did you mean 'CHL'?")) {
            try Self.history(HistoryCommand(tenants: ["CHX"]))
        }
        #expect(throws: FlagstaffError.usage("unknown revision 'nosuch'")) { try Self.history(HistoryCommand(until: "nosuch")) }
        #expect(throws: FlagstaffError.usage("--since 2026-02-30 is not a date: February 2026 has 28 days")) {
            try Self.history(HistoryCommand(since: "2026-02-30"))
        }
    }

    @Test func aWorkingTreeChangeComesFirstWithoutACommit() throws {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", try Self.repository().path, "clone"])
            let clone = folder.appendingPathComponent("clone")
            try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH_V2": false, "MAX_ITEMS": 5 }"# + "\n", to: "tenants/WL/defaults.json", in: clone)
            let (output, _) = try Self.history(HistoryCommand(tenants: ["WL"]), in: clone)
            #expect(output.contains("""
                Not committed yet (the working tree)
                  ENABLE_CHECKOUT turns off in prod, uat for WL (was on), from base
                """))
        }
    }

    @Test func aShallowCloneSaysHowFarBackItSees() throws {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", "--depth", "3", "file://" + (try Self.repository().path), "shallow"])
            let clone = folder.appendingPathComponent("shallow")
            let recorder = RecordingConsole()
            let configuration = clone.appendingPathComponent("flagstaff.yml").path
            _ = try HistoryCommand(configurationPath: configuration).run(console: recorder.console())
            let oldest = try Self.shortID("Tidy the README")
            let note = "This clone is shallow: its oldest commit is \(oldest) (2026-04-16), so history starts there and earlier changes are not known. "
                + "Fetch the whole history with git fetch --unshallow (in GitHub Actions, fetch-depth: 0)."
            #expect(recorder.error == "flagstaff: note: \(note)\n")
            #expect(recorder.output.contains(note))
            #expect(throws: FlagstaffError.io(
                "\(clone.path)/flagstaff.yml asks for the site's history, but this clone is shallow: its oldest commit is \(oldest) (2026-04-16), "
                    + "so the history before it is not known and the site would differ from a full clone's; fetch the whole history "
                    + "(git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0), or set history.since to a commit or a day this clone has"
            )) {
                _ = try BuildCommand(configurationPath: configuration, check: true).run(console: RecordingConsole().console())
            }
        }
    }

    @Test func aWorkspaceOutsideGitIsAClearError() throws {
        try withTemporaryDirectory { folder in
            try write("title: T\n", to: "flagstaff.yml", in: folder)
            #expect(throws: FlagstaffError.io(
                "'\(folder.path)' is not in a git repository, so the flag sources have no history to read; run this inside the clone that holds them"
            )) {
                _ = try HistoryCommand(configurationPath: folder.appendingPathComponent("flagstaff.yml").path).run(console: RecordingConsole().console())
            }
        }
    }

    // MARK: - Helpers

    /// The fixture repository, built once for the suites that only read it, and removed when the tests end.
    static func repository() throws -> URL { try shared.get() }

    private static let shared = Result { () throws -> URL in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flagstaff-history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        sharedPath = folder.path
        atexit { if let path = HistoryCommandTests.sharedPath { try? FileManager.default.removeItem(atPath: path) } }
        try HistoryFixture.build(in: folder)
        return folder
    }
    nonisolated(unsafe) private static var sharedPath: String?

    /// Runs a history request on a repository (the shared one by default), with
    /// paths printed from its folder; returns what it printed and its status.
    @discardableResult
    static func history(_ command: HistoryCommand, in folder: URL? = nil) throws -> (output: String, status: Int32) {
        let folder = try folder ?? repository()
        var command = command
        command.configurationPath = folder.appendingPathComponent("flagstaff.yml").path
        let recorder = RecordingConsole()
        let status = try command.run(console: recorder.console())
        return (recorder.output.replacingOccurrences(of: folder.path + "/", with: ""), status)
    }

    /// The short id of the commit on `main` with a subject.
    static func shortID(_ subject: String) throws -> String {
        let log = try run("git", ["log", "--first-parent", "--format=%h %s", "--abbrev=7"], in: repository())
        guard let line = log.output.split(separator: "\n").first(where: { $0.dropFirst(8) == subject }) else {
            throw CocoaError(.fileNoSuchFile)
        }
        return String(line.prefix(7))
    }

    /// One entry of a history's JSON, its changes written as `expected` writes them.
    struct Entry {
        var subject: String, author: String, day: String, merge: Bool
        var changes: [String]
    }

    static func entries(_ json: String) throws -> [Entry] {
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        return (root?["entries"] as? [[String: Any]] ?? []).map { entry in
            let commit = entry["commit"] as? [String: Any] ?? [:]
            var changes: [String] = []
            if let start = entry["start"] as? [String: Int] {
                changes.append("start \(start["flags"]!) flags, \(start["tenants"]!) tenants, \(start["environments"]!) environments")
            }
            for (kind, key) in [("value", "valueChanges"), ("layer", "layerChanges")] {
                for change in entry[key] as? [[String: Any]] ?? [] {
                    let tenants = (change["tenants"] as? [String] ?? []).joined(separator: " ")
                    let environments = (change["environments"] as? [String] ?? []).joined(separator: " ")
                    let detail = (change["detail"] as? String).map { ", " + $0 } ?? ""
                    changes.append(
                        "\(kind) \(change["flag"]!) \(environments) \(tenants): \(change["old"]!) (\(change["oldLayer"]!)) -> "
                            + "\(change["new"]!) (\(change["newLayer"]!))\(detail)")
                }
            }
            for (word, key) in [("added", "flagsAdded"), ("removed", "flagsRemoved")] {
                for flag in entry[key] as? [[String: Any]] ?? [] {
                    let environments = (flag["environments"] as? [[String: Any]] ?? []).map { environment in
                        "\(environment["environment"]!) " + (environment["values"] as? [[String: Any]] ?? []).map { group in
                            "\(group["value"]!) " + (group["tenants"] as? [String] ?? []).joined(separator: " ")
                        }.joined(separator: "; ")
                    }
                    changes.append("flag \(word) \(flag["flag"]!) \(flag["type"]!): " + environments.joined(separator: " | "))
                }
            }
            for (word, key) in [("flag", "flagsRenamed"), ("tenant", "tenantsRenamed")] {
                for rename in entry[key] as? [[String: String]] ?? [] { changes.append("\(word) renamed \(rename["old"]!) -> \(rename["new"]!)") }
            }
            for change in entry["remoteChanges"] as? [[String: Any]] ?? [] where change["kind"] as? String == "version" {
                let number = { (side: String) in ((change[side] as? [String: Any])?["number"] as? String) ?? "none" }
                changes.append("remote \((change["environments"] as? [String] ?? []).joined(separator: " ")) version: \(number("old")) -> \(number("new"))")
            }
            for (environment, version) in entry["templateVersions"] as? [String: [String: Any]] ?? [:] {
                changes.append("template \(environment): version \(version["number"]!) by \(version["updatedBy"]!): \(version["description"]!)")
            }
            for unknown in entry["unknown"] as? [[String: Any]] ?? [] { changes.append("unknown \(unknown["tenant"] as? String ?? "every value")") }
            for readable in entry["readableAgain"] as? [Any] ?? [] { changes.append("readable \(readable as? String ?? "every value")") }
            if let readWith = entry["readWith"] as? [String: Any] {
                changes.append("read with \(readWith["configuration"]!)" + ((readWith["name"] as? String).map { ": " + $0 } ?? ""))
            }
            return Entry(
                subject: commit["subject"] as? String ?? "", author: commit["author"] as? String ?? "", day: commit["date"] as? String ?? "",
                merge: commit["merge"] as? Bool ?? false, changes: changes)
        }
    }
}

/// What the walk costs on the fixture: each distinct file version read once, a
/// commit that touches no flag source nothing, one that changes tenant files only
/// no whole read. Counted, not timed.
@Suite("history's cost")
struct HistoryCostTests {
    /// The objects the walk read (which, not how many times: tenant files read
    /// ahead on another thread may be asked for twice), and how many commits were read whole.
    func walk(until subject: String) throws -> (reads: Set<String>, wholeReads: Int) {
        let folder = try HistoryCommandTests.repository()
        let walker = try HistoryWalker(root: folder, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1))
        let result = try walker.walk(until: try HistoryCommandTests.shortID(subject), since: nil)
        return (walker.store.objectsRead, result.wholeReads)
    }

    @Test func eachDistinctFileVersionIsReadOnce() throws {
        let folder = try HistoryCommandTests.repository()
        let walker = try HistoryWalker(root: folder, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1))
        _ = try walker.walk(until: "HEAD", since: nil)
        // Every version of a flag source on the first-parent line, by blob id, as git lists the trees.
        let commits = try run("git", ["rev-list", "--first-parent", "HEAD"], in: folder).output.split(separator: "\n")
        var blobs = Set<String>()
        let sources = try Regex(#"^(flagstaff\.yml|Flags\.swift|FeatureFlags\.swift|catalog\.md|tenants/[^/]+/defaults\.json|remote/prod\.json)$"#)
        for commit in commits {
            for line in try run("git", ["ls-tree", "-r", "-t", String(commit)], in: folder).output.split(separator: "\n") {
                // "<mode> <type> <id>\t<path>"
                let parts = line.split(separator: "\t", maxSplits: 1)
                let fields = parts[0].split(separator: " ")
                if fields[1] == "blob", (try? sources.wholeMatch(in: String(parts[1]))) != nil { blobs.insert(String(fields[2])) }
            }
        }
        #expect(!blobs.isEmpty)
        #expect(walker.store.blobReadCount == blobs.count)
    }

    @Test func aCommitThatTouchesNoFlagSourceReadsNothing() throws {
        // Commit 2 changes the README only; commit 13 too.
        #expect(try walk(until: "Explain the app in the README").reads == (try walk(until: "Add the flag sources").reads))
    }

    /// A commit that rewords the catalog changes no value: it is not read at all.
    @Test func aCommitThatChangesOnlyTheCatalogIsNotRead() throws {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", try HistoryCommandTests.repository().path, "clone"])
            let repository = ScriptedRepository(folder: folder.appendingPathComponent("clone"))
            try repository.file(
                "catalog.md",
                HistoryFixture.catalog(search: "ENABLE_SEARCH_V2", wishlist: false).replacingOccurrences(of: "Checkout in the app", with: "Paying in the app"))
            try repository.commit(subject: "Reword the checkout's description", author: "Cleo Brun", date: "2026-05-04T10:00:00+02:00")
            func walk(until revision: String) throws -> (reads: Set<String>, wholeReads: Int, entries: Int) {
                let walker = try HistoryWalker(root: repository.folder, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1))
                let result = try walker.walk(until: revision, since: nil)
                return (walker.store.objectsRead, result.wholeReads, result.history.entries.count)
            }
            let (before, after) = (try walk(until: "HEAD~1"), try walk(until: "HEAD"))
            #expect(after.wholeReads == before.wholeReads && after.entries == before.entries)
            #expect(after.reads == before.reads, "git's log names the changed file; no object is read for the commit")
        }
    }

    /// A new template version with a tenant file: neither the enum, the catalog nor
    /// the other tenants are read again, and the entry says what a whole read says.
    @Test func aCommitThatChangesATemplateAndTenantFilesIsNotReadWhole() throws {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", try HistoryCommandTests.repository().path, "clone"])
            let repository = ScriptedRepository(folder: folder.appendingPathComponent("clone"))
            try repository.file(
                "remote/prod.json",
                HistoryFixture.template.replacingOccurrences(of: #""value": "20""#, with: #""value": "30""#)
                    .replacingOccurrences(of: #""versionNumber": "3""#, with: #""versionNumber": "4""#)
                    .replacingOccurrences(of: "Raise the item limit", with: "Raise it again"))
            try repository.file("tenants/CHL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH_V2": true, "MAX_ITEMS": 10 }"# + "\n")
            try repository.commit(subject: "Raise the limit again, and checkout everywhere for CHL", author: "Cleo Brun", date: "2026-05-04T10:00:00+02:00")
            let walker = { (revision: String) throws -> HistoryWalker.Result in
                try HistoryWalker(root: repository.folder, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1))
                    .walk(until: revision, since: nil)
            }
            let (before, after) = (try walker("HEAD~1"), try walker("HEAD"))
            #expect(after.wholeReads == before.wholeReads)
            let (output, _) = try HistoryCommandTests.history(HistoryCommand(until: "HEAD", format: .json), in: repository.folder)
            let entry = try #require(try HistoryCommandTests.entries(output).first)
            #expect(entry.subject == "Raise the limit again, and checkout everywhere for CHL")
            #expect(entry.changes.sorted() == [
                "layer ENABLE_CHECKOUT prod CHL: on (override) -> on (base)", "remote prod version: 3 -> 4",
                "template prod: version 4 by ops@shop.example: Raise it again",
                "value ENABLE_CHECKOUT uat CHL: off (base) -> on (base)",
                "value MAX_ITEMS prod CHL JOL WL: 20 (remote) -> 30 (remote)",
            ])
        }
    }

    /// Commits read whole are read ahead of their turn, several at once on every
    /// core: the history is the one reading each at its turn gives, through moves,
    /// renames and a changed configuration, and no object is read that reading
    /// in turn does not read. After the fixture's commits, the enum changes twice
    /// with a tenant-only commit and a template-only commit between: those are
    /// not read ahead, as they are not read whole.
    @Test func readingAheadGivesTheHistoryReadingInTurnGives() throws {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", try HistoryCommandTests.repository().path, "clone"])
            let repository = ScriptedRepository(folder: folder.appendingPathComponent("clone"))
            try repository.file("FeatureFlags.swift", HistoryFixture.enumFile(search: "ENABLE_SEARCH_V2", wishlist: true))
            try repository.commit(subject: "Bring the wishlist back", author: "Ben Ode", date: "2026-05-05T10:00:00+02:00")
            try repository.file("tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH_V2": false, "MAX_ITEMS": 5 }"# + "\n")
            try repository.commit(subject: "Checkout off for WL", author: "Dana Vu", date: "2026-05-06T10:00:00+02:00")
            try repository.file(
                "remote/prod.json",
                HistoryFixture.template.replacingOccurrences(of: #""value": "20""#, with: #""value": "30""#)
                    .replacingOccurrences(of: #""versionNumber": "3""#, with: #""versionNumber": "4""#))
            try repository.commit(subject: "Raise the limit again", author: "Cleo Brun", date: "2026-05-06T12:00:00+02:00")
            try repository.file("FeatureFlags.swift", HistoryFixture.enumFile(search: "ENABLE_SEARCH_V3", wishlist: true))
            try repository.commit(subject: "Rename the search key again", author: "Ben Ode", date: "2026-05-07T10:00:00+02:00")
            func walk(readsAhead: Int) throws -> (result: HistoryWalker.Result, history: Data, reads: Set<String>) {
                var walker = try HistoryWalker(root: repository.folder, configurationFile: "flagstaff.yml", asOf: CalendarDate(year: 2026, month: 6, day: 1))
                walker.readsAhead = readsAhead
                let result = try walker.walk(until: "HEAD", since: nil)
                let encoder = JSONEncoder()
                encoder.outputFormatting = .sortedKeys
                return (result, try encoder.encode(result.history), walker.store.objectsRead)
            }
            let (inTurn, ahead) = (try walk(readsAhead: 0), try walk(readsAhead: 7))
            #expect(inTurn.result.readsAhead == (0, 0))
            #expect(ahead.result.readsAhead.taken > 2, "the commits read whole after the first are read ahead")
            #expect(ahead.result.readsAhead.unused == 0)
            #expect(ahead.history == inTurn.history)
            #expect(ahead.result.wholeReads == inTurn.result.wholeReads)
            #expect(ahead.result.flagsAtEnd == inTurn.result.flagsAtEnd)
            #expect(ahead.reads == inTurn.reads)
        }
    }

    @Test func aCommitThatChangesOnlyTenantFilesIsNotReadWhole() throws {
        // Commit 0 (the first, with no workspace yet) and commit 1 (which adds it) are read whole;
        // commits 3 and 4 change one tenant file each, and are not.
        #expect(try walk(until: "Move JLC search into overrides").wholeReads == 2)
        // Commit 5 adds a flag to the enum: a whole read.
        #expect(try walk(until: "Add the wishlist flag").wholeReads == 3)
    }
}
