import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Runs the Polyglot Piranha rules and calls that `due --format piranha` prints
/// on a copy of the example app (`pip install polyglot-piranha`, which
/// `scripts/setup.sh` installs). A missing Piranha fails the test.
@Suite("Polyglot Piranha cleanup")
struct PiranhaTests {
    @Test func theEmittedRulesDeleteTheBranchesOfRolledOutAndDeadFlags() throws {
        try withTemporaryDirectory { root in
            for item in ["flagstaff.yml", "content"] {
                try FileManager.default.copyItem(
                    at: Fixtures.repositoryRoot.appendingPathComponent(item), to: root.appendingPathComponent(item))
            }
            let console = RecordingConsole()
            let status = try DueCommand(configurationPath: root.appendingPathComponent("flagstaff.yml").path, format: .piranha)
                .run(console: console.console())
            #expect(status == ExitStatus.success)
            let output = console.output
            try FileManager.default.createDirectory(at: root.appendingPathComponent("piranha"), withIntermediateDirectories: true)
            try output.write(to: root.appendingPathComponent("piranha/rules.toml"), atomically: true, encoding: .utf8)
            let calls = output.split(separator: "\n").filter { $0.hasPrefix("#   python3 -c ") }.map { String($0.dropFirst(4)) }
            let profile = try #require(calls.first { $0.contains(#""stale_flag": "clientProfileV2", "stale_static": "-", "stale_property": "-", "treated": "true""#) })
            let tour = try #require(calls.first { $0.contains(#""stale_flag": "guidedTour", "stale_static": "-", "stale_property": "-", "treated": "false""#) })
            for call in [profile, tour] {
                #expect(try shell(call, in: root) == 0, "\(call)")
            }
            let view = try String(contentsOf: root.appendingPathComponent("content/app/Sources/Clienteling/ClientProfileView.swift"), encoding: .utf8)
            #expect(!view.contains("clientProfileV2"))
            #expect(!view.contains("LegacyClientProfileView(client: client)"))
            #expect(view.contains("redesignedProfile"))
            let onboarding = try String(contentsOf: root.appendingPathComponent("content/app/Sources/Onboarding/OnboardingFlow.swift"), encoding: .utf8)
            #expect(!onboarding.contains("guidedTour"))
            #expect(!onboarding.contains("GuidedTourController.shared.begin()"))
            #expect(onboarding.contains("onFinish()"))
        }
    }

    /// Runs a command with `/bin/sh -c` in a folder; its exit status.
    private func shell(_ command: String, in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
