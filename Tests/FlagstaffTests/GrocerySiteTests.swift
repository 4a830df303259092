import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// What a PM still could not see (issue 37), on the `grocery` fixture: three
/// brands, a prod template with a date condition ahead of the as-of day
/// (2026-11-23), an app-version condition the build being made (5.4) is past,
/// a 50% rollout for Korbwerk and an A/B test with 40% exposure; a catalog with
/// phases; tenant facts. Every expected text below is read from the fixture's files.
@Suite("Grocery site (issue 37)")
struct GrocerySiteTests {
    static let configuration = Fixtures.configuration("grocery")
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: configuration) }

    private func page(_ path: String) throws -> String { try #require(try Self.site.get()[path]) }

    // Item 1: every condition that can decide a flag, on its page, with when it applies.

    /// `Christmas 2026`: `dateTime >= dateTime('2026-12-01T00:00:00', 'Europe/Berlin')` gives CHRISTMAS_BANNER "true";
    /// on 2026-11-23 it holds for no brand, so the values table shows off everywhere.
    @Test func aDateConditionAheadOfTheAsOfDayIsOnTheFlagPageWithItsDay() throws {
        let html = try page("flags/christmas_banner.html")
        #expect(html.contains(
            "<li><strong>“Christmas 2026”</strong>: <span class=\"tests\">from 1 Dec 2026 (Europe/Berlin)</span>. Gives on. "
                + "<span class=\"applies\">Not on 23 Nov 2026, the day this site shows: it applies from 1 Dec 2026 (Europe/Berlin), "
                + "with no new release of the app.</span></li>"))
        #expect(html.contains("<li><strong>Otherwise</strong>. Gives the app&#39;s own value. <span class=\"applies\">When no rule above gives a device a value.</span></li>"))
    }

    /// `Before 5.3`: `app.version.<(['5.3'])` gives LIVE_ACTIVITIES "false"; the configuration builds 5.4.
    @Test func anAppVersionConditionSaysWhichVersionsGetItsValue() throws {
        let html = try page("flags/live_activities.html")
        #expect(html.contains(
            "<li><strong>“Before 5.3”</strong>: <span class=\"tests\">app versions before 5.3</span>. Gives off. "
                + "<span class=\"applies\">Not for the app being built (version 5.4): people still on app versions before 5.3 get it.</span></li>"))
    }

    /// `Korbwerk`: the brand signal `korbwerk`, a rollout `rollout_checkout` at 50% of parameter `new_checkout_enabled`.
    @Test func aRolloutSaysItsShareAndWhoseBrandItHoldsFor() throws {
        let html = try page("flags/new_checkout.html")
        #expect(html.contains("parameter <code>new_checkout_enabled</code>, template version 53"))
        #expect(html.contains(
            "<li><strong>“Korbwerk”</strong>: <span class=\"tests\">the Korbwerk app</span>. Gives on for a random 50% of devices "
                + "(rollout ‘rollout_checkout’); the other devices go on to the next rule. <span class=\"applies\">Holds for Korbwerk.</span></li>"))
    }

    /// `tip_jar_test`: 40% exposure; `Baseline` makes no change, `Tip jar` gives "true".
    @Test func anExperimentSaysExposureAndVariantsApart() throws {
        let html = try page("flags/tip_jar.html")
        #expect(html.contains(
            "Gives A/B test ‘tip_jar_test’: in the test, 40% of devices; of those, ‘Baseline’ keeps what the next rule gives and ‘Tip jar’ gets on "
                + "(half each if the test splits evenly; its weights are not in the template). Devices outside the test go on to the next rule. "
                + "<span class=\"applies\">Holds for every tenant.</span>"))
        // Under the value, too: the variant's devices are a part of the 40%, never the 40% itself.
        #expect(html.contains("(in the test: 40% of devices; of those, this variant&#39;s share, 1 of 2 variants)"))
        #expect(!html.contains("40% of devices in the experiment"))
    }

    /// MIN_ORDER_VALUE has no parameter in the template: no Remote Config section.
    @Test func aFlagNoTemplateDecidesHasNoRulesSection() throws {
        #expect(!(try page("flags/min_order_value.html")).contains("id=\"remote-rules\""))
    }

    // Item 2: phase as a column and a filter, and the lifecycle agreeing with it.

    @Test func thePhaseIsAMatrixColumnAFilterAndAListWithoutJavaScript() throws {
        let matrix = try page("matrix.html")
        #expect(matrix.contains("<label for=\"f-phase\">Phase</label>"))
        #expect(matrix.contains(
            "<option value=\"\">All</option><option value=\"rollout\">rollout</option><option value=\"released\">released</option>"
                + "<option value=\"A/B test\">A/B test</option><option value=\"scheduled\">scheduled</option>"
                + "<option value=\"in development\">in development</option></select>"))
        #expect(matrix.contains(
            "<div><dt>released</dt><dd><a class=\"key\" href=\"flags/min_order_value.html\">MIN_ORDER_VALUE</a> "
                + "<a class=\"key\" href=\"flags/live_activities.html\">LIVE_ACTIVITIES</a> </dd></div>"))
        let data = try page("matrix-data.js")
        #expect(data.contains("\"phaseColumn\": \"Phase\""))
        #expect(data.contains("\"key\": \"SUBSCRIPTIONS\""))
        #expect(data.contains("\"phase\": \"in development\""))
    }

    /// SUBSCRIPTIONS is on for Nordkorg in dev only, and its phase is one `in_development` names.
    @Test func aFlagInDevelopmentThatIsOnInATestBuildIsNotOnYet() throws {
        let lifecycle = try page("lifecycle.md")
        #expect(lifecycle.contains(
            "| `SUBSCRIPTIONS` | – | – | off for all 3 tenants in prod and on only in earlier environments, "
                + "as its phase 'in development' is in development: not on yet |"))
    }

    // Item 3: tenant facts.

    @Test func tenantFactsAreOnTheTenantPagesAndFoundFromTheHomePage() throws {
        #expect(try page("tenants/index.html").contains(
            "<th scope=\"row\"><a href=\"chl.html\">Chilemarket</a> <span class=\"id\">CHL</span><span class=\"about\">Country: Chile · Currency: CLP</span></th><td>1</td>"))
        #expect(try page("tenants/kbw.html").contains(
            "<dl class=\"facts tenant-facts\"><div><dt>Country</dt><dd>Germany</dd></div><div><dt>Currency</dt><dd>EUR</dd></div></dl>"))
        #expect(try page("index.html").contains(
            "<option value=\"Nordkorg (NRD) · Sweden, SEK\" data-href=\"tenants/nrd.html\" data-id=\"NRD\" data-name=\"Nordkorg\" data-facts=\"Sweden|SEK\">"))
    }

    @Test func factsAboutAnUnknownTenantAreAnErrorAtItsLineWithADidYouMean() throws {
        try withCopy(of: "grocery") { workspace in
            let file = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "  NRD: { Country", with: "  NRX: { Country")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let console = RecordingConsole()
            #expect(try ValidateCommand(configurationPath: file.path).run(console: console.console()) == ExitStatus.failure)
            #expect(console.error.contains("flagstaff.yml:26:3: error: tenant_facts names 'NRX', but no tenant file has that id; did you mean 'NRD'?"))
        }
    }

    // Item 6: the golden site.

    @Test(arguments: [
        "index.html", "matrix.html", "matrix-data.js", "flags/christmas_banner.html", "flags/live_activities.html", "flags/new_checkout.html",
        "flags/tip_jar.html", "flags/subscriptions.html", "tenants/index.html", "tenants/chl.html", "lifecycle.html",
    ])
    func pageMatchesGolden(_ page: String) throws {
        #expect(try Fixtures.golden("grocery/site/\(page)", matches: try self.page(page)))
    }
}
