import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// `flagstaff diff` on Remote Config changes that move devices between values
/// without changing a cell's word (issue 25, point 7): c1 has a 20% rollout under
/// condition 'Beta'; c2 raises it to 50%, rewrites condition 'CHL', puts 'Beta'
/// before it, removes 'Old', adds 'New', and is published as version 8.
@Suite("flagstaff diff on Remote Config")
struct RemoteDiffTests {
    static func template(version: String, conditions: [(String, String)], percent: Int) -> String {
        """
        {
          "conditions": [
        \(conditions.map { "    {\"name\": \"\($0.0)\", \"expression\": \"\($0.1)\"}" }.joined(separator: ",\n"))
          ],
          "parameters": {
            "ENABLE_CHECKOUT": {"defaultValue": {"value": "false"},
              "conditionalValues": {"Beta": {"rolloutValue": {"rolloutId": "r1", "value": "true", "percent": \(percent)}}}}
          },
          "version": \(version)
        }
        """
    }

    func withRepository<Result>(_ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory { repository in
            func commit(_ tag: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", tag], in: repository, date: "2026-11-20T12:00:00Z") == 0)
                #expect(try git(["tag", tag], in: repository) == 0)
            }
            try write(
                """
                environments: [dev, prod]
                enum: Flags.swift
                catalog: catalog.md
                tenants: tenants/*.json
                lifecycle: { as_of: 2026-11-23, added_from_git: false }
                remote_config: { templates: { prod: remote/prod.json }, tenant_signal: tenant }

                """, to: "flagstaff.yml", in: repository)
            try write("enum FeatureFlag: String {\n    case checkout = \"ENABLE_CHECKOUT\"\n}\n", to: "Flags.swift", in: repository)
            try write("## Flags\n\n| Flag | Description |\n|---|---|\n| `ENABLE_CHECKOUT` | Checkout |\n", to: "catalog.md", in: repository)
            for tenant in ["CHL", "WL"] { try write(#"{ "ENABLE_CHECKOUT": false }"#, to: "tenants/\(tenant).json", in: repository) }
            try write(
                Self.template(
                    version: #"{"versionNumber": "7", "updateTime": "2026-11-01T10:00:00Z", "updateUser": {"email": "ben@example.com"}, "description": "Start"}"#,
                    conditions: [
                        ("CHL", "app.customSignal['tenant'].exactlyMatches(['CHL'])"), ("Beta", "app.customSignal['beta'].exactlyMatches(['yes'])"),
                        ("Old", "app.customSignal['tenant'].exactlyMatches(['OLD'])"),
                    ], percent: 20),
                to: "remote/prod.json", in: repository)
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try commit("c1")
            try write(
                Self.template(
                    version: #"{"versionNumber": "8", "updateTime": "2026-11-20T09:00:00Z", "updateUser": {"email": "ana@example.com"}, "description": "Raise the checkout rollout"}"#,
                    conditions: [
                        ("Beta", "app.customSignal['beta'].exactlyMatches(['yes'])"),
                        ("CHL", "app.customSignal['tenant'].exactlyMatches(['CHL', 'chl'])"),
                        ("New", "app.customSignal['tenant'].exactlyMatches(['NEW'])"),
                    ], percent: 50),
                to: "remote/prod.json", in: repository)
            try commit("c2")
            return try body(repository)
        }
    }

    func run(_ format: DiffCommand.Format, in repository: URL) throws -> (status: Int32, output: String) {
        var command = DiffCommand(base: "c1", head: "c2", format: format)
        command.configurationPath = repository.appendingPathComponent("flagstaff.yml").path
        let console = RecordingConsole()
        let status = try command.run(console: console.console())
        return (status, console.output.replacingOccurrences(of: repository.path + "/", with: "<repo>/"))
    }

    /// No cell's word changes (a 20% and a 50% rollout both read on/off), yet the
    /// reviewer is told what moves devices: per flag, the share of the tenants whose
    /// cell varies by the rollout, and each template change, written from the two templates.
    @Test func changesThatMoveDevicesAreReported() throws {
        try withRepository { repository in
            let (status, output) = try run(.text, in: repository)
            #expect(status == ExitStatus.success)
            #expect(output.contains("Values the app gets (1 flag)\n  ENABLE_CHECKOUT: share raised from 20% to 50% for CHL, WL in prod\n"))
            #expect(output.contains("1 flag changes: 2 cells in prod; 0 flags added, 0 removed"))
            #expect(output.contains(
                """
                Remote Config (6 changes)
                  prod: the template is now version 8, published by ana@example.com on 2026-11-20 at 09:00 UTC: "Raise the checkout rollout" (was version 7)
                  prod: condition New is added: app.customSignal['tenant'].exactlyMatches(['NEW'])
                  prod: condition Old is removed (it read app.customSignal['tenant'].exactlyMatches(['OLD']))
                  prod: condition CHL now reads app.customSignal['tenant'].exactlyMatches(['CHL', 'chl']) (was app.customSignal['tenant'].exactlyMatches(['CHL'])); it now tests the CHL app or the app that sets 'tenant' to 'chl' (was the CHL app)
                  prod: the conditions are reordered, and the first that holds decides: Beta, CHL (was CHL, Beta)
                  prod: ENABLE_CHECKOUT's rollout 'r1' under condition Beta reaches 50% of devices (was 20%)
                """), "\(output)")
        }
    }

    @Test(arguments: [DiffCommand.Format.md, .json])
    func remoteChangesMatchGolden(_ format: DiffCommand.Format) throws {
        try withRepository { repository in
            let output = try run(format, in: repository).output
            #expect(try Fixtures.golden("diff/remote.\(format.rawValue)", matches: output))
        }
    }
}
