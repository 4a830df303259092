import Foundation
import Testing

/// A repository the history tests build from a script of commits with known
/// authors, dates and changes. The expected histories in the tests are written
/// from this script, by reading it, not from Flagstaff's output.
///
/// The workspace: environments uat and prod; flags ENABLE_CHECKOUT, ENABLE_SEARCH
/// and MAX_ITEMS; tenants CHL (Chalet), JLC (Jolie) and WL (White Label), one
/// folder each (`tenants/*/defaults.json`). The commits, oldest first, on `main`:
///
/// | # | Day (committer's zone) | Author | Subject | What it does to the values |
/// |---|---|---|---|---|
/// | 0 | 2026-01-02 | Ana Lopez | Start the app | README only: no workspace yet |
/// | 1 | 2026-01-05 | Ana Lopez | Add the flag sources | history starts: 3 flags, 3 tenants, 2 environments |
/// | 2 | 2026-01-12 | Ben Ode | Explain the app in the README | nothing |
/// | 3 | 2026-02-02 | Ana Lopez | Enable checkout for CHL in prod | ENABLE_CHECKOUT prod CHL off (base) → on (override) |
/// | 4 | 2026-02-10 | Cleo Brun | Move JLC search into overrides | ENABLE_SEARCH prod and uat JLC on: base → override, same value |
/// | 5 | 2026-03-01 | Ben Ode | Add the wishlist flag | ENABLE_WISHLIST added: on for CHL; off for JLC, WL (WL by fallback) |
/// | 6 | 2026-03-05 | Ana Lopez | Half-edit WL | WL's file does not parse: its values are unknown |
/// | 7 | 2026-03-09 | Ana Lopez | Fix WL and enable its checkout | WL readable again; ENABLE_CHECKOUT prod and uat WL off → on (base) |
/// | 8 | 2026-03-15 | Cleo Brun | Raise the item limit in prod with Remote Config | MAX_ITEMS prod: CHL, JLC 10 → 20, WL 5 → 20 (base → remote); template version 3 |
/// | 9 | 2026-04-01 | Ben Ode | Rename Jolie's folder to JOL | tenant JLC renamed to JOL |
/// | 10 | 2026-04-03 | Ana Lopez | Move the enum file | Flags.swift moves but the configuration still names it: every value unknown |
/// | 11 | 2026-04-04 | Ana Lopez | Point the configuration at the moved enum | every value readable again, none changed |
/// | 12 | 2026-04-10 | Ben Ode | Rename the search key | ENABLE_SEARCH renamed to ENABLE_SEARCH_V2 |
/// | 13 | 2026-04-16 | Ben Ode | Tidy the README | nothing |
/// | 14 | 2026-04-20 | Ana Lopez | Merge branch 'wl-wishlist' | a merge: ENABLE_WISHLIST uat and prod WL off (fallback) → on (base) |
/// | 15 | 2026-05-02 | Ben Ode | Retire the wishlist flag | ENABLE_WISHLIST removed: on for CHL, WL; off for JOL |
///
/// Branch `wl-wishlist` leaves from 12 with one commit by Dana Vu on 2026-04-15,
/// "Turn the wishlist on for WL", which commit 14 merges.
enum HistoryFixture {
    /// The subjects of the commits on `main`, oldest first.
    static let subjects = [
        "Start the app", "Add the flag sources", "Explain the app in the README", "Enable checkout for CHL in prod",
        "Move JLC search into overrides", "Add the wishlist flag", "Half-edit WL", "Fix WL and enable its checkout",
        "Raise the item limit in prod with Remote Config", "Rename Jolie's folder to JOL", "Move the enum file",
        "Point the configuration at the moved enum", "Rename the search key", "Tidy the README", "Merge branch 'wl-wishlist'",
        "Retire the wishlist flag",
    ]

    static func configuration(enumFile: String, remote: Bool, jolie: String) -> String {
        """
        title: History
        environments: [uat, prod]
        enum: \(enumFile)
        catalog: catalog.md
        tenants: tenants/*/defaults.json
        tenant_names: { CHL: Chalet, \(jolie): Jolie, WL: White Label }
        lifecycle: { as_of: 2026-06-01, added_from_git: false }
        output: site
        history: { recent_days: 60 }

        """ + (remote ? "remote_config:\n  templates: { prod: remote/prod.json }\n  tenant_signal: tenant\n" : "")
    }

    static func enumFile(search: String, wishlist: Bool) -> String {
        "enum FeatureFlag: String {\n    case checkout = \"ENABLE_CHECKOUT\"\n    case search = \"\(search)\"\n    case maxItems = \"MAX_ITEMS\"\n"
            + (wishlist ? "    case wishlist = \"ENABLE_WISHLIST\"\n" : "") + "}\n"
    }

    static func catalog(search: String, wishlist: Bool) -> String {
        "## Flags\n\n| Flag | Description | Owner |\n|---|---|---|\n| `ENABLE_CHECKOUT` | Checkout in the app | Ana |\n"
            + "| `\(search)` | Search the catalogue | Ben |\n| `MAX_ITEMS` | How many items a basket holds | Cleo |\n"
            + (wishlist ? "| `ENABLE_WISHLIST` | Wishlists | Ben |\n" : "")
    }

    static let template = """
        {
          "conditions": [],
          "parameters": {
            "MAX_ITEMS": { "defaultValue": { "value": "20" }, "valueType": "NUMBER" }
          },
          "version": {
            "versionNumber": "3",
            "updateTime": "2026-03-15T09:00:00Z",
            "updateUser": { "email": "ops@shop.example" },
            "description": "Raise the item limit"
          }
        }

        """

    /// Builds the repository in `folder` (which must exist and be empty).
    static func build(in folder: URL) throws {
        let repository = ScriptedRepository(folder: folder)
        try repository.git(["init", "-q", "-b", "main"])
        try repository.file("README.md", "# Shop\n")
        try repository.commit(0, author: "Ana Lopez", date: "2026-01-02T10:00:00+01:00")

        try repository.file("flagstaff.yml", configuration(enumFile: "Flags.swift", remote: false, jolie: "JLC"))
        try repository.file("Flags.swift", enumFile(search: "ENABLE_SEARCH", wishlist: false))
        try repository.file("catalog.md", catalog(search: "ENABLE_SEARCH", wishlist: false))
        try repository.file("tenants/CHL/defaults.json", #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "MAX_ITEMS": 10 }"# + "\n")
        try repository.file("tenants/JLC/defaults.json", #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "MAX_ITEMS": 10 }"# + "\n")
        try repository.file("tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": false, "MAX_ITEMS": 5 }"# + "\n")
        try repository.commit(1, author: "Ana Lopez", date: "2026-01-05T09:00:00+01:00")

        try repository.file("README.md", "# Shop\n\nThe shop's iOS app.\n")
        try repository.commit(2, author: "Ben Ode", date: "2026-01-12T15:00:00-05:00")

        try repository.file(
            "tenants/CHL/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "MAX_ITEMS": 10, "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"# + "\n")
        // Half past midnight in Paris is still the day before in UTC: the day is the committer's.
        try repository.commit(3, author: "Ana Lopez", date: "2026-02-02T00:30:00+02:00")

        try repository.file(
            "tenants/JLC/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "MAX_ITEMS": 10, "overrides": { "uat": { "ENABLE_SEARCH": true }, "prod": { "ENABLE_SEARCH": true } } }"#
                + "\n")
        try repository.commit(4, author: "Cleo Brun", date: "2026-02-10T11:00:00+01:00")

        try repository.file("Flags.swift", enumFile(search: "ENABLE_SEARCH", wishlist: true))
        try repository.file("catalog.md", catalog(search: "ENABLE_SEARCH", wishlist: true))
        try repository.file(
            "tenants/CHL/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH": true, "MAX_ITEMS": 10, "ENABLE_WISHLIST": true, "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"#
                + "\n")
        try repository.file(
            "tenants/JLC/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "MAX_ITEMS": 10, "ENABLE_WISHLIST": false, "overrides": { "uat": { "ENABLE_SEARCH": true }, "prod": { "ENABLE_SEARCH": true } } }"#
                + "\n")
        try repository.commit(5, author: "Ben Ode", date: "2026-03-01T10:00:00+01:00")

        try repository.file("tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH": false,"# + "\n")
        try repository.commit(6, author: "Ana Lopez", date: "2026-03-05T10:00:00+01:00")

        try repository.file("tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH": false, "MAX_ITEMS": 5 }"# + "\n")
        try repository.commit(7, author: "Ana Lopez", date: "2026-03-09T10:00:00+01:00")

        try repository.file("flagstaff.yml", configuration(enumFile: "Flags.swift", remote: true, jolie: "JLC"))
        try repository.file("remote/prod.json", template)
        try repository.commit(8, author: "Cleo Brun", date: "2026-03-15T10:00:00+01:00")

        try repository.git(["mv", "tenants/JLC", "tenants/JOL"])
        try repository.file("flagstaff.yml", configuration(enumFile: "Flags.swift", remote: true, jolie: "JOL"))
        try repository.commit(9, author: "Ben Ode", date: "2026-04-01T10:00:00+02:00")

        try repository.git(["mv", "Flags.swift", "FeatureFlags.swift"])
        try repository.commit(10, author: "Ana Lopez", date: "2026-04-03T10:00:00+02:00")

        try repository.file("flagstaff.yml", configuration(enumFile: "FeatureFlags.swift", remote: true, jolie: "JOL"))
        try repository.commit(11, author: "Ana Lopez", date: "2026-04-04T10:00:00+02:00")

        try repository.file("FeatureFlags.swift", enumFile(search: "ENABLE_SEARCH_V2", wishlist: true))
        try repository.file("catalog.md", catalog(search: "ENABLE_SEARCH_V2", wishlist: true))
        for path in ["tenants/CHL/defaults.json", "tenants/JOL/defaults.json", "tenants/WL/defaults.json"] {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            try repository.file(path, text.replacingOccurrences(of: "\"ENABLE_SEARCH\"", with: "\"ENABLE_SEARCH_V2\""))
        }
        try repository.commit(12, author: "Ben Ode", date: "2026-04-10T10:00:00+02:00")

        try repository.git(["checkout", "-q", "-b", "wl-wishlist"])
        try repository.file(
            "tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH_V2": false, "MAX_ITEMS": 5, "ENABLE_WISHLIST": true }"# + "\n")
        try repository.commit(subject: "Turn the wishlist on for WL", author: "Dana Vu", date: "2026-04-15T10:00:00+02:00")
        try repository.git(["checkout", "-q", "main"])

        try repository.file("README.md", "# Shop\n\nThe shop's iOS app, for three brands.\n")
        try repository.commit(13, author: "Ben Ode", date: "2026-04-16T10:00:00+02:00")

        try repository.merge("wl-wishlist", subject: subjects[14], author: "Ana Lopez", date: "2026-04-20T10:00:00+02:00")

        try repository.file("FeatureFlags.swift", enumFile(search: "ENABLE_SEARCH_V2", wishlist: false))
        try repository.file("catalog.md", catalog(search: "ENABLE_SEARCH_V2", wishlist: false))
        try repository.file(
            "tenants/CHL/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "ENABLE_SEARCH_V2": true, "MAX_ITEMS": 10, "overrides": { "prod": { "ENABLE_CHECKOUT": true } } }"# + "\n")
        try repository.file(
            "tenants/JOL/defaults.json",
            #"{ "ENABLE_CHECKOUT": false, "MAX_ITEMS": 10, "overrides": { "uat": { "ENABLE_SEARCH_V2": true }, "prod": { "ENABLE_SEARCH_V2": true } } }"#
                + "\n")
        try repository.file("tenants/WL/defaults.json", #"{ "ENABLE_CHECKOUT": true, "ENABLE_SEARCH_V2": false, "MAX_ITEMS": 5 }"# + "\n")
        try repository.commit(15, author: "Ben Ode", date: "2026-05-02T10:00:00+02:00")
    }
}

/// A repository a test writes commit by commit, each with its own author and date.
struct ScriptedRepository {
    let folder: URL

    /// Writes a file, creating its folders.
    func file(_ path: String, _ text: String) throws {
        try write(text, to: path, in: folder)
    }

    /// Commits everything as the fixture's commit number `number`.
    func commit(_ number: Int, author: String, date: String) throws {
        try commit(subject: HistoryFixture.subjects[number], author: author, date: date)
    }

    /// Commits everything with a subject, an author and a date (author and committer alike).
    func commit(subject: String, author: String, date: String) throws {
        try git(["add", "-A"])
        try git(["commit", "-q", "--allow-empty", "-m", subject], author: author, date: date)
    }

    /// Merges a branch with a merge commit.
    func merge(_ branch: String, subject: String, author: String, date: String) throws {
        try git(["merge", "-q", "--no-ff", "-m", subject, branch], author: author, date: date)
    }

    /// Runs git; a failure fails the test.
    func git(_ arguments: [String], author: String = "Test", date: String? = nil) throws {
        let email = author.lowercased().replacingOccurrences(of: " ", with: ".") + "@shop.example"
        var environment = ["GIT_AUTHOR_NAME": author, "GIT_AUTHOR_EMAIL": email, "GIT_COMMITTER_NAME": author, "GIT_COMMITTER_EMAIL": email]
        if let date {
            environment["GIT_AUTHOR_DATE"] = date
            environment["GIT_COMMITTER_DATE"] = date
        }
        let result = try run("git", ["-c", "commit.gpgsign=false", "-c", "core.autocrlf=false"] + arguments, in: folder, environment: environment)
        #expect(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.error)")
    }
}
