@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// A site that shows the values' history and dates flags from git walks `HEAD`
/// once: the lifecycle's walk is the history's when both are the whole line of
/// `HEAD`. The history it shows must be the one a walk of its own gives, and a
/// history from a later start must still walk its own line.
@Suite("A site's history from the lifecycle's walk")
struct SiteHistorySharedWalkTests {
    @Test(arguments: [
        "history: { recent_days: 60 }", "history: { since: 2026-03-20, recent_days: 60 }", "history: { until: HEAD~3, recent_days: 60 }",
    ])
    func theSiteShowsTheHistoryItsOwnWalkGives(_ history: String) throws {
        try withTemporaryDirectory { folder in
            let clone = folder.appendingPathComponent("clone")
            try FileManager.default.copyItem(at: try HistoryCommandTests.repository(), to: clone)
            let file = clone.appendingPathComponent("flagstaff.yml")
            // Flags dated from git: the lifecycle walks HEAD's line.
            let text = try String(contentsOf: file, encoding: .utf8)
                .replacingOccurrences(of: ", added_from_git: false", with: "")
                .replacingOccurrences(of: "history: { recent_days: 60 }", with: history)
            try text.write(to: file, atomically: false, encoding: .utf8)
            let inputs = try #require(
                try BuildInputs.read(configurationPath: file.path, strict: false, asOf: nil, templates: nil, console: RecordingConsole().console()))
            #expect(LifecycleLoader.walksHistory(of: inputs.workspace))
            let day = try #require(inputs.workspace.asOf)
            let own = try #require(try SiteHistoryLoader.history(for: inputs.workspace, asOf: day))
            let shown = try #require(inputs.history)
            #expect(shown.history.entries.count > 3)
            #expect(String(describing: shown) == String(describing: own))
        }
    }
}
