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
                typeName: configuration.enumName, settings: configuration.swift, environments: configuration.environments,
                conditions: conditions))
    }

    public static func insertion(
        of flag: NewFlag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration
    ) -> [String: [TextEdit]]? {
        guard let file = files.first(where: { $0.path == flagEnum.file }),
            let edit = FlagEnumEditor.insertion(of: flag, into: file.text, flagEnum: flagEnum)
        else { return nil }
        return [file.path: [edit]]
    }

    public static func removal(of flag: Flag, in files: [SourceFile], flagEnum: FlagEnum, configuration: Configuration) -> [String: [TextEdit]] {
        guard let file = files.first(where: { $0.path == flagEnum.file }) else { return [:] }
        return [file.path: FlagEnumEditor.removal(of: flag, from: file.text, flagEnum: flagEnum)]
    }
}
