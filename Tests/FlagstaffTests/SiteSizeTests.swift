import Flagstaff
import Foundation
import Testing

/// The size limits of a build at a medium size (500 flags × 50 tenants × 6
/// environments, from `scripts/synth-workspace`), so CI holds them: no HTML
/// page over 2 MB, all HTML pages together at most `htmlBytesPerCellLimit`
/// bytes per cell (each cell is on its flag's page, its tenant's page and a
/// static matrix table; at this size each page's own parts weigh more per
/// cell than at 2,000 × 200 × 6, where the goal is 64), and `flags.json` at
/// most 20 bytes per cell, also when an external source may change every flag.
@Suite("Site size at 500 × 50 × 6")
struct SiteSizeTests {
    static let flags = 500, tenants = 50, environments = 6
    static let pageLimit = 2_000_000
    static let bytesPerCellLimit = 20.0
    static let htmlBytesPerCellLimit = 82.0

    @Test func noPageIsOverTheLimitAndFlagsJSONIsCompact() throws {
        try withTemporaryDirectory { folder in
            let generated = try run(
                "python3", ["scripts/synth-workspace", folder.path, "\(Self.flags)", "\(Self.tenants)", "\(Self.environments)"],
                in: Fixtures.repositoryRoot)
            try #require(generated.status == 0, "scripts/synth-workspace failed: \(generated.error)")
            let files = try renderedSite(configuration: folder.appendingPathComponent("flagstaff.yml").path)
            let pages = files.filter { $0.key.hasSuffix(".html") }
            #expect(pages.count > Self.flags + Self.tenants)
            #expect(pages["matrix.html"] != nil)
            for (path, page) in pages.sorted(by: { $0.key < $1.key }) {
                #expect(page.utf8.count <= Self.pageLimit, "\(path) has \(page.utf8.count) bytes")
            }
            let json = try #require(files["flags.json"])
            let cells = Double(Self.flags * Self.tenants * Self.environments)
            let html = pages.values.reduce(0) { $0 + $1.utf8.count }
            #expect(Double(html) / cells <= Self.htmlBytesPerCellLimit, "the HTML pages have \(html) bytes for \(Int(cells)) cells")
            #expect(Double(json.utf8.count) / cells <= Self.bytesPerCellLimit, "flags.json has \(json.utf8.count) bytes for \(Int(cells)) cells")

            // A source Flagstaff cannot see that may change every flag makes every
            // cell "may be changed by": flags.json says so once per flag, not per cell.
            let configuration = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
            try (text + "\nexternal:\n  launchdarkly: { name: LaunchDarkly, flags: all }\n").write(to: configuration, atomically: true, encoding: .utf8)
            let external = try renderedSite(configuration: configuration.path)
            let externalJSON = try #require(external["flags.json"])
            #expect(externalJSON.contains("\"changeNotes\": {\"x\": \"may be changed by LaunchDarkly\"}"))
            #expect(
                Double(externalJSON.utf8.count) / cells <= Self.bytesPerCellLimit,
                "with an external source, flags.json has \(externalJSON.utf8.count) bytes for \(Int(cells)) cells")
            for (path, page) in external where path.hasSuffix(".html") {
                #expect(page.utf8.count <= Self.pageLimit, "with an external source, \(path) has \(page.utf8.count) bytes")
            }
        }
    }
}
