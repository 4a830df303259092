import ArgumentParser
@testable import FlagstaffCLI
import Foundation
import Testing

/// The help of `flagstaff` and of every subcommand, at 80 columns, is a golden
/// file, so a change to any help text, shared or not, shows in review.
@Suite("Help")
struct HelpTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden/help.txt")

    @Test func everyCommandsHelpMatchesTheGolden() throws {
        let commands: [ParsableCommand.Type] = [FlagstaffCommand.self] + FlagstaffCommand.configuration.subcommands
        let text = commands.map { FlagstaffCommand.helpMessage(for: $0, columns: 80) + "\n" }.joined(separator: "\n")
        // With FLAGSTAFF_UPDATE_GOLDEN=1, rewrites the golden file instead.
        if ProcessInfo.processInfo.environment["FLAGSTAFF_UPDATE_GOLDEN"] == "1" { try text.write(to: Self.golden, atomically: true, encoding: .utf8) }
        #expect(try String(contentsOf: Self.golden, encoding: .utf8) == text)
    }
}
