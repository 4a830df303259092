@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// `GitObjectReader` asks `git cat-file --batch` for many objects at once, in
/// chunks that fit a pipe, and hands each over in order as it arrives;
/// `GitObjectStore` keeps what it read and asks again for nothing. Both are
/// hand-written over git's batch protocol, so each part of the protocol has a case.
@Suite("git object reader")
struct GitObjectReaderTests {
    /// A repository with `count` files `f0.txt`… each holding its own number,
    /// in folders `a/b/`; returns it with each file's blob id, by name.
    func repository(files count: Int, in folder: URL) throws -> [String: String] {
        for number in 0..<count { try write("file \(number)\n", to: "a/b/f\(number).txt", in: folder) }
        #expect(try git(["init", "-q"], in: folder) == 0)
        #expect(try git(["add", "."], in: folder) == 0)
        #expect(try git(["-c", "commit.gpgsign=false", "commit", "-q", "-m", "Files"], in: folder) == 0)
        let listing = Process()
        listing.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        listing.arguments = ["git", "ls-tree", "-r", "HEAD"]
        listing.currentDirectoryURL = folder
        let pipe = Pipe()
        listing.standardOutput = pipe
        try listing.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        listing.waitUntilExit()
        var ids: [String: String] = [:]
        for line in text.split(separator: "\n") {
            // "<mode> blob <id>\t<path>"
            let parts = line.split(separator: "\t")
            ids[String(parts[1].split(separator: "/").last!)] = String(parts[0].split(separator: " ")[2])
        }
        return ids
    }

    func write(_ text: String, to path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Found, missing and malformed names in one request: each answer in its place,
    /// and the reader still answers afterwards.
    @Test func eachNameGetsItsOwnAnswerInOrder() throws {
        try withTemporaryDirectory { folder in
            let ids = try repository(files: 3, in: folder)
            let reader = try #require(GitObjectReader(repository: folder))
            let names = [ids["f2.txt"]!, String(repeating: "0", count: 40), "no\nsuch", ids["f0.txt"]!, "HEAD:a/b/f1.txt"]
            let objects = reader.objects(names)
            #expect(objects.map { $0.map { String(decoding: $0.contents, as: UTF8.self) } } == ["file 2\n", nil, nil, "file 0\n", "file 1\n"])
            #expect(objects[0]?.type == "blob" && objects[0]?.id == ids["f2.txt"])
            #expect(reader.object("HEAD^{tree}")?.type == "tree")
            var positions: [Int] = []
            reader.objects(names) { position, _ in positions.append(position) }
            #expect(positions == Array(names.indices), "each position is handed over once, in order")
        }
    }

    /// More requests than fit in one write (32 KiB of names): the reader asks in
    /// chunks and every answer still matches its name.
    @Test func manyNamesAreAskedInChunks() throws {
        try withTemporaryDirectory { folder in
            let ids = try repository(files: 40, in: folder)
            let reader = try #require(GitObjectReader(repository: folder))
            // 41 bytes a request: 1,200 requests are about 49 KiB, two chunks at least.
            let names = (0..<1_200).map { index in index % 7 == 3 ? "missing-\(index)" : ids["f\(index % 40).txt"]! }
            let objects = reader.objects(names)
            #expect(objects.count == names.count)
            for (index, object) in objects.enumerated() {
                let expected = index % 7 == 3 ? nil : "file \(index % 40)\n"
                #expect(object.map { String(decoding: $0.contents, as: UTF8.self) } == expected, "answer \(index)")
            }
        }
    }

    /// What a whole read will ask for, asked at once: the folders a level at a
    /// time, then the files; afterwards the same reads cost no request, and a
    /// path that is not there is passed over.
    @Test func prefetchReadsFoldersAndFilesOnce() throws {
        try withTemporaryDirectory { folder in
            let ids = try repository(files: 5, in: folder)
            let store = try #require(GitObjectStore(repository: folder, idLength: 20))
            let tree = try #require(store.object("HEAD^{tree}")?.id)
            store.prefetch(files: ["a/b/f0.txt", "a/b/f3.txt", "a/b/none.txt", "a/b/f0.txt/x"], folders: ["a/b"], in: [tree])
            // The root, a and a/b; then f0 and f3.
            #expect(store.objectReads == 5)
            #expect(store.blobReadCount == 2)
            #expect(store.entry(at: "a/b/f3.txt", in: tree)?.id == ids["f3.txt"])
            #expect(store.blob(ids["f3.txt"]!, at: "a/b/f3.txt")?.bytes.map { String(decoding: $0, as: UTF8.self) } == "file 3\n")
            #expect(store.objectReads == 5, "what was read at once is not asked again")
            #expect(store.blob(ids["f4.txt"]!, at: "a/b/f4.txt") != nil)
            #expect(store.objectReads == 6)
        }
    }

    /// Several commits' trees asked at once: each tree and version is read once,
    /// the ones the commits share too, and afterwards reading any of them costs nothing.
    @Test func prefetchOfSeveralCommitsReadsEachObjectOnce() throws {
        try withTemporaryDirectory { folder in
            let ids = try repository(files: 3, in: folder)
            try write("file 2, changed\n", to: "a/b/f2.txt", in: folder)
            #expect(try git(["-c", "commit.gpgsign=false", "commit", "-q", "-am", "Change"], in: folder) == 0)
            let store = try #require(GitObjectStore(repository: folder, idLength: 20))
            let (first, second) = (try #require(store.object("HEAD~1^{tree}")?.id), try #require(store.object("HEAD^{tree}")?.id))
            store.prefetch(files: ["a/b/f0.txt", "a/b/f2.txt"], folders: [], in: [first, second])
            // Each commit's root, a and a/b; f0 once, as both have the same; f2 twice.
            #expect(store.objectReads == 9)
            #expect(store.blobReadCount == 3)
            for tree in [first, second] {
                for name in ["f0.txt", "f2.txt"] {
                    let entry = try #require(store.entry(at: "a/b/\(name)", in: tree))
                    #expect(store.blob(entry.id, at: "a/b/\(name)") != nil)
                }
            }
            #expect(store.entry(at: "a/b/f0.txt", in: second)?.id == ids["f0.txt"])
            #expect(store.objectReads == 9, "what was read at once is not asked again")
        }
    }

    /// Versions read ahead through another reader are kept until the walk takes
    /// the next version at their path, and each is read from git once.
    @Test func versionsReadAheadAreKeptUntilTheNextIsTaken() throws {
        try withTemporaryDirectory { folder in
            let ids = try repository(files: 3, in: folder)
            let store = try #require(GitObjectStore(repository: folder, idLength: 20))
            let reader = try #require(GitObjectReader(repository: folder))
            let (first, second) = (ids["f0.txt"]!, ids["f1.txt"]!)
            var handed: [String?] = []
            store.blobs([first, second, "missing"], reader: reader) { _, bytes in handed.append(bytes.map { String(decoding: $0, as: UTF8.self) }) }
            #expect(handed == ["file 0\n", "file 1\n", nil])
            #expect(store.blobReadCount == 2)
            // Both kept: asking for them costs nothing, and kept versions between
            // ones git reads are still handed over in order.
            var order: [Int] = []
            store.blobs([first, ids["f2.txt"]!, second], reader: reader) { position, _ in order.append(position) }
            #expect(order == [0, 1, 2])
            #expect(store.blobReadCount == 3)
            // The walk takes f0's version then f1's at one path: the first is let go.
            store.took(first, at: "tenants/A.json")
            store.took(second, at: "tenants/A.json")
            _ = store.blob(second, at: "x")
            #expect(store.blobReadCount == 3)
            _ = store.blob(first, at: "tenants/A.json")
            #expect(store.blobReadCount == 4, "the version taken before was let go")
        }
    }
}

/// Flagstaff runs the `git` the `PATH` names, found once: only in absolute
/// folders, so a checkout under review cannot slip its own `git` in.
@Suite("Finding git")
struct GitExecutableTests {
    @Test func theFirstExecutableGitOfAnAbsoluteFolderIsRun() throws {
        try withTemporaryDirectory { root in
            for folder in ["folder/git", "plain", "first", "second", "here"] {
                try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            }
            for file in ["plain/git", "first/git", "second/git", "here/git"] {
                try "#!/bin/sh\n".write(to: root.appendingPathComponent(file), atomically: true, encoding: .utf8)
            }
            for file in ["first/git", "second/git", "here/git"] {
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.appendingPathComponent(file).path)
            }
            let path = { (folder: String) in root.appendingPathComponent(folder).path }
            #expect(Git.locate(inPath: [path("folder"), path("plain"), path("first"), path("second")].joined(separator: ":"))?.path
                == path("first/git"), "a folder named git and a file that cannot run are passed over")
            #expect(Git.locate(inPath: path("missing") + "::" + path("second"))?.path == path("second/git"))
            // The same folder, named from the current one: relative, so never looked in.
            let climb = String(repeating: "../", count: FileManager.default.currentDirectoryPath.split(separator: "/").count)
            let relative = climb + String(path("here").dropFirst())
            #expect(FileManager.default.isExecutableFile(atPath: relative + "/git"), "the relative folder does hold a git")
            #expect(Git.locate(inPath: relative) == nil)
            #expect(Git.locate(inPath: "") == nil)
        }
    }
}
