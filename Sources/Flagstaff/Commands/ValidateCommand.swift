import FlagstaffCore

/// `flagstaff validate`: print diagnostics only.
public struct ValidateCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// Treat warnings as errors.
    public var strict = false

    /// Creates a validation request.
    public init(configurationPath: String? = nil, strict: Bool = false) {
        self.configurationPath = configurationPath
        self.strict = strict
    }

    /// Validates and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath, strict: strict)
        guard let model = workspace.report(to: console)?.model else { return ExitStatus.failure }
        console.output("\(model.flags.count) flags, \(model.tenants.count) tenants, \(model.environments.count) environments: valid\n")
        return ExitStatus.success
    }
}
