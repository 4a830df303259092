import Flagstaff
import Foundation
import Testing

/// `flagstaff new` on a terminal: the built binary runs under a pseudo-terminal
/// (Python's `pty`), answering every question, a typo and a "did you mean" included.
@Suite("flagstaff new on a terminal")
struct InteractiveNewTests {
    static let driver = """
        import os, pty, sys
        binary, config, answers = sys.argv[1], sys.argv[2], sys.argv[3]
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(binary, [binary, "new", "--config", config])
        os.write(fd, answers.encode())
        output = b""
        while True:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            output += chunk
        _, status = os.waitpid(pid, 0)
        sys.stdout.write(output.decode())
        sys.exit(os.waitstatus_to_exitcode(status))
        """

    /// Runs `flagstaff new` in a workspace on a terminal, answering each question
    /// with a line of `answers`; expects it to succeed, and returns what it printed.
    static func answer(_ answers: String, in root: URL) throws -> String {
        let script = root.appendingPathComponent("drive.py")
        try driver.write(to: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script.path, Fixtures.binary.path, root.appendingPathComponent("flagstaff.yml").path, answers]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let transcript = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(transcript)")
        return transcript
    }

    /// Several types declare flags: it asks which one, a misspelt name answered with a "did you mean".
    @Test func asksWhichTypeDeclaresTheFlag() throws {
        try withCopy(of: "swift-two-types") { root in
            let answers = ["FeatureFlagBoo", "1", "leaderboardEnabled", "", "The leaderboard.", "", "", "", "", "y"].map { $0 + "\n" }.joined()
            let transcript = try Self.answer(answers, in: root)
            #expect(transcript.contains("Types: 1. FeatureFlagBool, 2. FeatureFlagDouble"))
            #expect(transcript.contains("'FeatureFlagBoo' declares no flags; did you mean 'FeatureFlagBool'?"))
            let bool = try String(contentsOf: root.appendingPathComponent("Sources/Flags/FeatureFlagBool.swift"), encoding: .utf8)
            #expect(bool.contains("    /// The leaderboard.\n    case leaderboardEnabled = \"leaderboard_enabled\"\n"))
        }
    }

    @Test func asksEveryQuestionThenChangesTheSources() throws {
        try withCopy(of: "authoring") { root in
            let answers = [
                "loyaltyPoints", "", "Meda", "y", "Shows loyalty points.", "Media", "release",
                "", "AAB", "AAA", "", "CCC", "", "y",
            ].map { $0 + "\n" }.joined()
            let transcript = try Self.answer(answers, in: root)
            #expect(transcript.contains("Key [ENABLE_LOYALTY_POINTS]:"))
            #expect(transcript.contains("Did you mean 'Media'? (Y/n)"))
            #expect(transcript.contains("unknown tenant 'AAB'; did you mean 'AAA'?"))
            #expect(transcript.contains("Value true  for: AAA"))
            #expect(transcript.contains("updated tenants/AAA/FeatureFlags.defaults.json") || transcript.contains("/tenants/AAA/FeatureFlags.defaults.json"))
            let aaa = try String(contentsOf: root.appendingPathComponent("tenants/AAA/FeatureFlags.defaults.json"), encoding: .utf8)
            #expect(aaa.contains("\"ENABLE_LOYALTY_POINTS\": true,"))
            let ccc = try String(contentsOf: root.appendingPathComponent("tenants/CCC/FeatureFlags.defaults.json"), encoding: .utf8)
            #expect(ccc.contains("\"ENABLE_LOYALTY_POINTS\": false,"))
            #expect(ccc.contains("\"uat\": { \"ENABLE_LOYALTY_POINTS\": true }"))
            let swift = try String(contentsOf: root.appendingPathComponent("flags/Flags.swift"), encoding: .utf8)
            #expect(swift.contains("    #endif\n    /// Shows loyalty points.\n    case loyaltyPoints = \"ENABLE_LOYALTY_POINTS\"\n\n    // MARK: - Onboarding"))
        }
    }

    @Test func neverAsksWhenStandardInputIsNotATerminal() throws {
        try withCopy(of: "authoring") { root in
            let process = Process()
            process.executableURL = Fixtures.binary
            process.arguments = ["new", "--config", root.appendingPathComponent("flagstaff.yml").path, "--case", "loyaltyPoints"]
            process.standardInput = Pipe()
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 2)
            #expect(text == "flagstaff: error: a flag needs a description (--description)\n")
        }
    }
}
