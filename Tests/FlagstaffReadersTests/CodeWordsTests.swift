import FlagstaffCore
@testable import FlagstaffReaders
import Testing

/// The scan parses only the files whose bytes may hold a use (issue 38): what it
/// leaves unparsed must never hide one.
@Suite("Files the code scan leaves unparsed")
struct CodeWordsTests {
    static func flag(_ key: String, _ caseName: String) -> Flag {
        Flag(key: key, caseName: caseName, location: SourceLocation(file: "Flags.swift", line: 1, column: 1))
    }

    /// Every use of the flags in the files, as `file:line:kind`, sorted.
    static func uses(_ files: [String: String], flags: [Flag]) -> [String] {
        let sources = files.keys.sorted().map { SourceFile(path: $0, text: files[$0]!) }
        let (references, diagnostics) = CodeReferenceScanner.scan(sources, flags: flags, typeNames: ["FeatureFlag"])
        #expect(diagnostics.isEmpty)
        return references.values.joined().map { "\($0.location.file):\($0.location.line):\($0.kind.rawValue)" }.sorted()
    }

    @Test func aFileWithoutTheNamesOrKeysIsNoCandidate() {
        let words = CodeWords(["threadsEnabled", "app.threads.v1", "kill"])
        #expect(!words.mayUse("let state = model.threadsEnabledPublisher // \\.title\nlet x = \"\\(y)\" + \\Model.name"))
        #expect(!words.mayUse("let text = \"a\\nb\\u{41}\" + \"Zoë\" + \"skill\""), "escapes and other letters spell no word here")
        #expect(!words.mayUse("let old_threadsEnabled = kill_switch + threadsEnabled2"), "_ and digits are part of a word")
        #expect(words.mayUse("if flags.isEnabled(.threadsEnabled) {}"))
        #expect(words.mayUse("analytics.track(\"x.threads.y\")"), "the key's longest word, threads")
        #expect(words.mayUse("let text = \"\\nkill\""), "an escape's letter is not part of the word after it")
        #expect(words.mayUse("let text = \"\\\\kill\""), "nor is an escaped backslash")
        #expect(words.mayUse("let text = #\"x\"#"), "a raw string")
        #expect(CodeWords(["Ärger"]).mayUse("let x = 1"), "a word outside ASCII makes every file a candidate")
        #expect(CodeWords(["--"]).mayUse("let x = 1"), "a key without a letter, digit or _ too")
    }

    /// Each file spells its use in a way the words alone do not show.
    @Test func usesSpelledWithoutTheWordsAreStillFound() {
        let found = Self.uses([
            "Escape.swift": "let a = remote[\"app.thr\\u{65}ads.v\\u{31}\"]\n",
            "Continued.swift": "let c = \"\"\"\n    app.thr\\\n    eads.v\\\n    1\n    \"\"\"\n",
            "Constant.swift": "enum Keys { static let threadKey = \"v1\" }\n",
            "UsesConstant.swift": "let d = remote[Keys.threadKey]\n",
            // U+212A KELVIN SIGN, which Swift takes as K.
            "Kelvin.swift": "if flags.isEnabled(.\u{212A}ill) {}\n",
            "KelvinInside.swift": "if flags.isEnabled(.ma\u{212A}e) {}\n",
            "Plain.swift": "let e = model.title\n",
        ], flags: [Self.flag("app.threads.v1", "threadsEnabled"), Self.flag("kill", "Kill"), Self.flag("make", "maKe")])
        #expect(found == [
            "Continued.swift:1:string", "Escape.swift:1:string", "Kelvin.swift:1:member", "KelvinInside.swift:1:member", "UsesConstant.swift:1:constant",
        ])
    }
}
