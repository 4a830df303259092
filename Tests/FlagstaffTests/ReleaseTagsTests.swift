import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// A team that tags its releases (`history: { release_tags: "v*" }`): a change
/// to a bundled value says which release shipped it, or that none has yet.
/// The script: c1 on 1 Sep (checkout off for both brands), tagged v5.3 (an
/// annotated tag made on 5 Sep); c2 on 10 Sep turns it on for WL, tagged v5.4
/// (lightweight, so its day is c2's); c3 on 20 Sep turns it on for CHL, no tag.
@Suite("Release tags on flag pages")
struct ReleaseTagsTests {
    func withRepository<Result>(pattern: String = "v*", _ body: (URL) throws -> Result) throws -> Result {
        try withTemporaryDirectory { repository in
            func commit(_ subject: String, _ date: String) throws {
                #expect(try git(["add", "-A"], in: repository) == 0)
                #expect(try git(["commit", "-q", "-m", subject], in: repository, date: date) == 0)
            }
            try write(
                """
                environments: [prod]
                enum: Flags.swift
                catalog: catalog.md
                tenants: tenants/*.json
                lifecycle: { as_of: 2026-11-23, added_from_git: false }
                history: { release_tags: "\(pattern)" }

                """, to: "flagstaff.yml", in: repository)
            try write("enum FeatureFlag: String {\n    case checkout = \"ENABLE_CHECKOUT\"\n}\n", to: "Flags.swift", in: repository)
            try write("## Flags\n\n| Flag | Description |\n|---|---|\n| `ENABLE_CHECKOUT` | Checkout |\n", to: "catalog.md", in: repository)
            for tenant in ["CHL", "WL"] { try write(#"{ "ENABLE_CHECKOUT": false }"#, to: "tenants/\(tenant).json", in: repository) }
            #expect(try git(["init", "-q", "-b", "main"], in: repository) == 0)
            try commit("Start", "2026-09-01T10:00:00Z")
            #expect(try git(["tag", "-a", "v5.3", "-m", "5.3"], in: repository, date: "2026-09-05T10:00:00Z") == 0)
            try write(#"{ "ENABLE_CHECKOUT": true }"#, to: "tenants/WL.json", in: repository)
            try commit("Checkout for WL", "2026-09-10T10:00:00Z")
            #expect(try git(["tag", "v5.4"], in: repository) == 0)
            try write(#"{ "ENABLE_CHECKOUT": true }"#, to: "tenants/CHL.json", in: repository)
            try commit("Checkout for CHL", "2026-09-20T10:00:00Z")
            return try body(repository)
        }
    }

    /// A pattern no tag matches (or a clone that fetched no tags) says nothing of
    /// releases: "in no tagged release yet" would be a guess.
    @Test func withoutAMatchingTagNoReleaseIsClaimed() throws {
        try withRepository(pattern: "release/*") { repository in
            let output = repository.appendingPathComponent("site")
            let status = try BuildCommand(configurationPath: repository.appendingPathComponent("flagstaff.yml").path, output: output.path)
                .run(console: RecordingConsole().console())
            #expect(status == ExitStatus.success)
            let page = try String(contentsOf: output.appendingPathComponent("flags/enable_checkout.html"), encoding: .utf8)
            #expect(!page.contains("tagged release"))
            #expect(page.contains("On (its base value) for CHL, committed on 20 Sep 2026; reaches people with the app&#39;s next release after that"))
        }
    }

    @Test func aFlagPageSaysWhichReleaseShippedAChange() throws {
        try withRepository { repository in
            let output = repository.appendingPathComponent("site")
            let status = try BuildCommand(configurationPath: repository.appendingPathComponent("flagstaff.yml").path, output: output.path)
                .run(console: RecordingConsole().console())
            #expect(status == ExitStatus.success)
            let page = try String(contentsOf: output.appendingPathComponent("flags/enable_checkout.html"), encoding: .utf8)
            #expect(page.contains("On (its base value) for WL, committed on 10 Sep 2026; shipped in release v5.4 (tagged 10 Sep 2026)"), "\(page)")
            #expect(page.contains("On (its base value) for CHL, committed on 20 Sep 2026; in no tagged release yet: it reaches people with the next one"))
        }
    }
}
