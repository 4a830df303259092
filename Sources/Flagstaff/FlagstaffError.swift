import FlagstaffCore

/// A failure that stops a command before or instead of validation, with its exit code.
public enum FlagstaffError: Error, Equatable, CustomStringConvertible {
    /// The command line asks for something impossible (exit code 2).
    case usage(String)
    /// A file could not be read or written (exit code 2).
    case io(String)
    /// Input files named by the configuration could not be read (exit code 2).
    case unreadableInputs([Diagnostic])
    /// An authoring request clashes with the sources, each problem at its place (exit code 2).
    case rejected([Diagnostic])
    /// Ctrl-C or `kill` stopped a command while it wrote files; it put them back first (exit code 130).
    case interrupted

    /// The process exit code for the failure.
    public var exitCode: Int32 {
        self == .interrupted ? ExitStatus.interrupted : ExitStatus.usageOrIO
    }

    public var description: String {
        switch self {
        case .usage(let message), .io(let message): message
        case .unreadableInputs(let diagnostics), .rejected(let diagnostics): diagnostics.map(\.description).joined(separator: "\n")
        case .interrupted: "interrupted; every file was left as it was"
        }
    }
}

/// The exit codes of every command, as documented in the README and `--help`.
public enum ExitStatus {
    /// Success.
    public static let success: Int32 = 0
    /// Validation errors, or a failed `--check`.
    public static let failure: Int32 = 1
    /// Usage or I/O errors.
    public static let usageOrIO: Int32 = 2
    /// Stopped by Ctrl-C (128 + `SIGINT`, as shells report it).
    public static let interrupted: Int32 = 130
}

extension FlagstaffError {
    /// `unknown <what> 'name'; did you mean …?`, or the choices when nothing is close.
    static func unknown(_ what: String, _ name: String, in candidates: [String]) -> FlagstaffError {
        .usage("unknown \(what) '\(name)'; " + (Suggestion.didYouMean(name, in: candidates) ?? "choose from \(candidates.joined(separator: ", "))"))
    }
}
