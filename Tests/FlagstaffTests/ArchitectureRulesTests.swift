import Foundation
import SwiftParser
import SwiftSyntax
import Testing

/// The rules of `docs/ARCHITECTURE.md` that a reading of the code can check, one
/// test each. The files are read with swift-syntax, so comments and strings never
/// count. Each rule has a test that plants a breach in a snippet and sees it found.
@Suite("The rules of docs/ARCHITECTURE.md")
struct ArchitectureRulesTests {
    /// What each module may import besides the Swift standard library. The
    /// package's targets already keep the modules in one direction; this keeps
    /// Foundation and the parsers out of the core.
    static let allowedImports: [String: Set<String>] = [
        "FlagstaffCore": ["Dispatch", "Synchronization"],
        "FlagstaffReaders": ["FlagstaffCore", "Foundation", "Synchronization", "SwiftSyntax", "SwiftParser", "Yams", "CCmark"],
        "FlagstaffRenderers": ["FlagstaffCore", "Foundation", "Mustache", "CCmark"],
        "Flagstaff": ["FlagstaffCore", "FlagstaffReaders", "FlagstaffRenderers", "Foundation", "Dispatch", "Synchronization", "Glibc", "Musl", "Darwin"],
        "FlagstaffCLI": ["ArgumentParser", "Flagstaff", "FlagstaffCore", "Foundation"],
    ]

    /// The only files that create, replace or remove files: the transaction and the two writers on top of it.
    static let writers: Set<String> = [
        "Sources/Flagstaff/Output/FileTransaction.swift", "Sources/Flagstaff/Output/OutputWriter.swift",
        "Sources/Flagstaff/Output/SourceWriter.swift", "Sources/Flagstaff/Platform.swift",
    ]
    /// Platform calls and Foundation methods that change files.
    static let writingCalls: Set<String> = [
        "createFile", "createJournal", "rename", "link", "removeFile", "removeEmptyFolder", "setPermissions", "flushFolder",
        "createDirectory", "removeItem", "moveItem", "copyItem", "createSymbolicLink", "replaceItemAt", "write",
    ]
    /// The only files that write to standard output and error: the console, and the platform file it calls.
    static let printers: Set<String> = ["Sources/Flagstaff/Console.swift", "Sources/Flagstaff/Platform.swift"]
    /// The only file with a regular expression: Firebase's own `matches` operator, whose patterns come from a template.
    static let regexFiles: Set<String> = ["Sources/FlagstaffCore/RemoteConfig/RemoteExpression.swift"]

    struct Finding: CustomStringConvertible {
        let file: String
        let line: Int
        let what: String
        var description: String { "\(file):\(line): \(what)" }
    }

    /// What in a file breaks a rule, given the module it is in.
    static func findings(in text: String, file: String, module: String) -> [Finding] {
        let tree = Parser.parse(source: text)
        let finder = Finder(file: file, module: module, converter: SourceLocationConverter(fileName: file, tree: tree))
        finder.walk(tree)
        return finder.findings
    }

    private final class Finder: SyntaxVisitor {
        let file: String
        let module: String
        let converter: SourceLocationConverter
        var findings: [Finding] = []

        init(file: String, module: String, converter: SourceLocationConverter) {
            self.file = file
            self.module = module
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        private func report(_ node: some SyntaxProtocol, _ what: String) {
            findings.append(Finding(file: file, line: node.startLocation(converter: converter).line, what: what))
        }

        override func visit(_ node: ImportDeclSyntax) -> SyntaxVisitorContinueKind {
            let imported = node.path.first?.name.text ?? ""
            if !(ArchitectureRulesTests.allowedImports[module]?.contains(imported) ?? false) { report(node, "\(module) imports \(imported)") }
            return .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let name: String? =
                node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? node.calledExpression.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let name else { return .visitChildren }
            let isOwnFunction = node.calledExpression.is(DeclReferenceExprSyntax.self)
            if isOwnFunction, name == "print" || name == "debugPrint" || name == "dump", !ArchitectureRulesTests.printers.contains(file) {
                report(node, "prints (\(name)); only Console writes to standard output and error")
            }
            if ArchitectureRulesTests.writingCalls.contains(name), !ArchitectureRulesTests.writers.contains(file), Self.changesFiles(node, name: name) {
                report(node, "changes a file (\(name)); only FileTransaction, OutputWriter and SourceWriter do")
            }
            if name == "Regex" || name == "NSRegularExpression", !ArchitectureRulesTests.regexFiles.contains(file) {
                report(node, "uses a regular expression (\(name))")
            }
            return .visitChildren
        }

        override func visit(_ node: RegexLiteralExprSyntax) -> SyntaxVisitorContinueKind {
            if !ArchitectureRulesTests.regexFiles.contains(file) { report(node, "uses a regular expression literal") }
            return .skipChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            // `FileHandle.standardError`; a process's own `standardError` is a pipe of its own.
            if name == "standardOutput" || name == "standardError", node.base?.trimmedDescription == "FileHandle",
                !ArchitectureRulesTests.printers.contains(file)
            {
                report(node, "writes to \(name); only Console does")
            }
            return .visitChildren
        }

        /// Whether a call of a writing name changes a file: a `Platform` or
        /// `FileManager` call, or Foundation's `write(to:)`/`write(toFile:)`, not a
        /// `write` of the code's own (to a string, to a pipe).
        private static func changesFiles(_ node: FunctionCallExprSyntax, name: String) -> Bool {
            let base = node.calledExpression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription ?? ""
            if base == "Platform" { return name != "write" }
            if base.hasSuffix("FileManager.default") || base == "FileManager" { return true }
            guard name == "write", let first = node.arguments.first, let label = first.label?.text else { return false }
            return (label == "to" || label == "toFile") && !first.expression.is(InOutExprSyntax.self)
        }
    }

    /// The module a source file belongs to: its folder below `Sources/`.
    static func module(of file: String) -> String {
        String(file.split(separator: "/").dropFirst().first ?? "")
    }

    /// Every finding in the package's modules (not the build tools, which run at build time only).
    static func packageFindings() throws -> [Finding] {
        var findings: [Finding] = []
        for file in PlatformGuardTests.swiftFiles(under: "Sources") {
            let module = module(of: file)
            guard allowedImports[module] != nil else { continue }
            let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            findings += Self.findings(in: text, file: file, module: module)
        }
        return findings
    }

    @Test func theCodeKeepsTheRules() throws {
        #expect(PlatformGuardTests.swiftFiles(under: "Sources/FlagstaffCore").count > 50)
        let findings = try Self.packageFindings()
        #expect(findings.isEmpty, "\(findings.map(\.description).joined(separator: "\n"))")
    }

    @Test func everyModuleOfThePackageHasItsImportsListed() {
        let modules = Set(PlatformGuardTests.swiftFiles(under: "Sources").map(Self.module(of:)))
        let tools: Set<String> = ["CCmark", "TemplateFieldsGenerator", "ThemeEmbedder"]
        #expect(modules.subtracting(tools) == Set(Self.allowedImports.keys))
    }

    @Test(arguments: [
        ("FlagstaffCore", "import Foundation\n", "FlagstaffCore imports Foundation"),
        ("FlagstaffRenderers", "import SwiftSyntax\n", "FlagstaffRenderers imports SwiftSyntax"),
        ("FlagstaffReaders", "func f() { print(\"x\") }\n", "prints (print)"),
        ("Flagstaff", "func f() { FileHandle.standardError.write(Data()) }\n", "writes to standardError"),
        ("Flagstaff", "func f() { _ = Platform.createFile(\"a\", bytes: b) }\n", "changes a file (createFile)"),
        ("Flagstaff", "func f() throws { try FileManager.default.removeItem(atPath: \"a\") }\n", "changes a file (removeItem)"),
        ("Flagstaff", "func f() throws { try Data().write(to: url) }\n", "changes a file (write)"),
        ("FlagstaffReaders", "func f() { _ = try? Regex(\"a+\") }\n", "uses a regular expression (Regex)"),
        ("FlagstaffReaders", "let r = /case (\\\\w+)/\n", "uses a regular expression literal"),
    ])
    func eachKindOfBreachIsFound(module: String, text: String, expected: String) {
        let found = Self.findings(in: text, file: "Sources/\(module)/Planted.swift", module: module).map(\.what)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test func whatMayDoSoIsNotFound() {
        let text = """
            import Foundation
            func f(output: inout String, pipe: FileHandle) {
                value.write(to: &output, indent: "")
                _ = Platform.write(bytes, to: descriptor)
                let text = "print(x) /a+/ FileManager.default.removeItem"
                DiagnosticPrinter.print(diagnostics, to: console)
                process.standardError = FileHandle.nullDevice
            }
            """
        #expect(Self.findings(in: text, file: "Sources/Flagstaff/Planted.swift", module: "Flagstaff").isEmpty)
    }
}
