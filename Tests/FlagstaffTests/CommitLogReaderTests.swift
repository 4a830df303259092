import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// `CommitLogReader` against what git itself writes for the arguments it asks
/// for: every kind of change, a subject beyond ASCII, and a commit that changes nothing.
@Suite("Reading git's log")
struct CommitLogReaderTests {
    @Test func everyKindOfChangeIsReadAsGitWroteIt() throws {
        try withTemporaryDirectory { repository in
            func commit(_ subject: String, _ date: String, allowEmpty: Bool = false) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", subject] + (allowEmpty ? ["--allow-empty"] : []), in: repository, date: date) == 0)
            }
            func revision(_ name: String) throws -> String {
                try run("git", ["rev-parse", name], in: repository).output.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try write("one\n", to: "a.txt", in: repository)
            try write("two\n", to: "b.txt", in: repository)
            try write(String(repeating: "kept line\n", count: 20), to: "keep.txt", in: repository)
            try commit("Start", "2026-09-01T10:00:00Z")
            try write("one, changed\n", to: "a.txt", in: repository)
            try FileManager.default.removeItem(at: repository.appendingPathComponent("b.txt"))
            try FileManager.default.createDirectory(at: repository.appendingPathComponent("moved"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: repository.appendingPathComponent("keep.txt"), to: repository.appendingPathComponent("moved/keep.txt"))
            try commit("Déjà vu: change, delete and move", "2026-09-02T11:30:00+02:00")
            try FileManager.default.removeItem(at: repository.appendingPathComponent("a.txt"))
            try FileManager.default.createSymbolicLink(atPath: repository.appendingPathComponent("a.txt").path, withDestinationPath: "moved/keep.txt")
            try commit("A link", "2026-09-03T10:00:00Z")
            try commit("Nothing", "2026-09-04T10:00:00Z", allowEmpty: true)

            let log = try run("git", CommitLogReader.arguments(revision: "HEAD"), in: repository)
            #expect(log.status == 0)
            let records = try CommitLogReader.read(Array(log.output.utf8))
            #expect(records.map(\.commit.subject) == ["Start", "Déjà vu: change, delete and move", "A link", "Nothing"])
            #expect(records.map(\.commit.day) == ["2026-09-01", "2026-09-02", "2026-09-03", "2026-09-04"].map { CalendarDate(parsing: $0)! })
            #expect(records[1].commit.time == "2026-09-02T11:30:00+02:00")
            #expect(try records.map(\.commit.id) == ["HEAD~3", "HEAD~2", "HEAD~1", "HEAD"].map(revision))
            #expect(try records.map(\.tree) == ["HEAD~3^{tree}", "HEAD~2^{tree}", "HEAD~1^{tree}", "HEAD^{tree}"].map(revision))
            #expect(try records[1].parents == [revision("HEAD~3")] && records[0].parents.isEmpty)
            #expect(records[0].commit.author == "Test" && records[0].commit.email == "test@example.com")

            typealias Change = CommitLogReader.FileChange
            #expect(try records[0].changes == [
                Change(status: .added, path: "a.txt", blob: revision("HEAD~3:a.txt")),
                Change(status: .added, path: "b.txt", blob: revision("HEAD~3:b.txt")),
                Change(status: .added, path: "keep.txt", blob: revision("HEAD~3:keep.txt")),
            ])
            #expect(try records[1].changes == [
                Change(status: .modified, path: "a.txt", blob: revision("HEAD~2:a.txt")),
                Change(status: .deleted, path: "b.txt", blob: nil),
                Change(status: .renamed(from: "keep.txt"), path: "moved/keep.txt", blob: revision("HEAD~2:moved/keep.txt")),
            ])
            #expect(try records[2].changes == [Change(status: .typeChanged, path: "a.txt", blob: revision("HEAD~1:a.txt"))])
            #expect(records[3].changes.isEmpty)
        }
    }

    /// A merge lists both parents, first parent first, and is a merge.
    @Test func aMergeHasBothParentsInOrder() throws {
        try withTemporaryDirectory { repository in
            func revision(_ name: String) throws -> String {
                try run("git", ["rev-parse", name], in: repository).output.trimmingCharacters(in: .whitespacesAndNewlines)
            }
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try write("one\n", to: "a.txt", in: repository)
            #expect(try git(["add", "-A"], in: repository) == 0)
            #expect(try git(["commit", "-q", "-m", "Start"], in: repository, date: "2026-09-01T10:00:00Z") == 0)
            #expect(try git(["checkout", "-q", "-b", "side"], in: repository) == 0)
            try write("two\n", to: "b.txt", in: repository)
            #expect(try git(["add", "-A"], in: repository) == 0)
            #expect(try git(["commit", "-q", "-m", "Side"], in: repository, date: "2026-09-02T10:00:00Z") == 0)
            #expect(try git(["checkout", "-q", "main"], in: repository) == 0)
            #expect(try git(["merge", "-q", "--no-ff", "-m", "Merge side", "side"], in: repository, date: "2026-09-03T10:00:00Z") == 0)

            let log = try run("git", CommitLogReader.arguments(revision: "HEAD"), in: repository)
            let records = try CommitLogReader.read(Array(log.output.utf8))
            #expect(records.map(\.commit.subject) == ["Start", "Merge side"])
            #expect(try records[1].parents == [revision("HEAD^1"), revision("HEAD^2")])
            #expect(records[1].commit.isMerge && !records[0].commit.isMerge)
            #expect(try records[1].changes == [CommitLogReader.FileChange(status: .added, path: "b.txt", blob: revision("HEAD:b.txt"))])
        }
    }

    /// A commit or tree id that is not 40 or 64 lowercase hexadecimal digits is an error.
    @Test func onlyFullObjectIDsAreRead() {
        func problem(id: String, tree: String) -> String? {
            do {
                _ = try CommitLogReader.read(Array(("\u{1}\(id)\0\(tree)\0\0" + "2026-09-01T10:00:00Z\0Test\0t@example.com\0Start\0\n").utf8))
                return nil
            } catch {
                return error.message
            }
        }
        let (sha1, sha256) = (String(repeating: "a", count: 40), String(repeating: "0", count: 64))
        #expect(problem(id: sha1, tree: sha1) == nil)
        #expect(problem(id: sha256, tree: sha256) == nil)
        for wrong in [sha1 + "a", String(sha1.dropLast()), String(repeating: "A", count: 40), String(repeating: "g", count: 40), sha256 + "0"] {
            #expect(problem(id: wrong, tree: sha1) == "'\(wrong)' is not a commit id")
            #expect(problem(id: sha1, tree: wrong) == "'\(sha1)' is not a commit id")
        }
    }

    /// A log that ends inside its last field (no NUL after the subject) still
    /// gives that field whole, and a log that ends right after a commit's start
    /// byte is an error, not a read past its end.
    @Test func aLogEndingInsideAFieldIsReadToItsEnd() throws {
        let id = String(repeating: "b", count: 40)
        let records = try CommitLogReader.read(Array("\u{1}\(id)\0\(id)\0\02026-09-01T10:00:00Z\0Ann\0ann@example.com\0Last words".utf8))
        #expect(records.map(\.commit.subject) == ["Last words"])
        #expect(records.first?.commit.author == "Ann")
        #expect(throws: CommitLogReader.Problem.self) { try CommitLogReader.read([1]) }
    }

    /// A raw diff line that is not git's is an error that quotes it, not a guess.
    @Test func aDiffLineGitWouldNotWriteIsAnError() {
        let id = String(repeating: "a", count: 40)
        let commit = "\u{1}\(id)\0\(id)\0\0" + "2026-09-01T10:00:00Z\0Test\0t@example.com\0Start\0\n"
        func problem(_ change: String) -> String? {
            do {
                _ = try CommitLogReader.read(Array((commit + change).utf8))
                return nil
            } catch {
                return error.message
            }
        }
        #expect(problem(":100644 100644 M\0a.txt\0") == "commit \(id) has a raw diff line ':100644 100644 M' Flagstaff cannot read")
        #expect(problem(":100644 100644 \(id) \(id) M\0\0") == "commit \(id) has a raw diff line without a path")
        #expect(problem(":100644 100644 \(id) \(id) M\0a.txt\0") == nil)
    }
}
