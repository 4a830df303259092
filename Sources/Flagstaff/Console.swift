import Foundation

/// Where a command's output goes: standard output for results, standard error for
/// diagnostics. Tests pass a console that records both.
public struct Console: Sendable {
    /// Writes to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes to standard error.
    public var error: @Sendable (String) -> Void
    /// Whether to also print GitHub Actions annotations (`GITHUB_ACTIONS=true`).
    public var githubActions: Bool

    /// Creates a console.
    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        githubActions: Bool = false
    ) {
        self.output = output
        self.error = error
        self.githubActions = githubActions
    }

    /// The process's standard output and error, configured from the environment.
    public static var standard: Console {
        let environment = ProcessInfo.processInfo.environment
        return Console(
            output: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            githubActions: environment["GITHUB_ACTIONS"] == "true")
    }
}
