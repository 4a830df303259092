import Flagstaff
import FlagstaffCore
import Foundation
import Testing

@Suite("flagstaff build")
struct BuildCommandTests {
    @Test func matrixMarkdownAndFlagsJSONMatchGolden() throws {
        try withTemporaryDirectory { output in
            let status = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
                .run(console: RecordingConsole().console())
            #expect(status == ExitStatus.success)
            let matrix = try String(contentsOf: output.appendingPathComponent("matrix.md"), encoding: .utf8)
            #expect(try Fixtures.golden("small/matrix.md", matches: matrix))
            let json = try String(contentsOf: output.appendingPathComponent("flags.json"), encoding: .utf8)
            #expect(try Fixtures.golden("small/flags.json", matches: json))
        }
    }

    @Test func twoBuildsAreByteIdentical() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                for output in [first, second] {
                    _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
                        .run(console: RecordingConsole().console())
                }
                let files = try snapshot(of: first)
                #expect(!files.isEmpty)
                #expect(files == (try snapshot(of: second)))
            }
        }
    }

    @Test func unchangedFilesAreNotRewritten() throws {
        try withTemporaryDirectory { output in
            let build = BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
            _ = try build.run(console: RecordingConsole().console())
            let matrix = output.appendingPathComponent("matrix.md")
            let past = Date(timeIntervalSince1970: 1_000_000)
            try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: matrix.path)
            let console = RecordingConsole()
            _ = try build.run(console: console.console())
            let modified = try FileManager.default.attributesOfItem(atPath: matrix.path)[.modificationDate] as? Date
            #expect(modified == past)
            #expect(console.output.hasPrefix("Wrote 0 of"))
        }
    }

    @Test func checkCatchesAStaleFile() throws {
        try withTemporaryDirectory { output in
            let check = BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path, check: true)
            #expect(try check.run(console: RecordingConsole().console()) == ExitStatus.failure)
            _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
                .run(console: RecordingConsole().console())
            #expect(try check.run(console: RecordingConsole().console()) == ExitStatus.success)

            try "edited by hand\n".write(to: output.appendingPathComponent("matrix.md"), atomically: true, encoding: .utf8)
            try FileManager.default.removeItem(at: output.appendingPathComponent("flags.json"))
            let before = try snapshot(of: output)
            let stale = RecordingConsole()
            #expect(try check.run(console: stale.console()) == ExitStatus.failure)
            #expect(stale.error.contains("/flags.json: missing"))
            #expect(stale.error.contains("/matrix.md: differs from what the build makes"))
            #expect(try snapshot(of: output) == before, "--check writes nothing")
        }
    }

    @Test func failingBuildLeavesTheOutputUntouched() throws {
        try withCopy(of: "small") { workspace in
            let configuration = workspace.appendingPathComponent("flagstaff.yml").path
            _ = try BuildCommand(configurationPath: configuration).run(console: RecordingConsole().console())
            let output = workspace.appendingPathComponent("out")
            let before = try snapshot(of: output)
            #expect(before.keys.contains("matrix.md"))

            try write(#"{ "ENABLE_MEDIA_LIBRARY": "yes please", "NOT_A_FLAG": true }"#, to: "tenants/AAA/FeatureFlags.defaults.json", in: workspace)
            let console = RecordingConsole()
            #expect(try BuildCommand(configurationPath: configuration).run(console: console.console()) == ExitStatus.failure)
            #expect(console.error.contains("tenants/AAA/FeatureFlags.defaults.json:1:41: error: 'NOT_A_FLAG' is not a flag of enum FeatureFlag"))
            #expect(try snapshot(of: output) == before)
        }
    }

    /// A key written with a line end (`\r\n`, one Swift character) in a tenant file
    /// is escaped in its annotation and shown as `\r\n` in its diagnostic: raw, it
    /// would end the line and start one the runner reads as a command of its own.
    @Test func aLineEndInAnAnnotationStartsNoCommand() throws {
        try withCopy(of: "small") { workspace in
            try write(#"{ "ENABLE_X\r\n::notice::injected": true }"#, to: "tenants/WL/FeatureFlags.defaults.json", in: workspace)
            let console = RecordingConsole()
            let status = try ValidateCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path)
                .run(console: console.console(githubActions: true))
            #expect(status == ExitStatus.failure)
            let bytes = Array(console.error.utf8)
            let annotations = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }.filter { $0.hasPrefix("::error") }
            #expect(annotations.contains { $0.contains("ENABLE_X%0D%0A::notice::injected") }, "\(annotations)")
            let lines = bytes.split(separator: UInt8(ascii: "\n")).map { String(decoding: $0, as: UTF8.self) }
            #expect(!lines.contains { $0.hasPrefix("::notice::") }, "\(console.error)")
            #expect(lines.contains { $0.contains("error: 'ENABLE_X\\r\\n::notice::injected' is not a flag") }, "the diagnostic shows the line end: \(console.error)")
        }
    }

    @Test func everyProblemIsNamedAtOnceAndAnnotatedForGitHub() throws {
        try withCopy(of: "small") { workspace in
            try write(#"{ "ENABLE_MEDIA_LIBRARY": 1, "overrides": { "qa": {} } }"#, to: "tenants/WL/FeatureFlags.defaults.json", in: workspace)
            try write("{ \"darkMode\": true,\n  \"darkMode\": false }", to: "tenants/BBB/FeatureFlags.defaults.json", in: workspace)
            let console = RecordingConsole()
            let status = try ValidateCommand(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path)
                .run(console: console.console(githubActions: true))
            #expect(status == ExitStatus.failure)
            let lines = console.error.split(separator: "\n").map(String.init)
            #expect(lines.contains { $0.hasSuffix("tenants/BBB/FeatureFlags.defaults.json:2:3: error: duplicate key 'darkMode'; it is first set at line 1, column 3") })
            #expect(lines.contains { $0.hasSuffix("tenants/WL/FeatureFlags.defaults.json:1:27: error: 'ENABLE_MEDIA_LIBRARY' is a Bool flag, but this value is a number; a flag keeps one type across all tenants") })
            #expect(lines.contains { $0.hasSuffix("tenants/WL/FeatureFlags.defaults.json:1:45: error: override for environment 'qa', which is not configured; configured environments: dev, uat, prod") })
            #expect(lines.contains { $0.hasPrefix("::error file=") && $0.contains(",line=1,col=45::override for environment 'qa'") })
            #expect(lines.last?.hasPrefix("3 errors, ") == true)
        }
    }

    @Test func strictMakesFallbackWarningsFail() throws {
        let console = RecordingConsole()
        #expect(try ValidateCommand(configurationPath: Fixtures.configuration("small")).run(console: console.console()) == ExitStatus.success)
        #expect(try ValidateCommand(configurationPath: Fixtures.configuration("small"), strict: true).run(console: console.console()) == ExitStatus.failure)
    }

    @Test func missingInputsAreIOErrorsAtTheKeyThatNamesThem() throws {
        try withCopy(of: "small") { workspace in
            try FileManager.default.removeItem(at: workspace.appendingPathComponent("flags/catalog.md"))
            let configuration = workspace.appendingPathComponent("flagstaff.yml").path
            #expect(throws: FlagstaffError.unreadableInputs([
                .error("no such file 'flags/catalog.md' (named by 'catalog')", at: SourceLocation(file: "flagstaff.yml", line: 4, column: 10))
            ])) {
                try ValidateCommand(configurationPath: configuration).run(console: RecordingConsole().console())
            }
            let error = #expect(throws: FlagstaffError.self) { try Workspace.load(configurationPath: configuration) }
            #expect(error?.description == "flagstaff.yml:4:10: error: no such file 'flags/catalog.md' (named by 'catalog')")
        }
        #expect(throws: FlagstaffError.io("cannot read the configuration file '/nonexistent/flagstaff.yml'")) {
            try Workspace.load(configurationPath: "/nonexistent/flagstaff.yml")
        }
    }

    @Test func matrixSliceAndUnknownTenant() throws {
        let console = RecordingConsole()
        #expect(try MatrixCommand(configurationPath: Fixtures.configuration("small"), environments: ["prod"], tenants: ["WL"], format: .csv)
            .run(console: console.console()) == ExitStatus.success)
        #expect(console.output.hasPrefix("flag,case,group,tenant,environment,value,source,file,line,reason,bundled\r\nENABLE_MEDIA_LIBRARY,mediaLibrary,Media,WL,prod,false,base,tenants/WL/FeatureFlags.defaults.json,2,,\r\n"))
        #expect(throws: FlagstaffError.usage("unknown tenant 'wl'; did you mean 'WL'?")) {
            try MatrixCommand(configurationPath: Fixtures.configuration("small"), tenants: ["wl"]).run(console: console.console())
        }
    }

    @Test func listShowsTheEnumAndTheCatalogState() throws {
        let console = RecordingConsole()
        #expect(try ListCommand(configurationPath: Fixtures.configuration("small")).run(console: console.console()) == ExitStatus.success)
        #expect(console.output.hasPrefix("enum FeatureFlag: 5 flags\nKEY "))
        #expect(console.output.contains("\nENABLE_MEDIA_LIBRARY  mediaLibrary       Media       yes\n"))
        let json = RecordingConsole()
        _ = try ListCommand(configurationPath: Fixtures.configuration("small"), format: .json).run(console: json.console())
        #expect(json.output.hasPrefix("{\n  \"enum\": \"FeatureFlag\",\n  \"stringRawValues\": true,\n  \"flags\": [\n"))
        #expect(json.output.contains(#""key": "ENABLE_MEDIA_LIBRARY","#) && json.output.contains(#""inCatalog": true,"#))
    }
}
