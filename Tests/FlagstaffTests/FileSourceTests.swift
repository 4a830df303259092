@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The three file sources behave alike, and a workspace loads from any of them.
@Suite("File sources")
struct FileSourceTests {
    static let files = [
        "flagstaff.yml": "environments: [dev, prod]\nenum: Flags.swift\ncatalog: catalog.md\ntenants: tenants/*/defaults.json\n",
        "Flags.swift": "enum FeatureFlag: String {\n    case a = \"ENABLE_A\"\n}\n",
        "catalog.md": "## Flags\n\n| Flag | Description |\n|---|---|\n| `ENABLE_A` | A |\n",
        "tenants/AAA/defaults.json": #"{ "ENABLE_A": true }"#,
        "tenants/BBB/defaults.json": #"{ "ENABLE_A": false, "overrides": { "dev": { "ENABLE_A": true } } }"#,
        "tenants/.hidden/defaults.json": "not even JSON",
        "tenants/CCC/other.json": "{}",
    ]

    /// Checks what every source must do, on the files above.
    func checkBehaviour(of source: any FileSource) throws {
        #expect(try source.text(of: "Flags.swift") == Self.files["Flags.swift"])
        #expect(try source.text(of: "./tenants/../Flags.swift") == Self.files["Flags.swift"])
        #expect(throws: FileSourceError.missing) { try source.contents(of: "nope.txt") }
        #expect(try source.entries(of: "tenants").map(\.name) == [".hidden", "AAA", "BBB", "CCC"])
        #expect(try source.entries(of: "tenants/AAA") == [FileEntry(name: "defaults.json", kind: .file)])
        #expect(try source.entries(of: "").contains(FileEntry(name: "tenants", kind: .directory)))
        #expect(throws: FileSourceError.missing) { try source.entries(of: "nowhere") }
        #expect(source.kind(of: "tenants") == .directory)
        #expect(source.kind(of: "catalog.md") == .file)
        #expect(source.kind(of: "missing") == nil)
        #expect(try source.files(below: "tenants") == ["AAA/defaults.json", "BBB/defaults.json", "CCC/other.json"])
        let workspace = try Workspace.load(
            configuration: try source.text(of: "flagstaff.yml"), file: "flagstaff.yml", from: source, root: URL(fileURLWithPath: "/"))
        #expect(workspace.diagnostics.isEmpty)
        #expect(workspace.model?.tenants.map(\.id) == ["AAA", "BBB"])
        #expect(workspace.matrix?.resolution(key: "ENABLE_A", tenant: "BBB", environment: "dev")?.layer.id == "override")
    }

    @Test func memory() throws {
        try checkBehaviour(of: MemoryFileSource(Self.files))
    }

    @Test func disk() throws {
        try withTemporaryDirectory { root in
            for (path, text) in Self.files { try write(text, to: path, in: root) }
            try checkBehaviour(of: DiskFileSource(root: root))
            #expect(try DiskFileSource(root: URL(fileURLWithPath: "/nowhere"), boundary: nil).text(of: root.appendingPathComponent("catalog.md").path)
                == Self.files["catalog.md"], "absolute paths are read as they are by a source that is not confined")
        }
    }

    /// `DiskFileSource` reads with its own `read` loop: every byte, of files empty,
    /// small and past one buffer, and nothing that is not a regular file.
    @Test func diskReadsEveryByteAndOnlyFiles() throws {
        try withTemporaryDirectory { root in
            let large = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            try Data(large).write(to: root.appendingPathComponent("large.bin"))
            try Data().write(to: root.appendingPathComponent("empty.txt"))
            try Data([0xEF, 0xBB, 0xBF, 0x61]).write(to: root.appendingPathComponent("bom.txt"))
            try FileManager.default.createDirectory(at: root.appendingPathComponent("folder"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("link.bin").path, withDestinationPath: "large.bin")
            let source = DiskFileSource(root: root)
            #expect(try source.contents(of: "large.bin") == large)
            #expect(try source.contents(of: "link.bin") == large, "a link to a file is read through")
            #expect(try source.contents(of: "empty.txt") == [])
            #expect(try source.contents(of: "bom.txt") == [0xEF, 0xBB, 0xBF, 0x61])
            #expect(try source.text(of: "bom.txt") == "a")
            #expect(throws: FileSourceError.self) { try source.contents(of: "folder") }
            #expect(throws: FileSourceError.missing) { try source.contents(of: "folder/none") }
        }
    }

    /// Commands that edit sources work from the bytes the model was read from;
    /// commands that only read keep no copy of them.
    @Test func onlyAWorkspaceLoadedForEditingKeepsTheBytesFirstRead() throws {
        try withTemporaryDirectory { root in
            for (path, text) in Self.files { try write(text, to: path, in: root) }
            let configuration = root.appendingPathComponent("flagstaff.yml").path
            let editing = try Workspace.load(configurationPath: configuration, forEditing: true)
            let reading = try Workspace.load(configurationPath: configuration)
            try write("# Changed\n", to: "catalog.md", in: root)
            #expect(try editing.source.text(of: "catalog.md") == Self.files["catalog.md"])
            #expect(try reading.source.text(of: "catalog.md") == "# Changed\n")
        }
    }

    /// `DiskFileSource` reads text straight into a string: it must give what decoding
    /// the file's bytes gives, byte order mark, broken UTF-8 and limits included.
    @Test func diskTextIsTheFilesBytesDecoded() throws {
        let limit = InputLimits.lineBytes
        let oneLongLine = [UInt8](repeating: 0x61, count: limit + 1)
        let longButBroken = [UInt8](repeating: 0x61, count: limit) + [0x0A, 0x61]
        let contents: [String: [UInt8]] = [
            "empty": [], "mark-only": [0xEF, 0xBB, 0xBF], "mark": [0xEF, 0xBB, 0xBF, 0x61, 0x62], "two-marks": [0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF],
            "half-mark": [0xEF, 0xBB], "broken": [0xFF, 0x61, 0xC3], "mark-then-broken": [0xEF, 0xBB, 0xBF, 0xC3, 0x28],
            "accented": Array("caf\u{E9} \u{212A}".utf8), "at-limit": [UInt8](repeating: 0x62, count: limit),
            "past-line-limit": oneLongLine, "long-file-short-lines": longButBroken,
        ]
        try withTemporaryDirectory { root in
            for (name, bytes) in contents { try Data(bytes).write(to: root.appendingPathComponent(name)) }
            let (disk, memory) = (DiskFileSource(root: root), MemoryFileSource(bytes: contents))
            for name in contents.keys.sorted() {
                let fromDisk = Result { () throws(FileSourceError) in try disk.text(of: name) }
                let decoded = Result { () throws(FileSourceError) in try memory.text(of: name) }
                #expect(fromDisk == decoded, "\(name)")
            }
            #expect(try disk.text(of: "mark") == "ab")
            #expect(throws: FileSourceError.self) { try disk.text(of: "past-line-limit") }
        }
    }

    @Test func linkedFoldersAreListedButNeverWalked() throws {
        try withTemporaryDirectory { root in
            try write("x", to: "code/A.swift", in: root)
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("code/loop").path, withDestinationPath: root.appendingPathComponent("code").path)
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("code/B.swift").path, withDestinationPath: "A.swift")
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("code/dangling").path, withDestinationPath: "nothing")
            let source = DiskFileSource(root: root)
            #expect(try source.entries(of: "code") == [
                FileEntry(name: "A.swift", kind: .file), FileEntry(name: "B.swift", kind: .file),
                FileEntry(name: "dangling", kind: .other), FileEntry(name: "loop", kind: .linkedDirectory),
            ])
            #expect(try source.files(below: "code") == ["A.swift", "B.swift"])
        }
    }

    @Test func aGitRevisionIsReadWithoutTouchingTheWorkingTree() throws {
        try withTemporaryDirectory { repository in
            let root = repository.appendingPathComponent("apps/ios")
            for (path, text) in Self.files { try write(text, to: path, in: root) }
            #expect(try git(["init", "-q"], in: repository) == 0)
            #expect(try git(["add", "."], in: repository) == 0)
            #expect(try git(["commit", "-q", "-m", "First"], in: repository) == 0)
            try write(#"{ "ENABLE_A": "changed" }"#, to: "tenants/AAA/defaults.json", in: root)
            try FileManager.default.removeItem(at: root.appendingPathComponent("Flags.swift"))
            let before = try snapshot(of: repository)

            let source = try GitRevisionFileSource(folder: root, revision: "HEAD")
            #expect(source.prefix == "apps/ios/")
            #expect(source.name == "revision HEAD")
            try checkBehaviour(of: source)
            #expect(throws: FileSourceError.self) { try source.contents(of: "tenants") }
            #expect(throws: FileSourceError.self) { try source.contents(of: "/etc/hostname") }
            #expect(throws: FileSourceError.missing) { try source.contents(of: "../../outside") }
            #expect(try snapshot(of: repository) == before, "reading a revision changes no file")
        }
    }

    @Test func aBadRevisionOrFolderIsAClearError() throws {
        try withTemporaryDirectory { (folder: URL) throws in
            #expect(throws: FlagstaffError.io("'\(folder.path)' is not in a git repository")) {
                try GitRevisionFileSource(folder: folder, revision: "HEAD")
            }
            #expect(try git(["init", "-q"], in: folder) == 0)
            #expect(throws: FlagstaffError.usage("unknown revision 'no-such-branch'")) {
                try GitRevisionFileSource(folder: folder, revision: "no-such-branch")
            }
        }
    }

    @Test func treeObjectsAreParsedByMode() {
        var bytes: [UInt8] = []
        for (mode, name) in [("100644", "a.json"), ("40000", "dir"), ("100755", "run.sh"), ("120000", "link"), ("160000", "module")] {
            bytes += Array("\(mode) \(name)".utf8) + [0] + [UInt8](repeating: 7, count: 20)
        }
        #expect(GitRevisionFileSource.treeEntries(bytes) == [
            FileEntry(name: "a.json", kind: .file), FileEntry(name: "dir", kind: .directory), FileEntry(name: "run.sh", kind: .file),
            FileEntry(name: "link", kind: .other), FileEntry(name: "module", kind: .submodule),
        ])
    }

    @Test func pathsAreNormalisedWithoutClimbingOut() {
        #expect(FilePath.normalized("a/./b//c/../d") == "a/b/d")
        #expect(FilePath.normalized("") == "")
        #expect(FilePath.normalized("a/..") == "")
        #expect(FilePath.normalized("../a") == nil)
        #expect(FilePath.normalized("a/../../b") == nil)
        #expect(FilePath.join("a/", "b") == "a/b")
        #expect(FilePath.join("", "b") == "b")
        #expect(FilePath.join("a", "") == "a")
    }
}

@Suite("Tenant pattern")
struct TenantPatternTests {
    @Test func theStarIsTheTenantId() throws {
        let pattern = try #require(TenantPattern("content/tenants/*/FeatureFlags.defaults.json"))
        #expect(pattern == TenantPattern("content/tenants/*/FeatureFlags.defaults.json"))
        #expect((pattern.directory, pattern.prefix, pattern.suffix, pattern.rest) == ("content/tenants", "", "", "FeatureFlags.defaults.json"))
        #expect(pattern.id(of: "CHL") == "CHL")
        #expect(pattern.path(of: "CHL") == "content/tenants/CHL/FeatureFlags.defaults.json")
        #expect(pattern.id(of: ".git") == nil, "hidden entries never match")
    }

    @Test func aStarInsideAFileName() throws {
        let pattern = try #require(TenantPattern("tenants/flags-*.json"))
        #expect(pattern.id(of: "flags-WL.json") == "WL")
        #expect(pattern.id(of: "flags-.json") == nil, "the id is never empty")
        #expect(pattern.id(of: "other-WL.json") == nil)
        #expect(pattern.id(of: "flags-WL.yml") == nil)
        #expect(pattern.path(of: "flags-WL.json") == "tenants/flags-WL.json")
        #expect(try #require(TenantPattern("*.json")).path(of: "A.json") == "A.json")
        #expect(TenantPattern("tenants/defaults.json") == nil)
    }

    @Test func prefixAndSuffixMayNotOverlap() throws {
        let pattern = try #require(TenantPattern("t/a*a"))
        #expect(pattern.id(of: "a") == nil)
        #expect(pattern.id(of: "aa") == nil)
        #expect(pattern.id(of: "aXa") == "X")
    }
}
