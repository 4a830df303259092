@testable import Flagstaff
import FlagstaffCore
@testable import FlagstaffRenderers
import Foundation
import Testing

/// `flagstaff diff` on a git repository the test builds, one commit per kind of change:
/// c1 the start; c2 turns a flag on in prod for two tenants; c3 adds a flag and
/// moves a removal date into the past; c4 removes a flag; c5 moves a value from
/// the base to overrides without changing it; c6 renames a tenant; c7 breaks a
/// tenant file. c1 is on `main`, the rest on `feature`, which is checked out.
@Suite("flagstaff diff")
struct DiffCommandTests {
    static let configuration = """
        title: Diff
        environments: [dev, uat, prod]
        enum: Flags.swift
        catalog: catalog.md
        tenants: tenants/*.json
        lifecycle: { as_of: 2026-11-23, added_from_git: false }

        """
    static let header = "## Flags\n\n| Flag | Description | Owner | Type | Remove by |\n|---|---|---|---|---|\n"
    static let checkoutRow = "| `ENABLE_CHECKOUT` | Checkout | Ana | release | 2027-06-01 |\n"
    static let searchRow = "| `ENABLE_SEARCH` | Search | Ben | permission | |\n"
    static let legacyRow = "| `ENABLE_LEGACY` | Legacy screens | Ana | kill-switch | |\n"
    static let wishlistRow = "| `ENABLE_WISHLIST` | Wishlist | Cleo | experiment | 2027-03-01 |\n"

    /// Builds the repository in a temporary folder, runs `body`, and removes it.
    func withRepository<Result>(_ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory { repository in
            func commit(_ tag: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", tag], in: repository, date: "2026-11-20T12:00:00Z") == 0)
                #expect(try git(["tag", tag], in: repository) == 0)
            }
            func enumFile(_ cases: [String]) -> String {
                "enum FeatureFlag: String {\n" + cases.map { "    case \($0)\n" }.joined() + "}\n"
            }
            try write(Self.configuration, to: "flagstaff.yml", in: repository)
            try write(enumFile(["checkout = \"ENABLE_CHECKOUT\"", "search = \"ENABLE_SEARCH\"", "legacy = \"ENABLE_LEGACY\""]), to: "Flags.swift", in: repository)
            try write(Self.header + Self.checkoutRow + Self.searchRow + Self.legacyRow, to: "catalog.md", in: repository)
            for tenant in ["CHL", "JLC"] {
                try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_LEGACY": true }"#, to: "tenants/\(tenant).json", in: repository)
            }
            try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_LEGACY": false }"#, to: "tenants/WL.json", in: repository)
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try commit("c1")
            #expect(try git(["checkout", "-q", "-b", "feature"], in: repository) == 0)

            for tenant in ["CHL", "JLC"] {
                try write(
                    #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_LEGACY": true, "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"#,
                    to: "tenants/\(tenant).json", in: repository)
            }
            try commit("c2")

            try write(
                enumFile(["checkout = \"ENABLE_CHECKOUT\"", "search = \"ENABLE_SEARCH\"", "legacy = \"ENABLE_LEGACY\"", "wishlist = \"ENABLE_WISHLIST\""]),
                to: "Flags.swift", in: repository)
            try write(
                Self.header + Self.checkoutRow.replacingOccurrences(of: "2027-06-01", with: "2026-11-01") + Self.searchRow + Self.legacyRow
                    + Self.wishlistRow,
                to: "catalog.md", in: repository)
            for tenant in ["CHL", "JLC"] {
                try write(
                    #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_LEGACY": true, "ENABLE_WISHLIST": \#(tenant == "CHL"), "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"#,
                    to: "tenants/\(tenant).json", in: repository)
            }
            try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_LEGACY": false, "ENABLE_WISHLIST": false }"#, to: "tenants/WL.json", in: repository)
            try commit("c3")

            try write(enumFile(["checkout = \"ENABLE_CHECKOUT\"", "search = \"ENABLE_SEARCH\"", "wishlist = \"ENABLE_WISHLIST\""]), to: "Flags.swift", in: repository)
            try write(
                Self.header + Self.checkoutRow.replacingOccurrences(of: "2027-06-01", with: "2026-11-01") + Self.searchRow + Self.wishlistRow,
                to: "catalog.md", in: repository)
            for tenant in ["CHL", "JLC"] {
                try write(
                    #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_WISHLIST": \#(tenant == "CHL"), "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"#,
                    to: "tenants/\(tenant).json", in: repository)
            }
            try write(#"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "ENABLE_WISHLIST": false }"#, to: "tenants/WL.json", in: repository)
            try commit("c4")

            let movedSearch = #"{ "ENABLE_CHECKOUT": false, "ENABLE_WISHLIST": false, "overrides": { "dev": { "ENABLE_SEARCH": true }, "uat": { "ENABLE_SEARCH": true }, "prod": { "ENABLE_SEARCH": true } } }"#
            try write(movedSearch, to: "tenants/WL.json", in: repository)
            try commit("c5")

            #expect(try git(["mv", "tenants/JLC.json", "tenants/JCL.json"], in: repository) == 0)
            try commit("c6")

            try write(#"{ "ENABLE_CHECKOUT": false, "#, to: "tenants/WL.json", in: repository)
            try commit("c7")
            return try body(repository)
        }
    }

    /// Runs `diff` in the repository; paths in the output start with `<repo>/`.
    func run(_ command: DiffCommand, in repository: URL) throws -> (status: Int32, output: String, error: String) {
        var command = command
        command.configurationPath = repository.appendingPathComponent("flagstaff.yml").path
        let console = RecordingConsole()
        let status = try command.run(console: console.console())
        let clean = { (text: String) in text.replacingOccurrences(of: repository.path + "/", with: "<repo>/") }
        return (status, clean(console.output), clean(console.error))
    }

    @Test(arguments: DiffCommand.Format.allCases)
    func everyKindOfChangeMatchesGolden(format: DiffCommand.Format) throws {
        try withRepository { repository in
            let (status, output, error) = try run(DiffCommand(base: "c1", head: "c5", format: format), in: repository)
            #expect(status == ExitStatus.success)
            #expect(error.isEmpty)
            #expect(try Fixtures.golden("diff/changes.\(format.rawValue)", matches: output))
        }
    }

    @Test func aTenantRenamedWithTheSameSettingsIsComparedUnderItsNewID() throws {
        try withRepository { repository in
            let renamed = try run(DiffCommand(base: "c5", head: "c6", format: .md), in: repository).output
            #expect(renamed.contains("- renamed `JLC` to `JCL`, with the same settings\n"))
            #expect(renamed.contains("**0 flags change; 0 flags added, 0 removed**"))
            let across = try run(DiffCommand(base: "c1", head: "c6"), in: repository).output
            #expect(across.contains("  added JCL\n  removed JLC\n"), "settings changed on the way, so it is no rename")
        }
    }

    @Test func markdownListsProvenanceChangesOnlyWithAll() throws {
        try withRepository { repository in
            let hidden = try run(DiffCommand(base: "c4", head: "c5", format: .md), in: repository).output
            #expect(hidden.contains("3 cells keep their value but get it from another layer; `--all` lists them."))
            #expect(!hidden.contains("now from override"))
            let listed = try run(DiffCommand(base: "c4", head: "c5", format: .md, all: true), in: repository).output
            #expect(listed.contains("- `ENABLE_SEARCH` in `dev` for `WL`: on, now from override (was base)"))
            #expect(listed.contains("0 flags change; 0 flags added, 0 removed"))
        }
    }

    @Test func anInvalidHeadPutsItsDiagnosticsFirstAndExitsOne() throws {
        try withRepository { repository in
            let (status, output, error) = try run(DiffCommand(base: "c6", head: "c7"), in: repository)
            #expect(status == ExitStatus.failure)
            #expect(error.hasPrefix("<repo>/tenants/WL.json:1:"))
            #expect(try Fixtures.golden("diff/broken-head.text", matches: output))
        }
    }

    @Test func anInvalidBaseIsSaidAndTheDiffStillRuns() throws {
        try withRepository { repository in
            let (status, output, _) = try run(DiffCommand(base: "c7", head: "c6", format: .md), in: repository)
            #expect(status == ExitStatus.success)
            #expect(output.contains("The base (`c7`) had 1 error; the diff compares what it could resolve."))
            #expect(output.contains("added `WL`"))
        }
    }

    /// Commits the working tree as `tag` on top of c7.
    func commit(_ tag: String, in repository: URL) throws {
        #expect(try git(["add", "-A"], in: repository) == 0)
        #expect(try git(["commit", "-q", "-m", tag], in: repository, date: "2026-11-21T12:00:00Z") == 0)
        #expect(try git(["tag", tag], in: repository) == 0)
    }

    @Test(arguments: [[], ["prod"]])
    func aSideThatCannotBeResolvedPrintsItsErrorsAndExitsTwo(failOnChange: [String]) throws {
        try withRepository { repository in
            // c8: the enum file is gone, so nothing declares the flags.
            #expect(try git(["rm", "-q", "Flags.swift"], in: repository) == 0)
            try commit("c8", in: repository)
            for (base, head) in [("c8", "c1"), ("c1", "c8")] {
                let side = base == "c8" ? "base (c8)" : "head (c8)"
                for format in DiffCommand.Format.allCases {
                    let (status, output, error) = try run(
                        DiffCommand(base: base, head: head, format: format, failOnChange: failOnChange), in: repository)
                    #expect(status == ExitStatus.usageOrIO, "\(base)..\(head) \(format)")
                    #expect(error.contains("Flags.swift"), "the side's error is printed on standard error")
                    #expect(error.hasSuffix("flagstaff: error: the \(side) could not be resolved, so nothing was compared\n"))
                    #expect(output.contains("Flags.swift"), "and in the report (\(format))")
                    #expect(!output.contains("No flag changes"))
                    #expect(!output.contains("added dev") && !output.contains("removed dev"), "no environments compared")
                }
            }
        }
    }

    @Test func aBaseWithoutAConfigurationIsReadWithTheHeads() throws {
        try withRepository { repository in
            #expect(try git(["rm", "-q", "flagstaff.yml"], in: repository) == 0)
            try commit("c8", in: repository)
            let (status, output, _) = try run(DiffCommand(base: "c8", head: "c6"), in: repository)
            #expect(status == ExitStatus.success)
            #expect(output.contains("\nThe base (c8) has no configuration of its own; it is read with the head's.\n"))
            #expect(output.contains("\nTenants\n  added WL\n"), "c8 has the broken WL.json of c7")
        }
    }

    /// The base has no configuration, and the head's names the enum where c9 moved it:
    /// the base is read with the head's, its enum where git saw it before the move.
    @Test func aBorrowedConfigurationFollowsAMovedFile() throws {
        try withRepository { repository in
            #expect(try git(["checkout", "-q", "c6", "--", "."], in: repository) == 0)
            #expect(try git(["rm", "-q", "flagstaff.yml"], in: repository) == 0)
            try commit("c8", in: repository)
            try write(Self.configuration.replacingOccurrences(of: "enum: Flags.swift", with: "enum: Sources/Flags.swift"), to: "flagstaff.yml", in: repository)
            try FileManager.default.createDirectory(at: repository.appendingPathComponent("Sources"), withIntermediateDirectories: true)
            #expect(try git(["mv", "Flags.swift", "Sources/Flags.swift"], in: repository) == 0)
            try commit("c9", in: repository)
            let (status, output, _) = try run(DiffCommand(base: "c8", head: "c9"), in: repository)
            #expect(status == ExitStatus.success)
            #expect(output.contains("The base (c8) has no configuration of its own; it is read with the head's.\n\nNo flag changes.\n"))
        }
    }

    @Test(arguments: DiffCommand.Format.allCases)
    func aKeyRenamedInTheSameCaseIsARename(format: DiffCommand.Format) throws {
        try withRepository { repository in
            // c8: c6 with ENABLE_SEARCH spelt ENABLE_FIND everywhere, and WL's search turned off in prod.
            #expect(try git(["checkout", "-q", "c6", "--", "."], in: repository) == 0)
            for file in ["Flags.swift", "catalog.md", "tenants/CHL.json", "tenants/JCL.json", "tenants/WL.json"] {
                let text = try String(contentsOf: repository.appendingPathComponent(file), encoding: .utf8)
                try write(text.replacingOccurrences(of: "ENABLE_SEARCH", with: "ENABLE_FIND"), to: file, in: repository)
            }
            let wl = #"{ "ENABLE_CHECKOUT": false, "ENABLE_WISHLIST": false, "overrides": { "dev": { "ENABLE_FIND": true }, "uat": { "ENABLE_FIND": true }, "prod": { "ENABLE_FIND": false } } }"#
            try write(wl, to: "tenants/WL.json", in: repository)
            try commit("c8", in: repository)
            let (status, output, _) = try run(DiffCommand(base: "c6", head: "c8", format: format), in: repository)
            #expect(status == ExitStatus.success)
            switch format {
            case .text:
                #expect(output.contains("\nFlags renamed (1)\n  ENABLE_SEARCH is now ENABLE_FIND, the same case in the code\n"))
                #expect(output.contains("  ENABLE_FIND turns off in prod for WL (was on)\n"))
                #expect(output.hasSuffix("\n1 flag changes: 1 cell in prod; 0 flags added, 0 removed\n"))
            case .md:
                #expect(output.contains("- `ENABLE_SEARCH` is now `ENABLE_FIND`, the same case in the code\n"))
            case .json:
                #expect(output.contains(#"{"old": "ENABLE_SEARCH", "new": "ENABLE_FIND"}"#))
                #expect(output.contains(#""flagsAdded": []"#))
            }
        }
    }

    @Test func failOnChangeGatesOnlyTheNamedEnvironments() throws {
        try withRepository { repository in
            let prod = try run(DiffCommand(base: "c1", head: "c2", failOnChange: ["dev", "prod"]), in: repository)
            #expect(prod.status == ExitStatus.failure)
            #expect(prod.error == "flagstaff: 2 cells in prod change (--fail-on-change)\n")
            let dev = try run(DiffCommand(base: "c1", head: "c2", failOnChange: ["dev", "uat"]), in: repository)
            #expect(dev.status == ExitStatus.success)
            #expect(dev.error.isEmpty)
            #expect(throws: FlagstaffError.usage("unknown environment 'prd' in --fail-on-change; did you mean 'prod'?")) {
                try run(DiffCommand(base: "c1", head: "c2", failOnChange: ["prd"]), in: repository)
            }
        }
    }

    @Test func aBadRevisionIsAUsageError() throws {
        try withRepository { repository in
            let error = #expect(throws: FlagstaffError.self) { try run(DiffCommand(base: "nope", head: "c2"), in: repository) }
            #expect(error == .usage("unknown revision 'nope'"))
            #expect(error?.exitCode == ExitStatus.usageOrIO)
            #expect(throws: FlagstaffError.usage("unknown revision 'c9'")) { try run(DiffCommand(base: "c1", head: "c9"), in: repository) }
            #expect(throws: FlagstaffError.usage("--limit must be a positive number of bytes, not 0")) {
                try run(DiffCommand(base: "c1", format: .md, limit: 0), in: repository)
            }
        }
    }

    @Test func byDefaultTheWorkingTreeIsComparedWithTheMergeBaseAndLeftAlone() throws {
        try withRepository { repository in
            try write(#"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH": true, "ENABLE_WISHLIST": false }"#, to: "tenants/WL.json", in: repository)
            let before = try snapshot(of: repository)
            let (status, output, _) = try run(DiffCommand(), in: repository)
            #expect(status == ExitStatus.success)
            #expect(output.hasPrefix("Flag changes from the merge base with main to the working tree\n"))
            #expect(output.contains("ENABLE_CHECKOUT turns on in prod for CHL, WL (was off)"))
            #expect(output.contains("ENABLE_CHECKOUT turns on in dev for WL (was off)"))
            #expect(try snapshot(of: repository) == before)
        }
    }

    @Test func withoutADefaultBranchTheBaseIsHead() throws {
        try withRepository { repository in
            #expect(try git(["branch", "-q", "-m", "main", "trunk"], in: repository) == 0)
            #expect(try git(["checkout", "-q", "c6"], in: repository) == 0)
            let (_, output, _) = try run(DiffCommand(), in: repository)
            #expect(output.hasPrefix("Flag changes from HEAD to the working tree\n\nNo flag changes.\n"))
        }
    }
}

/// The reports' writers, on diffs built in memory: escaping, colour, and the
/// Markdown limit on a synthetic change too large for one comment.
@Suite("flagstaff diff reports")
struct DiffReportTests {
    /// A diff of one string flag of one tenant, from `old` to `new`.
    static func stringDiff(from old: String, to new: String) throws -> WorkspaceDiff {
        func side(_ value: String) throws -> ResolvedMatrix? {
            let source = MemoryFileSource([
                "flagstaff.yml": "environments: [prod]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n",
                "F.swift": "enum F: String {\n    case banner = \"BANNER\"\n}\n",
                "c.md": "## Flags\n\n| Flag | Description |\n|---|---|\n| `BANNER` | x |\n",
                "t/A.json": "{ \"BANNER\": \"\(value)\" }",
            ])
            return try Workspace.load(configuration: try source.text(of: "flagstaff.yml"), file: "flagstaff.yml", from: source, root: URL(fileURLWithPath: "/")).matrix
        }
        return WorkspaceDiff(base: try side(old), baseDiagnostics: [], head: try side(new), headDiagnostics: [], asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
    }

    @Test func markdownEscapesValuesFromTheSources() throws {
        let text = DiffMarkdownRenderer.render(try Self.stringDiff(from: "<b>", to: "*x*|y"), base: "a`b", head: "h", all: false, fullReport: "x")
        #expect(text.contains("### Flag changes from a\\`b to `h`\n"))
        #expect(text.contains("- `BANNER` becomes **\\*x\\*\\|y** in `prod` for `A` (was \\<b\\>)\n"))
    }

    @Test func textIsColouredOnlyWhenAsked() throws {
        let diff = try Self.stringDiff(from: "a", to: "b")
        let plain = DiffTextRenderer.render(diff, base: "a", head: "b", all: true, colour: false)
        #expect(plain.contains("  BANNER becomes b in prod for A (was a)\n"))
        #expect(!plain.contains("\u{1B}"))
        let coloured = DiffTextRenderer.render(diff, base: "a", head: "b", all: true, colour: true)
        #expect(coloured.hasPrefix("\u{1B}[1mFlag changes from a to b\u{1B}[0m\n"))
        #expect(coloured.contains("  BANNER becomes \u{1B}[33mb\u{1B}[0m in prod for A (was a)\n"))
    }

    /// 300 flags, each turned on in prod for 40 tenants split into two groups with different old values.
    static func largeDiff(protected: [String] = []) throws -> WorkspaceDiff {
        let flags = (0..<300).map { "FLAG_\($0)" }
        let tenants = (0..<40).map { String(format: "T%02d", $0) }
        func side(_ value: (Int) -> String) throws -> ResolvedMatrix {
            var files = [
                "flagstaff.yml": "environments: [dev, prod]\nenum: F.swift\ncatalog: c.md\ntenants: t/*.json\n",
                "F.swift": "enum F: String {\n" + flags.map { "    case \($0.lowercased()) = \"\($0)\"\n" }.joined() + "}\n",
                "c.md": "## Flags\n\n| Flag | Description |\n|---|---|\n" + flags.map { "| `\($0)` | x |\n" }.joined(),
            ]
            for (index, tenant) in tenants.enumerated() {
                files["t/\(tenant).json"] = "{ " + flags.map { "\"\($0)\": \(value(index))" }.joined(separator: ", ") + " }"
            }
            let source = MemoryFileSource(files)
            let workspace = try Workspace.load(
                configuration: try source.text(of: "flagstaff.yml"), file: "flagstaff.yml", from: source, root: URL(fileURLWithPath: "/"))
            return try #require(workspace.matrix)
        }
        let base = try side { $0 % 2 == 0 ? "1" : "2" }
        let head = try side { _ in "3" }
        return WorkspaceDiff(
            base: base, baseDiagnostics: [], head: head, headDiagnostics: [], protected: protected, asOf: CalendarDate(year: 2026, month: 1, day: 1)!)
    }

    @Test func protectedEnvironmentsComeFirst() throws {
        #expect(try Self.largeDiff().environments == ["prod", "dev"])
        let diff = try Self.largeDiff(protected: ["dev"])
        #expect(diff.environments == ["dev", "prod"])
        #expect(diff.valueChanges.prefix(2).map(\.environment) == ["dev", "dev"])
    }

    @Test(arguments: [DiffMarkdownRenderer.commentLimit, 3_000])
    func aLargeChangeIsCutToTheLimitAndSaysWhatIsLeftOut(limit: Int) throws {
        let diff = try Self.largeDiff()
        let total = DiffSections.make(diff, style: .markdown, all: false, pathPrefix: "").reduce(0) { $0 + $1.lines.count }
        #expect(total == 1_200)
        let text = DiffMarkdownRenderer.render(diff, base: "main", head: "pr", all: false, limit: limit, fullReport: "[the job summary](https://example.com/run)")
        #expect(text.utf8.count <= limit)
        #expect(text.hasPrefix(DiffMarkdownRenderer.marker + "\n"))
        #expect(text.contains("**300 flags change: 12000 cells in prod, 12000 in dev; 0 flags added, 0 removed**"))
        let shown = text.split(separator: "\n").filter { $0.hasPrefix("- ") }.count
        #expect(text.hasSuffix("\n_\((total - shown).counted("more line")) left out to fit the comment limit. The full report: [the job summary](https://example.com/run)_\n"))
        #expect(text.components(separatedBy: "<details>").count == text.components(separatedBy: "</details>").count)
        #expect(text.utf8.count > limit - 200, "the cut uses the room there is")
    }

    @Test func aReportThatFitsIsWholeAndFoldsLongSections() throws {
        let diff = try Self.largeDiff()
        let text = DiffMarkdownRenderer.render(diff, base: "main", head: "pr", all: false, limit: 1 << 20, fullReport: "x")
        #expect(!text.contains("left out"))
        #expect(text.contains("\n<details><summary><b>Values the app gets (300 flags)</b></summary>\n\n- `FLAG_0` becomes **3** in `prod` for `T00`, `T02`,"))
        #expect(text.hasSuffix("- `FLAG_299` becomes **3** in `dev` for `T01`, `T03`, `T05`, `T07`, `T09`, `T11`, `T13`, `T15`, `T17`, `T19`, `T21`, `T23`, `T25`, `T27`, `T29`, `T31`, `T33`, `T35`, `T37`, `T39` (was 2)\n\n</details>\n"))
    }
}
