import ArgumentParser
import Flagstaff
@testable import FlagstaffCLI
import Testing

/// Each shared option is taken through its group: every subcommand that takes it
/// holds the group, parsed as `flagstaff` parses its command line, so its name,
/// help and default are the group's.
@Suite("Option groups")
struct OptionGroupsTests {
    /// The subcommands, by name.
    static let names = FlagstaffCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" }
    /// What each subcommand needs on its command line besides its options.
    static let required: [String: [String]] = ["explain": ["ENABLE_CHECKOUT", "--env", "prod"], "remove": ["ENABLE_CHECKOUT"], "new-tenant": ["NEW"]]

    /// Parses `flagstaff NAME`, with what it requires and `options`, and returns the subcommand's group of type `G`, if it holds one.
    static func group<G: ParsableArguments>(_: G.Type, of name: String, _ options: [String] = []) throws -> G? {
        let command = try FlagstaffCommand.parseAsRoot([name] + (required[name] ?? []) + options)
        return Mirror(reflecting: command).children.lazy.compactMap { ($0.value as? OptionGroup<G>)?.wrappedValue }.first
    }

    /// Checks that exactly `holders` hold the group, that without its options `value` is `standard`, and that `options` make it `given`.
    static func check<G: ParsableArguments, Value: Equatable>(
        _: G.Type, heldBy holders: Set<String>, _ value: (G) -> Value, standard: Value, options: [String], given: Value,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(holders.isSubset(of: names), sourceLocation: sourceLocation)
        for name in names {
            let bare = try group(G.self, of: name)
            #expect((bare != nil) == holders.contains(name), "\(name) \(holders.contains(name) ? "does not hold" : "holds") \(G.self)", sourceLocation: sourceLocation)
            guard let bare else { continue }
            #expect(value(bare) == standard, "\(name)", sourceLocation: sourceLocation)
            #expect(try group(G.self, of: name, options).map(value) == given, "\(name) \(options)", sourceLocation: sourceLocation)
        }
    }

    @Test func everyCommandThatReadsAWorkspaceTakesConfig() throws {
        try Self.check(
            WorkspaceOptions.self, heldBy: Set(Self.names).subtracting(["init"]), \.config, standard: nil,
            options: ["--config", "app/flagstaff.yml"], given: "app/flagstaff.yml")
    }

    @Test func theCommandsThatValidateTakeStrict() throws {
        try Self.check(StrictOption.self, heldBy: ["build", "validate"], \.strict, standard: false, options: ["--strict"], given: true)
    }

    @Test func theCommandsThatComputeStatusesTakeAsOf() throws {
        try Self.check(
            AsOfOption.self, heldBy: ["build", "due"], \.asOf, standard: nil, options: ["--as-of", "2026-11-23"], given: "2026-11-23")
    }

    @Test func theCommandsThatChangeSourcesTakeDryRun() throws {
        try Self.check(
            DryRunOption.self, heldBy: ["new", "remove", "new-tenant", "validate"], \.dryRun, standard: false, options: ["--dry-run"],
            given: true)
    }

    @Test func theCommandsThatShowASliceTakeTenantsAndEnvironments() throws {
        try Self.check(
            TenantsOption.self, heldBy: ["matrix", "history"], \.tenants, standard: [], options: ["--tenant", "CHL", "--tenant", "JLC"],
            given: ["CHL", "JLC"])
        try Self.check(
            EnvironmentsOption.self, heldBy: ["matrix", "history"], \.environments, standard: [], options: ["--env", "prod", "--env", "uat"],
            given: ["prod", "uat"])
    }

    @Test func theCommandsOnOneFlagTakeItsKey() throws {
        for name in Self.names {
            #expect(try Self.group(FlagKeyArgument.self, of: name)?.key == (["explain", "remove"].contains(name) ? "ENABLE_CHECKOUT" : nil), "\(name)")
        }
    }

    /// Each report's `--format` takes its command's formats, and defaults to the command's standard one.
    @Test func everyReportTakesItsCommandsFormats() throws {
        try checkFormat(DiffCommand.Format.self, of: "diff", .md, standard: .text)
        try checkFormat(DueCommand.Format.self, of: "due", .piranha, standard: .text)
        try checkFormat(ExplainCommand.Format.self, of: "explain", .json, standard: .text)
        try checkFormat(HistoryCommand.Format.self, of: "history", .json, standard: .text)
        try checkFormat(ListCommand.Format.self, of: "list", .json, standard: .text)
        try checkFormat(MatrixCommand.Format.self, of: "matrix", .csv, standard: .md)
    }

    func checkFormat<Format: OutputFormat & ExpressibleByArgument & Equatable>(
        _: Format.Type, of name: String, _ other: Format, standard: Format, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(Format.standard == standard, sourceLocation: sourceLocation)
        try Self.check(
            FormatOption<Format>.self, heldBy: [name], \.format, standard: standard, options: ["--format", other.rawValue], given: other,
            sourceLocation: sourceLocation)
    }
}
