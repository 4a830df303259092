import FlagstaffCore
import FlagstaffRenderers

/// `flagstaff explain KEY --tenant T --env E`: why one cell has its value, layer by layer.
public struct ExplainCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case text, json
        public static let standard = Format.text
    }

    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The flag key (or Swift case name).
    public var key: String
    /// The tenant id; `nil` for a workspace with one tenant, such as a single app.
    public var tenant: String?
    /// The environment.
    public var environment: String
    /// The output format.
    public var format: Format = .standard

    /// Creates a request.
    public init(configurationPath: String? = nil, key: String, tenant: String?, environment: String, format: Format = .standard) {
        self.configurationPath = configurationPath
        self.key = key
        self.tenant = tenant
        self.environment = environment
        self.format = format
    }

    /// Prints the explanation and returns the exit status; an unknown key, tenant or environment is a usage error.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath)
        defer { console.finished(workspace) }
        guard let matrix = workspace.report(to: console) else { return ExitStatus.failure }
        let model = matrix.model
        guard let flag = model.flag(key) ?? model.flags.first(where: { $0.caseName == key }) else {
            throw .usage("unknown flag '\(key)'; " + (Suggestion.didYouMean(key, in: model.flags.map(\.key)) ?? "run `flagstaff list` for the keys"))
        }
        let ids = model.tenants.map(\.id)
        guard let id = self.tenant ?? (ids.count == 1 ? ids[0] : nil) else {
            throw .usage("name a tenant with --tenant; choose from \(ids.joined(separator: ", "))")
        }
        guard let tenant = model.tenant(id) else {
            throw .usage("unknown tenant '\(id)'; " + (Suggestion.didYouMean(id, in: ids) ?? "choose from \(ids.joined(separator: ", "))"))
        }
        guard model.environments.contains(environment) else {
            throw .usage(
                "unknown environment '\(environment)'; "
                    + (Suggestion.didYouMean(environment, in: model.environments) ?? "choose from \(model.environments.joined(separator: ", "))"))
        }
        let explanation = matrix.explain(flag, tenant, environment)
        switch format {
        case .text: console.output(ExplainRenderer.text(explanation, pathPrefix: workspace.displayPrefix))
        case .json: console.output(ExplainRenderer.json(explanation))
        }
        return ExitStatus.success
    }
}
