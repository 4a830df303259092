import FlagstaffCore
import FlagstaffReaders

/// `flagstaff validate`: print diagnostics only; with `--fix`, sort the catalog
/// and add a row for every flag that has none.
public struct ValidateCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// Treat warnings as errors.
    public var strict = false
    /// Sort the catalog and add missing rows.
    public var fix = false
    /// With `fix`, print the diff instead of writing.
    public var dryRun = false

    /// Creates a validation request.
    public init(configurationPath: String? = nil, strict: Bool = false, fix: Bool = false, dryRun: Bool = false) {
        self.configurationPath = configurationPath
        self.strict = strict
        self.fix = fix
        self.dryRun = dryRun
    }

    /// Validates (and fixes) and returns the exit status. With `fix`, it says
    /// what it fixed, then validates again and reports what remains.
    public func run(console: Console, writer: SourceWriter = SourceWriter()) throws(FlagstaffError) -> Int32 {
        if dryRun && !fix { throw .usage("--dry-run goes with --fix") }
        let workspace = try Workspace.load(configurationPath: configurationPath, strict: strict)
        defer { console.finished(workspace) }
        if fix, workspace.configuration.catalog.isEmpty {
            throw .usage("--fix sorts and completes the catalog, and flagstaff.yml names none")
        }
        if fix, let model = workspace.model {
            var changes = SourceChangeSet(workspace: workspace, configurationPath: configurationPath, subject: .init(command: "validate --fix"))
            let fixes = try Self.fixCatalog(model: model, workspace: workspace, into: &changes)
            if !fixes.isEmpty {
                workspace.reportRecoveries(to: console)
                // A dry run changes nothing, so what is wrong now is what it shows first.
                if dryRun { DiagnosticPrinter.print(workspace.diagnostics, pathPrefix: workspace.displayPrefix, to: console) }
                let status = try changes.commit(console: console, dryRun: dryRun, writer: writer, rebuild: false)
                guard status == ExitStatus.success else { return status }
                for fix in fixes { console.output("\(dryRun ? "would fix" : "fixed"): \(fix)\n") }
                if dryRun { return status }
                // What remains is what the sources as written still have.
                let remaining = try ValidateCommand(configurationPath: configurationPath, strict: strict).run(console: console)
                // The rebuild would print the same diagnostics again.
                let built = try changes.rebuildSite(console: console.withoutErrors)
                return max(remaining, built)
            }
            console.output("Nothing to fix.\n")
        }
        return report(workspace, console: console)
    }

    /// Prints a workspace's diagnostics, the unsorted catalog among them, and a
    /// summary when it is valid; returns the exit status.
    private func report(_ workspace: Workspace, console: Console) -> Int32 {
        var diagnostics = workspace.diagnostics
        if let model = workspace.model, let order = Self.unsortedWarning(model: model, configuration: workspace.configuration) {
            diagnostics.append(strict ? Diagnostic.error(order.message, at: order.location, hint: order.hint) : order)
        }
        workspace.reportRecoveries(to: console)
        DiagnosticPrinter.print(diagnostics, pathPrefix: workspace.displayPrefix, to: console)
        guard let model = workspace.model, let matrix = workspace.matrix, !diagnostics.containsErrors else { return ExitStatus.failure }
        let counts = [model.flags.count.counted("flag")] + (model.isSingleApp ? [] : [model.tenants.count.counted("tenant")])
            + [model.environments.count.counted("environment")]
        console.output(counts.joined(separator: ", ") + ": valid\n")
        let notKnown = matrix.cellsNotKnown
        if notKnown > 0 {
            let cells = model.flags.count * model.tenants.count * model.environments.count
            console.output(
                "\(notKnown.grouped) of \(cells.grouped) cells are not known here in some case: decided in code when the app runs, "
                    + "or a source Flagstaff cannot see may change them (explain shows which)\n")
        }
        return ExitStatus.success
    }

    /// A warning when the catalog's rows are not in the configured order.
    static func unsortedWarning(model: FlagModel, configuration: Configuration) -> Diagnostic? {
        let order = configuration.catalogOrder
        guard model.catalog.isWritten, !order.isSorted(model.catalog, enumIndex: model.flagIndex) else { return nil }
        let described = order == .key ? "by key" : "in the enum's order"
        return .warning(
            "the catalog's rows are not sorted \(described) (catalog_order: \(order.rawValue))", at: model.catalog.location,
            hint: "run `flagstaff validate --fix` to sort them")
    }

    /// Adds a row (described by the enum's doc comment) for every flag without
    /// one, then sorts the rows; orphan rows stay, and the validator reports them.
    /// Returns what it fixed, in words, or nothing when there was nothing to fix.
    static func fixCatalog(model: FlagModel, workspace: Workspace, into changes: inout SourceChangeSet) throws(FlagstaffError) -> [String] {
        var fixes: [String] = []
        let path = workspace.configuration.catalog
        let order = workspace.configuration.catalogOrder
        var text = try changes.text(of: path)
        var catalog = model.catalog
        for flag in model.flags where catalog.entry(for: flag.key) == nil {
            let description = (flag.documentation ?? "").split(separator: "\n").joined(separator: " ")
            text = TextEdit.apply([
                workspace.formats.metadata.insertion(
                    of: ["Description": description], key: flag.key, into: text, catalog: catalog, order: order,
                    enumIndex: model.flagIndex)
            ], to: text)
            guard let reread = workspace.formats.metadata.read(text, file: path, configuration: workspace.configuration).catalog else {
                throw .io("cannot read the catalog back after adding a row for '\(flag.key)'")
            }
            catalog = reread
            fixes.append("added a catalog row for '\(flag.key)'" + (description.isEmpty ? ", with an empty description" : ", described by its doc comment"))
        }
        if let sorting = workspace.formats.metadata.sorting(catalog, in: text, order: order, enumIndex: model.flagIndex) {
            text = TextEdit.apply([sorting], to: text)
            fixes.append("sorted the catalog's rows \(order == .key ? "by key" : "in the enum's order")")
        }
        if !fixes.isEmpty { changes.replace(path, with: text) }
        return fixes
    }
}
