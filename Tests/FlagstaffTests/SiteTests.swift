import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

@Suite("HTML site")
struct SiteTests {
    static let pages = [
        "index.html", "matrix.html", "404.html", "flags/enable_media_library.html", "flags/onboarding_variant.html",
        "tenants/index.html", "tenants/wl.html", "guide/index.html", "guide/start.html", "guide/second.html", "lifecycle.html",
    ]

    @Test(arguments: pages)
    func pageMatchesGolden(_ page: String) throws {
        let output = try Fixtures.temporaryDirectory()
        #expect(try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
            .run(console: RecordingConsole().console()) == ExitStatus.success)
        let html = try String(contentsOf: output.appendingPathComponent(page), encoding: .utf8)
        #expect(try Fixtures.golden("small/site/\(page)", matches: html))
    }

    @Test func guideVariablesAndLinksAreFilledIn() throws {
        let output = try Fixtures.temporaryDirectory()
        _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
            .run(console: RecordingConsole().console())
        let html = try String(contentsOf: output.appendingPathComponent("guide/start.html"), encoding: .utf8)
        #expect(html.contains("Small Flags covers 5 flags for 3 tenants (AAA, BBB, White Label (WL)) in dev, uat, prod."))
        #expect(html.contains("<a href=\"../flags/enable_media_library.html\"><code>ENABLE_MEDIA_LIBRARY</code></a> is on (override)"))
        #expect(html.contains("<a href=\"second.html#details\">the second page</a>"))
        #expect(html.contains("<code>NOT_A_FLAG</code> stays plain"))
    }

    @Test func unknownGuideVariableIsAPositionedError() throws {
        let workspace = try Fixtures.copy("small")
        try "# Oops\n\nWe have {{flag_cout}} flags and {{value ENABLE_X AAA uat}}.\n"
            .write(to: workspace.appendingPathComponent("guide/03-oops.md"), atomically: true, encoding: .utf8)
        let loaded = try Workspace.load(configurationPath: workspace.appendingPathComponent("flagstaff.yml").path)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.map(\.description)
        #expect(errors == [
            "guide/03-oops.md:3:9: error: unknown guide variable 'flag_cout'; did you mean 'flag_count'?",
            "guide/03-oops.md:3:33: error: unknown flag 'ENABLE_X' in {{value}}",
        ])
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
        let templates = try Fixtures.temporaryDirectory()
        try "<!DOCTYPE html><title>Custom 404</title><p>{{siteTitle}} lost it</p>\n"
            .write(to: templates.appendingPathComponent("404.mustache"), atomically: true, encoding: .utf8)
        let output = try Fixtures.temporaryDirectory()
        _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path, templates: templates.path)
            .run(console: RecordingConsole().console())
        #expect(try String(contentsOf: output.appendingPathComponent("404.html"), encoding: .utf8)
            == "<!DOCTYPE html><title>Custom 404</title><p>Small Flags lost it</p>\n")
        #expect(try String(contentsOf: output.appendingPathComponent("index.html"), encoding: .utf8).contains("<h1>Small Flags</h1>"))
    }

    @Test func theThemeTravelsInsideTheBinary() throws {
        // Copy the built binary to one folder and a workspace to another that has no templates/.
        let binary = Fixtures.repositoryRoot.appendingPathComponent(".build/debug/flagstaff")
        let bin = try Fixtures.temporaryDirectory()
        let copiedBinary = bin.appendingPathComponent("flagstaff")
        try FileManager.default.copyItem(at: binary, to: copiedBinary)
        let workspace = try Fixtures.copy("small")
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

    @Test func theExampleMatrixPageStaysUnder300KB() throws {
        let output = try Fixtures.temporaryDirectory()
        let configuration = Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path
        #expect(try BuildCommand(configurationPath: configuration, output: output.path)
            .run(console: RecordingConsole().console()) == ExitStatus.success)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("matrix.html").path)[.size] as? Int)
        #expect(size < 300_000, "matrix.html is \(size) bytes")
    }

    @Test func everyInternalLinkResolves() throws {
        let output = try Fixtures.temporaryDirectory()
        _ = try BuildCommand(configurationPath: Fixtures.configuration("small"), output: output.path)
            .run(console: RecordingConsole().console())
        let files = try snapshot(of: output)
        for (path, data) in files where path.hasSuffix(".html") && path != "404.html" {
            let html = String(decoding: data, as: UTF8.self)
            for chunk in html.components(separatedBy: "href=\"").dropFirst() {
                let href = String(chunk.prefix { $0 != "\"" && $0 != "#" })
                if href.isEmpty || href.contains(":") { continue }
                let target = output.appendingPathComponent(path).deletingLastPathComponent()
                    .appendingPathComponent(href).standardizedFileURL.path
                #expect(FileManager.default.fileExists(atPath: target), "\(path) links to \(href)")
            }
        }
    }
}
