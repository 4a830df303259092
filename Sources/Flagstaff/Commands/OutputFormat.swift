/// The formats a command prints its report in, named as `--format` takes them.
public protocol OutputFormat: RawRepresentable<String>, CaseIterable, Sendable {
    /// The format printed when none is asked for.
    static var standard: Self { get }
}
