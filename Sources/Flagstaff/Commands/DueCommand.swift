import FlagstaffCore
import FlagstaffRenderers

/// `flagstaff due`: which flags should go, who owns them, and where the code
/// still uses them. Exits 1 when `--fail-on` matches, so a scheduled job can fail.
public struct DueCommand: Sendable {
    /// The output formats.
    public enum Format: String, OutputFormat {
        case text, md, json, piranha
        public static let standard = Format.text
    }

    /// Which flags make the command fail.
    public enum FailOn: String, CaseIterable, Sendable {
        /// Fail when a listed flag is overdue.
        case overdue
        /// Fail when a listed flag is overdue or due soon.
        case dueSoon = "due-soon"
        /// Never fail because of statuses.
        case never

        func matches(_ entry: LifecycleEntry) -> Bool {
            switch self {
            case .overdue: entry.has(.overdue)
            case .dueSoon: entry.has(.overdue) || entry.has(.dueSoon)
            case .never: false
            }
        }
    }

    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The day to compute statuses for, as `YYYY-MM-DD`; see `AsOfDate`.
    public var asOf: String?
    /// The due-soon window in days, overriding the configuration.
    public var within: Int?
    /// Only flags whose owner contains this text, ignoring case.
    public var owner: String?
    /// Only flags with one of these statuses; every flag with a status when empty.
    public var statuses: [LifecycleStatus] = []
    /// The output format.
    public var format: Format = .standard
    /// Which flags make the command exit 1.
    public var failOn: FailOn = .never

    /// Creates a request.
    public init(
        configurationPath: String? = nil, asOf: String? = nil, within: Int? = nil, owner: String? = nil,
        statuses: [LifecycleStatus] = [], format: Format = .standard, failOn: FailOn = .never
    ) {
        self.configurationPath = configurationPath
        self.asOf = asOf
        self.within = within
        self.owner = owner
        self.statuses = statuses
        self.format = format
        self.failOn = failOn
    }

    /// Prints the report and returns the exit status.
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        if let within, within < 0 { throw .usage("--within must be 0 or more days, not \(within)") }
        let pinned = try AsOfDate.parse(option: asOf)
        let workspace = try Workspace.load(configurationPath: configurationPath, asOf: pinned)
        defer { console.finished(workspace) }
        guard workspace.report(to: console) != nil else { return ExitStatus.failure }
        let date = try AsOfDate.resolve(option: pinned, configuration: workspace.configuration)
        let report = try LifecycleLoader.report(for: workspace, asOf: date, dueSoonDays: within)
        if format != .text { for note in report.notes { console.error("flagstaff: note: \(note)\n") } }
        let entries = report.entries(withAnyOf: statuses, ownerContaining: owner)
        switch format {
        case .text:
            console.output(
                LifecycleTextRenderer.render(report, entries: entries, colour: console.colour, pathPrefix: workspace.displayPrefix))
        case .md: console.output(LifecycleMarkdownRenderer.render(report, entries: entries))
        case .json: console.output(LifecycleJSON.render(report, entries: entries))
        case .piranha:
            console.output(PiranhaRenderer.render(
                PiranhaRenderer.cleanups(entries, pathPrefix: workspace.displayPrefix), flagChecks: workspace.configuration.flagChecks,
                typeNames: workspace.model?.flagEnums.map(\.name) ?? []))
        }
        let failing = entries.filter(failOn.matches)
        guard failing.isEmpty else {
            console.error("flagstaff: \(failing.count.counted("flag")) \(failOn == .overdue ? "overdue" : "overdue or due soon") (--fail-on \(failOn.rawValue))\n")
            return ExitStatus.failure
        }
        return ExitStatus.success
    }
}
