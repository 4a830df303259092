import FlagstaffCore

/// Flags declared in Swift (`enum`, `enum_name`, `swift`): the cases or static
/// members of a type, with what the code says about them, read and edited with swift-syntax.
public enum SwiftFormat: DeclarationsFormat {
    public static let name = "swift"

    public static func read(
        _ files: [SourceFile], configuration: Configuration, conditions: [String: Set<String>]
    ) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        SwiftDeclarationsReader.read(
            files,
            options: .init(
                typeNames: configuration.enumNames, flagProtocol: configuration.flagProtocol, settings: configuration.swift,
                environments: configuration.environments, conditions: conditions,
                knownValues: configuration.buildConfigurations.entries.mapValues(\.values), appTargets: configuration.appTargets,
                valuesComeFromCode: configuration.isSingleApp && configuration.layers.values.isEmpty))
    }

    public static func insertion(
        of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration
    ) -> [String: [TextEdit]]? {
        guard let file = files.first(where: { $0.path == flagEnum.file }),
            let declaration = FlagEnumEditor.insertion(of: flag, into: file.text, flagEnum: flagEnum)
        else { return nil }
        let values = SwiftDeclarationsEditor.Values(
            defaultValue: flag.defaultValue, description: flag.documentation, cells: flag.cells,
            remoteKey: remoteKey(for: flag.caseName, among: flagEnum.flags, settings: configuration.swift))
        var edits: [String: [TextEdit]] = [file.path: [declaration]]
        for source in files {
            let arms = SwiftDeclarationsEditor.insertion(
                of: flag.caseName, values: values, into: source.text, typeName: flagEnum.name, settings: configuration.swift)
            if !arms.isEmpty { edits[source.path, default: []] += arms }
        }
        return edits
    }

    public static func unfilledColumns(of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String] {
        let values = SwiftDeclarationsEditor.Values(defaultValue: flag.defaultValue, description: flag.documentation, cells: flag.cells)
        let columns = files.flatMap { file in
            SwiftDeclarationsEditor.unfilledColumns(for: values, in: file.text, typeName: flagEnum.name, settings: configuration.swift)
        }
        return columns.reduce(into: []) { if !$0.contains($1) { $0.append($1) } }
    }

    public static func removal(of flag: Flag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]] {
        var edits: [String: [TextEdit]] = [:]
        for source in files {
            var fileEdits = source.path == flagEnum.file ? FlagEnumEditor.removal(of: flag, from: source.text, flagEnum: flagEnum) : []
            fileEdits += SwiftDeclarationsEditor.removal(
                of: flag.caseName, key: flag.key, from: source.text, typeName: flagEnum.name, settings: configuration.swift)
            if !fileEdits.isEmpty { edits[source.path] = fileEdits }
        }
        return edits
    }

    /// A new flag's Remote Config parameter: spelt as `remote_key_default` says,
    /// else in the style of the parameters the other flags' code names.
    static func remoteKey(for caseName: String, among flags: [Flag], settings: SwiftSettings) -> String? {
        guard settings.remoteKey != nil else { return nil }
        if let style = settings.remoteKeyDefault { return style.key(forCaseName: caseName) }
        let named = flags.compactMap { flag -> (key: String, caseName: String)? in
            guard case .parameter(let name, _)? = flag.remoteKey else { return nil }
            return (name, flag.caseName)
        }
        let (style, prefix) = KeyStyle.detect(named) ?? (.snakeCase, "")
        return prefix + style.key(forCaseName: caseName)
    }
}
