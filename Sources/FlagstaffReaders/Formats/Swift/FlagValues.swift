import FlagstaffCore
import SwiftSyntax

/// What the Swift declarations write for each flag, by case name: its default,
/// its Remote Config parameter, and catalog cells.
struct FlagValues {
    /// A default and what wrote it, for a message when two places give one.
    struct Default {
        var value: WrittenValue
        var source: String
    }

    /// One catalog cell the code fills.
    struct Cell {
        var text: String
        var location: FlagstaffCore.SourceLocation
    }

    var defaults: [String: Default] = [:]
    var remoteKeys: [String: RemoteKey] = [:]
    /// Value types the registry names, by case name: a tagged value (`.int(42)`)
    /// or a `type:` field that names one (`type: .string`).
    var valueTypes: [String: FlagType] = [:]
    /// Cells by case name, then column name.
    var cells: [String: [String: Cell]] = [:]
    /// The columns cells were given for, in the order first seen.
    var columns: [String] = []
    /// The `#if` condition a flag's declaration sits under, by case name: a
    /// build where it does not hold leaves the flag out.
    var buildConditions: [String: BuildCondition] = [:]
    var diagnostics: [Diagnostic] = []

    /// Adds a flag's default; a second one for the same flag is an error.
    mutating func addDefault(_ value: WrittenValue, source: String, for caseName: String, key: String) {
        if let earlier = defaults[caseName] {
            let place = earlier.value.location.map { " (line \($0.line))" } ?? ""
            diagnostics.append(
                .error(
                    "two defaults for '\(key)': \(earlier.source)\(place) and \(source)", at: value.location,
                    hint: "keep one; the first is used"))
            return
        }
        defaults[caseName] = Default(value: value, source: source)
    }

    /// Adds a cell; the first for a flag and column is kept.
    mutating func addCell(_ text: String, at location: FlagstaffCore.SourceLocation, column: String, for caseName: String) {
        guard cells[caseName]?[column] == nil else { return }
        if !columns.contains(column) { columns.append(column) }
        cells[caseName, default: [:]][column] = Cell(text: text, location: location)
    }

    /// Takes another reading's values; their defaults must not repeat these.
    mutating func merge(_ other: FlagValues, keys: [String: String]) {
        for (caseName, value) in other.defaults.sorted(by: { $0.key < $1.key }) {
            addDefault(value.value, source: value.source, for: caseName, key: keys[caseName] ?? caseName)
        }
        remoteKeys.merge(other.remoteKeys) { first, _ in first }
        valueTypes.merge(other.valueTypes) { first, _ in first }
        for column in other.columns where !columns.contains(column) { columns.append(column) }
        for (caseName, row) in other.cells { cells[caseName, default: [:]].merge(row) { first, _ in first } }
        diagnostics += other.diagnostics
    }

    /// The environments whose build surely leaves the flag out: its declaration's
    /// `#if` condition is known not to hold there (unknown keeps the flag).
    func absentEnvironments(of flag: Flag, environments: [String], builds: [String: BuildFacts]) -> Set<String> {
        guard let condition = buildConditions[flag.caseName] else { return [] }
        return Set(environments.filter { condition.truth(with: builds[$0]?.conditions) == false })
    }

    /// A flag's default in each environment, from what the code writes for it.
    func codeDefault(of flag: Flag, environments: [String], builds: [String: BuildFacts]) -> CodeDefault? {
        guard let written = defaults[flag.caseName]?.value else { return nil }
        var outcomes: [String: CodeDefault.Outcome] = [:]
        for environment in environments {
            outcomes[environment] = written.outcome(with: builds[environment] ?? BuildFacts())
        }
        return outcomes.isEmpty ? nil : CodeDefault(outcomes: outcomes)
    }

    /// The catalog the code describes: a row per flag with the description the
    /// description property or a registry field gives (empty when none does) and
    /// every other column the code fills; `nil` when the code fills no column.
    /// Lifecycle columns are checked as the Markdown catalog's are. Doc comments
    /// stay on the flags: `MetadataMerge` uses them where no catalog describes a flag.
    /// `columns` are the columns of every declaring type's rows.
    func metadata(of flagEnum: FlagEnum, columns: [String], typeLocation: FlagstaffCore.SourceLocation) -> (catalog: Catalog?, diagnostics: [Diagnostic]) {
        guard !columns.isEmpty else { return (nil, []) }
        let order = SwiftSettings.RegistryField.allCases.compactMap(\.column).filter { $0 != "Description" }
        let extra = order.filter(columns.contains) + columns.filter { !order.contains($0) && $0 != "Description" }
        var diagnostics: [Diagnostic] = []
        let entries = flagEnum.flags.map { flag in
            let row = cells[flag.caseName] ?? [:]
            let columns = extra.map { column in
                CatalogEntry.Column(
                    name: column, cell: CatalogEntry.Cell(text: row[column]?.text ?? "", location: row[column]?.location ?? flag.location))
            }
            var entry = CatalogEntry(key: flag.key, description: row["Description"]?.text ?? "", columns: columns, location: row["Description"]?.location ?? flag.location)
            entry.lifecycle = LifecycleCells.read(entry, diagnostics: &diagnostics)
            return entry
        }
        let catalog = Catalog(columns: ["Flag", "Description"] + extra, entries: entries, location: typeLocation, isWritten: false)
        return (catalog, diagnostics)
    }
}

/// Reads the properties and the registry the settings name, in the flag type's
/// member blocks (the type and its extensions) and, for the registry, anywhere.
struct PropertyReading {
    let flags: [Flag]
    let typeName: String
    /// The type's member blocks, each with its file.
    let blocks: [(MemberBlockSyntax, ParsedSwiftFile)]
    let parsed: [ParsedSwiftFile]
    /// The members the scope leaves out (`swift.flag_marks`): not flags, but a
    /// switch may still name them.
    let outOfScope: Set<String>
    var diagnostics: [Diagnostic] = []

    private var caseNames: Set<String> { Set(flags.map(\.caseName)).union(outOfScope) }
    private var keys: [String: String] { Dictionary(flags.map { ($0.caseName, $0.key) }) { first, _ in first } }

    init(flags: [Flag], typeName: String, blocks: [(MemberBlockSyntax, ParsedSwiftFile)], parsed: [ParsedSwiftFile], outOfScope: Set<String> = []) {
        self.flags = flags
        self.outOfScope = outOfScope
        self.typeName = typeName
        self.blocks = blocks
        self.parsed = parsed
    }

    /// Everything the settings ask for.
    mutating func read(_ settings: SwiftSettings) -> FlagValues {
        var values = FlagValues()
        let keys = self.keys
        var registryGivesDefaults = true
        if let name = settings.defaults, let property = readSwitch(name, registry: settings.registry) {
            registryGivesDefaults = !property.readsRegistry
            for flag in flags {
                guard let value = property.value(of: flag.caseName) else { continue }
                values.addDefault(value, source: "'\(name)'", for: flag.caseName, key: flag.key)
            }
            missing(property, name: name)
        }
        if let name = settings.remoteKey, let property = readSwitch(name) {
            remoteKeys(property, name: name, style: settings.remoteKeyDefault, into: &values)
        }
        if let name = settings.description, let property = readSwitch(name) {
            cells(property, name: name, column: "Description", into: &values)
        }
        for (column, name) in settings.columns {
            if let property = readSwitch(name) { cells(property, name: name, column: column, into: &values) }
        }
        if let name = settings.registry {
            var registry = FlagValues()
            readRegistry(name, settings: settings, into: &registry)
            if !registryGivesDefaults { registry.defaults = [:] }
            values.merge(registry, keys: keys)
        }
        return values
    }

    /// The property's switch, found in the type's member blocks: a computed
    /// property, a function without parameters, or a function whose one
    /// parameter is the flag (`static func isEnabled(_ feature: Feature)`). A
    /// name `Type.member` looks in that type instead (a manager's
    /// `FeatureFlagManager.isEnabled`), whose functions the body may call with the
    /// flag one step deep (see `RegistryHelpers`). An error naming what the type
    /// has when absent.
    private mutating func readSwitch(_ name: String, registry: String? = nil) -> FlagSwitch? {
        let parts = name.split(separator: ".").map(String.init)
        let (owner, memberName) = parts.count == 2 ? (parts[0], parts[1]) : (typeName, name)
        let blocks = owner == typeName ? self.blocks : Self.blocks(of: owner, in: parsed)
        var helpers: RegistryHelpers?
        if owner != typeName {
            let functions = blocks.flatMap { block, _ in block.members.compactMap { $0.decl.as(FunctionDeclSyntax.self) } }
            let (entries, entryExpressions) = registry.map(registryArguments) ?? ([:], nil)
            helpers = RegistryHelpers(
                functions: Dictionary(functions.map { ($0.name.text, $0) }) { first, _ in first }, registry: registry, entries: entries,
                entryExpressions: entryExpressions)
        }
        for (block, file) in blocks {
            for member in block.members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, identifier.name == memberName else { continue }
                        return reading(identifier, body: Self.getter(of: binding), subject: "self", name: name, file: file, helpers: helpers)
                    }
                }
                if let function = member.decl.as(FunctionDeclSyntax.self), function.name.name == memberName,
                    let subject = Self.subject(of: function)
                {
                    return reading(function.name, body: function.body?.statements, subject: subject, name: name, file: file, helpers: helpers)
                }
            }
        }
        let start = (blocks.first ?? self.blocks.first).map { $0.1.lines.location(of: $0.0) }
        let place = blocks.isEmpty ? "no type '\(owner)' in the Swift files" : "no property '\(memberName)' in \(owner) or its extensions"
        diagnostics.append(
            .error(
                place, at: start,
                hint: (blocks.isEmpty
                    ? Suggestion.didYouMean(owner, in: parsed.flatMap { $0.declarations.types.map(\.name) })
                    : Suggestion.didYouMean(memberName, in: Self.memberNames(of: blocks)))
                    ?? "flagstaff.yml names it under swift; declare `var \(memberName): … { switch self { … } }` or fix the name"))
        return nil
    }

    /// The member blocks of a type other than the flag type, and of its extensions.
    private static func blocks(of type: String, in parsed: [ParsedSwiftFile]) -> [(MemberBlockSyntax, ParsedSwiftFile)] {
        parsed.flatMap { file in
            file.declarations.types.filter { $0.name == type }.map { ($0.memberBlock, file) }
                + file.declarations.extensions[type, default: []].map { ($0.memberBlock, file) }
        }
    }

    private mutating func reading(
        _ token: TokenSyntax, body: CodeBlockItemListSyntax?, subject: String, name: String, file: ParsedSwiftFile, helpers: RegistryHelpers? = nil
    ) -> FlagSwitch {
        let property = FlagSwitch(
            name: token, body: body, subject: subject, property: name, caseNames: caseNames, expressions: file.expressions, helpers: helpers)
        diagnostics += property.diagnostics
        return property
    }

    /// Each flag's registry entry, its initialiser's arguments by label, by case
    /// name, with the expressions of the registry's file.
    private func registryArguments(_ name: String) -> ([String: [String: ExprSyntax]], SwiftExpressions?) {
        guard let (dictionary, file) = registry(named: name), case .elements(let elements) = dictionary.content else { return ([:], nil) }
        let byKey = Dictionary(flags.map { ($0.key, $0.caseName) }) { first, _ in first }
        var entries: [String: [String: ExprSyntax]] = [:]
        for element in elements {
            let caseName =
                element.key.as(MemberAccessExprSyntax.self)?.declName.baseName.name
                ?? element.key.as(StringLiteralExprSyntax.self)?.literalValue.flatMap { byKey[$0] }
            guard let caseName, caseNames.contains(caseName), entries[caseName] == nil, let call = element.value.as(FunctionCallExprSyntax.self) else { continue }
            var arguments: [String: ExprSyntax] = [:]
            for argument in call.arguments {
                if let label = argument.label?.text, arguments[label] == nil { arguments[label] = argument.expression }
            }
            entries[caseName] = arguments
        }
        return (entries, file.expressions)
    }

    /// A warning when no defaults are read but the type has members that look like
    /// them: a `Bool` property, or function of the flag, whose body switches over
    /// the flag (or is an `#if` around such switches), that the settings do not name.
    /// Without it every flag would read as not set, which the code contradicts, so
    /// each flag's default is then what the app works out with those members: not known here.
    func unnamedDefaults(_ settings: SwiftSettings) -> (warning: Diagnostic, unread: CodeDefault.Outcome)? {
        let named = settings.describingProperties
        var found: [(name: String, location: FlagstaffCore.SourceLocation)] = []
        for (block, file) in blocks {
            for member in block.members {
                if let variable = member.decl.as(VariableDeclSyntax.self) {
                    for binding in variable.bindings {
                        guard let identifier = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier, !named.contains(identifier.name),
                            binding.typeAnnotation?.type.writtenText == "Bool", let body = Self.getter(of: binding),
                            Self.switches(over: "self", in: body)
                        else { continue }
                        found.append((identifier.name, file.expressions.location(of: identifier)))
                    }
                } else if let function = member.decl.as(FunctionDeclSyntax.self), !named.contains(function.name.name),
                    function.signature.returnClause?.type.writtenText == "Bool", let subject = Self.subject(of: function),
                    let body = function.body?.statements, Self.switches(over: subject, in: body)
                {
                    found.append((function.name.name, file.expressions.location(of: function.name)))
                }
            }
        }
        guard let first = found.first else { return nil }
        let names = found.map { "'\($0.name)'" }.joined(separator: ", ")
        let warning = Diagnostic.warning(
            "\(names) \(found.count == 1 ? "gives" : "give") each flag a Bool and \(found.count == 1 ? "looks" : "look") like the flags' defaults, "
                + "but flagstaff.yml names no defaults, so no flag's value is known", at: first.location,
            hint: "add `swift: { defaults: \(first.name) }` to flagstaff.yml (or name the one that holds the defaults)")
        return (warning, .decidedInCode(found.map(\.name).joined(separator: " or "), at: first.location))
    }

    /// Whether a body switches over `subject`, or is an `#if` block a clause of which does.
    static func switches(over subject: String, in body: CodeBlockItemListSyntax) -> Bool {
        if FlagSwitch.switchExpression(over: subject, in: body) != nil { return true }
        guard let ifConfig = FlagSwitch.ifConfig(in: body) else { return false }
        return FlagSwitch.clauses(of: ifConfig).contains { _, _, clause in
            guard case .statements(let inner) = clause.elements else { return false }
            return switches(over: subject, in: inner)
        }
    }

    /// What a function's body switches over: `self` without parameters, or the
    /// name of its one parameter, when that parameter is a flag of the type.
    static func subject(of function: FunctionDeclSyntax) -> String? {
        let parameters = function.signature.parameterClause.parameters
        guard let parameter = parameters.first else { return "self" }
        guard parameters.count == 1 else { return nil }
        return (parameter.secondName ?? parameter.firstName).name
    }

    /// The names of the properties and functions of member blocks, for a "did you mean".
    private static func memberNames(of blocks: [(MemberBlockSyntax, ParsedSwiftFile)]) -> [String] {
        blocks.flatMap { block, _ in
            block.members.flatMap { member -> [String] in
                if let function = member.decl.as(FunctionDeclSyntax.self) { return [function.name.name] }
                return member.decl.as(VariableDeclSyntax.self)?.bindings.compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.name } ?? []
            }
        }
    }

    /// The statements of a computed property's getter.
    static func getter(of binding: PatternBindingSyntax) -> CodeBlockItemListSyntax? {
        switch binding.accessorBlock?.accessors {
        case .getter(let statements)?: statements
        case .accessors(let accessors)?: accessors.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
        case nil: nil
        }
    }

    /// An error naming the flags a switch without a `default:` arm leaves out.
    private mutating func missing(_ property: FlagSwitch, name: String) {
        let left = property.missing(among: flags.map(\.caseName)).map { ".\($0)" }
        guard !left.isEmpty else { return }
        let listed = left.prefix(5).joined(separator: ", ") + (left.count > 5 ? " and \(left.count - 5) more" : "")
        diagnostics.append(
            .error(
                "'\(name)' has no arm for \(listed)", at: property.location,
                hint: "add an arm for each flag, or a default: arm; a switch that misses cases does not compile"))
    }

    /// Each flag's parameter from the remote-key property: a string, `nil`, or the
    /// configured spelling for the flags a computed `default:` arm covers.
    private mutating func remoteKeys(_ property: FlagSwitch, name: String, style: KeyStyle?, into values: inout FlagValues) {
        missing(property, name: name)
        var undecided: [String] = []
        for flag in flags {
            let written = property.namedValue(of: flag.caseName)
            switch written ?? property.value(of: flag.caseName) {
            case .value(.string(let parameter), let location)?:
                values.remoteKeys[flag.caseName] = .parameter(parameter, at: location)
            case .nothing(let location)?:
                values.remoteKeys[flag.caseName] = RemoteKey.unlinked(at: location)
            case let other?:
                if written == nil, let style {
                    values.remoteKeys[flag.caseName] = .parameter(style.key(forCaseName: flag.caseName), at: other.location ?? flag.location)
                } else {
                    undecided.append(flag.key)
                    if undecided.count == 1 {
                        diagnostics.append(
                            .warning(
                                "'\(name)' works out the parameter of '\(flag.key)' when the app runs", at: other.location,
                                hint: written == nil
                                    ? "set swift.remote_key_default to the spelling its default: arm gives (snake_case, kebab-case, …)"
                                    : "write the parameter as a string literal"))
                    }
                }
            case nil:
                continue
            }
        }
    }

    /// A column's cells from a property: each value as text.
    private mutating func cells(_ property: FlagSwitch, name: String, column: String, into values: inout FlagValues) {
        missing(property, name: name)
        for flag in flags {
            guard let written = property.value(of: flag.caseName) else { continue }
            switch written {
            case .value(let value, let location): values.addCell(value.description, at: location, column: column, for: flag.caseName)
            case .code(let text, let location, _): values.addCell("decided in code: `\(text)`", at: location, column: column, for: flag.caseName)
            case .nothing, .arms, .check: continue
            }
        }
    }

    /// The registry: a dictionary literal keyed by flag (`.caseName`, `Type.caseName`
    /// or the key as a string) whose values are the default, or an initialiser whose
    /// labelled arguments fill the default and the catalog's columns.
    private mutating func readRegistry(_ name: String, settings: SwiftSettings, into values: inout FlagValues) {
        guard let (dictionary, file) = registry(named: name) else {
            diagnostics.append(
                .error(
                    "no dictionary literal named '\(name)' in the Swift files", at: blocks.first.map { $0.1.lines.location(of: $0.0) },
                    hint: "flagstaff.yml names it as swift.registry"))
            return
        }
        let expressions = file.expressions
        let byKey = Dictionary(flags.map { ($0.key, $0) }) { first, _ in first }
        let byCase = Dictionary(flags.map { ($0.caseName, $0) }) { first, _ in first }
        guard case .elements(let elements) = dictionary.content else { return }
        var seen: [String: FlagstaffCore.SourceLocation] = [:]
        for element in elements {
            let at = expressions.location(of: element.key)
            let flag: Flag?
            let written: String
            if let member = element.key.as(MemberAccessExprSyntax.self) {
                written = member.declName.baseName.name
                flag = byCase[written]
            } else if let literal = element.key.as(StringLiteralExprSyntax.self)?.literalValue {
                written = literal
                flag = byKey[literal]
            } else {
                diagnostics.append(.warning("a registry key Flagstaff cannot read: \(element.key.writtenText)", at: at, hint: "write keys as .caseName"))
                continue
            }
            guard let flag else {
                diagnostics.append(
                    .error(
                        "registry key '\(written)' is not a flag of \(typeName)", at: at,
                        hint: Suggestion.didYouMean(written, in: flags.map(\.caseName)) ?? "remove the entry or declare the flag"))
                continue
            }
            if let first = seen[flag.caseName] {
                diagnostics.append(
                    .error("the registry lists '\(flag.key)' twice", at: at, hint: "the first entry, at line \(first.line), is kept; Swift stops at a repeated key"))
                continue
            }
            seen[flag.caseName] = at
            entry(element.value, flag: flag, settings: settings, expressions: expressions, into: &values)
        }
    }

    /// One registry entry's value: a literal default, or an initialiser's fields.
    private func entry(_ value: ExprSyntax, flag: Flag, settings: SwiftSettings, expressions: SwiftExpressions, into values: inout FlagValues) {
        if let tagged = DeclaredValueType.tagged(value) {
            values.addDefault(expressions.written(tagged.value), source: "the registry", for: flag.caseName, key: flag.key)
            values.valueTypes[flag.caseName] = tagged.type
            return
        }
        guard let call = value.as(FunctionCallExprSyntax.self) else {
            values.addDefault(expressions.written(value), source: "the registry", for: flag.caseName, key: flag.key)
            return
        }
        for field in SwiftSettings.RegistryField.allCases {
            let labels = settings.labels(of: field)
            guard let argument = call.arguments.first(where: { $0.label.map { labels.contains($0.text) } ?? false }) else { continue }
            if field == .type, let type = DeclaredValueType.tag(argument.expression) {
                values.valueTypes[flag.caseName] = type
                continue
            }
            let written = expressions.written(argument.expression)
            guard let column = field.column else {
                values.addDefault(written, source: "the registry", for: flag.caseName, key: flag.key)
                continue
            }
            switch written {
            case .value(let value, let location): values.addCell(value.description, at: location, column: column, for: flag.caseName)
            case .code(let text, let location, _):
                // An enum case such as `.beta` reads as its name.
                let name = argument.expression.as(MemberAccessExprSyntax.self).map { $0.declName.baseName.name }
                values.addCell(name ?? "decided in code: `\(text)`", at: location, column: column, for: flag.caseName)
            case .nothing, .arms, .check: continue
            }
        }
    }

    /// The registry's dictionary literal and its file: the one in the flag type or
    /// its extensions, where several types declare flags each with its own, else
    /// the first anywhere.
    private func registry(named name: String) -> (DictionaryExprSyntax, ParsedSwiftFile)? {
        var found: [(dictionary: DictionaryExprSyntax, file: ParsedSwiftFile, variable: VariableDeclSyntax)] = []
        for file in parsed {
            for variable in file.declarations.variables[name] ?? [] {
                for binding in variable.bindings {
                    guard binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.name == name else { continue }
                    if let dictionary = binding.initializer?.value.as(DictionaryExprSyntax.self) { found.append((dictionary, file, variable)) }
                    if let statements = Self.getter(of: binding), statements.count == 1, let item = statements.first?.item {
                        let expression: ExprSyntax? =
                            switch item {
                            case .expr(let expression): expression
                            case .stmt(let statement): statement.as(ReturnStmtSyntax.self)?.expression
                            default: nil
                            }
                        if let dictionary = expression?.as(DictionaryExprSyntax.self) { found.append((dictionary, file, variable)) }
                    }
                }
            }
        }
        let own = found.first { candidate in
            blocks.contains { block, file in
                file.file.path == candidate.file.file.path && block.range.contains(candidate.variable.position)
            }
        }
        return (own ?? found.first).map { ($0.dictionary, $0.file) }
    }
}
