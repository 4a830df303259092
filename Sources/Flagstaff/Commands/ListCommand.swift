import FlagstaffRenderers

/// `flagstaff list`: the flags as the declarations say, read without the tenant
/// files, so it works while they (or the catalog) are broken.
public struct ListCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case text, json
        public static let standard = Format.text
    }

    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The output format.
    public var format: Format = .standard

    /// Creates a list request.
    public init(configurationPath: String? = nil, format: Format = .standard) {
        self.configurationPath = configurationPath
        self.format = format
    }

    /// Prints the list when the enum could be read, and returns the exit status:
    /// 1 for errors in the configuration or the enum, whatever the other files hold.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let declarations = try Workspace.loadDeclarations(configurationPath: configurationPath)
        for recovery in declarations.recoveries { console.error("flagstaff: note: \(recovery)\n") }
        DiagnosticPrinter.print(declarations.diagnostics, pathPrefix: declarations.displayPrefix, to: console)
        guard let flagEnums = declarations.flagEnums else { return ExitStatus.failure }
        if declarations.catalog == nil {
            console.error("flagstaff: note: the catalog could not be read without errors, so its column shows '?'; run `flagstaff validate`\n")
        }
        switch format {
        case .json: console.output(FlagListRenderer.json(flagEnums, catalog: declarations.catalog))
        case .text: console.output(FlagListRenderer.text(flagEnums, catalog: declarations.catalog))
        }
        return declarations.diagnostics.containsErrors ? ExitStatus.failure : ExitStatus.success
    }
}
