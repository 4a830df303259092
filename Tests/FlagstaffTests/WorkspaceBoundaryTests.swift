import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// The workspace is a boundary (issue 33): a hostile workspace, as a pull request
/// could make it, per rule. Each test runs the real binary in a copy of the small
/// workspace that has a sibling folder, `victim`, and checks the error and that
/// nothing in `victim` changed.
@Suite("The workspace boundary")
struct WorkspaceBoundaryTests {
    /// What the victim folder holds: a secret, notes, a hook, and a tenant file a link could lead to.
    static let victimFiles = [
        "secret.txt": "ssh-ed25519 AAAAC3Nza secret-key\n", "notes.md": "# My notes\n", "hooks/pre-commit": "#!/bin/sh\nexit 0\n",
        "EVIL/FeatureFlags.defaults.json": "{ \"darkMode\": true }\n",
    ]

    /// Runs `body` with the small workspace at `ws` and the victim folder beside
    /// it, then checks that the victim folder is exactly as it was.
    func withHostileWorkspace(_ body: (_ workspace: URL, _ victim: URL) throws -> Void) throws {
        try withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("ws"), victim = folder.appendingPathComponent("victim")
            try FileManager.default.copyItem(at: Fixtures.directory.appendingPathComponent("small"), to: workspace)
            for (path, text) in Self.victimFiles { try write(text, to: path, in: victim) }
            let before = try snapshot(of: victim)
            try body(workspace, victim)
            #expect(try snapshot(of: victim) == before, "the victim folder changed")
        }
    }

    func flagstaff(_ arguments: [String], in workspace: URL, environment: [String: String] = [:]) throws -> ProcessResult {
        try run(Fixtures.binary.path, arguments, in: workspace, environment: environment)
    }

    func append(_ text: String, toConfigurationIn workspace: URL) throws {
        let url = workspace.appendingPathComponent("flagstaff.yml")
        try (String(contentsOf: url, encoding: .utf8) + text).write(to: url, atomically: true, encoding: .utf8)
    }

    func link(_ path: String, in workspace: URL, to destination: String) throws {
        let url = workspace.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    // MARK: - Reads

    @Test func anXcconfigIncludeOutsideTheWorkspaceIsAnErrorAndNothingOfItIsShown() throws {
        try withHostileWorkspace { workspace, victim in
            try write("#include \"\(victim.path)/secret.txt\"\n#include \"../../victim/notes.md\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n", to: "Config/Debug.xcconfig", in: workspace)
            try append("build_configurations:\n  dev: { xcconfig: Config/Debug.xcconfig }\n", toConfigurationIn: workspace)
            let result = try flagstaff(["build"], in: workspace)
            #expect(result.status == ExitStatus.failure)
            #expect(result.error.contains("Config/Debug.xcconfig:1:1: error: '\(victim.path)/secret.txt' leads outside the workspace"), "\(result.error)")
            #expect(result.error.contains("Config/Debug.xcconfig:2:1: error: '../victim/notes.md' leads outside the workspace"), "\(result.error)")
            #expect(!result.error.contains("secret-key") && !result.output.contains("secret-key"))
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out").path), "nothing was built")
        }
    }

    @Test func includesThatFanOutStopAtTheLimitWithAPositionedError() throws {
        try withHostileWorkspace { workspace, _ in
            // Each file includes the next ten times, eight files deep: 10⁸ includes uncapped.
            for level in 0..<8 {
                try write(String(repeating: "#include \"\(level + 1).xcconfig\"\n", count: 10), to: "Config/\(level).xcconfig", in: workspace)
            }
            try write("SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n", to: "Config/8.xcconfig", in: workspace)
            try append("build_configurations:\n  dev: { xcconfig: Config/0.xcconfig }\n", toConfigurationIn: workspace)
            let result = try flagstaff(["validate"], in: workspace)
            // Read depth first, the 1,001st #include is the 7th line of 7.xcconfig, and nothing is read after it.
            #expect(result.error.contains(
                "Config/7.xcconfig:7:1: error: this #include is past the \(InputLimits.xcconfigIncludes.grouped) includes Flagstaff follows for one build configuration"),
                "\(result.error)")
            #expect(result.status == ExitStatus.failure)
        }
    }

    @Test func includesNestedTooDeepAreAnError() throws {
        try withHostileWorkspace { workspace, _ in
            let depth = InputLimits.xcconfigIncludeDepth
            for level in 0..<depth { try write("#include \"\(level + 1).xcconfig\"\n", to: "Config/\(level).xcconfig", in: workspace) }
            try write("SWIFT_ACTIVE_COMPILATION_CONDITIONS = DEBUG\n", to: "Config/\(depth).xcconfig", in: workspace)
            try append("build_configurations:\n  dev: { xcconfig: Config/0.xcconfig }\n", toConfigurationIn: workspace)
            let result = try flagstaff(["validate"], in: workspace)
            #expect(result.error.contains(
                "Config/\(depth - 1).xcconfig:1:1: error: this #include nests files \(depth + 1) deep, deeper than the \(depth) Flagstaff follows"),
                "\(result.error)")
        }
    }

    @Test func aSymlinkedTenantFolderOutsideIsAnErrorAndAuthoringWritesNothing() throws {
        try withHostileWorkspace { workspace, victim in
            try link("tenants/EVIL", in: workspace, to: victim.appendingPathComponent("EVIL").path)
            let result = try flagstaff(["new", "--case", "giftWrap", "--group", "Media", "--description", "Gift wrap.", "--on", "AAA,EVIL", "--yes"], in: workspace)
            #expect(result.status != 0)
            #expect(result.error.contains("error: 'tenants/EVIL/FeatureFlags.defaults.json' leads outside the workspace"), "\(result.error)")
        }
    }

    /// `é` and `e` with a combining accent are one name to Swift and two folders
    /// on Linux: a workspace in `café` (`é`) ends at its own folder, not at
    /// `café` spelt the other way beside it.
    @Test func aFolderWhoseNameSwiftHoldsEqualIsOutside() throws {
        #expect("caf\u{E9}" == "cafe\u{301}", "Swift holds the two names equal")
        try withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("caf\u{E9}"), victim = folder.appendingPathComponent("cafe\u{301}")
            try FileManager.default.copyItem(at: Fixtures.directory.appendingPathComponent("small"), to: workspace)
            let boundary = WorkspaceBoundary(root: workspace), root = boundary.root
            #expect(boundary.contains(root) && boundary.contains(root + "/tenants/AAA/FeatureFlags.defaults.json"))
            #expect(!boundary.contains(String(root.dropLast()) + "e\u{301}/EVIL/FeatureFlags.defaults.json"), "the other spelling is another folder")
            #expect(!boundary.contains(String(root.dropLast()) + "e\u{301}"))
            #expect(!boundary.contains(root + "x/a.json"), "a folder whose name starts with the root's is outside")
            try write("{ \"darkMode\": true }\n", to: "EVIL/FeatureFlags.defaults.json", in: victim)
            // A file system that stores names as they are spelt (Linux) has two folders; one that compares them normalised (APFS) has one.
            let inodes = try [workspace, victim].map { try FileManager.default.attributesOfItem(atPath: $0.path)[.systemFileNumber] as? Int }
            try link("tenants/EVIL", in: workspace, to: victim.appendingPathComponent("EVIL").path)
            let result = try flagstaff(["validate"], in: workspace)
            if inodes[0] != inodes[1] {
                #expect(result.status != 0)
                #expect(result.error.contains("leads outside the workspace"), "\(result.error)")
                #expect(result.error.contains("looks like the workspace's, spelt with other Unicode characters"), "\(result.error)")
            }
        }
    }

    /// An error that quotes the configuration (an output folder named with a line
    /// end) stays on one line: a pull request's `flagstaff.yml` cannot start a
    /// line the CI runner reads as a workflow command.
    @Test func anErrorThatQuotesALineEndStaysOnOneLine() throws {
        try withHostileWorkspace { workspace, _ in
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(of: "output: out\n", with: "output: \".git/x\\n::notice::injected\"\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let result = try flagstaff(["build"], in: workspace)
            #expect(result.status != 0)
            let lines = result.error.split(separator: "\n", omittingEmptySubsequences: true)
            #expect(!lines.contains { $0.hasPrefix("::notice::") }, "\(result.error)")
            #expect(result.error.contains("is inside a .git folder"), "\(result.error)")
            #expect(result.error.contains("x\\n::notice::injected"), "the line end is shown as text: \(result.error)")
        }
    }

    @Test func aSymlinkedGuidePageAndAnAbsoluteGuideFolderOutsideAreErrors() throws {
        try withHostileWorkspace { workspace, victim in
            try link("guide/03-leak.md", in: workspace, to: victim.appendingPathComponent("notes.md").path)
            let linked = try flagstaff(["build"], in: workspace)
            #expect(linked.status == ExitStatus.failure)
            #expect(linked.error.contains("error: 'guide/03-leak.md' leads outside the workspace"), "\(linked.error)")

            try FileManager.default.removeItem(at: workspace.appendingPathComponent("guide/03-leak.md"))
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            try String(contentsOf: configuration, encoding: .utf8).replacingOccurrences(of: "guide: guide\n", with: "guide: \(victim.path)\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let absolute = try flagstaff(["build"], in: workspace)
            #expect(absolute.status == ExitStatus.failure)
            #expect(absolute.error.contains("flagstaff.yml:8:8: error: '\(victim.path)' leads outside the workspace"), "\(absolute.error)")
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent("out/guide").path))
        }
    }

    @Test func aCodeFileLinkedOutsideIsAnError() throws {
        try withHostileWorkspace { workspace, victim in
            try write("let x = 1\n", to: "App/View.swift", in: workspace)
            try link("App/Leak.swift", in: workspace, to: victim.appendingPathComponent("secret.txt").path)
            try append("code: App\n", toConfigurationIn: workspace)
            let result = try flagstaff(["due"], in: workspace)
            #expect(result.error.contains("error: 'App/Leak.swift' leads outside the workspace"), "\(result.error)")
            #expect(!result.output.contains("secret-key") && !result.error.contains("secret-key"))
        }
    }

    @Test func aLinkThatLeadsNowhereIsAnError() throws {
        try withHostileWorkspace { workspace, _ in
            try FileManager.default.removeItem(at: workspace.appendingPathComponent("flags/catalog.md"))
            try link("flags/catalog.md", in: workspace, to: "/nonexistent/catalog.md")
            let result = try flagstaff(["validate"], in: workspace)
            #expect(result.error.contains("error: 'flags/catalog.md' is a symbolic link that leads nowhere"), "\(result.error)")
        }
    }

    @Test func outsideWorkspaceAllowsAPlaceAndTheCIVariableForbidsIt() throws {
        try withHostileWorkspace { workspace, victim in
            try link("tenants/EVIL", in: workspace, to: victim.appendingPathComponent("EVIL").path)
            try append("outside_workspace: ../victim\n", toConfigurationIn: workspace)
            let allowed = try flagstaff(["validate"], in: workspace)
            #expect(allowed.status == 0, "\(allowed.error)")
            let forbidden = try flagstaff(["validate"], in: workspace, environment: [WorkspaceBoundary.workspaceOnlyVariable: "1"])
            #expect(forbidden.status != 0)
            #expect(forbidden.error.contains(
                "flagstaff.yml:12:20: error: 'outside_workspace' is not allowed here: FLAGSTAFF_WORKSPACE_ONLY is set"), "\(forbidden.error)")
            // Sources outside are read there, never edited.
            let edit = try flagstaff(["new", "--case", "giftWrap", "--group", "Media", "--description", "Gift wrap.", "--on", "AAA,EVIL", "--yes"], in: workspace)
            #expect(edit.status != 0)
            #expect(edit.error.contains("error: 'tenants/EVIL/FeatureFlags.defaults.json' leads outside the workspace"), "\(edit.error)")
        }
    }

    // MARK: - Writes

    @Test func matrixFileOutsideOrInGitIsRefused() throws {
        try withHostileWorkspace { workspace, victim in
            try FileManager.default.createDirectory(at: workspace.appendingPathComponent(".git/hooks"), withIntermediateDirectories: true)
            try "#!/bin/sh\nexit 0\n".write(to: workspace.appendingPathComponent(".git/hooks/pre-commit"), atomically: true, encoding: .utf8)
            for (target, message) in [
                ("../victim/notes.md", "'matrix_file': '../victim/notes.md' leads outside the workspace, to '\(victim.path)/notes.md'"),
                (".git/hooks/pre-commit", "'matrix_file' ('.git/hooks/pre-commit') is inside a .git folder"),
                (".git/hooks/post-merge", "'matrix_file' ('.git/hooks/post-merge') is inside a .git folder"),
            ] {
                let configuration = workspace.appendingPathComponent("flagstaff.yml")
                let text = try String(contentsOf: Fixtures.directory.appendingPathComponent("small/flagstaff.yml"), encoding: .utf8)
                try (text + "matrix_file: \(target)\n").write(to: configuration, atomically: true, encoding: .utf8)
                for arguments in [["build"], ["build", "--check"]] {
                    let result = try flagstaff(arguments, in: workspace)
                    #expect(result.status != 0, "\(arguments) with matrix_file \(target)")
                    #expect(result.error.contains(message), "\(result.error)")
                }
            }
            #expect(try String(contentsOf: workspace.appendingPathComponent(".git/hooks/pre-commit"), encoding: .utf8) == "#!/bin/sh\nexit 0\n")
            #expect(!FileManager.default.fileExists(atPath: workspace.appendingPathComponent(".git/hooks/post-merge").path))
        }
    }

    @Test func matrixFileOverwritesOnlyAFileFlagstaffWrote() throws {
        try withHostileWorkspace { workspace, _ in
            try write("# Our hand-written flag notes\n", to: "docs/FLAGS.md", in: workspace)
            try append("matrix_file: docs/FLAGS.md\n", toConfigurationIn: workspace)
            for arguments in [["build"], ["build", "--check"]] {
                let result = try flagstaff(arguments, in: workspace)
                #expect(result.status != 0)
                #expect(result.error.contains("'matrix_file' ('docs/FLAGS.md') would overwrite a file Flagstaff did not write"), "\(result.error)")
            }
            #expect(try String(contentsOf: workspace.appendingPathComponent("docs/FLAGS.md"), encoding: .utf8) == "# Our hand-written flag notes\n")

            // A file it wrote, even stale, it replaces; an absent one it creates.
            try write("\(MatrixMarkdownRenderer.generatedNotice)\nstale\n", to: "docs/FLAGS.md", in: workspace)
            #expect(try flagstaff(["build"], in: workspace).status == 0)
            try FileManager.default.removeItem(at: workspace.appendingPathComponent("docs/FLAGS.md"))
            #expect(try flagstaff(["build"], in: workspace).status == 0)
            #expect(try String(contentsOf: workspace.appendingPathComponent("docs/FLAGS.md"), encoding: .utf8).hasPrefix(MatrixMarkdownRenderer.generatedNotice))
        }
    }

    @Test func aMatrixFileLinkInsideTheWorkspaceIsKeptAndItsTargetWritten() throws {
        try withHostileWorkspace { workspace, _ in
            try write("\(MatrixMarkdownRenderer.generatedNotice)\nold\n", to: "docs/real/FLAGS.md", in: workspace)
            try link("docs/FLAGS.md", in: workspace, to: "real/FLAGS.md")
            try append("matrix_file: docs/FLAGS.md\n", toConfigurationIn: workspace)
            let result = try flagstaff(["build"], in: workspace)
            #expect(result.status == 0, "\(result.error)")
            let linked = try FileManager.default.destinationOfSymbolicLink(atPath: workspace.appendingPathComponent("docs/FLAGS.md").path)
            #expect(linked == "real/FLAGS.md")
            #expect(try String(contentsOf: workspace.appendingPathComponent("docs/real/FLAGS.md"), encoding: .utf8)
                == String(contentsOf: workspace.appendingPathComponent("out/matrix.md"), encoding: .utf8))
        }
    }

    @Test func anOutputFolderInGitOrOutsideIsRefused() throws {
        try withHostileWorkspace { workspace, victim in
            try FileManager.default.createDirectory(at: workspace.appendingPathComponent(".git"), withIntermediateDirectories: true)
            let command = try flagstaff(["build", "--output", ".git"], in: workspace)
            #expect(command.status != 0)
            #expect(command.error.contains("the output folder '\(workspace.path)/.git' is inside a .git folder"), "\(command.error)")

            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try text.replacingOccurrences(of: "output: out\n", with: "output: ../victim/site\n").write(to: configuration, atomically: true, encoding: .utf8)
            let outside = try flagstaff(["build"], in: workspace)
            #expect(outside.status != 0)
            #expect(outside.error.contains("'output': '../victim/site' leads outside the workspace"), "\(outside.error)")

            try link("out", in: workspace, to: victim.path)
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let linked = try flagstaff(["build"], in: workspace)
            #expect(linked.status != 0)
            #expect(linked.error.contains("'output': 'out' leads outside the workspace, to '\(victim.path)'"), "\(linked.error)")
        }
    }

    @Test func aSymlinkedTenantFileInsideIsEditedAtItsTargetAndTheLinkKept() throws {
        try withHostileWorkspace { workspace, _ in
            let tenant = workspace.appendingPathComponent("tenants/BBB/FeatureFlags.defaults.json")
            try FileManager.default.createDirectory(at: workspace.appendingPathComponent("shared"), withIntermediateDirectories: true)
            try FileManager.default.moveItem(at: tenant, to: workspace.appendingPathComponent("shared/BBB.json"))
            try link("tenants/BBB/FeatureFlags.defaults.json", in: workspace, to: "../../shared/BBB.json")
            let result = try flagstaff(["new", "--case", "giftWrap", "--group", "Media", "--description", "Gift wrap.", "--on", "AAA,BBB", "--yes"], in: workspace)
            #expect(result.status == 0, "\(result.error)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: tenant.path) == "../../shared/BBB.json")
            #expect(try String(contentsOf: workspace.appendingPathComponent("shared/BBB.json"), encoding: .utf8).contains("\"GIFT_WRAP\": true"))
        }
    }

    @Test func aJournalThatNamesAPlaceOutsideItsFolderIsNeverActedOn() throws {
        try withHostileWorkspace { workspace, victim in
            // A committed journal that would "finish" by removing the victim's secret.
            try "flagstaff-journal 1\ncommand\tflagstaff new\nremove\t\(victim.path)/secret.txt\nremove\t../victim/notes.md\ncommit\n"
                .write(to: workspace.appendingPathComponent(".flagstaff-journal"), atomically: true, encoding: .utf8)
            let result = try flagstaff(["validate"], in: workspace)
            #expect(result.status != 0)
            #expect(result.error.contains("names '\(victim.path)/secret.txt', outside its folder, which flagstaff never journals"), "\(result.error)")
        }
    }
}
