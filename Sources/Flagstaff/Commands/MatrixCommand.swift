import FlagstaffCore
import FlagstaffRenderers

/// `flagstaff matrix`: the resolved matrix, or a slice of it, on standard output.
public struct MatrixCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case md, json, csv
        public static let standard = Format.md
    }

    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// Only these environments; all when empty.
    public var environments: [String] = []
    /// Only these tenants; all when empty.
    public var tenants: [String] = []
    /// The output format.
    public var format: Format = .standard

    /// Creates a matrix request.
    public init(configurationPath: String? = nil, environments: [String] = [], tenants: [String] = [], format: Format = .standard) {
        self.configurationPath = configurationPath
        self.environments = environments
        self.tenants = tenants
        self.format = format
    }

    /// Prints the matrix and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        guard let matrix = try Workspace.load(configurationPath: configurationPath).report(to: console) else {
            return ExitStatus.failure
        }
        let model = matrix.model
        for environment in environments where !model.environments.contains(environment) {
            throw .usage(
                "unknown environment '\(environment)'; "
                    + (Suggestion.didYouMean(environment, in: model.environments)
                        ?? "choose from \(model.environments.joined(separator: ", "))"))
        }
        let ids = model.tenants.map(\.id)
        for tenant in tenants where !ids.contains(tenant) {
            throw .usage("unknown tenant '\(tenant)'; " + (Suggestion.didYouMean(tenant, in: ids) ?? "choose from \(ids.joined(separator: ", "))"))
        }
        let slice = MatrixSlice(
            matrix,
            environments: environments.isEmpty ? model.environments : model.environments.filter(environments.contains),
            tenants: tenants.isEmpty ? model.tenants : model.tenants.filter { tenants.contains($0.id) })
        switch format {
        case .md: MatrixMarkdownRenderer.write(slice) { console.outputBytes($0) }
        case .json: FlagsJSONRenderer.write(slice) { console.outputBytes($0) }
        case .csv: console.output(MatrixCSVRenderer.render(slice))
        }
        console.finished(slice)
        return ExitStatus.success
    }
}
