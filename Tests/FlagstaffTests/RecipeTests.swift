import Foundation
import Testing
import Yams

/// The GitHub Actions recipe in docs/recipes/github-actions: every file is valid
/// YAML of the right shape, and every `flagstaff` command its `run:` steps hold
/// works on the example workspace, so the recipe cannot drift from the CLI.
@Suite("GitHub Actions recipe")
struct RecipeTests {
    static let folder = Fixtures.repositoryRoot.appendingPathComponent("docs/recipes/github-actions")

    /// The values the runner gives the expressions and variables the recipe uses.
    static func expressions(baseSHA: String) -> [String: String] {
        [
            "${{ github.event.pull_request.base.sha }}": baseSHA,
        ]
    }

    /// Every YAML file of the recipe, by path relative to its folder.
    static func files() throws -> [String: Node.Mapping] {
        let paths = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".yml") }.sorted()
        var files: [String: Node.Mapping] = [:]
        for path in paths {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            let node = try Yams.compose(yaml: text)
            files[path] = try #require(node?.mapping, "\(path) is not a YAML mapping")
        }
        return files
    }

    /// The steps of a workflow's jobs, or of a composite action.
    static func steps(of file: Node.Mapping) -> [Node.Mapping] {
        var sequences: [Node.Sequence] = (file["jobs"]?.mapping?.values).map { jobs in jobs.compactMap { $0.mapping?["steps"]?.sequence } } ?? []
        if let action = file["runs"]?.mapping?["steps"]?.sequence { sequences.append(action) }
        return sequences.flatMap { $0.compactMap(\.mapping) }
    }

    /// The shell lines of a `run:` script, with `\` continuations joined.
    static func lines(of script: String) -> [String] {
        script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test func everyFileIsAWorkflowOrAnActionWithSteps() throws {
        let files = try Self.files()
        #expect(files.keys.sorted() == [
            "actions/setup-flagstaff/action.yml", "workflows/flags-due.yml", "workflows/flags-publish.yml", "workflows/flags-pull-request.yml",
        ])
        for (path, file) in files {
            if path.hasPrefix("workflows/") {
                #expect(file["on"] != nil && file["jobs"]?.mapping?.isEmpty == false, "\(path) needs on: and jobs:")
                for job in Array(file["jobs"]?.mapping?.values ?? Node.Mapping([]).values) {
                    #expect(job.mapping?["runs-on"] != nil, "a job of \(path) has no runs-on")
                }
            } else {
                #expect(file["runs"]?.mapping?["using"]?.string == "composite", "\(path) is not a composite action")
            }
            for step in Self.steps(of: file) {
                #expect((step["uses"] == nil) != (step["run"] == nil), "a step of \(path) needs exactly one of uses: and run:")
            }
        }
    }

    @Test func thePullRequestWorkflowPostsOneStickyCommentAndPagesGetTheirPermissions() throws {
        let files = try Self.files()
        let pullRequest = try #require(files["workflows/flags-pull-request.yml"])
        let comment = try #require(Self.steps(of: pullRequest).first { $0["uses"]?.string?.hasPrefix("marocchino/sticky-pull-request-comment@") == true })
        #expect(comment["with"]?.mapping?["header"]?.string == "flagstaff-diff")
        let publish = try #require(files["workflows/flags-publish.yml"])
        #expect(publish["permissions"]?.mapping?["pages"]?.string == "write")
        #expect(publish["permissions"]?.mapping?["id-token"]?.string == "write")
        let uses = Self.steps(of: publish).compactMap { $0["uses"]?.string }
        #expect(uses.contains { $0.hasPrefix("actions/upload-pages-artifact@") })
        #expect(uses.contains { $0.hasPrefix("actions/deploy-pages@") })
    }

    /// iOS teams run CI on macOS runners: the action installs cmark with
    /// Homebrew there, and links the Swift runtime statically only on Linux.
    @Test func theSetupActionWorksOnMacOSRunners() throws {
        let action = try #require(try Self.files()["actions/setup-flagstaff/action.yml"])
        let steps = Self.steps(of: action)
        let brew = try #require(steps.first { $0["run"]?.string?.contains("brew install cmark pkg-config") == true })
        #expect(brew["if"]?.string == "runner.os == 'macOS'")
        let apt = try #require(steps.first { $0["run"]?.string?.contains("apt-get install") == true })
        #expect(apt["if"]?.string == "runner.os == 'Linux'")
        let build = try #require(steps.first { $0["run"]?.string?.contains("swift build") == true }?["run"]?.string)
        #expect(build.contains("if [ \"$RUNNER_OS\" = Linux ]; then static=\"--static-swift-stdlib\"; fi"))
    }

    /// Flagstaff's own CI builds and runs the Swift tests on a Mac as well as everything on Linux.
    @Test func flagstaffsOwnCIHasAMacOSJob() throws {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(".github/workflows/ci.yml"), encoding: .utf8)
        let workflow = try #require(try Yams.compose(yaml: text)?.mapping)
        let jobs = try #require(workflow["jobs"]?.mapping)
        let macOS = try #require(jobs["macos"]?.mapping)
        #expect(macOS["runs-on"]?.string?.hasPrefix("macos-") == true)
        let runs = Self.steps(of: workflow).compactMap { $0["run"]?.string }
        #expect(runs.contains("brew install cmark pkg-config"))
        #expect(runs.contains("swift build --build-tests"))
        #expect(runs.contains { $0.contains("swift test --skip-build") })
        #expect(runs.contains(".ci/run"), "the Linux job runs exactly what .ci/run runs")
    }

    /// A git repository of one commit holding a copy of the example workspace, and
    /// that commit. The example's history ends at a commit of Flagstaff's own
    /// repository, which this one lacks; its site reads that history from the committed snapshot.
    static func withExampleRepository(_ body: (URL, String) throws -> Void) throws {
        try withTemporaryDirectory { workspace in
            for item in ["flagstaff.yml", "content", "public"] {
                try FileManager.default.copyItem(at: Fixtures.repositoryRoot.appendingPathComponent(item), to: workspace.appendingPathComponent(item))
            }
            #expect(try git(["init", "-q"], in: workspace) == 0)
            #expect(try git(["add", "-A"], in: workspace) == 0)
            #expect(try git(["commit", "-q", "-m", "Example"], in: workspace) == 0)
            try body(workspace, try run("git", ["rev-parse", "HEAD"], in: workspace).output.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    @Test func everyFlagstaffCommandRunsOnTheExample() throws {
        let binary = Fixtures.binary
        #expect(FileManager.default.isExecutableFile(atPath: binary.path), "no flagstaff binary at \(binary.path)")
        let commands = try Self.files().sorted { $0.key < $1.key }.flatMap { path, file in
            Self.steps(of: file).compactMap { $0["run"]?.string }.flatMap(Self.lines).filter { $0.hasPrefix("flagstaff ") }.map { (path, $0) }
        }
        #expect(Set(commands.map { $0.1.split(separator: " ")[1] }) == ["validate", "build", "diff", "due"])
        try Self.withExampleRepository { workspace, sha in
            let summary = workspace.appendingPathComponent("step-summary.md")
            for (path, command) in commands {
                var line = command
                for (expression, value) in Self.expressions(baseSHA: sha) { line = line.replacingOccurrences(of: expression, with: value) }
                #expect(!line.contains("${{"), "\(path): an expression the test does not know: \(line)")
                let result = try run("bash", ["-c", line], in: workspace, environment: [
                    "PATH": binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                    "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_SERVER_URL": "https://github.com",
                    "GITHUB_REPOSITORY": "acme/app", "GITHUB_RUN_ID": "1",
                ])
                // A gate (--fail-on) may fail on the example's overdue flags; nothing may be a usage error.
                let expected: Set<Int32> = line.contains("--fail-on ") ? [0, 1] : [0]
                #expect(expected.contains(result.status), "\(path): `\(line)` exited \(result.status): \(result.error)")
            }
            let comment = try String(contentsOf: workspace.appendingPathComponent("flagstaff-diff.md"), encoding: .utf8)
            #expect(comment.hasPrefix("<!-- flagstaff-diff -->\n"))
            #expect(try String(contentsOf: summary, encoding: .utf8).hasPrefix("<!-- flagstaff-diff -->\n"))
            #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("_site/index.html").path))
        }
    }
}
