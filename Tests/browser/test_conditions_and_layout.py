"""Headless-Chromium tests for issue 37, at 390 and 1280 px: every Remote Config
condition on its flag page, the phase column and filter, tenant facts, a single
app's one column using the width, and badges wrapping on a phone.

They build the grocery fixture (Tests/FlagstaffTests/Fixtures/grocery: three
brands, a prod template with a date condition from 1 Dec 2026, an app-version
condition below 5.3, a rollout and an A/B test), the JustTweak fixture (a single
app) and the repository's example. Expected values come from reading the
fixtures' files; see GrocerySiteTests.swift.
"""

import shutil
import tempfile
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_site import REPO, WIDTHS, SiteTestCase, require_tools

FIXTURES = REPO / "Tests" / "FlagstaffTests" / "Fixtures"

# Whether the page scrolls sideways.
# Whether the page scrolls sideways: how much wider the document is than the
# page's own width. Not the window's: on a phone it grows with a page that is
# too wide, so it would hide the very overflow this looks for.
SIDEWAYS_JS = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"

# For a node: whether its content is cut (more than it shows, across or down),
# and its box, so callers can check what is inside what.
CUT_JS = """
var n = arguments[0], r = n.getBoundingClientRect();
return {cut: n.scrollWidth > n.clientWidth + 1 || n.scrollHeight > n.clientHeight + 1,
        left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, viewport: document.documentElement.clientWidth};
"""


class WidthTestCase(SiteTestCase):
    @classmethod
    def tearDownClass(cls):
        cls.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        super().tearDownClass()

    def box(self, node):
        return self.driver.execute_script(CUT_JS, node)


class GroceryTests(WidthTestCase):
    config = FIXTURES / "grocery" / "flagstaff.yml"

    def test_conditions_for_other_versions_and_days_are_on_the_flag_page(self):
        expected = {
            "flags/live_activities.html": "“Before 5.3”: app versions before 5.3. Gives off. "
            "Not for the app being built (version 5.4): people still on app versions before 5.3 get it.",
            "flags/christmas_banner.html": "“Christmas 2026”: from 1 Dec 2026 (Europe/Berlin). Gives on. "
            "Not on 23 Nov 2026, the day this site shows: it applies from 1 Dec 2026 (Europe/Berlin), with no new release of the app.",
            "flags/tip_jar.html": "in the test, 40% of devices; of those, ‘Baseline’ keeps what the next rule gives and ‘Tip jar’ gets on",
        }
        for width in WIDTHS:
            self.set_width(width)
            for page, text in expected.items():
                with self.subTest(width=width, page=page):
                    self.load(page)
                    section = self.driver.find_element(By.CSS_SELECTOR, "section.remote-rules")
                    self.assertTrue(section.is_displayed())
                    self.assertIn(text, " ".join(section.text.split()))
                    self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0, "the page does not scroll sideways")

    def test_phase_is_a_column_and_a_filter(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                row = self.matrix_row("prod", "SUBSCRIPTIONS")
                if width < 500:
                    # On a phone the phase follows the name; the column is hidden.
                    self.assertFalse(row.find_element(By.CSS_SELECTOR, "th.phase").is_displayed())
                    self.assertEqual(row.find_element(By.CSS_SELECTOR, ".phase-inline").text.strip(), "· in development")
                else:
                    header = self.driver.find_element(By.CSS_SELECTOR, "#grid thead th.phase")
                    self.assertEqual(header.text.strip(), "Phase")
                    self.assertEqual(row.find_element(By.CSS_SELECTOR, "th.phase").text.strip(), "in development")
                Select(self.driver.find_element(By.ID, "f-phase")).select_by_value("in development")
                self.wait_for_count("Showing 1 of 6 flags.")
                self.assertEqual(self.hash_params().get("phase"), "in development")
                self.assertEqual(self.only_visible_section("prod")["visibleRows"], ["SUBSCRIPTIONS"])
                self.load_matrix("phase=A%2FB%20test")
                self.wait_for_count("Showing 1 of 6 flags.")
                self.assertEqual(self.only_visible_section("prod")["visibleRows"], ["TIP_JAR"])

    def test_search_finds_a_phase(self):
        self.set_width(1280)
        self.load_matrix()
        self.type_query("in development")
        self.wait_for_count("Showing 1 of 6 flags.")

    def test_search_finds_a_flag_by_the_words_of_its_title_and_description(self):
        # MIN_ORDER_VALUE: "Minimum basket, in the brand's currency" in the catalog,
        # "The smallest basket a customer can order." in its doc comment.
        for width in WIDTHS:
            for words in ["minimum basket", "minimum order", "smallest basket"]:
                with self.subTest(width=width, words=words):
                    self.set_width(width)
                    self.load("index.html")
                    box = self.driver.find_element(By.ID, "jump-q")
                    box.send_keys(words)
                    box.submit()
                    self.wait_for_count("Showing 1 of 6 flags.")
                    self.assertEqual(self.only_visible_section("prod")["visibleRows"], ["MIN_ORDER_VALUE"])

    def test_tenant_facts_on_their_pages_and_from_the_home_search(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("tenants/index.html")
                self.assertIn("Country: Chile · Currency: CLP", self.driver.find_element(By.TAG_NAME, "table").text)
                # The facts sit under the name: each value cell is still one environment's count.
                counts = [c.text.strip() for c in self.driver.find_elements(By.CSS_SELECTOR, "table.tenants tbody tr td")]
                self.assertEqual(counts, ["1", "1", "1", "1", "2", "1"])
                self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0)
                self.load("tenants/kbw.html")
                facts = self.driver.find_element(By.CSS_SELECTOR, "dl.tenant-facts")
                self.assertEqual(" ".join(facts.text.split()), "Country Germany Currency EUR")
                self.load("index.html")
                box = self.driver.find_element(By.ID, "jump-q")
                box.send_keys("clp")
                box.submit()
                self.wait.until(lambda d: d.current_url == self.url("tenants/chl.html"))


class SingleAppTests(WidthTestCase):
    """The JustTweak example is a single app whose values read "off, may be changed by Optimizely ≈"."""

    config = FIXTURES / "justtweak" / "flagstaff.yml"

    def test_the_one_column_uses_the_width_and_cuts_no_value(self):
        self.set_width(1280)
        self.load_matrix()
        header = self.driver.find_element(By.CSS_SELECTOR, "#grid thead th[data-t]")
        self.assertGreater(self.box(header)["width"], 240, "the app's column is wider than a tenant's narrow one")
        cells = [c for c in self.driver.find_elements(By.CSS_SELECTOR, "#grid tbody td a") if c.is_displayed()]
        self.assertTrue(cells)
        for cell in cells:
            with self.subTest(value=cell.text):
                self.assertFalse(self.box(cell)["cut"], "the value is shown whole: %r" % cell.text)

    def test_the_phone_keeps_one_column_to_its_width(self):
        self.set_width(390)
        self.load_matrix()
        self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0)


# Every line of prose that runs past the page's edge, where the page cuts it off:
# a path with no place to break (a tenant's defaults file) in a sentence.
PAST_THE_EDGE_JS = """
for (const details of document.querySelectorAll('details')) details.open = true;
var out = [], width = document.documentElement.clientWidth;
for (const n of document.querySelectorAll('main p, main li, main dt, main dd, main h1, main h2, main h3, footer p')) {
  if (n.closest('.scroll')) continue;
  if (n.getBoundingClientRect().right > width + 1 || n.scrollWidth > n.clientWidth + 1) out.push(n.textContent.trim().slice(0, 80));
}
return out;
"""


class NothingPastTheEdgeTests(WidthTestCase):
    """At 390 and 1280 px no page scrolls sideways and no line of prose runs past
    its edge, where the page cuts it off. Each of these was found on a phone or a
    laptop: a tenant's defaults file named in a flag page's "Where each value is
    written" (the example), a flag key of 46 characters in the matrix's list by
    phase (hotels), a long term in the glossary (JustTweak), a sample cell "on,
    may be changed by LaunchDarkly" in How to read and the comparison of such
    cells (remote-external), and tenant names of scripts in the tenant menus (xss)."""

    def pages(self):
        top = sorted(str(p.relative_to(self.site)) for p in self.site.glob("*.html"))
        deeper = [sorted(str(p.relative_to(self.site)) for p in self.site.glob(folder + "/*.html"))[:3] for folder in ("flags", "tenants", "guide")]
        return top + [page for pages in deeper for page in pages]

    def test_no_page_scrolls_sideways_or_cuts_prose(self):
        pages = self.pages()
        self.assertIn("how-to-read.html", pages)
        for width in WIDTHS:
            self.set_width(width)
            for page in pages:
                with self.subTest(width=width, page=page):
                    self.load(page)
                    self.assertEqual(self.driver.execute_script(PAST_THE_EDGE_JS), [])
                    self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0)


class HotelsNothingPastTheEdgeTests(NothingPastTheEdgeTests):
    config = FIXTURES / "hotels" / "flagstaff.yml"


class JustTweakNothingPastTheEdgeTests(NothingPastTheEdgeTests):
    config = FIXTURES / "justtweak" / "flagstaff.yml"


class ExternalSourceNothingPastTheEdgeTests(NothingPastTheEdgeTests):
    config = FIXTURES / "remote-external" / "flagstaff.yml"


class HostileNamesNothingPastTheEdgeTests(NothingPastTheEdgeTests):
    config = FIXTURES / "xss" / "flagstaff.yml"


class BadgesTests(WidthTestCase):
    """In the example, ENABLE_WISHLIST_PRICE_ALERTS has two badges: "incomplete" and "the app's code does not read it"."""

    def test_two_badges_under_a_flag_are_shown_whole(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix("q=ENABLE_WISHLIST_PRICE_ALERTS")
                self.wait_for_count("Showing 1 of 58 flags.")
                row = self.matrix_row("prod", "ENABLE_WISHLIST_PRICE_ALERTS")
                name = row.find_element(By.CSS_SELECTOR, "th")
                badges = name.find_elements(By.CSS_SELECTOR, ".badge")
                self.assertEqual([b.text.strip() for b in badges], ["incomplete", "the app's code does not read it"])
                outer = self.box(name)
                self.assertFalse(outer["cut"], "nothing of the name cell is cut off")
                for badge in badges:
                    inner = self.box(badge)
                    self.assertFalse(inner["cut"], "the badge %r shows its whole label" % badge.text)
                    self.assertGreaterEqual(inner["left"], outer["left"] - 1)
                    self.assertLessEqual(inner["right"], min(outer["right"], inner["viewport"]) + 1, "the badge %r is inside its cell" % badge.text)
                    self.assertLessEqual(inner["bottom"], outer["bottom"] + 1, "the badge %r is inside its cell" % badge.text)


class DecidedWhenTheAppRunsTests(WidthTestCase):
    """Kiwix's hasLibrary (swift-static-properties) is `!AppType.isCustom` under the
    doc comment "Custom apps, which have a bundled zim file, do not require library
    access"; here its expression is made one long name, as an Apple Pay check is."""

    LONG = "PKPaymentAuthorizationController.canMakePaymentsUsingNetworksWithCapabilities()"

    @classmethod
    def setUpClass(cls):
        require_tools()
        cls.workspace = Path(tempfile.mkdtemp(prefix="flagstaff-decided-"))
        shutil.copytree(FIXTURES / "swift-static-properties", cls.workspace / "kiwix")
        swift = cls.workspace / "kiwix" / "Model" / "Utilities" / "FeatureFlags.swift"
        swift.write_text(swift.read_text().replace("= !AppType.isCustom", "= " + cls.LONG))
        cls.config = cls.workspace / "kiwix" / "flagstaff.yml"
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            shutil.rmtree(cls.workspace, ignore_errors=True)

    def test_the_value_says_the_doc_comment_is_marked_varying_and_fits(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("flags/haslibrary.html")
                cell = self.driver.find_element(By.CSS_SELECTOR, "tr#t-app td:last-of-type")  # release, the last environment
                text = " ".join(cell.text.split())
                self.assertTrue(text.startswith("decided in code ≈"), text)
                self.assertIn("the app decides when it runs: “Custom apps, which have a bundled zim file, do not require library access", text)
                self.assertIn(self.LONG, text.replace(" ", ""))
                self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0, "the page does not scroll sideways")
                self.assertLessEqual(self.box(cell)["right"], self.box(cell)["viewport"] + 1)
                self.load_matrix()
                self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0, "the matrix does not scroll sideways")


class NotInBuildTests(WidthTestCase):
    """The debug-only fixture (Tests/FlagstaffTests/Fixtures/swift-debug-only-case):
    `debugMenu` is declared under `#if DEBUG`, and release's build has no DEBUG
    (`release: []`), so in release the flag does not exist; qa's conditions are
    not given, so its value there depends on the build."""

    config = FIXTURES / "swift-debug-only-case" / "flagstaff.yml"

    def test_a_flag_the_build_leaves_out_says_so_and_fits(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("flags/debug_menu.html")
                release = " ".join(self.driver.find_element(By.CSS_SELECTOR, "tr#t-app td:nth-of-type(5)").text.split())
                self.assertEqual(release, "not in this build ⊘ #if DEBUG leaves it out of the release build")
                qa = " ".join(self.driver.find_element(By.CSS_SELECTOR, "tr#t-app td:nth-of-type(3)").text.split())
                self.assertTrue(qa.startswith("on/off"), qa)
                self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0, "the page does not scroll sideways")
                self.load_matrix()
                self.assertIn("not in this build", self.driver.find_element(By.TAG_NAME, "main").text)
                self.assertLessEqual(self.driver.execute_script(SIDEWAYS_JS), 0, "the matrix does not scroll sideways")
