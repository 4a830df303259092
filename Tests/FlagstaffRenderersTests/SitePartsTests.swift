import FlagstaffCore
@testable import FlagstaffRenderers
import Testing

/// The small pieces issue 27 added to the site: reasons in words, the style
/// that names environments on phones, compare links, and pages with several
/// pieces of written HTML.
@Suite("Site parts")
struct SitePartsTests {
    /// The template context tests' model: its prod template sends ten percent of devices `ENABLE_A` off.
    @Test func aVaryingCellSaysEachValueAndWhen() throws {
        let renderer = try TemplateContextTests.renderer()
        let white = try #require(renderer.model.tenant("WL"))
        let resolution = renderer.matrix.resolution(renderer.model.flags[0], white, "prod")
        #expect(resolution.isVarying)
        #expect(renderer.reasons.reason(resolution, environment: "prod", flag: renderer.model.flags[0]) == "off for “Ten percent” (a random 10% of devices); otherwise on")
        let dev = renderer.matrix.resolution(renderer.model.flags[0], white, "dev")
        #expect(renderer.reasons.reason(dev, environment: "dev", flag: renderer.model.flags[0]) == nil, "the mark says it all")
    }

    @Test func aFixedRemoteValueNamesItsConditionAndWhatTheAppShips() {
        let here = SourceLocation.start(of: "prod.json")
        let byApp = RemoteExpression(text: "app.id == '1:1:ios:wl'", parts: [.init(kind: .appID(isIn: true, ["1:1:ios:wl"]), text: "app.id == '1:1:ios:wl'", location: here)])
        let parameters = [
            RemoteParameter(
                name: "ENABLE_A", defaultValue: nil,
                conditionalValues: [.init(condition: "WL 'launch'", value: RemoteValue(.value("true"), at: here), location: here)], location: here),
            RemoteParameter(name: "COUNT_B", defaultValue: RemoteValue(.value("2"), at: here), location: here),
        ]
        let remote = RemoteConfig(
            templates: ["prod": RemoteTemplate(file: "prod.json", conditions: [RemoteCondition(name: "WL 'launch'", expression: byApp, location: here)], parameters: parameters)],
            recognitions: ["WL": TenantRecognition(appID: "1:1:ios:wl")])
        let flags = [Flag(key: "ENABLE_A", caseName: "a", location: here), Flag(key: "COUNT_B", caseName: "b", location: here)]
        let tenant = Tenant(
            id: "WL", name: "White Label", file: "wl.json", base: ["ENABLE_A": Build.setting(.bool(false)), "COUNT_B": Build.setting(.integer(0))])
        let model = FlagModel(
            title: "T", environments: ["dev", "prod"], flagEnums: [FlagEnum(name: "F", hasStringRawValues: true, flags: flags)],
            catalog: Catalog(columns: ["Flag", "Description"], entries: [], location: here), tenants: [tenant], remoteConfig: remote)
        let matrix = ResolvedMatrix(model: model)
        let reasons = CellReasons(model: model)
        let decided = matrix.resolution(flags[0], tenant, "prod")
        #expect(reasons.reason(decided, environment: "prod", flag: flags[0]) == "set by remote config for “WL 'launch'” (White Label's app); without remote config: off")
        #expect(reasons.reason(matrix.resolution(flags[1], tenant, "prod"), environment: "prod", flag: flags[1]) == "set by remote config for everyone; without remote config: 0")
        #expect(reasons.reason(decided, environment: "dev", flag: flags[0]) == "condition 'WL 'launch''; without remote config: off", "a condition of no template keeps the layer's words")
        #expect(reasons.reason(matrix.resolution(flags[0], tenant, "dev"), environment: "dev", flag: flags[0]) == nil)
    }

    @Test func environmentNamesCannotLeaveTheirCSSString() {
        #expect(PageLayoutNames.css("prod") == "prod")
        #expect(PageLayoutNames.css("pre prod-2_b") == "pre prod-2_b")
        #expect(PageLayoutNames.css("a\"b") == "a\\22 b")
        #expect(PageLayoutNames.css("</style><script>") == "\\3c \\2f style\\3e \\3c script\\3e ")
        #expect(PageLayoutNames.css("é\\") == "\\e9 \\5c ")
    }

    @Test func compareLinksEscapeTheirValues() {
        #expect(ComparePage.href(tenant: "URB", from: "staging", to: "prod", root: "../") == "../compare.html#tenant=URB&from=staging&to=prod")
        #expect(ComparePage.href(tenant: "A&B", with: "Ü x", in: "pre=prod", root: "") == "compare.html#tenant=A%26B&with=%C3%9C%20x&env=pre%3Dprod")
    }

    @Test func eachPieceOfWrittenHTMLGoesToItsOwnMarker() {
        let page = "<a>\(WrittenHTML.marker(1))</a><b>\(WrittenHTML.marker(0))</b>\(WrittenHTML.marker(0))\(WrittenHTML.marker(2))"
        #expect(WrittenHTML.place([Array("zero".utf8), Array("one".utf8)], in: page)
            == Array("<a>one</a><b>zero</b>zero\(WrittenHTML.marker(2))".utf8), "a marker without a piece stays")
        #expect(WrittenHTML.place([Array("x".utf8)], in: "\u{E000}flagstaff-written-html-\u{E000}") == Array("\u{E000}flagstaff-written-html-\u{E000}".utf8))
    }

    /// The legend and the how-to page link every layer to its glossary entry, and the glossary has them.
    @Test func everyLayerHasAGlossaryEntry() throws {
        let renderer = try TemplateContextTests.renderer()
        let glossary = GlossaryPage(renderer)
        let anchors = Set(glossary.groups.flatMap(\.entries).map(\.anchor))
        for entry in renderer.layout(path: "index.html", title: "", section: nil).legend {
            #expect(anchors.contains(entry.term), "no glossary entry for \(entry.label)")
        }
        // "Partly seen" and "not in production" are glossed where a flag has them (the JustTweak
        // golden glossary shows the first; NotInBuildTests checks the second).
        for status in LifecycleStatus.allCases where ![.partlySeen, .notInProduction].contains(status) { #expect(anchors.contains(status.rawValue)) }
        #expect(anchors.count == glossary.groups.flatMap(\.entries).count, "anchors are unique")
    }

    /// A flag renamed twice (A, then B, now C) names both earlier keys on its page, newest first.
    @Test func aFlagRenamedTwiceNamesEachEarlierKey() {
        let entries = [("aaaaaaa", "2026-01-10", nil), ("bbbbbbb", "2026-02-05", ("A", "B")), ("ccccccc", "2026-04-10", ("B", "C"))].map { id, day, rename in
            let commit = HistoryCommit(
                id: id + String(repeating: "0", count: 33), time: day + "T10:00:00Z", day: CalendarDate(parsing: day)!, author: "Ann", email: "ann@x",
                subject: rename.map { "Rename \($0.0) to \($0.1)" } ?? "Start")
            var entry = HistoryEntry(kind: rename == nil ? .start(flags: 1, tenants: 1, environments: 1) : .change, commit: commit)
            entry.renamedFlags = rename.map { [MatrixChanges.Rename(old: $0.0, new: $0.1)] } ?? []
            return entry
        }
        let history = ValueHistory(entries: entries, end: entries.last?.commit)
        #expect(FlagHistorySection.renames(of: "C", in: history)
            == "Called B until 10 Apr 2026 (“Rename B to C” by Ann (ccccccc)). Called A until 5 Feb 2026 (“Rename A to B” by Ann (bbbbbbb)).")
    }
}

/// The layout's CSS escaper, by a name that reads in the tests.
enum PageLayoutNames {
    static func css(_ text: String) -> String { SiteRenderer.cssString(text) }
}
