@testable import Flagstaff
import Foundation
import Testing

/// `FileTransaction`: a change of several files that a crash, an error or Ctrl-C
/// at any step leaves all old or all new, once the next command has recovered it.
@Suite("File transactions")
struct FileTransactionTests {
    /// Files and folders below a folder: each file's text (with its permissions)
    /// and each folder, by relative path.
    static func state(of folder: URL) -> [String: String] {
        var state: [String: String] = [:]
        for path in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            let url = folder.appendingPathComponent(path)
            if Platform.entryKind(atPath: url.path) == .directory {
                state[path + "/"] = "folder"
            } else {
                let text = (try? String(contentsOf: url, encoding: .utf8)) ?? "?"
                state[path] = text + " " + String(Platform.permissions(atPath: url.path) ?? 0, radix: 8)
            }
        }
        return state
    }

    /// A folder with three files: `a.txt` (read and written by its owner only), `sub/c.txt` and `keep.txt`.
    static func makeOldFolder(_ folder: URL) throws {
        try write("old a", to: "a.txt", in: folder)
        Platform.setPermissions(0o600, atPath: folder.appendingPathComponent("a.txt").path)
        try write("old c", to: "sub/c.txt", in: folder)
        try write("kept", to: "keep.txt", in: folder)
    }

    /// Replaces `a.txt`, creates `new/deep/b.txt` (and its folders) and removes `sub/c.txt`.
    static func change(
        _ folder: URL, interruption: Interruption = Interruption(), afterEachStep: @escaping () -> Void = {},
        putInPlace: (@Sendable (String, String) -> String?)? = nil
    ) throws(FlagstaffError) {
        let transaction = try FileTransaction(
            folder: folder.path, command: "flagstaff test", durable: true, interruption: interruption, afterEachStep: afterEachStep)
        if let putInPlace { transaction.putInPlace = putInPlace }
        try transaction.write(Array("new a".utf8), to: folder.appendingPathComponent("a.txt").path)
        let b = folder.appendingPathComponent("new/deep/b.txt").path
        try transaction.makeFolders(for: b)
        try transaction.write(Array("new b".utf8), to: b)
        try transaction.remove(folder.appendingPathComponent("sub/c.txt").path)
        try transaction.commit()
    }

    static let old: [String: String] = ["a.txt": "old a 600", "sub/": "folder", "sub/c.txt": "old c 644", "keep.txt": "kept 644"]
    static let new: [String: String] = [
        "a.txt": "new a 600", "sub/": "folder", "new/": "folder", "new/deep/": "folder", "new/deep/b.txt": "new b 644", "keep.txt": "kept 644",
    ]

    @Test func aCommittedChangeLeavesOnlyTheNewFiles() throws {
        try withTemporaryDirectory { folder in
            try Self.makeOldFolder(folder)
            #expect(Self.state(of: folder) == Self.old)
            try Self.change(folder)
            #expect(Self.state(of: folder) == Self.new)
            #expect(try FileTransaction.recover(folder: folder.path) == nil)
        }
    }

    /// The folder is copied after every step, as a crash there would leave it;
    /// recovering each copy gives the old or the new files, never a mix, and no
    /// temporary file. Both kinds of recovery happen.
    @Test func aCrashAfterAnyStepIsRecoveredToAllOldOrAllNew() throws {
        try withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("work")
            try Self.makeOldFolder(folder)
            var copies: [URL] = []
            try Self.change(folder, afterEachStep: {
                let copy = root.appendingPathComponent("crash-\(copies.count + 1)")
                try! FileManager.default.copyItem(at: folder, to: copy)
                copies.append(copy)
            })
            #expect(copies.count >= 12, "every record, backup, staged file, rename and removal is a step")
            var outcomes: [String] = []
            for copy in copies {
                let recovery = try FileTransaction.recover(folder: copy.path)
                let state = Self.state(of: copy)
                #expect(state == Self.old || state == Self.new, "after \(copy.lastPathComponent): \(state)")
                outcomes.append(recovery.map { $0.finished ? "finished" : "rolled back" } ?? (state == Self.new ? "done" : "untouched"))
                #expect(try FileTransaction.recover(folder: copy.path) == nil, "a second recovery has nothing to do")
            }
            #expect(outcomes.contains("rolled back"))
            #expect(outcomes.contains("finished"))
            #expect(outcomes.last == "done")
            // Once `commit` is recorded, a crash finishes the change; before, it never happened.
            let firstFinished = try #require(outcomes.firstIndex(of: "finished"))
            #expect(outcomes[..<firstFinished].allSatisfy { $0 == "rolled back" })
            #expect(outcomes[firstFinished...].allSatisfy { $0 == "finished" || $0 == "done" })
        }
    }

    @Test func aRenameThatFailsPutsEveryOldFileBack() throws {
        for failing in 1...2 {
            try withTemporaryDirectory { folder in
                try Self.makeOldFolder(folder)
                let calls = Counter()
                #expect(throws: FlagstaffError.self) {
                    try Self.change(folder, putInPlace: { source, destination in
                        calls.next() == failing ? "the disk is full" : Platform.rename(source, to: destination)
                    })
                }
                #expect(Self.state(of: folder) == Self.old, "rename \(failing) failed")
            }
        }
    }

    @Test func ctrlCWhileStagingOrRenamingLeavesEverythingAsItWas() throws {
        for stopAt in [1, 3, 6, 9, 11] {
            try withTemporaryDirectory { folder in
                try Self.makeOldFolder(folder)
                let interruption = Interruption()
                var steps = 0
                #expect(throws: FlagstaffError.interrupted) {
                    try Self.change(folder, interruption: interruption, afterEachStep: {
                        steps += 1
                        if steps == stopAt { interruption.received(2) }
                    })
                }
                #expect(Self.state(of: folder) == Self.old, "Ctrl-C after step \(stopAt)")
            }
        }
    }

    @Test func aStopSignalWithNothingBeingWrittenIsNotHeldBack() throws {
        let interruption = Interruption()
        try interruption.begin()
        interruption.received(15)
        #expect(interruption.isInterrupted)
        #expect(throws: FlagstaffError.interrupted) { try interruption.check() }
        interruption.end()
        #expect(throws: FlagstaffError.interrupted) { try interruption.begin() }
    }

    @Test func anErrorBeforeTheCommitRemovesWhatWasStaged() throws {
        try withTemporaryDirectory { folder in
            try Self.makeOldFolder(folder)
            do {
                let transaction = try FileTransaction(folder: folder.path, command: "test", durable: false, interruption: Interruption())
                try transaction.write(Array("new a".utf8), to: folder.appendingPathComponent("a.txt").path)
                try transaction.makeFolders(for: folder.appendingPathComponent("x/y.txt").path)
                try transaction.write(Array("y".utf8), to: folder.appendingPathComponent("x/y.txt").path)
                // Dropped without `commit`, as when a later file fails.
            }
            #expect(Self.state(of: folder) == Self.old)
        }
    }

    // MARK: - The journal's text

    @Test(arguments: ["plain/path.json", "50%/a\tb\nc\r.txt", "%25 literal", "", "é/ü.json"])
    func pathsSurviveTheJournal(_ path: String) {
        let escaped = FileTransaction.Journal.escape(path)
        #expect(!escaped.contains("\n") && !escaped.contains("\t") && !escaped.contains("\r"))
        #expect(FileTransaction.Journal.unescape(escaped) == path)
    }

    @Test(arguments: ["%", "%2", "%41", "%0a", "a%2Gb"])
    func unknownEscapesAreRefused(_ text: String) {
        #expect(FileTransaction.Journal.unescape(text) == nil)
    }

    @Test func aJournalIsReadUpToItsLastWholeLine() throws {
        let text = "flagstaff-journal 1\ncommand\tflagstaff new X\nreplace\ta.json\nfolder\tnew\ncreate\tnew/b.json\ncomm"
        let journal = try #require(FileTransaction.Journal(text))
        #expect(journal.command == "flagstaff new X")
        #expect(journal.files.map(\.action) == ["replace", "create"])
        #expect(journal.files.map(\.target) == ["a.json", "new/b.json"])
        #expect(journal.folders == ["new"])
        #expect(journal.ending == .open, "a cut-short commit is no commit")
        #expect(try #require(FileTransaction.Journal(text + "it\n")).ending == .committed)
        #expect(try #require(FileTransaction.Journal(text + "it\nabort\n")).ending == .aborted)
        #expect(try #require(FileTransaction.Journal(text + "it\nremove\tc.json\n")).files.count == 3)
    }

    @Test func aHeaderCutShortIsAnEmptyJournal() throws {
        for cut in ["", "f", "flagstaff-jour", "flagstaff-journal 1"] {
            let journal = try #require(FileTransaction.Journal(cut))
            #expect(journal.files.isEmpty && journal.ending == .open)
        }
    }

    @Test(arguments: ["not a journal\n", "flagstaff-journal 2\n", "flagstaff-journal 1\nrename\ta\n", "flagstaff-journal 1\ncommit\tx\n"])
    func whatIsNotAJournalIsRefused(_ text: String) {
        #expect(FileTransaction.Journal(text) == nil)
    }

    @Test func anUnreadableJournalIsAnErrorThatSaysWhatToDo() throws {
        try withTemporaryDirectory { folder in
            try write("something else\n", to: FileTransaction.journalName, in: folder)
            #expect {
                _ = try FileTransaction.recover(folder: folder.path)
            } throws: { error in
                "\(error)".contains("is not a journal flagstaff can read; compare the files it names")
            }
        }
    }

    @Test func aJournalInACopiedFolderRecoversTheCopy() throws {
        try withTemporaryDirectory { root in
            let folder = root.appendingPathComponent("one")
            try Self.makeOldFolder(folder)
            var copied = false
            try Self.change(folder, afterEachStep: {
                guard !copied, Platform.entryKind(atPath: folder.appendingPathComponent(".a.txt.flagstaff-new").path) != nil else { return }
                try! FileManager.default.copyItem(at: folder, to: root.appendingPathComponent("two"))
                copied = true
            })
            let journal = try String(contentsOf: root.appendingPathComponent("two/\(FileTransaction.journalName)"), encoding: .utf8)
            #expect(journal.contains("replace\ta.txt\n"), "paths inside the folder are relative")
            #expect(try FileTransaction.recover(folder: root.appendingPathComponent("two").path)?.finished == false)
            #expect(Self.state(of: root.appendingPathComponent("two")) == Self.old)
        }
    }
}
