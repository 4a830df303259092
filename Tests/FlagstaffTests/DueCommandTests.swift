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

    /// The fixture names `.rolledOut` and `.dead` only in an array literal, which no
    /// rule can replace with a value: each cleanup is refused with the place.
    @Test func piranhaRefusesACleanupWhoseUsesNoRuleReplaces() throws {
        let output = try run(DueCommand(format: .piranha)).console.output
        #expect(!output.contains("#   python3 -c "))
        #expect(output.contains("""
            # ROLLED_OUT (.rolledOut), treated as true:
            #   no cleanup: the rules cannot replace every use: \(Self.prefix)app/Screens.swift:12:69 names '.rolledOut' outside a flag \
            check (flag_check) or a property wrapper that is the property's only attribute; change it by hand first
            #
            # DEAD (.dead), treated as false:
            #   no cleanup: the rules cannot replace every use: \(Self.prefix)app/Screens.swift:12:81 names '.dead' outside a flag \
            check (flag_check) or a property wrapper that is the property's only attribute; change it by hand first

            """))
        #expect(output.contains("[[rules]]\nname = \"replace_flag_check\""))
        #expect(output.contains(#"(#match? @argument "^(FeatureFlag)?\\\\.@stale_flag$")"#))
    }

    @Test func badOptionsAreUsageErrors() throws {
        #expect(throws: FlagstaffError.usage("--as-of '2026-13-01' is not a date: there is no month 13; months run from 01 to 12")) {
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
    @Test func aVersionTargetWithoutCurrentVersionIsAWarning() throws {
        try withCopy(of: "lifecycle") { workspace in
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8).replacingOccurrences(of: "current_version: \"2.4\"\n", with: "")
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let loaded = try Workspace.load(configurationPath: configuration.path)
            #expect(loaded.diagnostics.map(\.description) == [
                "catalog.md:11:88: warning: 'Remove by' 2.4 is an app version, but flagstaff.yml sets no current_version, so version targets are never due; add current_version: \"x.y\" to flagstaff.yml"
            ])
        }
    }
}
