import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// Issue 9's findings that need a workspace: the output folder, the loader's
/// limits and checks, each on a copy of the `small` fixture.
@Suite("Robustness of build and loading")
struct RobustnessCommandTests {
    func build(_ workspace: URL, output: String? = nil, templates: String? = nil) throws -> (status: Int32, console: RecordingConsole) {
        let console = RecordingConsole()
        let status = try BuildCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path, output: output, templates: templates)
            .run(console: console.console())
        return (status, console)
    }

    /// The error a build throws, or `nil` when it throws none.
    func buildError(_ workspace: URL, output: String? = nil) -> FlagstaffError? {
        do {
            _ = try build(workspace, output: output)
            return nil
        } catch {
            return error as? FlagstaffError
        }
    }

    /// Finding 15: a write that failed part-way left a mix of new and old files.
    @Test func aFailedWriteLeavesThePreviousOutputWhole() throws {
        try withCopy(of: "small") { workspace in
            _ = try build(workspace)
            let output = workspace.appendingPathComponent("out")
            let before = try snapshot(of: output)
            let configuration = try String(contentsOf: workspace.appendingPathComponent("flagstaff.yml"), encoding: .utf8)
            try write(configuration.replacingOccurrences(of: "title: Small Flags", with: "title: Renamed"), to: "flagstaff.yml", in: workspace)
            try write("# A new page\n", to: "guide/03-new.md", in: workspace)
            // The manifest is staged last; a folder where its temporary file goes fails the write after every other file was staged.
            let blocker = output.appendingPathComponent(".\(OutputWriter.manifestName).flagstaff-new")
            try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: false)
            #expect(throws: FlagstaffError.io("cannot create '\(blocker.path)': File exists; nothing was changed")) {
                try build(workspace)
            }
            #expect(try snapshot(of: output) == before, "no file changed, and no temporary file is left")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("guide/new.html").path))
        }
    }

    /// Files are staged as they are rendered, so a rendering that fails after some
    /// files were handed out leaves the folder as it was.
    @Test func aProducerThatFailsPartWayLeavesTheFolderWhole() throws {
        try withCopy(of: "small") { workspace in
            _ = try build(workspace)
            let output = workspace.appendingPathComponent("out")
            let before = try snapshot(of: output)
            #expect(throws: FlagstaffError.io("the theme broke")) {
                try OutputWriter(directory: output).write { (sink) throws(FlagstaffError) in
                    sink(OutputFile(path: "index.html", text: "new home\n"))
                    sink(OutputFile(path: "extra/page.html", text: "new page\n"))
                    throw .io("the theme broke")
                }
            }
            #expect(try snapshot(of: output) == before, "no file changed, no folder or temporary file is left")
        }
    }

    /// Finding 16: two builds into one folder at once left a mix of both sites.
    @Test func twoBuildsAtOnceTakeTurns() throws {
        try withCopy(of: "small") { workspace in
            let other = workspace.appendingPathComponent("other")
            try FileManager.default.createDirectory(at: other, withIntermediateDirectories: false)
            for item in ["flags", "guide", "tenants"] {
                try FileManager.default.copyItem(at: workspace.appendingPathComponent(item), to: other.appendingPathComponent(item))
            }
            let configuration = try String(contentsOf: workspace.appendingPathComponent("flagstaff.yml"), encoding: .utf8)
            try write("title: Other\n" + configuration, to: "other/flagstaff.yml", in: workspace)
            let output = workspace.appendingPathComponent("shared").path
            let configurations = [workspace, other].map { $0.appendingPathComponent("flagstaff.yml").path }
            for _ in 1...3 {
                DispatchQueue.concurrentPerform(iterations: 2) { index in
                    _ = try? BuildCommand(configurationPath: configurations[index], output: output).run(console: RecordingConsole().console())
                }
                let fresh = try configurations.map { path in
                    try BuildCommand(configurationPath: path, output: output, check: true).run(console: RecordingConsole().console())
                }
                #expect(fresh.contains(ExitStatus.success), "the folder holds one whole site")
            }
        }
    }

    /// Finding 17: with the workspace as the output folder, a catalog named `matrix.md` was overwritten.
    @Test func theWorkspaceAsOutputIsRefused() throws {
        try withCopy(of: "small") { workspace in
            let before = try snapshot(of: workspace)
            #expect(buildError(workspace, output: workspace.path) == .io(
                "the output folder '\(workspace.path)' holds the workspace; choose a folder of its own, such as 'public'"))
            #expect(buildError(workspace, output: "/") != nil)
            #expect(buildError(workspace, output: workspace.appendingPathComponent("flags").path) == .io(
                "the output folder '\(workspace.appendingPathComponent("flags").path)' holds the input 'flags/Flags.swift'; choose a folder of its own"))
            #expect(try snapshot(of: workspace) == before)
        }
    }

    /// Output = the guide folder: generated Markdown became guide pages on the next build.
    @Test func theGuideFolderAsOutputIsRefused() throws {
        try withCopy(of: "small") { workspace in
            let guide = workspace.appendingPathComponent("guide").path
            #expect(buildError(workspace, output: guide) == .io(
                "the output folder '\(guide)' is inside the input folder '\(guide)'; choose a folder of its own"))
        }
    }

    /// A file an earlier write made and this one does not is removed; a file no
    /// write made stays.
    @Test func aFileNoLongerProducedIsRemoved() throws {
        try withTemporaryDirectory { folder in
            let writer = OutputWriter(directory: folder.appendingPathComponent("out"))
            try writer.write([OutputFile(path: "a.html", text: "a"), OutputFile(path: "old/b.html", text: "b")])
            try "mine".write(to: writer.directory.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
            let result = try writer.write([OutputFile(path: "a.html", text: "a")])
            #expect(result.removed == 1)
            #expect(!FileManager.default.fileExists(atPath: writer.directory.appendingPathComponent("old/b.html").path))
            #expect(FileManager.default.fileExists(atPath: writer.directory.appendingPathComponent("a.html").path))
            #expect(FileManager.default.fileExists(atPath: writer.directory.appendingPathComponent("notes.txt").path))
            #expect(try writer.write([OutputFile(path: "a.html", text: "a")]).removed == 0)
        }
    }

    /// A manifest (committed with the site, so a pull request can write it) that
    /// names a place outside the folder with a mark joined to its slash
    /// (`../` then U+0301) removes nothing there: to the file system the path
    /// climbs out, however Swift's characters join the slash to the mark.
    @Test func aManifestPathThatClimbsOutBehindAJoinedMarkRemovesNothing() throws {
        try withTemporaryDirectory { folder in
            let writer = OutputWriter(directory: folder.appendingPathComponent("out"))
            try writer.write([OutputFile(path: "a.html", text: "a")])
            let outside = folder.appendingPathComponent("\u{301}victim.txt"), linked = folder.appendingPathComponent("elsewhere")
            try "keep me".write(to: outside, atomically: true, encoding: .utf8)
            try write("keep me too", to: "\u{301}x.txt", in: linked)
            try FileManager.default.createSymbolicLink(at: writer.directory.appendingPathComponent("lnk"), withDestinationURL: linked)
            let manifest = writer.directory.appendingPathComponent(OutputWriter.manifestName)
            try (String(contentsOf: manifest, encoding: .utf8) + "../\u{301}victim.txt\nlnk/\u{301}x.txt\n").write(to: manifest, atomically: true, encoding: .utf8)
            let result = try writer.write([OutputFile(path: "a.html", text: "a")])
            #expect(result.removed == 0)
            #expect(FileManager.default.fileExists(atPath: outside.path), "the file outside the folder is kept")
            #expect(FileManager.default.fileExists(atPath: linked.appendingPathComponent("\u{301}x.txt").path), "the file behind a link is kept")
        }
    }

    /// Finding 18: a manifest that listed inputs made the build delete them.
    @Test func aManifestNeverMakesTheBuildDeleteAnInput() throws {
        try withCopy(of: "small") { workspace in
            _ = try build(workspace)
            let output = workspace.appendingPathComponent("out")
            try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("ws"), withDestinationURL: workspace)
            try "# Files written by flagstaff build\nws/flagstaff.yml\nws/flags/catalog.md\n../flagstaff.yml\n\(workspace.path)/flags/Flags.swift\n"
                .write(to: output.appendingPathComponent(OutputWriter.manifestName), atomically: true, encoding: .utf8)
            #expect(try build(workspace).status == ExitStatus.success)
            for input in ["flagstaff.yml", "flags/catalog.md", "flags/Flags.swift"] {
                #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent(input).path), "\(input)")
            }
        }
    }

    /// Finding 19: pages were written through a symbolic link out of the output folder.
    @Test func aSymbolicLinkInTheOutputIsNeverFollowed() throws {
        try withCopy(of: "small") { workspace in
            _ = try build(workspace)
            let output = workspace.appendingPathComponent("out")
            let elsewhere = workspace.appendingPathComponent("elsewhere")
            try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
            try FileManager.default.removeItem(at: output.appendingPathComponent("flags"))
            try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("flags"), withDestinationURL: elsewhere)
            let link = output.appendingPathComponent("flags").path
            #expect(throws: FlagstaffError.io("'\(link)' is a symbolic link; flagstaff writes only inside the output folder, so nothing in '\(output.path)' was changed")) {
                try build(workspace)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        }
    }

    /// Whatever the tenant ids, flag keys or page names, a path that could leave the folder is never written.
    @Test(arguments: ["../escape.html", "/etc/escape.html", "a/../../escape.html", "a//b.html", "./a.html", "a\0b.html", ""])
    func aPathThatCouldLeaveTheOutputFolderIsRefused(_ path: String) throws {
        try withTemporaryDirectory { folder in
            let output = folder.appendingPathComponent("out")
            #expect(throws: FlagstaffError.io("refusing to write '\(path)', which is not a plain path inside the output folder")) {
                try OutputWriter(directory: output).write([OutputFile(path: path, text: "x")])
            }
            let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            #expect(written.isEmpty, "nothing was written, not even the folder")
        }
    }

    /// A file in the output folder that Flagstaff did not write is never replaced.
    @Test func aFileTheBuildDidNotWriteIsNeverReplaced() throws {
        try withCopy(of: "small") { workspace in
            let output = workspace.appendingPathComponent("out")
            try write("my own page\n", to: "out/index.html", in: workspace)
            #expect(buildError(workspace) == .io(
                "'\(output.appendingPathComponent("index.html").path)' was not written by flagstaff (it is not in .flagstaff-manifest); "
                    + "move it away or choose another output folder"))
            #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8) == "my own page\n")
            #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("matrix.md").path))
        }
    }

    /// Finding 20: tenant folders `é` (NFC) and `e` + U+0301 (NFD) were one tenant with two files.
    @Test func tenantIDsThatNormaliseAlikeAreAnError() throws {
        try withCopy(of: "small") { workspace in
            let file = try String(contentsOf: workspace.appendingPathComponent("tenants/AAA/FeatureFlags.defaults.json"), encoding: .utf8)
            try write(file, to: "tenants/\u{E9}/FeatureFlags.defaults.json", in: workspace)
            try write(file, to: "tenants/e\u{301}/FeatureFlags.defaults.json", in: workspace)
            let console = RecordingConsole()
            let status = try ValidateCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path).run(console: console.console())
            #expect(status == ExitStatus.failure)
            let names = try FileManager.default.contentsOfDirectory(atPath: workspace.appendingPathComponent("tenants").path)
                .filter { $0.unicodeScalars.count <= 2 && $0.lowercased() != "wl" }.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
            #expect(console.error.contains(
                "tenants/\(names[1])/FeatureFlags.defaults.json:1:1: error: the tenant id of 'tenants/\(names[1])/FeatureFlags.defaults.json' "
                    + "is the same as that of 'tenants/\(names[0])/FeatureFlags.defaults.json' once Unicode is normalised"))
        }
    }

    /// Finding 22: a UTF-8 byte order mark made flagstaff.yml "malformed YAML".
    @Test func aByteOrderMarkIsIgnored() throws {
        try withCopy(of: "small") { workspace in
            let url = workspace.appendingPathComponent("flagstaff.yml")
            try (Data([0xEF, 0xBB, 0xBF]) + (try Data(contentsOf: url))).write(to: url)
            let console = RecordingConsole()
            #expect(try ValidateCommand(configurationPath: url.path).run(console: console.console()) == ExitStatus.success, "\(console.error)")
        }
    }

    /// Finding 11: a 200 MB tenant file was read whole; past 8 MiB a file is an error at its start.
    @Test func aFileLargerThanTheLimitIsAnError() throws {
        try withCopy(of: "small") { workspace in
            let url = workspace.appendingPathComponent("tenants/AAA/FeatureFlags.defaults.json")
            try Data(repeating: UInt8(ascii: " "), count: InputLimits.fileBytes + 1).write(to: url)
            #expect(throws: FlagstaffError.unreadableInputs([
                .error("the file is 8.1 MiB, larger than the 8 MiB Flagstaff reads", at: .start(of: "tenants/AAA/FeatureFlags.defaults.json"),
                       hint: "see Limits in the README")
            ])) {
                try ValidateCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path).run(console: RecordingConsole().console())
            }
        }
    }

    @Test func aLineLongerThanTheLimitIsAnErrorAtItsColumn() throws {
        try withCopy(of: "small") { workspace in
            try write("# Catalog\n\n" + String(repeating: "x", count: InputLimits.lineBytes + 5) + "\n", to: "flags/catalog.md", in: workspace)
            #expect(throws: FlagstaffError.unreadableInputs([
                .error(
                    "this line is longer than 1 MiB, the longest line Flagstaff reads",
                    at: SourceLocation(file: "flags/catalog.md", line: 3, column: InputLimits.lineBytes + 1), hint: "see Limits in the README")
            ])) {
                try ValidateCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path).run(console: RecordingConsole().console())
            }
        }
    }

    /// Finding 13: a workspace far past any real one is refused with a positioned error before it is resolved.
    @Test func moreTenantsThanTheLimitAreAnError() throws {
        var files = [
            "flagstaff.yml": "environments: [prod]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n",
            "F.swift": "enum F: String {\n    case a = \"A\"\n}\n",
            "c.md": "## Flags\n\n| Flag | Description |\n|---|---|\n| `A` | x |\n",
        ]
        for index in 0...InputLimits.tenants { files["t/T\(index).json"] = "{}" }
        let source = MemoryFileSource(files)
        let workspace = try Workspace.load(configuration: try source.text(of: "flagstaff.yml"), file: "flagstaff.yml", from: source, root: URL(fileURLWithPath: "/"))
        #expect(workspace.matrix == nil)
        #expect(workspace.diagnostics.map(\.description) == [
            "flagstaff.yml:4:10: error: there are 1001 tenants, more than the 1000 Flagstaff reads; see Limits in the README"
        ])
    }
}
