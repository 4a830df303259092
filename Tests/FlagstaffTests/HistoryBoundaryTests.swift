@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Issue 33, "the workspace is a boundary": what a commit holds can neither
/// exhaust memory, hide a tenant, blind history to the other tenants, nor drive
/// the terminal or the pages. Each test starts from a clone of the history fixture
/// (`HistoryFixture`) with a commit or two of its own.
@Suite("Git reads, control characters and escaping at the boundary")
struct HistoryBoundaryTests {
    /// A clone of the history fixture, for a test to add commits to.
    func withClone<Result>(_ body: (ScriptedRepository) throws -> Result) throws -> Result {
        try withTemporaryDirectory { folder in
            try ScriptedRepository(folder: folder).git(["clone", "-q", try HistoryCommandTests.repository().path, "clone"])
            return try body(ScriptedRepository(folder: folder.appendingPathComponent("clone")))
        }
    }

    /// WL's file grows one byte past the limit, then CHL's checkout turns on everywhere.
    func bloatWL(in repository: ScriptedRepository) throws {
        try repository.file("tenants/WL/defaults.json", String(repeating: " ", count: InputLimits.fileBytes + 1))
        try repository.commit(subject: "Bloat WL", author: "Eve Mal", date: "2026-05-10T10:00:00+02:00")
        try repository.file("tenants/CHL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH_V2": true, "MAX_ITEMS": 10 }"# + "\n")
        try repository.commit(subject: "Checkout for CHL everywhere", author: "Ana Lopez", date: "2026-05-11T10:00:00+02:00")
    }

    static let tooLarge = "tenants/WL/defaults.json:1:1: error: the file is 8.1 MiB, larger than the 8 MiB Flagstaff reads; see Limits in the README"

    /// Finding 1: a 529 MB tenant file took 1.6 GB in history. Git's header gives
    /// a blob's size: one past the limit is skipped on the pipe, and the next
    /// answer is read where it starts.
    @Test func aBlobPastTheLimitIsNotRead() throws {
        try withClone { repository in
            try bloatWL(in: repository)
            let reader = try #require(GitObjectReader(repository: repository.folder))
            let objects = reader.objects(["HEAD~1:tenants/WL/defaults.json", "HEAD:tenants/CHL/defaults.json"])
            let large = try #require(objects[0])
            #expect(large.type == "blob" && large.size == InputLimits.fileBytes + 1 && large.isPastLimit && large.contents.isEmpty)
            #expect(objects[1].map { String(decoding: $0.contents, as: UTF8.self) }?.hasPrefix(#"{ "ENABLE_CHECKOUT": true"#) == true)
            // The store remembers the size, so git is not asked to send the bytes again.
            let store = try #require(GitObjectStore(repository: repository.folder, idLength: 20))
            let id = try run("git", ["rev-parse", "HEAD:tenants/WL/defaults.json"], in: repository.folder).output.trimmingCharacters(in: .newlines)
            for _ in 0..<2 {
                guard case .pastLimit(let size)? = store.blob(id, at: "tenants/WL/defaults.json") else { Issue.record("read past the limit"); return }
                #expect(size == InputLimits.fileBytes + 1)
            }
            #expect(store.objectReads == 1)
        }
    }

    /// Findings 1 and 2: the file past the limit is an error at that commit and
    /// that file; only WL's values are unknown, and CHL's change is still seen.
    @Test func aTenantFilePastTheLimitMakesOnlyItsTenantUnknownInHistory() throws {
        try withClone { repository in
            try bloatWL(in: repository)
            let (json, status) = try HistoryCommandTests.history(HistoryCommand(format: .json), in: repository.folder)
            #expect(status == ExitStatus.success)
            let entries = try HistoryCommandTests.entries(json)
            #expect(entries.first?.subject == "Checkout for CHL everywhere")
            #expect(entries.first?.changes == ["value ENABLE_CHECKOUT uat CHL: off (base) -> on (base)"
                , "layer ENABLE_CHECKOUT prod CHL: on (override) -> on (base)"])
            #expect(entries.dropFirst().first.map { [$0.subject] + $0.changes } == ["Bloat WL", "unknown WL"])
            let (text, _) = try HistoryCommandTests.history(HistoryCommand(tenants: ["WL"]), in: repository.folder)
            #expect(text.contains("WL's values cannot be read from here on, so its values are unknown until they can: " + Self.tooLarge))
        }
    }

    /// Finding 1, for `diff`: the revision's file past the limit is the error it is in the working tree.
    @Test func aTenantFilePastTheLimitIsAnErrorInDiff() throws {
        try withClone { repository in
            try bloatWL(in: repository)
            var diff = DiffCommand(base: "HEAD~1", head: "HEAD")
            diff.configurationPath = repository.folder.appendingPathComponent("flagstaff.yml").path
            let console = RecordingConsole()
            #expect(try diff.run(console: console.console()) == ExitStatus.usageOrIO)
            let problem = InputLimits.tooLarge(size: InputLimits.fileBytes + 1, file: "tenants/WL/defaults.json")
            #expect(console.error.contains(problem.description))
            #expect(console.output.contains(problem.message), "the report names it too")
        }
    }

    /// Finding 3: a tenant folder that is a submodule was skipped without a word.
    @Test func aTenantInASubmoduleIsReported() throws {
        try withClone { repository in
            let head = try run("git", ["rev-parse", "HEAD"], in: repository.folder).output.trimmingCharacters(in: .whitespacesAndNewlines)
            try repository.git(["update-index", "--add", "--cacheinfo", "160000,\(head),tenants/SUB"])
            try repository.git(["commit", "-q", "-m", "Add SUB as a submodule"], author: "Ana Lopez", date: "2026-05-10T10:00:00+02:00")
            let problem = "tenants/SUB:1:1: error: 'tenants/SUB' is a git submodule, which Flagstaff does not read at a commit; "
                + "keep the tenant's file in this repository, or run Flagstaff on the working tree, where the submodule is checked out"

            let (json, _) = try HistoryCommandTests.history(HistoryCommand(until: "HEAD", format: .json), in: repository.folder)
            #expect(try HistoryCommandTests.entries(json).first.map { [$0.subject] + $0.changes } == ["Add SUB as a submodule", "unknown SUB"])
            let (text, _) = try HistoryCommandTests.history(HistoryCommand(), in: repository.folder)
            #expect(text.contains(problem), "\(text)")

            var diff = DiffCommand(base: "HEAD~1", head: "HEAD")
            diff.configurationPath = repository.folder.appendingPathComponent("flagstaff.yml").path
            let console = RecordingConsole()
            #expect(try diff.run(console: console.console()) == ExitStatus.failure)
            #expect(console.error.contains(problem), "\(console.error)")
        }
    }

    /// Whether text holds a control character other than line feed and tab (and, in HTML, carriage return).
    static func holdsControls(_ text: String, allowingReturn: Bool = false) -> Bool {
        text.unicodeScalars.contains { scalar in
            switch scalar.value {
            case 0x0A, 0x09: false
            case 0x0D: !allowingReturn
            case ..<0x20, 0x7F...0x9F: true
            default: false
            }
        }
    }

    /// Finding 4: a commit's subject and author printed their escape sequences raw,
    /// to the terminal and into the pages.
    @Test func controlCharactersOfACommitAreShownNotObeyed() throws {
        try withClone { repository in
            try repository.file("tenants/CHL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH_V2": true, "MAX_ITEMS": 10 }"# + "\n")
            try repository.commit(
                subject: "Checkout \u{1B}]0;pwned\u{07}for CHL\u{1B}[2J\u{9B}now\u{7F}", author: "Eve \u{1B}[8mHidden",
                date: "2026-05-20T10:00:00+02:00")
            for format in [HistoryCommand.Format.text, .md, .json] {
                let (output, _) = try HistoryCommandTests.history(HistoryCommand(format: format), in: repository.folder)
                #expect(!Self.holdsControls(output), "\(format)")
                let (subject, author) =
                    switch format {
                    case .text: ("Checkout ^[]0;pwned^Gfor CHL^[[2J<U+009B>now^?", "Eve ^[[8mHidden")
                    case .md: (#"Checkout ^[\]0;pwned^Gfor CHL^[\[2J<U+009B>now^?"#, #"Eve ^[\[8mHidden"#)
                    case .json: (#"Checkout \u001b]0;pwned\u0007for CHL\u001b[2J\u009bnow\u007f"#, #"Eve \u001b[8mHidden"#)
                    }
                #expect(output.contains(subject) && output.contains(author), "\(format)")
            }
            try withTemporaryDirectory { output in
                let status = try BuildCommand(configurationPath: repository.folder.appendingPathComponent("flagstaff.yml").path, output: output.path)
                    .run(console: RecordingConsole().console())
                #expect(status == ExitStatus.success)
                let page = try String(contentsOf: output.appendingPathComponent("recent-changes.html"), encoding: .utf8)
                // C1 controls are left in pages, where a browser shows nothing for them.
                #expect(!Self.holdsControls(page.replacingOccurrences(of: "\u{9B}", with: ""), allowingReturn: true))
                #expect(page.contains("Checkout \u{241B}]0;pwned\u{2407}for CHL\u{241B}[2J\u{9B}now\u{2421}"))
                #expect(page.contains("Eve \u{241B}[8mHidden"))
            }
        }
    }

    /// The console shows every control character but its own colours, on a terminal that shows them, and CSV's line ends.
    @Test func theConsoleKeepsOnlyItsOwnColours() {
        let text = "a\u{1B}[31mred\u{1B}[0m\u{1B}[2J\r\nb\rc\u{7F}\u{9B}é\t\n"
        #expect(Console.shown(text, keeping: TerminalColour.sequences) == "a\u{1B}[31mred\u{1B}[0m^[[2J\r\nb^Mc^?<U+009B>é\t\n")
        #expect(Console.shown(text, keeping: []) == "a^[[31mred^[[0m^[[2J\r\nb^Mc^?<U+009B>é\t\n")
        #expect(Console.shown("plain\n", keeping: []) == "plain\n")
    }

    /// Bytes are looked over eight at a time: a control at any place in a word, or
    /// astride two, is shown, and bytes close to one (0x20, 0x7E, 0x80, 0xC3) are not.
    @Test(arguments: 0..<17) func theConsoleShowsAControlAnywhereInAWord(at offset: Int) {
        let before = String(repeating: "a", count: offset), after = String(repeating: "z", count: 24 - offset)
        let shown: [(String, String)] = [
            ("\u{0}", "^@"), ("\u{1B}", "^["), ("\u{1F}", "^_"), ("\r", "^M"), ("\u{7F}", "^?"), ("\u{80}", "<U+0080>"), ("\u{9F}", "<U+009F>"),
            (" ", " "), ("~", "~"), ("\u{A0}", "\u{A0}"), ("é", "é"), ("\t", "\t"), ("\n", "\n"),
        ]
        for (text, expected) in shown {
            #expect(Console.shown(before + text + after, keeping: []) == before + expected + after, "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Finding 5: an external source's name went into matrix.md's legend unescaped.
    @Test func matrixMarkdownEscapesAnExternalSourcesName() throws {
        try withCopy(of: "small") { workspace in
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try (text + "\nexternal:\n  ld: { name: \"<img src=x onerror=alert(1)>\", flags: all }\n")
                .write(to: configuration, atomically: true, encoding: .utf8)
            let console = RecordingConsole()
            #expect(try MatrixCommand(configurationPath: configuration.path, format: .md).run(console: console.console()) == ExitStatus.success)
            #expect(console.output.contains(#"“may be changed by \<img src=x onerror=alert(1)\>”: \<img src=x onerror=alert(1)\>, which Flagstaff cannot see, may change every flag"#))
            #expect(!console.output.replacingOccurrences(of: #"\<img"#, with: "").contains("<img"))
        }
    }
}
