/// A problem found in the inputs, with where it is and what to do about it.
public struct Diagnostic: Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Codable {
        case warning
        case error
    }

    /// Whether the problem stops a build.
    public var severity: Severity
    /// What is wrong, in one sentence without a trailing period.
    public var message: String
    /// Where it is; `nil` only for problems that belong to no file.
    public var location: SourceLocation?
    /// A suggestion, such as "did you mean ENABLE_CAMPAIGNS?".
    public var hint: String?

    /// Creates a diagnostic.
    public init(_ severity: Severity, _ message: String, at location: SourceLocation?, hint: String? = nil) {
        self.severity = severity
        self.message = message
        self.location = location
        self.hint = hint
    }

    /// An error at a location.
    public static func error(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.error, message, at: location, hint: hint)
    }

    /// A warning at a location.
    public static func warning(_ message: String, at location: SourceLocation?, hint: String? = nil) -> Diagnostic {
        Diagnostic(.warning, message, at: location, hint: hint)
    }

    /// `path:line:col: error: message (hint)`, the compiler's format.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "\(severity.rawValue): \(message)"
        if let hint { text += "; \(hint)" }
        return text
    }
}

extension Array where Element == Diagnostic {
    /// Whether any diagnostic is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }

    /// The diagnostics in file and position order, each once; problems without
    /// a file come first.
    public func sortedForDisplay() -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return filter { seen.insert($0).inserted }.sorted { lhs, rhs in
            switch (lhs.location, rhs.location) {
            case (nil, nil): return lhs.message < rhs.message
            case (nil, _): return true
            case (_, nil): return false
            case let (left?, right?):
                return left == right ? lhs.message < rhs.message : left < right
            }
        }
    }

    /// Turns every warning into an error, as `--strict` asks.
    public func strict() -> [Diagnostic] {
        map { diagnostic in
            var diagnostic = diagnostic
            diagnostic.severity = .error
            return diagnostic
        }
    }
}
