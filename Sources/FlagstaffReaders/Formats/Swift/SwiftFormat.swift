import FlagstaffCore

/// Flags declared in Swift: the cases of an enum (`enum`, `enum_name`), read and
/// edited with swift-syntax.
public enum SwiftFormat: DeclarationsFormat {
    public static let name = "swift"

    public static func read(_ files: [SourceFile], configuration: Configuration) -> (declarations: FlagDeclarations?, diagnostics: [Diagnostic]) {
        let (flagEnum, diagnostics) = FlagEnumReader.read(files, enumName: configuration.enumName)
        return (flagEnum.map(FlagDeclarations.init(flagEnum:)), diagnostics)
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
