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
    /// Whether standard output may use ANSI colours: a terminal, and `NO_COLOR` unset or empty.
    public var colour: Bool

    /// Creates a console.
    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        githubActions: Bool = false, colour: Bool = false
    ) {
        self.output = output
        self.error = error
        self.githubActions = githubActions
        self.colour = colour
    }

    /// The process's standard output and error, configured from the environment.
    public static var standard: Console {
        let environment = ProcessInfo.processInfo.environment
        return Console(
            output: { FileHandle.standardOutput.write(Data($0.utf8)) },
            error: { FileHandle.standardError.write(Data($0.utf8)) },
            githubActions: environment["GITHUB_ACTIONS"] == "true",
            colour: isatty(STDOUT_FILENO) == 1 && (environment["NO_COLOR"] ?? "").isEmpty)
    }
}
