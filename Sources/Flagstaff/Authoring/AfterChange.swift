import Foundation

/// Runs the configuration's `after_change` command, such as a script that
/// updates the team's own test assertions, after a change was written.
enum AfterChange {
    /// Runs `/bin/sh -c command` in the workspace's folder, its output going to
    /// ours, with `environment` added to ours (what changed); the exit status, or
    /// `nil` when the shell could not start.
    static func run(_ command: String, in directory: URL, environment: [String: String]) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
