import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// A fixture's site, rendered in memory once per test run: path → text.
func renderedSite(configuration: String) throws(FlagstaffError) -> [String: String] {
    let workspace = try Workspace.load(configurationPath: configuration)
    let date = try AsOfDate.resolve(option: nil, configuration: workspace.configuration, environment: [:])
    let lifecycle = try LifecycleLoader.report(for: workspace, asOf: date)
    let files = try SiteBuilder.files(for: workspace, lifecycle: lifecycle)
    return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
}

@Suite("HTML site")
struct SiteTests {
    static let pages = [
        "index.html", "matrix.html", "404.html", "flags/enable_media_library.html", "flags/onboarding_variant.html",
        "tenants/index.html", "tenants/wl.html", "guide/index.html", "guide/start.html", "guide/second.html", "lifecycle.html",
        "how-to-read.html", "matrix-data.js", "matrix/prod/media-to-onboarding.html",
    ]

    /// The small fixture's site, rendered once for every page test.
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: Fixtures.configuration("small")) }

    @Test(arguments: pages)
    func pageMatchesGolden(_ page: String) throws {
        let html = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("small/site/\(page)", matches: html))
    }

    /// A flag page shows each tenant's values once, a value the same in every
    /// environment across the row, and, for engineers, where they are written:
    /// per tenant, the line most environments share first (read from the
    /// fixture's tenant files: ENABLE_MEDIA_LIBRARY at line 2, AAA's uat
    /// override at line 8, BBB's prod override at line 7); when no two tenants
    /// share a place, each is listed.
    @Test func aFlagPageShowsEachValueOnceAndWhereItIsWritten() throws {
        let page = try #require(try Self.site.get()["flags/enable_media_library.html"])
        #expect(page.contains("<tr id=t-aaa><th scope=\"row\"><a href=\"../tenants/aaa.html\">AAA</a><td>off<td class=yo>on ◆<td>off\n"))
        #expect(page.contains("<a href=\"../tenants/wl.html\">White Label</a><td colspan=3>off\n"), "WL's value is off in every environment")
        #expect(page.contains("""
            <li><span class="id">AAA</span> base :2; uat: override :8
            <li><span class="id">BBB</span> base :2; prod: override :7
            <li><span class="id">WL</span> base :2
            </ul>
            """))
        #expect(!page.contains("class=\"grid sources\""), "no second table of the same cells")
    }

    /// The matrix's data file and static tables hold no live markup from a
    /// workspace whose every human-written text is a script payload.
    @Test func theMatrixDataAndStaticTablesEscapeEveryPayload() throws {
        let site = try renderedSite(configuration: Fixtures.configuration("xss"))
        let data = try #require(site["matrix-data.js"])
        #expect(data.contains("window.__xss"), "the payloads are in the data, as text")
        #expect(!data.contains("<"), "no markup, and nothing that could end a script element")
        #expect(!data.contains("\u{2028}") && !data.contains("\u{2029}"))
        let tables = site.filter { $0.key.hasPrefix("matrix/") }
        #expect(!tables.isEmpty)
        for (path, html) in tables {
            for payload in ["<script>window", "<img", "<svg", "<iframe", "<b onmouseover"] {
                #expect(!html.contains(payload), "\(path) holds \(payload)")
            }
        }
        let prod = try #require(tables.first { $0.key.hasPrefix("matrix/prod/") }?.value)
        #expect(prod.contains("<td class=xo>&lt;script&gt;window.__xss=1&lt;/script&gt; ◆<td"), "a value is shown as text")
        // A quote with an accent joined to it (WL's name) is escaped on every page, in attributes too.
        let joined = Array("\"\u{301}".utf8)
        let pages = site.filter { $0.key.hasSuffix(".html") }
        #expect(pages.values.contains { $0.contains("window.__xss=1 x=") }, "WL's name is on the pages")
        for (path, html) in pages {
            let bytes = Array(html.utf8)
            #expect(!bytes.indices.contains { bytes[$0...].starts(with: joined) }, "\(path) holds a raw quote with an accent")
        }
    }

    @Test func guideVariablesAndLinksAreFilledIn() throws {
        let html = try #require(try Self.site.get()["guide/start.html"])
        #expect(html.contains("Small Flags covers 5 flags for 3 tenants (AAA, BBB, White Label) in dev, uat, prod."))
        #expect(html.contains("<a href=\"../flags/enable_media_library.html\"><code>ENABLE_MEDIA_LIBRARY</code></a> is on (override)"))
        #expect(html.contains("<a href=\"second.html#details\">the second page</a>"))
        #expect(html.contains("<code>NOT_A_FLAG</code> stays plain"))
    }

    /// A deprecation message that names a removal ("remove in 3.0") is shown as
    /// the code's own words, beside a plain statement that the catalog has none.
    @Test func aDeprecationMessageIsNotMistakenForARemoveBy() throws {
        try withCopy(of: "small") { workspace in
            let enumFile = workspace.appendingPathComponent("flags/Flags.swift")
            let text = try String(contentsOf: enumFile, encoding: .utf8)
            try text.replacingOccurrences(of: "    case darkMode", with: "    @available(*, deprecated, message: \"remove in 3.0\")\n    case darkMode")
                .write(to: enumFile, atomically: true, encoding: .utf8)
            let html = try #require(try renderedSite(configuration: workspace.appendingPathComponent("flagstaff.yml").path)["flags/darkmode.html"])
            #expect(html.contains("<p class=\"notice\"><strong>Deprecated in code.</strong> The Swift case is marked deprecated, with the message “remove in 3.0”.</p>"))
            #expect(html.contains("<div><dt><a href=\"../glossary.html#remove-by\">Remove by</a></dt><dd>The catalog has no Remove by column</dd></div>"))
            #expect(html.contains("<div><dt>The code says</dt><dd>“remove in 3.0” <span class=\"muted\">"))
            #expect(!html.contains("Not set</dd>"))
        }
    }

    @Test func unknownGuideVariableIsAPositionedError() throws {
        try withCopy(of: "small") { workspace in
            try write("# Oops\n\nWe have {{flag_cout}} flags and {{value ENABLE_X AAA uat}}.\n", to: "guide/03-oops.md", in: workspace)
            let loaded = try Workspace.load(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path)
            let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
            #expect(errors == [
                "guide/03-oops.md:3:9: error: unknown guide variable 'flag_cout'; did you mean 'flag_count'?",
                "guide/03-oops.md:3:33: error: unknown flag 'ENABLE_X' in {{value}}",
            ])
        }
    }

    @Test func fileNamesAreSafeAndUniqueOnCaseInsensitiveDisks() {
        let slugs = Slug.unique(["darkMode", "DARKMODE", "ENABLE_A", "../etc/passwd", "a/b", ""])
        #expect(slugs["ENABLE_A"] == "enable_a")
        #expect(slugs["darkMode"] != slugs["DARKMODE"])
        #expect(Set(slugs.values.map { $0.lowercased() }).count == slugs.count)
        for slug in slugs.values {
            #expect(!slug.contains("/") && !slug.contains("..") && !slug.isEmpty)
        }
        #expect(Slug.unique(["darkMode", "DARKMODE"]) == Slug.unique(["DARKMODE", "darkMode"]))
    }

    @Test func markdownIsRenderedSafely() {
        let html = MarkdownHTML.render("Hi <script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1))")
        #expect(!html.contains("<script"))
        #expect(!html.contains("<img"))
        #expect(!html.contains("javascript:"))
    }

    @Test func aTemplateOverrideReplacesOnlyThatTemplate() throws {
        try withTemporaryDirectory { templates in
            try write("<!DOCTYPE html><title>Custom 404</title><p>{{siteTitle}} lost it</p>\n", to: "404.mustache", in: templates)
            try withTemporaryDirectory { output in
                _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path, templates: templates.path)
                    .run(console: RecordingConsole().console())
                #expect(try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8)
                    == "<!DOCTYPE html><title>Custom 404</title><p>Small Flags lost it</p>\n")
                #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains("<h1>Small Flags</h1>"))
            }
        }
    }

    @Test func aTemplatesPathThatIsAFileIsAnError() throws {
        try withTemporaryDirectory { output in
            let file = Fixtures.configuration("small")
            #expect(throws: FlagstaffError.io("cannot read the templates folder '\(file)'")) {
                try BuildCommand(configurationPath: file, output: output.path, templates: file).run(console: RecordingConsole().console())
            }
        }
    }

    @Test func theThemeTravelsInsideTheBinary() throws {
        // Copy the built binary to one folder and a workspace to another that has no templates/.
        #expect(FileManager.default.isExecutableFile(atPath: Fixtures.binary.path), "no flagstaff binary at \(Fixtures.binary.path)")
        try withTemporaryDirectory { bin in
            let copiedBinary = bin.appendingPathComponent("flagstaff")
            try FileManager.default.copyItem(at: Fixtures.binary, to: copiedBinary)
            try withCopy(of: "small") { workspace in
                let process = Process()
                process.executableURL = copiedBinary
                process.arguments = ["build"]
                process.currentDirectoryURL = workspace
                process.standardError = FileHandle.nullDevice
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                process.waitUntilExit()
                #expect(process.terminationStatus == 0)
                let output = workspace.appendingPathComponent("out")
                for page in Self.pages + ["assets/style.css", "assets/site.js"] {
                    #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(page).path), "\(page)")
                }
            }
        }
    }

    /// Every cell links to its tenant's row on the flag page (`#t-chl.prod`), which costs about 40 KB here.
    @Test func theExampleMatrixPageStaysUnder350KB() throws {
        let site = try renderedSite(configuration: Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path)
        let size = try #require(site["matrix.html"]).utf8.count
        #expect(size < 350_000, "matrix.html is \(size) bytes")
    }

    @Test func everyInternalLinkResolves() throws {
        let site = try Self.site.get()
        for (path, html) in site where path.hasSuffix(".html") && path != "404.html" {
            let folder = URL(fileURLWithPath: "/site/" + path).deletingLastPathComponent()
            for chunk in html.components(separatedBy: "href=\"").dropFirst() {
                let href = String(chunk.prefix { $0 != "\"" && $0 != "#" })
                if href.isEmpty || href.contains(":") { continue }
                let target = folder.appendingPathComponent(href).standardizedFileURL.path
                #expect(target.hasPrefix("/site/") && site[String(target.dropFirst("/site/".count))] != nil, "\(path) links to \(href)")
            }
        }
    }
}

/// Every link into the glossary lands on an entry, whatever the workspace's
/// layers: legends and pages link each layer by its name.
@Suite("Glossary links")
struct GlossaryLinkTests {
    @Test(arguments: ["small", "hotels", "remote", "justtweak", "firebase-only", "swift-defaults-remote-key"])
    func everyLinkIntoTheGlossaryHasAnEntry(_ fixture: String) throws {
        let site = try renderedSite(configuration: Fixtures.configuration(fixture))
        let glossary = try #require(site["glossary.html"])
        var checked = 0
        for (path, page) in site where path.hasSuffix(".html") {
            for piece in page.components(separatedBy: "glossary.html#").dropFirst() {
                let anchor = String(piece.prefix { $0 != "\"" })
                #expect(glossary.contains("id=\"\(anchor)\""), "\(path) links to glossary.html#\(anchor), which has no entry")
                checked += 1
            }
        }
        #expect(checked > 0)
    }
}
