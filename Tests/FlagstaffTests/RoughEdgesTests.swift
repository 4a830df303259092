import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// What a new user met while trying the tool (issue 23, section 3): each test
/// shows the whole message or behaviour as it is now.
@Suite("Messages and rough edges")
struct RoughEdgesTests {
    /// Runs a library command on a workspace folder and returns its status and what it printed, paths made relative.
    func run(in root: URL, _ body: (String, Console) throws(FlagstaffError) -> Int32) throws -> (status: Int32, output: String, error: String) {
        let console = RecordingConsole()
        let status = try body(root.appendingPathComponent("flagstaff.yml").path, console.console())
        let prefix = root.path + "/"
        return (status, console.output.replacingOccurrences(of: prefix, with: ""), console.error.replacingOccurrences(of: prefix, with: ""))
    }

    /// Replaces text in a file of a workspace.
    func edit(_ path: String, in root: URL, _ old: String, _ new: String) throws {
        let url = root.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains(old), "\(path) has no '\(old)'")
        try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    }

    /// A Bool flag in the Media group.
    static var giftWrap: FlagDraft {
        var draft = FlagDraft()
        draft.caseName = "giftWrap"
        draft.group = "Media"
        draft.description = "Gift wrapping."
        return draft
    }

    @Test func aStartUpErrorIsPrefixedOnce() throws {
        try withCopy(of: "small") { root in
            try edit("flagstaff.yml", in: root, "enum: flags/Flags.swift", "enum: flags/Missing.swift")
            let result = try CrashRecoveryTests.flagstaff(["validate"], in: root)
            #expect(result.status == ExitStatus.usageOrIO)
            #expect(result.error == "flagstaff.yml:3:7: error: no such file 'flags/Missing.swift' (named by 'enum')\n1 error, 0 warnings\n")
        }
    }

    @Test func validateFixSaysWhatItFixedThenWhatRemains() throws {
        try withCopy(of: "small") { root in
            try edit("flags/catalog.md", in: root, "| `darkMode` | Dark appearance | Design |\n", "")
            try edit("flags/catalog.md", in: root, "| `ENABLE_MEDIA_LIBRARY` | Shared **media** library | Media squad |\n", "")
            try edit("flags/catalog.md", in: root, "| `ONBOARDING_VARIANT`", "| `ENABLE_MEDIA_LIBRARY` | Shared **media** library | Media squad |\n| `ONBOARDING_VARIANT`")
            let result = try run(in: root) { path, console throws(FlagstaffError) in
                try ValidateCommand(configurationPath: path, fix: true).run(console: console)
            }
            #expect(result.status == ExitStatus.success, "\(result.error)")
            #expect(result.output.hasPrefix("""
                updated flags/catalog.md
                fixed: added a catalog row for 'darkMode', with an empty description
                fixed: sorted the catalog's rows by key
                5 flags, 3 tenants, 3 environments: valid

                """))
            #expect(!result.error.contains("has no row in the catalog"), "the fixed error is not printed: \(result.error)")
            let again = try run(in: root) { path, console throws(FlagstaffError) in
                try ValidateCommand(configurationPath: path, fix: true).run(console: console)
            }
            #expect(again.output.hasPrefix("Nothing to fix.\n5 flags, 3 tenants, 3 environments: valid\n"))
        }
    }

    @Test func countsOfOneAreSingular() throws {
        try withCopy(of: "small") { root in
            try FileManager.default.removeItem(at: root.appendingPathComponent("tenants/BBB"))
            try FileManager.default.removeItem(at: root.appendingPathComponent("tenants/WL"))
            try edit("flagstaff.yml", in: root, "tenant_names: { WL: White Label }\n", "")
            let result = try run(in: root) { path, console throws(FlagstaffError) in try ValidateCommand(configurationPath: path).run(console: console) }
            #expect(result.output == "5 flags, 1 tenant, 3 environments: valid\n")
        }
        #expect(1.everyOne("tenant") == "the only tenant")
        #expect(2.everyOne("tenant") == "both tenants")
        #expect(3.everyOne("tenant") == "all 3 tenants")
    }

    @Test(arguments: [
        ("2026-02-30", "--as-of '2026-02-30' is not a date: February 2026 has 28 days"),
        ("2024-02-30", "--as-of '2024-02-30' is not a date: February 2024 has 29 days"),
        ("2026-11-31", "--as-of '2026-11-31' is not a date: November 2026 has 30 days"),
        ("2026-06-31", "--as-of '2026-06-31' is not a date: June 2026 has 30 days"),
        ("2026-09-31", "--as-of '2026-09-31' is not a date: September 2026 has 30 days"),
        ("2026-04-00", "--as-of '2026-04-00' is not a date: days start at 01"),
        ("2026-13-01", "--as-of '2026-13-01' is not a date: there is no month 13; months run from 01 to 12"),
        ("0000-01-01", "--as-of '0000-01-01' is not a date: years run from 0001 to 9999"),
        ("26-1-1", "--as-of '26-1-1' is not a date: write it as YYYY-MM-DD, such as 2026-03-31"),
    ])
    func anImpossibleDaySaysWhy(_ text: String, _ message: String) {
        #expect(throws: FlagstaffError.usage(message)) { try AsOfDate.parse(option: text) }
    }

    @Test func theCatalogHeadingWithTheTableWins() throws {
        try withCopy(of: "small") { root in
            try edit("flags/catalog.md", in: root, "# Catalog\n", "# Flags\n\nThe flags of the app, described below.\n")
            let result = try run(in: root) { path, console throws(FlagstaffError) in try ValidateCommand(configurationPath: path).run(console: console) }
            #expect(result.status == ExitStatus.success, "\(result.error)")
        }
    }

    @Test func aCatalogMayCallItsKeyColumnKey() throws {
        try withCopy(of: "small") { root in
            try edit("flags/catalog.md", in: root, "| Flag | Description | Owner |", "| Key | Description | Owner |")
            let valid = try run(in: root) { path, console throws(FlagstaffError) in try ValidateCommand(configurationPath: path).run(console: console) }
            #expect(valid.status == ExitStatus.success, "\(valid.error)")
            let draft = Self.giftWrap
            let added = try run(in: root) { path, console throws(FlagstaffError) in
                try NewCommand(configurationPath: path, draft: draft).run(console: console)
            }
            #expect(added.status == ExitStatus.success, "\(added.error)")
            let catalog = try String(contentsOf: root.appendingPathComponent("flags/catalog.md"), encoding: .utf8)
            #expect(catalog.hasSuffix("| `darkMode` | Dark appearance | Design |\n| `GIFT_WRAP` | Gift wrapping. |  |\n"))
        }
    }

    @Test func aTableWithoutAKeyColumnNamesTheAcceptedNames() throws {
        try withCopy(of: "small") { root in
            try edit("flags/catalog.md", in: root, "| Flag | Description | Owner |", "| Name | Description | Owner |")
            let result = try run(in: root) { path, console throws(FlagstaffError) in try ValidateCommand(configurationPath: path).run(console: console) }
            #expect(result.error.contains("flags/catalog.md:5:1: error: the catalog table has no column of flag keys; name it 'Flag' or 'Key'; columns found: Name, Description, Owner"))
        }
    }

    @Test func matrixFileIsWrittenBesideTheSourcesAndChecked() throws {
        try withCopy(of: "small") { root in
            try edit("flagstaff.yml", in: root, "output: out\n", "output: out\nmatrix_file: docs/FLAGS.md\n")
            let built = try run(in: root) { path, console throws(FlagstaffError) in try BuildCommand(configurationPath: path).run(console: console) }
            #expect(built.status == ExitStatus.success, "\(built.error)")
            #expect(built.output.hasSuffix("Wrote docs/FLAGS.md\n"))
            let copy = try String(contentsOf: root.appendingPathComponent("docs/FLAGS.md"), encoding: .utf8)
            #expect(try copy == String(contentsOf: root.appendingPathComponent("out/matrix.md"), encoding: .utf8))
            let fresh = try run(in: root) { path, console throws(FlagstaffError) in try BuildCommand(configurationPath: path, check: true).run(console: console) }
            #expect(fresh.output == "out is up to date (30 files, and docs/FLAGS.md)\n")
            try "\(MatrixMarkdownRenderer.generatedNotice)\nstale\n".write(to: root.appendingPathComponent("docs/FLAGS.md"), atomically: true, encoding: .utf8)
            let stale = try run(in: root) { path, console throws(FlagstaffError) in try BuildCommand(configurationPath: path, check: true).run(console: console) }
            #expect(stale.status == ExitStatus.failure)
            #expect(stale.error.hasSuffix("docs/FLAGS.md: differs from what the build makes; run `flagstaff build` and commit it\n"))
        }
    }

    @Test(arguments: [
        ("flags/catalog.md", "'matrix_file' ('flags/catalog.md') would overwrite the input 'flags/catalog.md'; choose a path of its own"),
        ("guide/matrix.md", "'matrix_file' ('guide/matrix.md') would overwrite the input 'guide'; choose a path of its own"),
        ("out/FLAGS.md", "'matrix_file' ('out/FLAGS.md') is inside the output folder, which has its own matrix.md; choose a path outside it"),
    ])
    func matrixFileNeverReplacesAnInput(_ path: String, _ message: String) throws {
        try withCopy(of: "small") { root in
            try edit("flagstaff.yml", in: root, "output: out\n", "output: out\nmatrix_file: \(path)\n")
            let before = try snapshot(of: root)
            #expect(throws: FlagstaffError.io(message)) {
                _ = try run(in: root) { path, console throws(FlagstaffError) in try BuildCommand(configurationPath: path).run(console: console) }
            }
            #expect(try snapshot(of: root) == before)
        }
    }

    @Test func listNeedsOnlyTheDeclarations() throws {
        try withCopy(of: "small") { root in
            try "{ broken".write(to: root.appendingPathComponent("tenants/AAA/FeatureFlags.defaults.json"), atomically: true, encoding: .utf8)
            try edit("flags/catalog.md", in: root, "| Flag | Description | Owner |", "| Flag | Owner |")
            let result = try run(in: root) { path, console throws(FlagstaffError) in try ListCommand(configurationPath: path).run(console: console) }
            #expect(result.status == ExitStatus.success, "\(result.error)")
            #expect(result.output.contains("ENABLE_MEDIA_LIBRARY  mediaLibrary       Media       ?"))
            #expect(result.error.contains("the catalog could not be read without errors, so its column shows '?'"))
            let json = try run(in: root) { path, console throws(FlagstaffError) in
                try ListCommand(configurationPath: path, format: .json).run(console: console)
            }
            #expect(json.output.contains("\"inCatalog\": null"))
        }
    }

    @Test func afterChangeIsToldWhatChanged() throws {
        try withCopy(of: "authoring") { root in
            try edit("flagstaff.yml", in: root, "output: out\n", "output: out\nafter_change: env | grep '^FLAGSTAFF_' | sort > after-change.txt\n")
            let draft = Self.giftWrap
            let added = try run(in: root) { path, console throws(FlagstaffError) in
                try NewCommand(configurationPath: path, draft: draft).run(console: console)
            }
            #expect(added.status == ExitStatus.success, "\(added.error)")
            let variables = try String(contentsOf: root.appendingPathComponent("after-change.txt"), encoding: .utf8)
            #expect(variables.contains("FLAGSTAFF_COMMAND=new\n"))
            #expect(variables.contains("FLAGSTAFF_FLAG_KEY=ENABLE_GIFT_WRAP\n"))
            #expect(variables.contains("FLAGSTAFF_FLAG_CASE=giftWrap\n"))
            #expect(variables.contains("FLAGSTAFF_CHANGED_FILES=flags/Flags.swift\n"))
            #expect(!variables.contains("FLAGSTAFF_TENANT="))
            let tenant = try run(in: root) { path, console throws(FlagstaffError) in
                try NewTenantCommand(configurationPath: path, id: "DDD").run(console: console)
            }
            #expect(tenant.status == ExitStatus.success, "\(tenant.error)")
            let second = try String(contentsOf: root.appendingPathComponent("after-change.txt"), encoding: .utf8)
            #expect(second.contains("FLAGSTAFF_COMMAND=new-tenant\n"))
            #expect(second.contains("FLAGSTAFF_TENANT=DDD\n"))
            #expect(second.contains("FLAGSTAFF_CHANGED_FILES=tenants/DDD/FeatureFlags.defaults.json\n"))
        }
    }

    @Test func theExampleEnumNamesACommandThatExists() throws {
        let text = try String(contentsOf: Fixtures.repositoryRoot.appendingPathComponent("content/flags/FeatureFlag.swift"), encoding: .utf8)
        #expect(!text.contains("flagstaff check"))
        #expect(text.contains("flagstaff validate"))
    }
}
