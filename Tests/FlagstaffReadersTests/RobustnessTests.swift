import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// The committed fuzz corpus, `Fuzz/Corpus/<target>/`: seeds and every input a
/// fuzzer or issue 9 found. Each finding's minimal input is a file there.
enum FuzzCorpus {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/Corpus")

    /// The files of a target's corpus, by name.
    static func files(_ target: FuzzTarget) throws -> [URL] {
        let folder = directory.appendingPathComponent(target.rawValue)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { folder.appendingPathComponent($0) }
    }

    /// One corpus file's text.
    static func text(_ target: FuzzTarget, _ name: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(target.rawValue).appendingPathComponent(name), encoding: .utf8)
    }
}

/// Replays the fuzz corpus as regression inputs: quick, and without a sanitizer build.
@Suite("Fuzz corpus")
struct FuzzCorpusTests {
    @Test(arguments: FuzzTarget.allCases)
    func everyInputGivesAModelOrDiagnosticsInsideTheFile(_ target: FuzzTarget) throws {
        let files = try FuzzCorpus.files(target)
        #expect(!files.isEmpty)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            #expect(target.check(bytes) == nil, "\(file.lastPathComponent)")
        }
    }

    /// The fuzzers are listed in four places besides `FuzzTarget`: their package, their
    /// executables' folders, `scripts/fuzz` and the README. A fuzzer added to one and
    /// not the others would never run, so each must list exactly `FuzzTarget.allCases`.
    @Test func everyListOfFuzzersIsFuzzTargets() throws {
        let root = FuzzCorpus.directory.deletingLastPathComponent().deletingLastPathComponent()
        let targets = Set(FuzzTarget.allCases.map(\.rawValue))
        func text(_ path: String) throws -> String { try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        func words(between start: String, and end: String, in text: String) throws -> Set<String> {
            let from = try #require(text.range(of: start))
            let to = try #require(text[from.upperBound...].range(of: end))
            let inside = text[from.upperBound..<to.lowerBound]
            return Set(inside.split { !$0.isLetter }.map(String.init))
        }
        #expect(try words(between: "let readers = [", and: "]", in: text("Fuzz/Package.swift")) == targets)
        #expect(try words(between: "all=(", and: ")", in: text("scripts/fuzz")) == targets)
        #expect(try words(between: "# one fuzzer (", and: ")", in: text("README.md")) == targets)
        let executables = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Fuzz/Sources").path)
            .filter { $0.hasPrefix("Fuzz") && $0 != "FuzzTargets" }.map { String($0.dropFirst(4)) }
        #expect(Set(executables) == targets)
    }

    /// The xcconfig fuzzer reads its input as files split at `--- FILE ---` lines, so an
    /// include can reach another file of the input, lead back to one (a cycle) or miss.
    @Test func theXcconfigInputIsFilesThatIncludeOneAnother() throws {
        let files = FuzzTarget.xcconfigFiles(try FuzzCorpus.text(.xcconfig, "include-cycle-and-missing.xcconfig"))
        #expect(files.keys.sorted() == ["Config/0.xcconfig", "Config/1.xcconfig"])
        #expect(files["Config/1.xcconfig"] == "#include \"0.xcconfig\"\n#include \"Missing.xcconfig\"\nOTHER_SWIFT_FLAGS = -D ONE\n")
        #expect(FuzzTarget.xcconfigDiagnostics(files).map(\.description) == [
            "Config/1.xcconfig:1:1: error: #include cycle: Config/0.xcconfig → Config/1.xcconfig → Config/0.xcconfig; remove the #include that leads back to a file that includes it",
            "Config/1.xcconfig:2:1: error: cannot read 'Config/Missing.xcconfig', which this file includes; use #include? for a file that may be absent",
        ])
    }
}

/// One test per finding of issue 9 that a reader alone shows, each on its
/// corpus file, asserting the diagnostic's file, line and column.
@Suite("Readers on hostile input")
struct ReaderRobustnessTests {
    /// Issue 25, point 9: two keys that crashed only together. The configuration
    /// fuzzer reads a pair of bytes as a key and one of its values; these four bytes
    /// choose `environments: [prod, prod]` and `remote_config: { template: r.json }`,
    /// which ended in "Duplicate values for key" before the configuration was
    /// validated completely before its environments indexed anything.
    @Test func duplicateEnvironmentsWithOneTemplateForAllAreAnErrorNotACrash() throws {
        let bytes = try [UInt8](Data(contentsOf: FuzzCorpus.directory.appendingPathComponent("Configuration/combination-duplicate-environment-with-remote-template")))
        let text = ConfigurationCombination.compose(bytes)
        #expect(text == "environments: [prod, prod]\nremote_config: { template: r.json }\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n")
        let (configuration, diagnostics) = ConfigurationReader.read(text, file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.map(\.description) == ["flagstaff.yml:1:15: error: environment 'prod' is listed twice"])
    }

    /// A key the combining fuzzer leaves out never meets the others.
    @Test func theCombiningFuzzerKnowsEveryTopLevelKey() {
        #expect(Set(ConfigurationCombination.fragments.map(\.key)) == Set(Configuration.Key.names))
        #expect(ConfigurationCombination.fragments.count == Set(ConfigurationCombination.fragments.map(\.key)).count)
    }

    /// Every value of every key the combining fuzzer knows, each with every other key's
    /// first value, read and (when valid) resolved: none crashes, and each problem is in the file.
    @Test func everyCombinedKeyAndValueReadsAndResolves() {
        for (index, fragment) in ConfigurationCombination.fragments.enumerated() {
            for value in fragment.values.indices {
                var bytes: [UInt8] = [UInt8(index), UInt8(value)]
                for other in ConfigurationCombination.fragments.indices where other != index { bytes += [UInt8(other), 0] }
                #expect(ConfigurationCombination.check(bytes, file: "flagstaff.yml") == nil)
            }
        }
    }

    /// Findings 1: a catalog with CRLF or bare-CR line endings, with a ragged row.
    @Test(arguments: ["finding-01-crlf.md", "finding-01-bare-cr.md"])
    func catalogLineEndings(_ name: String) throws {
        let (catalog, diagnostics) = CatalogReader.read(try FuzzCorpus.text(.catalog, name), file: "c.md")
        #expect(try #require(catalog).entries.map(\.key) == ["A", "B"])
        #expect(diagnostics.map(\.description) == [
            "c.md:6:1: error: this row has 3 cells, but the header has 2; a '|' inside a cell must be written '\\|'"
        ])
    }

    @Test func catalogRaggedEmptyAndOddRows() throws {
        let (catalog, diagnostics) = CatalogReader.read(try FuzzCorpus.text(.catalog, "ragged-empty-and-odd-pipes.md"), file: "c.md")
        #expect(try #require(catalog).entries.map(\.key) == ["C", "D` | E"])
        #expect(diagnostics.map(\.description) == [
            "c.md:5:1: error: this row has 0 cells, but the header has 2; a '|' inside a cell must be written '\\|'",
            "c.md:5:1: error: this row has no flag key in the 'Flag' column",
            "c.md:6:1: error: this row has 3 cells, but the header has 2; a '|' inside a cell must be written '\\|'",
            "c.md:6:2: error: this row has no flag key in the 'Flag' column",
            "c.md:7:1: error: this row has 1 cell, but the header has 2; a '|' inside a cell must be written '\\|'",
            "c.md:8:4: error: this row has no flag key in the 'Flag' column",
        ])
    }

    /// Finding 14: a catalog of 10,000 columns; every lookup of a column used to scan them all.
    @Test func aCatalogOfTenThousandColumns() throws {
        let names = (1...10_000).map { "C\($0)" }
        let text = "## Flags\n\n| Flag | Description | " + names.joined(separator: " | ") + " |\n"
            + "|---|---|" + String(repeating: "---|", count: names.count) + "\n"
            + "| A | a | " + names.map { "v\($0)" }.joined(separator: " | ") + " |\n"
        let (catalog, diagnostics) = CatalogReader.read(text, file: "c.md")
        #expect(diagnostics.isEmpty)
        let entry = try #require(catalog?.entries.first)
        #expect(names.allSatisfy { entry.value($0) == "v\($0)" })
        let row = text.split(separator: "\n", omittingEmptySubsequences: false)[4]
        #expect(entry.cell("c10000")?.location == SourceLocation(file: "c.md", line: 5, column: row.utf8.count - "vC10000 |".utf8.count + 1))
    }

    /// Finding 2: front matter of just `---\n---\n` crashed the guide reader.
    @Test func guidePageWithEmptyFrontMatter() throws {
        let (page, diagnostics) = GuideReader.read(try FuzzCorpus.text(.guidePage, "finding-02-empty-front-matter.md"), fileName: "01-a.md", file: "g/01-a.md")
        #expect(diagnostics.isEmpty)
        #expect(page?.title == "Title")
        #expect(page?.firstLine == 3)
        #expect(page?.markdown == "# Title\n")
    }

    /// Finding 9: a billion-laughs front matter took minutes and gigabytes; aliases now stay shared.
    @Test func guidePageWithAnAliasBomb() throws {
        let (page, diagnostics) = GuideReader.read(try FuzzCorpus.text(.guidePage, "finding-09-alias-bomb.md"), fileName: "01-a.md", file: "g/01-a.md")
        #expect(diagnostics.isEmpty)
        #expect(page?.title == "Laughs", "a title that is not text gives way to the first heading")
        #expect(page?.firstLine == 13)
    }

    @Test func guidePageFrontMatterErrorsAreAtTheirLine() {
        let (page, diagnostics) = GuideReader.read("---\r\ntitle: [unclosed\r\n---\r\n# T\r\n", fileName: "a.md", file: "a.md")
        #expect(page == nil)
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "a.md", line: 3, column: 1)])
    }

    /// Front matter needs a closing `---` (or `...`) line; without one the page is all Markdown.
    @Test(arguments: [
        ("---\ntitle: A\n---  \n# B\n", "A", 4), ("---\r\ntitle: A\r\n...\r\n# B", "A", 4),
        ("---\ntitle: A\n# B\n", "B", 1), ("---", nil, 1), ("--- x\n---\n# B", "--- x", 1), ("---\n---", nil, 3),
    ] as [(String, String?, Int)])
    func frontMatterFences(_ text: String, _ title: String?, _ firstLine: Int) {
        let (page, _) = GuideReader.read(text, fileName: "a.md", file: "a.md")
        #expect(page?.title == title)
        if let page { #expect(page.firstLine == firstLine) }
    }

    /// Finding 3: thousands of nested `#if` overflowed the stack in swift-syntax; the
    /// file is refused at the 101st level, before it is parsed.
    @Test func enumNestedTooDeep() throws {
        let (flagEnum, diagnostics) = FlagEnumReader.read([.init(path: "F.swift", text: try FuzzCorpus.text(.flagEnum, "finding-03-nested-if.swift"))], enumName: nil)
        #expect(flagEnum == nil)
        #expect(diagnostics.first?.description == "F.swift:101:1: error: this file nests deeper than 100 levels of braces, brackets, "
            + "parentheses, angle brackets and #if, so it is not parsed; Flagstaff reads Swift nested at most 100 deep; see Limits in the README")
    }

    /// Finding 4: the same in an app source file.
    @Test func codeNestedTooDeep() throws {
        let text = try FuzzCorpus.text(.codeScan, "finding-04-nested-if.swift")
        let (references, diagnostics) = CodeReferenceScanner.scan([.init(path: "A.swift", text: text)], flags: [codeFlag("f")], typeNames: ["FeatureFlag"])
        #expect(references.isEmpty)
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "A.swift", line: 101, column: 1)])
    }

    /// Square brackets have their own, lower limit: the 13th `[` open at once is refused, with the limit's own words.
    @Test func codeWithTooManySquareBracketsOpen() {
        let text = "let grid = " + String(repeating: "[", count: 13) + "1" + String(repeating: "]", count: 13) + "\n"
        let (_, diagnostics) = CodeReferenceScanner.scan([.init(path: "A.swift", text: text)], flags: [codeFlag("grid")], typeNames: ["FeatureFlag"])
        #expect(diagnostics.map(\.description) == [
            "A.swift:1:24: error: this file nests more than 12 square brackets, so it is not parsed; "
                + "Flagstaff reads Swift with at most 12 brackets open at once; see Limits in the README"
        ])
    }

    /// Finding 8: swift-syntax's lookahead for generic arguments grows faster than the
    /// square of a chain of `<`, and a long one overflows the stack.
    @Test func codeWithAChainOfAngleBrackets() throws {
        let text = try FuzzCorpus.text(.codeScan, "finding-08-generic-chain.swift")
        let (_, diagnostics) = CodeReferenceScanner.scan([.init(path: "A.swift", text: text)], flags: [codeFlag("x")], typeNames: ["FeatureFlag"])
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "A.swift", line: 1, column: 210)])
    }

    /// Nesting is counted in code only: not in comments, strings or closed generic arguments.
    @Test func nestingInCommentsStringsAndGenericsIsNotCounted() {
        let deep = String(repeating: "{", count: 150)
        let text = """
            // \(deep)
            /* \(deep) /* nested */ \(deep) */
            let a = "\(deep)"
            let b = #"\(deep)\\(x)"#
            let c = \"""
                \(deep) \\(f(g(h)))
                \"""
            let d: \(String(repeating: "Array<", count: 150))Int\(String(repeating: ">", count: 150)) = []
            if a < b && c < d { }
            """
        let (_, diagnostics) = CodeReferenceScanner.scan([.init(path: "A.swift", text: text)], flags: [codeFlag("a")], typeNames: ["FeatureFlag"])
        #expect(diagnostics.count == 1, "the 150 nested generic arguments are counted")
        #expect(diagnostics.first?.location == SourceLocation(file: "A.swift", line: 8, column: 7 + 101 * 6))
        let withoutGenerics = text.split(separator: "\n").filter { !$0.hasPrefix("let d") }.joined(separator: "\n")
        #expect(CodeReferenceScanner.scan([.init(path: "A.swift", text: withoutGenerics)], flags: [codeFlag("a")], typeNames: ["FeatureFlag"]).diagnostics.isEmpty)
    }

    /// A file is checked for nesting only when it is to be parsed: one without a
    /// flag's name, a key or a constant's name holds no use, and is not refused.
    /// One that names only a constant declared elsewhere is parsed, so refused.
    @Test func onlyAFileToBeParsedIsRefusedForNesting() {
        let deep = "func g() " + String(repeating: "{", count: 101) + " NAME " + String(repeating: "}", count: 101) + "\n"
        let flags = [Flag(key: "a.key", caseName: "someFlag", location: .start(of: "F.swift"))]
        let declaring = SourceFile(path: "K.swift", text: "let keyName = \"a.key\"\n")
        let quiet = SourceFile(path: "Q.swift", text: deep.replacingOccurrences(of: "NAME", with: "other"))
        let naming = SourceFile(path: "N.swift", text: deep.replacingOccurrences(of: "NAME", with: "keyName"))
        #expect(CodeReferenceScanner.scan([declaring, quiet], flags: flags, typeNames: ["FeatureFlag"]).diagnostics.isEmpty)
        let (references, diagnostics) = CodeReferenceScanner.scan([declaring, naming, quiet], flags: flags, typeNames: ["FeatureFlag"])
        #expect(diagnostics.map(\.location) == [SourceLocation(file: "N.swift", line: 1, column: 110)])
        #expect(references["a.key"]?.map(\.location.file) == ["K.swift"], "the declaring file is still read")
    }

    /// Escapes in raw values were kept as written: `"\"x"` became the key `\"x`.
    @Test func rawValueEscapesAreDecoded() throws {
        let text = try FuzzCorpus.text(.flagEnum, "raw-value-escapes.swift")
        let flagEnum = try #require(FlagEnumReader.read([.init(path: "F.swift", text: text)], enumName: nil).flagEnum)
        #expect(flagEnum.flags.map(\.key) == ["\"x", "ABC", "back\\slash"])
        let (references, _) = CodeReferenceScanner.scan(
            [.init(path: "A.swift", text: #"let k = "\u{41}B\u{43}"; let q = "\"x""#)], flags: flagEnum.flags, typeNames: ["FeatureFlag"])
        #expect(references.keys.sorted() == ["\"x", "ABC"])
    }

    /// Found by the Configuration fuzzer: at the end of a text without a final line
    /// break, libyaml reports the line after the last, outside the file.
    @Test func aYAMLErrorAtTheEndIsOnTheLastLine() throws {
        let (_, diagnostics) = ConfigurationReader.read(try FuzzCorpus.text(.configuration, "yaml-error-past-the-last-line.yml"), file: "f.yml")
        #expect(diagnostics.map(\.description) == ["f.yml:2:4: error: malformed YAML: could not find expected ':'"])
        let (_, frontMatter) = GuideReader.read("---\ntitle: x\nfoo\n---\n# T\n", fileName: "a.md", file: "a.md")
        #expect(frontMatter.map(\.location) == [SourceLocation(file: "a.md", line: 4, column: 1)])
    }

    /// Front matter is read from each value's text: a title YAML 1.1 would take
    /// for a Bool, a date or null stays the words written; an order is a number
    /// only when it is one, else the file name's number decides.
    @Test(arguments: [
        ("---\ntitle: yes\norder: 3\n---\nText\n", "yes", 3), ("---\ntitle: 2026-11-29\norder: 0x10\n---\n", "2026-11-29", 16),
        ("---\ntitle: 'null'\norder: two\n---\n", "null", 7), ("---\ntitle: \"~\"\norder: -1\n---\n", "~", -1),
    ])
    func frontMatterValuesAreTheirText(_ text: String, _ title: String, _ order: Int) {
        let (page, diagnostics) = GuideReader.read(text, fileName: "07-page.md", file: "guide/07-page.md")
        #expect(diagnostics.isEmpty)
        #expect(page?.title == title)
        #expect(page?.order == order)
    }

    /// Finding 21: `code: ['/']` walked the whole disk.
    @Test func aCodeRootAtTheFileSystemRootIsRefused() {
        let (configuration, diagnostics) = ConfigurationReader.read(try! FuzzCorpus.text(.configuration, "code-root.yml"), file: "flagstaff.yml")
        #expect(configuration == nil)
        #expect(diagnostics.map(\.description) == [
            "flagstaff.yml:5:7: error: 'code' names the file system's root '/'; name the folders of the app's Swift source, e.g. [App/Sources]"
        ])
    }

    /// Findings 10 and 12: the did-you-mean table was (n+1)×(m+1), and each unknown
    /// catalog row rebuilt the set of keys to suggest from.
    @Test func suggestionsStayCheapForHugeNames() {
        #expect(Suggestion.closest(to: String(repeating: "K", count: 1_000_000), in: ["K", "KK"]) == nil)
        let long = String(repeating: "ab", count: 90)
        #expect(Suggestion.closest(to: long + "x", in: ["short", long + "y"]) == long + "y")
    }

    /// Many types conforming to the flag protocol, each declaring the same key and
    /// a MARK group or not: read in order, each repeat an error, nothing dropped.
    @Test func manyFlagTypesAndRepeatedKeysAcrossThemAreErrorsNotCrashes() {
        let types = (0..<300).map { index in
            "enum T\(index): String, FeatureFlag {\n" + (index.isMultiple(of: 2) ? "    // MARK: - Flags\n" : "") + "    case shared = \"shared\"\n}\n"
        }
        var settings = SwiftSettings()
        settings.flagMarks = ["Flags"]
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [.init(path: "F.swift", text: types.joined())], options: .init(flagProtocol: "FeatureFlag", settings: settings))
        #expect(declarations?.flagEnums.count == 300)
        #expect(declarations?.flags.count == 150)
        #expect(diagnostics.isEmpty)
        let model = FlagModel(
            title: "", environments: ["prod"], flagEnums: declarations?.flagEnums ?? [], catalog: Catalog(columns: [], entries: [], location: .start(of: "c.md")),
            tenants: [])
        #expect(Validator.validate(ResolvedMatrix(model: model)).filter { $0.message.hasPrefix("key 'shared' is declared by both") }.count == 149)
    }
}

/// A flag of the code scan's tests, whose Swift name is `name`.
private func codeFlag(_ name: String) -> Flag {
    Flag(key: name.uppercased(), caseName: name, location: .start(of: "F.swift"))
}
