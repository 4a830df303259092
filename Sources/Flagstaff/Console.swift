import Foundation

/// Where a command's output goes: standard output for results, standard error for
/// diagnostics. Tests pass a console that records both.
public struct Console: Sendable {
    /// Writes to standard output.
    public var output: @Sendable (String) -> Void
    /// Writes UTF-8 bytes to standard output: a large result goes out without
    /// being made into one `String` first. By default it hands them to `output`.
    public var outputBytes: @Sendable ([UInt8]) -> Void
    /// Writes to standard error.
    public var error: @Sendable (String) -> Void
    /// Whether to also print GitHub Actions annotations (`GITHUB_ACTIONS=true`).
    public var githubActions: Bool
    /// Whether standard output may use ANSI colours: a terminal, and `NO_COLOR` unset or empty.
    public var colour: Bool
    /// Takes what a command has finished with, such as a resolved matrix. The
    /// process keeps it until it exits, when the system takes the memory back at
    /// once: freeing a large workspace object by object is a tenth of a second
    /// nobody needs. Other consoles drop it, so tests free it as usual.
    public var finished: @Sendable (any Sendable) -> Void = { _ in }

    /// Creates a console.
    public init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void,
        githubActions: Bool = false, colour: Bool = false
    ) {
        self.output = output
        outputBytes = { output(String(decoding: $0, as: UTF8.self)) }
        self.error = error
        self.githubActions = githubActions
        self.colour = colour
    }

    /// The process's standard output and error, configured from the environment.
    public static var standard: Console {
        let environment = ProcessInfo.processInfo.environment
        var console = Console(
            output: { write($0, to: Platform.standardOutput) },
            error: { write($0, to: Platform.standardError) },
            githubActions: environment["GITHUB_ACTIONS"] == "true",
            colour: Platform.isTerminal(Platform.standardOutput) && (environment["NO_COLOR"] ?? "").isEmpty)
        console.outputBytes = { bytes in bytes.withUnsafeBytes { _ = Platform.write($0, to: Platform.standardOutput) } }
        console.finished = { KeptUntilExit.shared.keep($0) }
        return console
    }
}

/// Writes text to a file descriptor straight from the string's own bytes: a
/// matrix can be tens of megabytes, which `Data` would copy first.
private func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = Platform.write(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// What the standard console's commands have finished with, never freed.
private final class KeptUntilExit: @unchecked Sendable {
    static let shared = KeptUntilExit()
    private let lock = NSLock()
    private var values: [any Sendable] = []

    func keep(_ value: any Sendable) {
        lock.withLock { values.append(value) }
    }
}
