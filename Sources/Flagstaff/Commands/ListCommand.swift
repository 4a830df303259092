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

    /// Prints the list, even for sources with errors when the enum could be read, and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath)
        defer { console.finished(workspace) }
        workspace.report(to: console)
        guard let model = workspace.model else { return ExitStatus.failure }
        switch format {
        case .json: console.output(FlagListRenderer.json(model))
        case .text: console.output(FlagListRenderer.text(model))
        }
        return workspace.diagnostics.containsErrors ? ExitStatus.failure : ExitStatus.success
    }
}
