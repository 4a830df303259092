import ArgumentParser
import Flagstaff

// The options several subcommands take, each declared once with one help text;
// a subcommand holds the groups it takes as `@OptionGroup`s.

/// `--config`, for every command that reads a workspace.
struct WorkspaceOptions: ParsableArguments {
    @Option(name: .long, help: "The configuration file (default: ./flagstaff.yml).")
    var config: String?
}

/// `--strict`, for the commands that validate.
struct StrictOption: ParsableArguments {
    @Flag(help: "Treat warnings as errors.")
    var strict = false
}

/// `--as-of`, for the commands that compute lifecycle statuses.
struct AsOfOption: ParsableArguments {
    @Option(
        name: .customLong("as-of"),
        help: "The day lifecycle statuses are computed for, YYYY-MM-DD (default: lifecycle.as_of, else SOURCE_DATE_EPOCH, else today).")
    var asOf: String?
}

/// `--dry-run`, for the commands that change the sources.
struct DryRunOption: ParsableArguments {
    @Flag(name: .customLong("dry-run"), help: "Print the diff of every file instead of writing.")
    var dryRun = false
}

/// `--format`, for the commands that print a report; the values and the default come from the command's formats.
struct FormatOption<Format: OutputFormat & ExpressibleByArgument>: ParsableArguments {
    @Option(help: "The output format.")
    var format: Format = .standard
}

/// The flag a command acts on.
struct FlagKeyArgument: ParsableArguments {
    @Argument(help: "The flag's key or Swift case name.")
    var key: String
}

/// `--tenant`, repeatable, for the commands that show a slice of the tenants.
struct TenantsOption: ParsableArguments {
    @Option(name: .customLong("tenant"), help: "Only this tenant id (repeatable).")
    var tenants: [String] = []
}

/// `--env`, repeatable, for the commands that show a slice of the environments.
struct EnvironmentsOption: ParsableArguments {
    @Option(name: .customLong("env"), help: "Only this environment (repeatable).")
    var environments: [String] = []
}
