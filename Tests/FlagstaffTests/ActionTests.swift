import Foundation
import Testing
import Yams

/// The repository's own GitHub Action (`action.yml`) and `scripts/install`, run
/// here step by step as a runner would: every `run:` step of the action with the
/// variables the runner gives it, against the example workspace.
@Suite("GitHub Action and install script")
struct ActionTests {
    static func action() throws -> Node.Mapping {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        return try #require(try Yams.compose(yaml: text)?.mapping)
    }

    /// The steps whose `run:` script calls flagstaff or checks the workspace, with their `env:`.
    static func scripts() throws -> [(name: String, script: String, environment: [String: String])] {
        try RecipeTests.steps(of: action()).compactMap { step in
            guard let script = step["run"]?.string else { return nil }
            var environment: [String: String] = [:]
            for (key, value) in step["env"]?.mapping ?? [:] { environment[key.string ?? ""] = value.string }
            return (step["name"]?.string ?? "", script, environment)
        }
    }

    @Test func theActionIsACompositeWhoseStepsEachRunOrUseOne() throws {
        let action = try Self.action()
        #expect(action["runs"]?.mapping?["using"]?.string == "composite")
        let steps = RecipeTests.steps(of: action)
        for step in steps {
            #expect((step["uses"] == nil) != (step["run"] == nil), "a step needs exactly one of uses: and run:")
            if step["run"] != nil { #expect(step["shell"]?.string == "bash", "a composite action's run: step names its shell") }
        }
        let uses = steps.compactMap { $0["uses"]?.string }
        #expect(uses.contains { $0.hasPrefix("actions/cache@") })
        #expect(uses.contains { $0.hasPrefix("marocchino/sticky-pull-request-comment@") })
        #expect(uses.contains { $0.hasPrefix("actions/upload-pages-artifact@") })
        #expect(uses.contains { $0.hasPrefix("swift-actions/setup-swift@") })
        let build = try #require(steps.first { $0["name"]?.string == "Build Flagstaff (release)" })
        #expect(build["run"]?.string?.contains("scripts/install --prefix") == true, "the action builds with the install script, a release build")
    }

    /// Each step that runs flagstaff, run on a copy of the example with what the runner sets.
    @Test func everyStepRunsOnTheExample() throws {
        let binary = Fixtures.binary
        try RecipeTests.withExampleRepository { workspace, sha in
            let temp = workspace.appendingPathComponent("runner-temp")
            try FileManager.default.createDirectory(at: temp, withIntermediateDirectories: true)
            let summary = temp.appendingPathComponent("step-summary.md")
            let inputs = ["${{ inputs.config }}": "flagstaff.yml", "${{ inputs.site }}": "_site", "${{ github.event.pull_request.base.sha }}": sha]
            var ran: [String] = []
            for (name, script, stepEnvironment) in try Self.scripts() where script.contains("flagstaff ") || name == "Check the configuration" {
                var environment = [
                    "PATH": binary.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
                    "GITHUB_ACTIONS": "true", "GITHUB_STEP_SUMMARY": summary.path, "GITHUB_SERVER_URL": "https://github.com",
                    "GITHUB_REPOSITORY": "acme/app", "GITHUB_RUN_ID": "1", "RUNNER_TEMP": temp.path, "GITHUB_PATH": temp.appendingPathComponent("path").path,
                ]
                for (key, value) in stepEnvironment { environment[key] = inputs[value] ?? value }
                #expect(!script.contains("${{"), "\(name): an expression in a script; pass it through env: instead")
                let result = try run("bash", ["-c", script], in: workspace, environment: environment)
                #expect(result.status == 0, "\(name) exited \(result.status): \(result.error)\(result.output)")
                ran.append(name)
            }
            #expect(ran == ["Check the configuration", "Validate", "Diff against the base branch", "Build the site"])
            #expect(try String(contentsOf: temp.appendingPathComponent("flagstaff-diff.md"), encoding: .utf8).hasPrefix("<!-- flagstaff-diff -->\n"))
            #expect(FileManager.default.fileExists(atPath: workspace.appendingPathComponent("_site/index.html").path))
        }
    }

    @Test func withoutAConfigurationTheActionSaysWhatToDo() throws {
        let check = try #require(try Self.scripts().first { $0.name == "Check the configuration" })
        try withTemporaryDirectory { folder in
            let result = try run("bash", ["-c", check.script], in: folder, environment: ["FLAGSTAFF_CONFIG": "flagstaff.yml", "PATH": "/usr/bin:/bin"])
            #expect(result.status == 1)
            #expect(result.output.contains("::error::Flagstaff found no flagstaff.yml in the checkout. Add one"), "\(result.output)")
        }
    }

    /// The cache key is a digest of the sources the binary is built from, so a cached binary is never stale.
    @Test func theCacheKeyIsADigestOfTheSources() throws {
        let key = try #require(try Self.scripts().first { $0.name == "Work out the build's cache key" })
        try withTemporaryDirectory { temp in
            let output = temp.appendingPathComponent("output")
            let result = try run("bash", ["-c", key.script], in: Fixtures.repositoryRoot, environment: [
                "GITHUB_OUTPUT": output.path, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "PATH": "/usr/bin:/bin",
            ])
            #expect(result.status == 0, "\(result.error)")
            let line = try String(contentsOf: output, encoding: .utf8)
            #expect(line.hasPrefix("key=flagstaff-Linux-X64-") && line.count == "key=flagstaff-Linux-X64-".count + 17, "\(line)")
        }
    }

    @Test func installIntoAFolderThatCannotBeWrittenSaysWhatToDoBeforeBuilding() throws {
        let result = try run("bash", [Fixtures.repositoryRoot.appendingPathComponent("scripts/install").path, "--prefix", "/proc/flagstaff"], in: Fixtures.repositoryRoot)
        #expect(result.status == 1)
        #expect(result.error.contains("cannot write to /proc/flagstaff/bin; run it as a user who can (sudo scripts/install), or pick a folder of yours: scripts/install --prefix ~/.local"),
            "\(result.error)")
        let unknown = try run("bash", [Fixtures.repositoryRoot.appendingPathComponent("scripts/install").path, "--prefx", "x"], in: Fixtures.repositoryRoot)
        #expect(unknown.status == 2)
    }
}
