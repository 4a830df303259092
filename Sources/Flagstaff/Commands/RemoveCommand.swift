import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers

/// `flagstaff remove KEY`: retires a flag from the enum, the catalog, every
/// tenant file and the template in one step, all or nothing. Refuses while the
/// app's code still uses the flag, unless forced, and prints the Polyglot
/// Piranha rules that delete those uses.
public struct RemoveCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The flag key or Swift case name.
    public var key: String
    /// Remove the flag even though code still uses it.
    public var force = false
    /// Print the diff instead of writing.
    public var dryRun = false

    /// Creates a request.
    public init(configurationPath: String? = nil, key: String, force: Bool = false, dryRun: Bool = false) {
        self.configurationPath = configurationPath
        self.key = key
        self.force = force
        self.dryRun = dryRun
    }

    /// Removes the flag and returns the exit status.
    public func run(console: Console, writer: SourceWriter = SourceWriter()) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath, forEditing: true)
        guard let matrix = workspace.report(to: console) else { return ExitStatus.failure }
        let model = matrix.model
        guard let flag = model.flag(key) ?? model.flags.first(where: { $0.caseName == key }) else {
            throw .unknown("flag", key, in: model.flags.map(\.key))
        }
        let prefix = workspace.displayPrefix
        let uses = try LifecycleLoader.codeReferences(in: workspace, flags: model.flags, typeNames: model.flagEnums.map(\.name))?[flag.key] ?? []
        if !uses.isEmpty {
            var text = ""
            for use in uses { text += "\(prefix)\(use.location): \(force ? "warning" : "error"): '\(flag.key)' is still used here\n" }
            console.error(text)
            guard force else {
                console.error(
                    "flagstaff: error: the code still uses '\(flag.key)' in \(uses.count.counted("place")); remove those uses first "
                        + "(see `flagstaff due --format piranha`), or pass --force; nothing was changed\n")
                return ExitStatus.failure
            }
        }
        var changes = SourceChangeSet(
            workspace: workspace, configurationPath: configurationPath,
            subject: .init(command: "remove", flagKey: flag.key, flagCase: flag.caseName))
        try Self.plan(flag, model: model, workspace: workspace, into: &changes)
        let status = try changes.commit(console: console, dryRun: dryRun, writer: writer)
        if !uses.isEmpty && status == ExitStatus.success {
            // A cleanup treats every check as one Bool: only a flag that is that Bool
            // for every tenant in every environment, as far as anything can know, has one.
            let values = matrix.values(of: flag)
            guard values.count == 1, case .bool(let treated)?? = values.first else {
                console.output("\n" + Self.whoHasIt(flag, matrix: matrix))
                return status
            }
            console.output("\n" + PiranhaRenderer.render(
                [.init(flag: flag, treated: treated, references: uses, pathPrefix: prefix)], flagChecks: workspace.configuration.flagChecks,
                typeNames: model.flagEnums.map(\.name)))
        }
        return status
    }

    /// Why no cleanup is planned for a flag whose value differs, or is not known, by
    /// tenant or environment: who has it on (and so loses the feature with the code
    /// that checks it), and who may, per environment.
    static func whoHasIt(_ flag: Flag, matrix: ResolvedMatrix) -> String {
        var text = "No cleanup planned: '\(flag.key)' is not one value everywhere, so its checks cannot all become true or all false.\n"
        let wording = TenantWording(matrix.model)
        for environment in matrix.model.environments {
            var on: [String] = [], unknown: [String] = []
            for tenant in matrix.model.tenants {
                let cell = matrix.resolution(flag, tenant, environment)
                if cell.hasUnknownValue || cell.possibleValues.count > 1 { unknown.append(tenant.id) }
                else if cell.value.isOn { on.append(tenant.id) }
            }
            let named = { (ids: [String]) in wording.isSingleApp ? "the app" : ids.joined(separator: ", ") }
            if !on.isEmpty { text += "  \(environment): on for \(named(on)), who lose the feature with the code that checks it\n" }
            if !unknown.isEmpty { text += "  \(environment): varies or not known here for \(named(unknown))\n" }
        }
        return text + "Decide in the code what each check becomes, then remove those uses by hand.\n"
    }

    /// Computes every file's edits for removing a flag.
    static func plan(_ flag: Flag, model: FlagModel, workspace: Workspace, into changes: inout SourceChangeSet) throws(FlagstaffError) {
        try workspace.refuseUneditableSources(for: flag.key, command: "remove", model: model)
        let formats = workspace.formats
        let files = try changes.files(workspace.configuration.enumFiles)
        let declaring = model.flagEnums.first { $0.flags.contains(flag) } ?? model.flagEnums[0]
        let removal = formats.declarations.removal(of: flag, in: files, flagEnum: declaring, configuration: workspace.configuration)
        for path in removal.keys.sorted() { try changes.edit(path, removal[path]!) }
        if model.catalog.isWritten, let entry = model.catalog.entry(for: flag.key) {
            let text = try changes.text(of: workspace.configuration.catalog)
            try changes.edit(workspace.configuration.catalog, [formats.metadata.removal(of: entry, in: text)])
        }
        for tenant in model.tenants where !model.isSingleApp {
            let text = try changes.text(of: tenant.file)
            try changes.edit(tenant.file, formats.values.removal(of: flag.key, from: text))
        }
        if let template = try TemplateFile.read(workspace: workspace, changes: changes) {
            try changes.edit(template.file, formats.values.removal(of: flag.key, from: template.text))
        }
    }
}
