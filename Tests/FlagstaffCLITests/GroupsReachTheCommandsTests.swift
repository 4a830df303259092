import ArgumentParser
import Flagstaff
@testable import FlagstaffCLI
import Foundation
import Synchronization
import Testing

/// What a group parses reaches the library's command: subcommands run as
/// `flagstaff` runs them, on the repository's example workspace (read only) and
/// on a copy of the small fixture.
@Suite("Option groups reach the commands")
struct GroupsReachTheCommandsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let example = root.appendingPathComponent("flagstaff.yml").path

    /// What a run printed, and its exit status.
    struct Run {
        var status: Int32
        var output: String
    }

    /// Parses a command line as `flagstaff` does and runs the subcommand.
    static func run(_ arguments: [String]) throws -> Run {
        let printed = Mutex("")
        let console = Console(output: { text in printed.withLock { $0 += text } }, error: { _ in })
        let command = try #require(try FlagstaffCommand.parseAsRoot(arguments) as? FlagstaffRunnable)
        let status = try command.execute(console: console)
        return Run(status: status, output: printed.withLock { $0 })
    }

    /// The example workspace has warnings and no errors (`flagstaff validate` at the root).
    @Test func strictMakesTheExamplesWarningsErrors() throws {
        #expect(try Self.run(["validate", "--config", Self.example]).status == 0)
        #expect(try Self.run(["validate", "--config", Self.example, "--strict"]).status == 1)
    }

    @Test func asOfAndFormatReachDue() throws {
        let run = try Self.run(["due", "--config", Self.example, "--as-of", "2000-01-01", "--format", "json"])
        #expect(run.output.contains("\"asOf\": \"2000-01-01\""))
    }

    /// Tenant FAU is `content/tenants/FAU/`; prod is one of the configuration's `environments`.
    @Test func theSliceReachesMatrix() throws {
        let lines = try Self.run(["matrix", "--config", Self.example, "--env", "prod", "--tenant", "FAU", "--format", "csv"]).output
            .split(whereSeparator: \.isNewline)
        #expect(lines.first?.hasPrefix("flag,case,group,tenant,environment,") == true)
        #expect(lines.count > 1)
        for line in lines.dropFirst() { #expect(line.contains(",FAU,prod,"), "\(line)") }
    }

    @Test func dryRunReachesNewTenant() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flagstaff-cli-tests-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: Self.root.appendingPathComponent("Tests/FlagstaffTests/Fixtures/small"), to: folder)
        let configuration = folder.appendingPathComponent("flagstaff.yml").path
        let run = try Self.run(["new-tenant", "NEW", "--config", configuration, "--like", "WL", "--dry-run"])
        #expect(run.status == 0)
        #expect(run.output.contains("tenants/NEW/"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("tenants/NEW").path))
    }
}
