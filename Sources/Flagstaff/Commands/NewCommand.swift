import FlagstaffCore
import FlagstaffReaders

/// `flagstaff new`: adds a flag to the enum, the catalog, every tenant file and
/// the template in one step, all or nothing.
public struct NewCommand: Sendable {
    /// The configuration file; `flagstaff.yml` in the current folder when `nil`.
    public var configurationPath: String?
    /// The flag to add.
    public var draft: FlagDraft
    /// Print the diff instead of writing.
    public var dryRun = false

    /// Creates a request.
    public init(configurationPath: String? = nil, draft: FlagDraft, dryRun: Bool = false) {
        self.configurationPath = configurationPath
        self.draft = draft
        self.dryRun = dryRun
    }

    /// Adds the flag and returns the exit status. With a prompter, asks for
    /// what the draft leaves open and for confirmation first.
    public func run(console: Console, prompter: Prompter? = nil, writer: SourceWriter = SourceWriter()) throws(FlagstaffError) -> Int32 {
        let workspace = try Workspace.load(configurationPath: configurationPath, forEditing: true)
        guard let model = workspace.report(to: console)?.model else { return ExitStatus.failure }
        var draft = self.draft
        // Files Flagstaff does not write are refused before any question or check of the draft.
        try workspace.refuseUneditableSources(for: draft.key ?? draft.caseName, command: "new", model: model)
        if let prompter {
            draft = try prompter.complete(draft, model: model, workspace: workspace)
            guard try prompter.confirm(draft, model: model) else {
                console.output("Nothing was changed.\n")
                return ExitStatus.success
            }
        }
        var changes = SourceChangeSet(
            workspace: workspace, configurationPath: configurationPath, subject: .init(command: "new", flagCase: draft.caseName))
        try Self.plan(draft, model: model, workspace: workspace, into: &changes)
        return try changes.commit(console: console, dryRun: dryRun, writer: writer)
    }

    /// Checks the draft against the model and computes every file's edits.
    static func plan(_ draft: FlagDraft, model: FlagModel, workspace: Workspace, into changes: inout SourceChangeSet) throws(FlagstaffError) {
        let request = try Request(draft, model: model, workspace: workspace)
        changes.subject.flagKey = request.key
        let flagEnum = try Self.declaringEnum(of: draft, in: model)
        let formats = workspace.formats
        // The code's default: the app's value in a single app, else what the template gets.
        let codeDefault = model.isSingleApp ? request.value(for: Tenant.singleAppID) : request.templateValue
        let newFlag = NewFlag(
            caseName: draft.caseName, key: request.key, documentation: draft.description, group: request.group, defaultValue: codeDefault,
            cells: draft.cells)
        let files = try changes.files(workspace.configuration.enumFiles)
        let unfilled = formats.declarations.unfilledColumns(of: newFlag, in: files, flagEnum: flagEnum, configuration: workspace.configuration)
        guard unfilled.isEmpty else {
            throw .usage(
                "every entry of the registry gives \(unfilled.joined(separator: ", ")), and a value copied from another flag would be untrue: pass "
                    + unfilled.map { "--column \"\($0)=…\"" }.joined(separator: " ") + "; nothing was changed")
        }
        guard let insertion = formats.declarations.insertion(of: newFlag, in: files, flagEnum: flagEnum, configuration: workspace.configuration)
        else {
            throw .io("cannot find enum '\(flagEnum.name)' in '\(flagEnum.file)'")
        }
        for path in insertion.keys.sorted() { try changes.edit(path, insertion[path]!) }

        let order = request.enumOrder
        let enumIndex: (String) -> Int? = { order.firstIndex(of: $0) }
        let catalogFile = workspace.configuration.catalog
        var cells = draft.cells
        cells["Description"] = draft.description
        if model.catalog.isWritten {
            let catalogText = try changes.text(of: catalogFile)
            try changes.edit(catalogFile, [
                formats.metadata.insertion(
                    of: cells, key: request.key, into: catalogText, catalog: model.catalog, order: workspace.configuration.catalogOrder,
                    enumIndex: enumIndex)
            ])
        }

        for tenant in model.tenants where !model.isSingleApp {
            let value = request.value(for: tenant.id)
            let overrides = model.environments.compactMap { environment -> (environment: String, value: FlagValue)? in
                guard let ids = request.onIn[environment], ids.contains(tenant.id), value != .bool(true) else { return nil }
                return (environment, .bool(true))
            }
            let text = try changes.text(of: tenant.file)
            try changes.edit(tenant.file, formats.values.insertion(
                of: request.key, value: value, overrides: overrides, into: text, environments: model.environments, order: enumIndex))
        }
        if let template = try TemplateFile.read(workspace: workspace, changes: changes) {
            try changes.edit(template.file, formats.values.insertion(
                of: request.key, value: request.templateValue, overrides: [], into: template.text, environments: model.environments,
                order: enumIndex))
        }
    }

    /// The type the new flag goes into: the only one, or the one `--in` names.
    /// With several and none named, `new` refuses rather than choose.
    static func declaringEnum(of draft: FlagDraft, in model: FlagModel) throws(FlagstaffError) -> FlagEnum {
        let names = model.flagEnums.map(\.name)
        guard let name = draft.declaringType else {
            guard model.flagEnums.count == 1 else {
                throw .usage(
                    "\(names.count) types declare flags (\(names.joined(separator: ", "))); say which one declares the new flag with "
                        + names.map { "--in \($0)" }.joined(separator: " or "))
            }
            return model.flagEnums[0]
        }
        guard let flagEnum = model.flagEnums.first(where: { $0.name == name }) else { throw .unknown("flag type", name, in: names) }
        return flagEnum
    }

    /// A draft checked against the model.
    struct Request {
        var key: String
        var group: String?
        var on: Set<String>
        var onIn: [String: Set<String>]
        var typedValue: FlagValue?
        var enumOrder: [String]

        init(_ draft: FlagDraft, model: FlagModel, workspace: Workspace) throws(FlagstaffError) {
            let prefix = workspace.displayPrefix
            func at(_ location: SourceLocation) -> SourceLocation {
                var shown = location
                shown.file = prefix + shown.file
                return shown
            }
            let flags = model.flags
            let flagEnum = try NewCommand.declaringEnum(of: draft, in: model)
            guard FlagDraft.isIdentifier(draft.caseName) else {
                throw .usage("invalid case name '\(draft.caseName)': write a Swift identifier in camelCase, such as mediaLibrary")
            }
            if let existing = flagEnum.flags.first(where: { $0.caseName == draft.caseName }) {
                throw .rejected([.error("case '\(draft.caseName)' already exists", at: at(existing.location), hint: "choose another case name")])
            }
            key = draft.key ?? FlagDraft.derivedKey(for: draft.caseName, existing: flagEnum.flags)
            if !flagEnum.hasStringRawValues && key != draft.caseName {
                throw .usage("enum '\(flagEnum.name)' has no String raw values, so the key must be the case name '\(draft.caseName)'")
            }
            // A type whose declaration gives all its flags one value type takes only that type.
            let declaredTypes = Set(flagEnum.flags.map(\.valueType))
            if declaredTypes.count == 1, let declared = declaredTypes.first ?? nil, declared != draft.valueType {
                throw .usage(
                    "\(flagEnum.name) declares \(declared) flags, and this one would be \(draft.valueType); "
                        + "pass --value-type \(declared) (with --value), or --in another type")
            }
            guard !key.isEmpty, key.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "_-.".contains($0)) }) else {
                throw .usage("invalid key '\(key)': use letters, digits, '_', '-' and '.'")
            }
            if let existing = model.flag(key) {
                throw .rejected([.error("key '\(key)' already exists, as case '\(existing.caseName)'", at: at(existing.location), hint: "choose another key with --key")])
            }
            guard draft.description.contains(where: { !$0.isWhitespace }) else {
                throw .usage("a flag needs a description (--description)")
            }
            let groups = flagEnum.marks.map(\.name)
            if let group = draft.group, !draft.newGroup, !groups.contains(group) {
                let choices = groups.isEmpty ? "\(flagEnum.name) has no MARK groups yet" : "choose from \(groups.joined(separator: ", "))"
                throw .usage("unknown group '\(group)'; " + (Suggestion.didYouMean(group, in: groups) ?? "\(choices), or pass --new-group to start one"))
            }
            if draft.group == nil, !groups.isEmpty {
                throw .usage("choose the flag's group with --group (\(groups.joined(separator: ", "))) or start one with --new-group")
            }
            group = draft.group
            let columns = model.catalog.columns
            for column in draft.cells.keys where !columns.contains(where: { $0.lowercased() == column.lowercased() }) {
                throw .unknown("catalog column", column, in: columns)
            }
            let ids = model.tenants.map(\.id)
            func tenants(_ list: [String]) throws(FlagstaffError) -> Set<String> {
                if list == ["all"] { return Set(ids) }
                for id in list where !ids.contains(id) { throw .unknown("tenant", id, in: ids) }
                return Set(list)
            }
            on = try tenants(draft.on)
            var onIn: [String: Set<String>] = [:]
            for (environment, list) in draft.onIn {
                guard model.environments.contains(environment) else { throw .unknown("environment", environment, in: model.environments) }
                onIn[environment] = try tenants(list)
            }
            self.onIn = onIn
            switch draft.valueType {
            case .bool:
                if draft.value != nil { throw .usage("--value is for string and number flags; a Bool flag is true for the tenants of --on") }
            case .string, .number, .structured:
                guard let text = draft.value else { throw .usage("a \(draft.valueType) flag needs --value") }
                guard draft.on.isEmpty, draft.onIn.isEmpty else { throw .usage("--on and --on-in are for Bool flags") }
                if draft.valueType == .structured {
                    guard let value = StructuredValue(json: text) else {
                        throw .usage("the value '\(text)' is not a JSON array or object; write, for example, [\"a\", \"b\"]")
                    }
                    typedValue = .structured(value)
                } else if draft.valueType == .number {
                    guard let number = Double(text), number.isFinite else {
                        throw .usage("the value '\(text)' is not a number; write digits, such as 50 or 1.5")
                    }
                    typedValue = Int(text).map(FlagValue.integer) ?? .decimal(text)
                } else {
                    typedValue = .string(text)
                }
            }
            // At the end of its group, else of its type's flags.
            var order = flags.map(\.key)
            let ownFlags = flags.indices.filter { flagEnum.flags.contains(flags[$0]) }
            let lastInGroup = ownFlags.last { flags[$0].group == draft.group && draft.group != nil }
            order.insert(key, at: (lastInGroup ?? ownFlags.last).map { $0 + 1 } ?? order.count)
            enumOrder = order
        }

        func value(for tenant: String) -> FlagValue { typedValue ?? .bool(on.contains(tenant)) }

        var templateValue: FlagValue { typedValue ?? .bool(false) }
    }
}

/// The template file new tenants start from (`template`), read as a tenant file.
enum TemplateFile {
    /// The template's path and text, or `nil` when the configuration names none;
    /// refused when the template is not a valid tenant file.
    static func read(workspace: Workspace, changes: SourceChangeSet) throws(FlagstaffError) -> (file: String, text: String)? {
        guard let path = workspace.configuration.template else { return nil }
        let text = try changes.text(of: path)
        let result = workspace.formats.values.read(text, file: path, id: "template", name: "template", keys: nil)
        guard result.tenant != nil, !result.diagnostics.containsErrors else {
            throw .rejected(result.diagnostics.map { diagnostic in
                var shown = diagnostic
                shown.location?.file = workspace.displayPrefix + (diagnostic.location?.file ?? "")
                return shown
            })
        }
        return (path, text)
    }
}
