@testable import Flagstaff
import FlagstaffCore
@testable import FlagstaffReaders
import Foundation
import Testing

/// `history.snapshot`: the site's history written from git once, then read by
/// `build` with no git at all (a folder without `.git`, a `--depth 1` clone).
@Suite("history snapshot")
struct HistorySnapshotTests {
    /// A clone of the history fixture whose configuration pins `until` to its last
    /// commit, with `snapshot` when asked, and a working-tree change to WL after it,
    /// so the site also says what changes after the history ends.
    static func clone(into folder: URL, name: String, snapshot: Bool) throws -> (clone: URL, until: String) {
        try ScriptedRepository(folder: folder).git(["clone", "-q", try HistoryCommandTests.repository().path, name])
        let clone = folder.appendingPathComponent(name)
        let until = try run("git", ["rev-parse", "HEAD"], in: clone).output.trimmingCharacters(in: .whitespacesAndNewlines)
        try pin(clone, until: until, snapshot: snapshot)
        try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH_V2": true, "MAX_ITEMS": 5 }"# + "\n", to: "tenants/WL/defaults.json", in: clone)
        return (clone, until)
    }

    /// Sets the fixture configuration's `history` to `until` and, when asked, `snapshot: history.json`.
    static func pin(_ clone: URL, until: String, snapshot: Bool) throws {
        let file = clone.appendingPathComponent("flagstaff.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let history = "history: { until: \(until)\(snapshot ? ", snapshot: history.json" : ""), recent_days: 60 }"
        try text.replacingOccurrences(of: "history: { recent_days: 60 }", with: history).write(to: file, atomically: true, encoding: .utf8)
    }

    static func build(_ folder: URL, output: URL, check: Bool = false) throws -> Int32 {
        try BuildCommand(configurationPath: folder.appendingPathComponent("flagstaff.yml").path, output: output.path, check: check)
            .run(console: RecordingConsole().console())
    }

    static func writeSnapshot(_ folder: URL) throws -> Int32 {
        try HistoryCommand(configurationPath: folder.appendingPathComponent("flagstaff.yml").path, writeSnapshot: true)
            .run(console: RecordingConsole().console())
    }

    /// Every file of a site, with the footer's source digest taken out: the
    /// configuration and the snapshot are sources, so it differs by design.
    static func pages(_ site: URL) throws -> [String: String] {
        let digest = try NSRegularExpression(pattern: "digest [0-9a-f]{12}")
        var pages: [String: String] = [:]
        for path in try DiskFileSource(root: site).files(below: "") {
            let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
            pages[path] = digest.stringByReplacingMatches(in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "digest …")
        }
        return pages
    }

    @Test func aSnapshotGivesTheSitePagesGitGives() throws {
        try withTemporaryDirectory { folder in
            let (fromGit, _) = try Self.clone(into: folder, name: "git", snapshot: false)
            #expect(try Self.build(fromGit, output: folder.appendingPathComponent("git-site")) == ExitStatus.success)

            let (fromSnapshot, until) = try Self.clone(into: folder, name: "snapshot", snapshot: true)
            #expect(try Self.writeSnapshot(fromSnapshot) == ExitStatus.success)
            #expect(try Self.build(fromSnapshot, output: folder.appendingPathComponent("snapshot-site")) == ExitStatus.success)
            let expected = try Self.pages(folder.appendingPathComponent("git-site"))
            let pages = try Self.pages(folder.appendingPathComponent("snapshot-site"))
            #expect(pages.keys.sorted() == expected.keys.sorted())
            for (path, text) in expected where pages[path] != text { Issue.record("\(path) differs when built from the snapshot") }
            // The pages that show history, and the change after it from the snapshot's own copy of the sources.
            #expect(pages["recent-changes.html"]?.contains("Retire the wishlist flag") == true)
            #expect(expected["recent-changes.html"]?.contains("Not in the history yet") == true)

            // The snapshot reads back to the same bytes, and records what it covers.
            let bytes = try [UInt8](Data(contentsOf: fromSnapshot.appendingPathComponent("history.json")))
            guard case .success(let reading) = HistorySnapshot.read(bytes, file: "history.json") else {
                Issue.record("the snapshot does not read back")
                return
            }
            #expect(reading.snapshot.encoded() == bytes)
            #expect(reading.snapshot.until == until)
            #expect(reading.snapshot.history.end?.id == until)
            #expect(reading.snapshot.history.entries.compactMap(\.commit?.subject).last == "Retire the wishlist flag")

            // Without .git the same sources build the same bytes, and `--check` agrees.
            let snapshotSite = folder.appendingPathComponent("snapshot-site")
            try FileManager.default.removeItem(at: fromSnapshot.appendingPathComponent(".git"))
            #expect(try Self.build(fromSnapshot, output: snapshotSite, check: true) == ExitStatus.success)
            // Writing one needs git.
            #expect(throws: FlagstaffError.self) { try Self.writeSnapshot(fromSnapshot) }
        }
    }

    /// The committed example builds byte for byte from its snapshot in a folder
    /// with no git and in a `--depth 1` clone, as CI checks out.
    @Test func theExampleBuildsWithoutGitHistory() throws {
        try withTemporaryDirectory { folder in
            let copy = folder.appendingPathComponent("tarball")
            try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
            for item in ["flagstaff.yml", "content", "public"] {
                try FileManager.default.copyItem(at: Fixtures.repositoryRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
            }
            let recorder = RecordingConsole()
            let status = try BuildCommand(configurationPath: copy.appendingPathComponent("flagstaff.yml").path, check: true)
                .run(console: recorder.console())
            #expect(status == ExitStatus.success, "\(recorder.output)\(recorder.error)")

            let repository = ScriptedRepository(folder: copy)
            try repository.git(["init", "-q", "-b", "main"])
            try repository.commit(subject: "The example", author: "Ana Lopez", date: "2026-11-26T10:00:00+00:00")
            try repository.file("README.md", "# Example\n")
            try repository.commit(subject: "A second commit, which depth 1 leaves out", author: "Ana Lopez", date: "2026-11-26T11:00:00+00:00")
            try ScriptedRepository(folder: folder).git(["clone", "-q", "--depth", "1", "file://" + copy.path, "shallow"])
            let shallow = folder.appendingPathComponent("shallow")
            #expect(try run("git", ["rev-parse", "--is-shallow-repository"], in: shallow).output == "true\n")
            let shallowRecorder = RecordingConsole()
            let shallowStatus = try BuildCommand(configurationPath: shallow.appendingPathComponent("flagstaff.yml").path, check: true)
                .run(console: shallowRecorder.console())
            #expect(shallowStatus == ExitStatus.success, "\(shallowRecorder.output)\(shallowRecorder.error)")
        }
    }

    @Test func aSnapshotForAnotherUntilIsAnErrorAtItsUntil() throws {
        try withTemporaryDirectory { folder in
            let (clone, until) = try Self.clone(into: folder, name: "clone", snapshot: true)
            #expect(try Self.writeSnapshot(clone) == ExitStatus.success)
            let earlier = try run("git", ["rev-parse", "HEAD~2"], in: clone).output.trimmingCharacters(in: .whitespacesAndNewlines)
            try Self.pin(try Self.unpinned(clone), until: earlier, snapshot: true)
            let text = try String(contentsOf: clone.appendingPathComponent("history.json"), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let line = try #require(lines.firstIndex { $0.hasPrefix("  \"until\" : ") }) + 1
            let file = clone.path + "/history.json"
            #expect(throws: FlagstaffError.unreadableInputs([
                .error(
                    "the history snapshot ends at '\(until)', but history.until in \(clone.path)/flagstaff.yml is '\(earlier)'",
                    at: SourceLocation(file: file, line: line, column: 13), hint: HistorySnapshotFile.refreshHint)
            ])) {
                try Self.build(clone, output: folder.appendingPathComponent("site"))
            }
            // Refreshed, it builds again.
            #expect(try Self.writeSnapshot(clone) == ExitStatus.success)
            #expect(try Self.build(clone, output: folder.appendingPathComponent("site")) == ExitStatus.success)
        }
    }

    /// Puts the fixture's own `history` line back, so `pin` can set another.
    static func unpinned(_ clone: URL) throws -> URL {
        let file = clone.appendingPathComponent("flagstaff.yml")
        let text = try String(contentsOf: file, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasPrefix("history:") ? "history: { recent_days: 60 }" : String($0) }
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return clone
    }

    @Test(arguments: [
        // Cut short: a syntax error where the text ends.
        ("cut", "the history snapshot is not valid JSON"),
        // A value of the wrong kind: at that value.
        ("wrong kind", "the history snapshot has the wrong kind of value here (expected a Bool)"),
        // A required key missing: at the object that lacks it.
        ("missing", "the history snapshot lacks \"kind\" here"),
        // Another file's JSON.
        ("other", "this is not a Flagstaff history snapshot"),
    ])
    func aBrokenSnapshotIsAnErrorAtItsPlace(breakage: String, message: String) throws {
        try withTemporaryDirectory { folder in
            let (clone, _) = try Self.clone(into: folder, name: "clone", snapshot: true)
            #expect(try Self.writeSnapshot(clone) == ExitStatus.success)
            let file = clone.appendingPathComponent("history.json")
            let text = try String(contentsOf: file, encoding: .utf8)
            let broken: String, line: Int
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            switch breakage {
            case "cut":
                broken = String(text.prefix(text.count / 2))
                line = broken.split(separator: "\n", omittingEmptySubsequences: false).count
            case "wrong kind":
                let index = try #require(lines.firstIndex { $0.hasPrefix("  \"endsUnreadable\" : ") })
                broken = lines.enumerated().map { $0 == index ? "  \"endsUnreadable\" : \"no\"," : $1 }.joined(separator: "\n")
                line = index + 1
            case "missing":
                let index = try #require(lines.firstIndex { $0.contains("\"kind\" : {") })
                let object = try #require(lines[..<index].lastIndex { $0.hasSuffix("{") && !$0.contains(":") })
                broken = lines.enumerated().map { $0 == index ? "\"kinds\" : {" : $1 }.joined(separator: "\n")
                line = object + 1
            default:
                broken = "{ \"flags\": [] }\n"
                line = 1
            }
            try broken.write(to: file, atomically: true, encoding: .utf8)
            do {
                _ = try Self.build(clone, output: folder.appendingPathComponent("site"))
                Issue.record("a broken snapshot built")
            } catch let error as FlagstaffError {
                guard case .unreadableInputs(let problems) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(problems.count == 1)
                #expect(problems.first?.message.hasPrefix(message) == true, "\(problems)")
                #expect(problems.first?.location?.file == file.path)
                #expect(problems.first?.location?.line == line, "\(problems)")
                #expect(problems.first?.hint?.contains("--write-snapshot") == true)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func writingNeedsAFileAndAPinnedUntil() throws {
        try withTemporaryDirectory { folder in
            let (clone, _) = try Self.clone(into: folder, name: "clone", snapshot: false)
            #expect(throws: FlagstaffError.self) { try Self.writeSnapshot(clone) }
            try Self.pin(try Self.unpinned(clone), until: "main", snapshot: true)
            let recorder = RecordingConsole()
            let status = try HistoryCommand(configurationPath: clone.appendingPathComponent("flagstaff.yml").path, writeSnapshot: true)
                .run(console: recorder.console())
            #expect(status == ExitStatus.failure)
            #expect((recorder.output + recorder.error).contains("'snapshot' needs 'until' pinned to a commit id, not 'main'"))
        }
    }
}
