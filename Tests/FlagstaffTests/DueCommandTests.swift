import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

@Suite("flagstaff due")
struct DueCommandTests {
    /// How code paths start: the fixture's folder, as given to `--config`.
    static let prefix = Fixtures.directory.appendingPathComponent("lifecycle").path + "/"

    private func run(_ command: DueCommand, colour: Bool = false) throws -> (status: Int32, console: RecordingConsole) {
        var command = command
        command.configurationPath = Fixtures.configuration("lifecycle")
        let console = RecordingConsole()
        var terminal = console.console()
        terminal.colour = colour
        return (try command.run(console: terminal), console)
    }

    @Test func jsonMatchesGolden() throws {
        let (status, console) = try run(DueCommand(format: .json))
        #expect(status == ExitStatus.success)
        #expect(try Fixtures.golden("lifecycle/due.json", matches: console.output))
    }

    @Test func markdownMatchesGolden() throws {
        let (status, console) = try run(DueCommand(format: .md))
        #expect(status == ExitStatus.success)
        #expect(try Fixtures.golden("lifecycle/due.md", matches: console.output))
    }

    @Test func failOnOverdueExitsOneAndNamesTheCount() throws {
        let (status, console) = try run(DueCommand(failOn: .overdue))
        #expect(status == ExitStatus.failure)
        #expect(console.error.contains("flagstaff: 3 flags overdue (--fail-on overdue)"))
    }

    @Test func failOnDueSoonAlsoCatchesFlagsThatAreOnlyDueSoon() throws {
        #expect(try run(DueCommand(statuses: [.dueSoon], failOn: .overdue)).status == ExitStatus.success)
        #expect(try run(DueCommand(statuses: [.dueSoon], failOn: .dueSoon)).status == ExitStatus.failure)
    }

    @Test func failOnLooksOnlyAtTheListedFlags() throws {
        let (status, console) = try run(DueCommand(owner: "other TEAM", failOn: .dueSoon))
        #expect(status == ExitStatus.success)
        #expect(console.output.contains("ROLLED_OUT"))
        #expect(!console.output.contains("DUE_TODAY"))
    }

    @Test func neverFailsByDefault() throws {
        #expect(try run(DueCommand()).status == ExitStatus.success)
        #expect(try run(DueCommand(failOn: .never)).status == ExitStatus.success)
    }

    @Test func theTextTableIsAlignedAndColouredOnlyWhenAsked() throws {
        let plain = try run(DueCommand()).console.output
        #expect(!plain.contains("\u{1B}["))
        let lines = plain.split(separator: "\n")
        let header = try #require(lines.first { $0.hasPrefix("FLAG") })
        let row = try #require(lines.first { $0.hasPrefix("PASSED_YESTERDAY ") })
        #expect(header.range(of: "OWNER")?.lowerBound.utf16Offset(in: header) == row.range(of: "Team")?.lowerBound.utf16Offset(in: row))
        #expect(plain.contains("  overdue: the removal date 2026-03-09 passed 1 day ago\n"))
        #expect(plain.contains("    \(Self.prefix)app/Screens.swift:7:"))
        let coloured = try run(DueCommand(), colour: true).console.output
        #expect(coloured.contains("\u{1B}[31moverdue\u{1B}[0m"))
    }

    @Test func piranhaArgumentsTreatRolledOutAsOnAndDeadAsOff() throws {
        let output = try run(DueCommand(format: .piranha)).console.output
        let lines = output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines == [
            "--source-file \(Self.prefix)app/Screens.swift --flag rolledOut --treated",
            "--source-file \(Self.prefix)app/Screens.swift --flag dead",
        ])
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(throws: FlagstaffError.usage("--as-of must be a date written as YYYY-MM-DD, not '2026-13-01'")) {
            try run(DueCommand(asOf: "2026-13-01"))
        }
        #expect(throws: FlagstaffError.usage("--within must be 0 or more days, not -1")) {
            try run(DueCommand(within: -1))
        }
    }

    @Test func theAsOfOptionMovesTheStatuses() throws {
        let output = try run(DueCommand(asOf: "2026-03-11", statuses: [.overdue], format: .json)).console.output
        #expect(output.contains(#""key": "DUE_TODAY""#))
    }
}

@Suite("Lifecycle validation")
struct LifecycleValidationTests {
    @Test func badDatesTypesAndVersionsArePositionedErrors() throws {
        let text = """
            ## Flags

            | Flag | Description | Type | Added | Remove by |
            |---|---|---|---|---|
            | `A` | a | relase | 2026-02-30 | 3.0 |
            | `B` | b | `ops` | 2026-01-01 | 2026/06/01 |
            | `C` | c | toggle | | soon |

            """
        let catalog = try #require(CatalogReader.read(text, file: "catalog.md", heading: "Flags").catalog)
        let (lifecycles, diagnostics) = LifecycleColumns.read(catalog)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "catalog.md:5:13: error: unknown flag type 'relase'; did you mean 'release'?",
            "catalog.md:5:22: error: 'Added' is not a valid date: '2026-02-30'; write it as YYYY-MM-DD, e.g. 2026-03-31",
            "catalog.md:6:34: error: 'Remove by' is not a valid date: '2026/06/01'; write a date as YYYY-MM-DD, e.g. 2026-03-31",
            "catalog.md:7:13: error: unknown flag type 'toggle'; use one of release, experiment, ops, kill-switch, permission",
            "catalog.md:7:24: error: 'Remove by' is neither a date nor an app version: 'soon'; write a date as YYYY-MM-DD or a version as numbers and dots, e.g. 3.0",
        ])
        #expect(lifecycles["A"]?.removeBy == .version(AppVersion(parsing: "3.0")!))
        #expect(lifecycles["B"]?.kind == .ops)
    }

    @Test func theLifecycleSettingsAreCheckedWithPositions() {
        let (configuration, diagnostics) = ConfigurationReader.read(
            """
            environments: [prod]
            enum: F.swift
            catalog: c.md
            tenants: t/*.json
            current_version: two
            lifecycle:
              as_of: 2026-02-30
              due_son_days: 10
              stale_after_days: { release: 20, permission: 5, relase: 3 }
            """, file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "flagstaff.yml:5:18: error: 'current_version' is not an app version: 'two'; write numbers and dots, e.g. \"2.4\"",
            "flagstaff.yml:7:10: error: 'as_of' is not a valid date: '2026-02-30'; write it as YYYY-MM-DD",
            "flagstaff.yml:8:3: error: unknown key 'due_son_days' in lifecycle; did you mean 'due_soon_days'?",
            "flagstaff.yml:9:36: error: 'permission' flags are permanent and never stale; remove this line",
            "flagstaff.yml:9:51: error: unknown flag type 'relase' in stale_after_days; did you mean 'release'?",
        ])
    }

    @Test func aVersionTargetWithoutCurrentVersionIsAWarning() throws {
        let workspace = try Fixtures.copy("lifecycle")
        let configuration = workspace.appendingPathComponent("flagstaff.yml")
        let text = try String(contentsOf: configuration, encoding: .utf8).replacingOccurrences(of: "current_version: \"2.4\"\n", with: "")
        try text.write(to: configuration, atomically: true, encoding: .utf8)
        let loaded = try Workspace.load(configurationPath: configuration.path)
        #expect(loaded.diagnostics.map(\.description) == [
            "catalog.md:11:88: warning: 'Remove by' 2.4 is an app version, but flagstaff.yml sets no current_version, so version targets are never due; add current_version: \"x.y\" to flagstaff.yml"
        ])
    }
}
