import FlagstaffCore
import SwiftSyntax

/// One way Swift code declares flags in a type: which types it reads, and how
/// it collects their flags with what the declarations themselves write (a
/// `defaultValue:` argument, a static member's literal). A new style is one
/// type conforming to this and one entry in `FlagDeclarationStyles.all`; each
/// flag it collects says its `FlagForm`, which decides how the code scan counts
/// its uses, how the Piranha rules replace them, and whether `new` can add one.
/// `Sendable`, so that the list of styles is a constant every reading thread shares.
protocol FlagDeclarationStyle: Sendable {
    /// Whether the style reads the type's flags.
    static func declares(_ type: FlagTypeDecl) -> Bool

    /// The type's flags and what their declarations write; `extensions` are the
    /// type's extensions in any file, each with its file.
    static func collect(
        _ type: FlagTypeDecl, in file: ParsedSwiftFile, extensions: [(MemberBlockSyntax, ParsedSwiftFile)], diagnostics: inout [Diagnostic]
    ) -> (flagEnum: FlagEnum, written: FlagValues)
}

/// The declaration styles, asked in order: the first that declares a type reads it.
enum FlagDeclarationStyles {
    static let all: [any FlagDeclarationStyle.Type] = [EnumCaseStyle.self, StaticMemberStyle.self]

    /// The style that reads a type: the first that declares it (the last,
    /// `StaticMemberStyle`, declares every type).
    static func style(of type: FlagTypeDecl) -> any FlagDeclarationStyle.Type {
        all.first { $0.declares(type) } ?? StaticMemberStyle.self
    }
}

/// The cases of an enum (`case newCheckout = "new_checkout"`), directly or in `#if`.
enum EnumCaseStyle: FlagDeclarationStyle {
    static func declares(_ type: FlagTypeDecl) -> Bool {
        type.enumDecl?.memberBlock.members.contains { holdsCases($0.decl) } ?? false
    }

    static func collect(
        _ type: FlagTypeDecl, in file: ParsedSwiftFile, extensions: [(MemberBlockSyntax, ParsedSwiftFile)], diagnostics: inout [Diagnostic]
    ) -> (flagEnum: FlagEnum, written: FlagValues) {
        let usesStringRawValues = type.enumDecl.map(FlagEnumReader.hasStringRawType) ?? false
        var collector = CaseCollector(lines: file.lines, usesStringRawValues: usesStringRawValues)
        collector.collect(type.memberBlock.members, condition: nil, clause: nil)
        diagnostics += collector.diagnostics
        let flagEnum = FlagEnum(
            name: type.name, hasStringRawValues: collector.usesStringRawValues, flags: collector.flags, file: file.file.path,
            body: SwiftDeclarationsReader.body(of: type.memberBlock), marks: collector.marks)
        var written = FlagValues()
        written.buildConditions = collector.buildConditions
        return (flagEnum, written)
    }

    /// Whether a member of an enum declares cases (directly or inside `#if`).
    private static func holdsCases(_ decl: DeclSyntax) -> Bool {
        if decl.is(EnumCaseDeclSyntax.self) { return true }
        guard let ifConfig = decl.as(IfConfigDeclSyntax.self) else { return false }
        return ifConfig.clauses.contains { clause in
            guard case .decls(let members) = clause.elements else { return false }
            return members.contains { holdsCases($0.decl) }
        }
    }
}

/// The static (or wrapped instance) members of a type without cases that give a
/// flag value: `static let map: Bool = true`, `static func newProfile() -> SettingsFeatureFlag<Bool>`,
/// `@UserPreference(defaultValue: false) var threadsEnabled: Bool`.
enum StaticMemberStyle: FlagDeclarationStyle {
    static func declares(_ type: FlagTypeDecl) -> Bool { true }

    static func collect(
        _ type: FlagTypeDecl, in file: ParsedSwiftFile, extensions: [(MemberBlockSyntax, ParsedSwiftFile)], diagnostics: inout [Diagnostic]
    ) -> (flagEnum: FlagEnum, written: FlagValues) {
        var collector = StaticFlagCollector(expressions: file.expressions, lines: file.lines)
        collector.aliases = DeclaredValueType.aliases(in: [type.memberBlock] + extensions.map(\.0))
        collector.collect(type.memberBlock.members, clause: nil)
        for (block, extensionFile) in extensions where extensionFile.file.path == file.file.path {
            collector.collect(block.members, clause: nil)
        }
        diagnostics += collector.diagnostics
        var written = FlagValues()
        written.defaults = collector.defaults
        written.buildConditions = collector.buildConditions
        let flagEnum = FlagEnum(
            name: type.name, hasStringRawValues: true, flags: collector.flags, file: file.file.path,
            body: SwiftDeclarationsReader.body(of: type.memberBlock), marks: collector.marks)
        return (flagEnum, written)
    }
}
