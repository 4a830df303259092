import FlagstaffCore
import FlagstaffRenderers

/// `flagstaff list`: the flags as read from the sources.
public struct ListCommand: Sendable {
    /// The output formats.
    public enum Format: String, CaseIterable, Sendable { case text, json }

    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The output format.
    public var format: Format = .text

    /// Creates a list request.
    public init(configurationPath: String? = nil, format: Format = .text) {
        self.configurationPath = configurationPath
        self.format = format
    }

    /// Prints the list and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath)
        DiagnosticPrinter.print(workspace.diagnostics, pathPrefix: workspace.displayPrefix, to: console)
        guard let model = workspace.model else { return ExitStatus.failure }
        let keys = Set(model.catalog.entries.map(\.key))
        switch format {
        case .json:
            let flags = model.flags.map { flag in
                JSONValue.object([
                    .init("key", .string(flag.key)), .init("case", .string(flag.caseName)),
                    .init("group", .optional(flag.group)), .init("inCatalog", .bool(keys.contains(flag.key))),
                    .init("deprecated", .optional(flag.deprecation)), .init("condition", .optional(flag.condition)),
                ])
            }
            console.output(
                JSONValue.object([
                    .init("enum", .string(model.flagEnum.name)),
                    .init("stringRawValues", .bool(model.flagEnum.hasStringRawValues)),
                    .init("flags", .array(flags)),
                ]).serialized())
        case .text:
            var text = "enum \(model.flagEnum.name): \(model.flags.count) flags"
            text += model.flagEnum.hasStringRawValues ? "\n" : " (no String raw type: keys are the case names)\n"
            let rows = [["KEY", "CASE", "GROUP", "CATALOG"]] + model.flags.map { flag in
                [
                    flag.key + (flag.isDeprecated ? " (deprecated)" : "") + (flag.condition.map { " (#if \($0))" } ?? ""),
                    flag.caseName, flag.group ?? "-", keys.contains(flag.key) ? "yes" : "MISSING",
                ]
            }
            text += TextTable.render(rows)
            console.output(text)
        }
        return workspace.diagnostics.containsErrors ? ExitStatus.failure : ExitStatus.success
    }
}
