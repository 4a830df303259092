"""Headless-Chromium tests for what a PM could not see (issue 27), at 390 and 1280 px.

They build the hotel fixture (Tests/FlagstaffTests/Fixtures/hotels: nine
tenants, Remote Config in staging and prod) and the repository's example. The
expected values come from reading the fixture's files; see PlainSiteTests.swift.
"""

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_site import REPO, WIDTHS, SiteTestCase

HOTELS = REPO / "Tests" / "FlagstaffTests" / "Fixtures" / "hotels"
HOTEL_TENANTS = ["ALP", "CSO", "DUN", "HAR", "MAR", "MRK", "NOR", "PCO", "URB"]

# Elements that scroll sideways, and whether each is a deliberate scroller: a
# region a keyboard can reach (role="region" and tabindex), as the theme marks them.
SIDEWAYS_JS = """
var found = [];
Array.prototype.forEach.call(document.querySelectorAll("body *"), function (n) {
  if (!n.getClientRects().length) return;
  var style = getComputedStyle(n);
  if (!/(auto|scroll)/.test(style.overflowX) || n.scrollWidth <= n.clientWidth + 1) return;
  found.push({tag: n.tagName, id: n.id, cls: n.className, deliberate: n.getAttribute("role") === "region" && n.hasAttribute("tabindex"),
              forEngineers: !!n.closest(".engineers")});
});
return {page: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth, scrollers: found};
"""

# Every title attribute on the page whose text is not also in the page's visible text.
TITLES_ONLY_JS = """
var shown = document.body.innerText.replace(/\\s+/g, " ");
return Array.prototype.filter.call(document.querySelectorAll("[title]"), function (n) {
  var title = n.getAttribute("title").replace(/\\s+/g, " ").trim();
  return title && shown.indexOf(title) < 0;
}).map(function (n) { return n.tagName + ": " + n.getAttribute("title"); });
"""

# For each tenant header of the grid, the words that the browser broke over two lines.
BROKEN_WORDS_JS = """
var broken = [];
Array.prototype.forEach.call(document.querySelectorAll(arguments[0]), function (header) {
  var walker = document.createTreeWalker(header, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    var node = walker.currentNode, text = node.textContent, re = /[^\\s-]+-?/g, match;
    while ((match = re.exec(text))) {
      var range = document.createRange();
      range.setStart(node, match.index);
      range.setEnd(node, match.index + match[0].length);
      var tops = {};
      Array.prototype.forEach.call(range.getClientRects(), function (r) { if (r.width > 0) tops[Math.round(r.top)] = true; });
      if (Object.keys(tops).length > 1) broken.push(match[0]);
    }
  }
});
return broken;
"""


class HotelSiteTestCase(SiteTestCase):
    config = HOTELS / "flagstaff.yml"

    @classmethod
    def tearDownClass(cls):
        cls.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        super().tearDownClass()

    def pages(self):
        return sorted(str(p.relative_to(self.site)) for p in self.site.rglob("*.html"))

    def visible_text(self):
        return self.driver.execute_script("return document.body.innerText;")


class PhoneTests(HotelSiteTestCase):
    """Section 1: every page fits a phone, and reasons are written, not hovered."""

    def test_no_page_scrolls_sideways_outside_a_deliberate_scroller(self):
        for width in WIDTHS:
            self.set_width(width)
            for page in self.pages() + ["compare.html#tenant=URB&from=staging&to=prod", "compare.html#tenant=CSO&with=URB&env=prod"]:
                with self.subTest(width=width, page=page):
                    self.load(page)
                    found = self.driver.execute_script(SIDEWAYS_JS)
                    self.assertLessEqual(found["page"], found["viewport"], "the page itself scrolls sideways")
                    self.assertEqual([s for s in found["scrollers"] if not s["deliberate"]], [])
                    if width < 500 and not page.startswith("matrix/"):
                        # On a phone only the engineers' tables (folded away) may scroll; the
                        # static tables for reading without JavaScript are wide by nature.
                        self.assertEqual([s for s in found["scrollers"] if not s["forEngineers"]], [], "at 390 px nothing scrolls sideways")

    def test_no_reason_lives_only_in_a_title(self):
        for width in WIDTHS:
            self.set_width(width)
            for page in self.pages():
                with self.subTest(width=width, page=page):
                    self.load(page)
                    self.assertEqual(self.driver.execute_script(TITLES_ONLY_JS), [])

    def test_tenant_and_flag_pages_show_every_environment_with_its_reason_on_a_phone(self):
        self.set_width(390)
        for page, row in (("tenants/urb.html", 'tr:has(a[href="../flags/enable_digital_key.html"])'), ("flags/enable_digital_key.html", "tr#t-urb")):
            with self.subTest(page=page):
                self.load(page)
                cells = self.driver.find_elements(By.CSS_SELECTOR, "%s td" % row)
                self.assertEqual(len(cells), 3)
                labels = [self.driver.execute_script("return getComputedStyle(arguments[0], '::before').content;", c) for c in cells]
                self.assertEqual(labels, ['"dev"', '"staging"', '"prod"'], "each value is named by its environment")
                for cell in cells:
                    box = cell.rect
                    self.assertTrue(cell.is_displayed())
                    self.assertLessEqual(box["x"] + box["width"], 390.5, "the value is inside the screen")
                why = cells[2].find_element(By.CLASS_NAME, "why")
                self.assertTrue(why.is_displayed())
                self.assertIn("a random 25% of devices", why.text)
                if page.startswith("tenants/"):
                    # A value the same in every environment is written once across its row, named "all".
                    merged = self.driver.find_element(By.CSS_SELECTOR, "table.by-env tbody td[colspan]")
                    self.assertEqual(self.driver.execute_script("return getComputedStyle(arguments[0], '::before').content;", merged), '"all"')
                    self.assertLessEqual(merged.rect["x"] + merged.rect["width"], 390.5, "the value is inside the screen")
                name = self.driver.find_element(By.CSS_SELECTOR, "%s th" % row)
                self.assertEqual(self.driver.execute_script(
                    "var a = arguments[0].querySelector('a'); return a.scrollWidth <= a.clientWidth + 1 || getComputedStyle(a).display === 'inline';", name), True,
                    "the flag's name is not cut")

    def test_the_matrix_shows_a_few_tenants_at_a_time_on_a_phone(self):
        self.set_width(390)
        self.load_matrix()
        seen = []
        while True:
            headers = [h.get_attribute("data-t") for h in self.driver.find_elements(By.CSS_SELECTOR, "#grid thead th[data-t]")]
            seen += headers
            row = self.matrix_row("prod", "ENABLE_SPA_BOOKING")
            name, first = row.find_element(By.TAG_NAME, "th"), row.find_element(By.TAG_NAME, "td")
            self.assertGreaterEqual(first.rect["y"], name.rect["y"] + name.rect["height"] - 1, "the values are under the flag's whole name")
            following = self.driver.find_element(By.ID, "f-next")
            if not following.is_enabled():
                break
            self.assertGreaterEqual(len(headers), 3)
            following.click()
        self.assertEqual(seen, HOTEL_TENANTS)

    def test_tenant_names_never_break_inside_a_word(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                # Montclair-Rosenkavalier may break after its hyphen, never inside a word.
                if width < 500:
                    while not self.driver.find_elements(By.CSS_SELECTOR, '#grid thead th[data-t="MRK"]'):
                        self.driver.find_element(By.ID, "f-next").click()
                self.assertEqual(self.driver.execute_script(BROKEN_WORDS_JS, "#grid thead th[data-t]"), [])
                self.load("matrix/prod/stay-to-loyalty.html")
                self.assertEqual(self.driver.execute_script(BROKEN_WORDS_JS, "table.matrix thead th[data-t]"), [])

    def test_text_values_are_not_cut(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix("q=SUPPORTED_LANGUAGES&tenant=CSO")
                link = self.matrix_row("prod", "SUPPORTED_LANGUAGES").find_element(By.CSS_SELECTOR, "td a")
                self.assertEqual(link.text.replace("\n", ""), '["es","en","fr","de"]')
                self.assertLessEqual(self.driver.execute_script("return arguments[0].scrollHeight - arguments[0].clientHeight;", link), 1)
                self.assertLessEqual(self.driver.execute_script("return arguments[0].scrollWidth - arguments[0].clientWidth;", link), 1)


class PlainWordsTests(HotelSiteTestCase):
    """Sections 2, 3 and 5: conditions in words, honest warnings, plain language."""

    def test_conditions_are_named_and_said_in_plain_words_next_to_the_value(self):
        expected = {
            ("flags/show_vat_inclusive_prices.html", "t-urb"): ["\u201cEU guests\u201d", "phones set to Germany, France, Spain, Italy, the Netherlands or Portugal"],
            ("flags/enable_digital_key.html", "t-har"): ["\u201cDigital key 25% rollout\u201d", "a random 25% of devices"],
            ("flags/enable_spa_booking.html", "t-cso"): ["\u201cSpa incident at Casa Solana\u201d", "Casa Solana's app", "without remote config: on"],
            ("flags/enable_loyalty_wallet.html", "t-pco"): ["\u201cPartner Collection\u201d", "the Partner Collection app"],
        }
        for width in WIDTHS:
            self.set_width(width)
            for (page, cell), words in expected.items():
                with self.subTest(width=width, page=page):
                    self.load(page + "#" + cell)
                    target = self.driver.find_element(By.ID, cell)
                    self.assertTrue(target.is_displayed())
                    for word in words:
                        self.assertIn(word, target.text)

    def test_home_warnings_agree_with_the_matrix(self):
        self.load("index.html")
        notice = self.driver.find_element(By.XPATH, "//ul[contains(@class,'warnings')]/li[a[text()='Dunmore House']]").text
        self.assertIn("MAX_ROOMS_PER_BOOKING (0 in dev and staging; 2 in prod, from remote config)", notice)
        self.assertNotIn("off, 0 or (empty)", notice)
        values = {}
        for env in ("dev", "staging", "prod"):
            self.load_matrix("env=%s&tenant=DUN&q=MAX_ROOMS_PER_BOOKING" % env)
            values[env] = self.matrix_row(env, "MAX_ROOMS_PER_BOOKING").find_element(By.TAG_NAME, "td").text
        self.assertEqual(values, {"dev": "0 \u25cb", "staging": "0 \u25cb", "prod": "2 \u2601"})

    def test_the_search_example_and_guide_titles_come_from_the_workspace(self):
        self.load("index.html")
        self.assertEqual(self.driver.find_element(By.ID, "jump-q").get_attribute("placeholder"), "e.g. ENABLE_DIGITAL_KEY or Alpenhof")
        self.load("guide/welcome.html")
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text, "Welcome to Hotel Flags")
        self.assertNotIn("{{", self.visible_text())

    def test_engineering_details_are_folded_away(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("flags/enable_digital_key.html")
                text = self.visible_text()
                for jargon in ("Swift case", "Declared at", ".digitalKey", "FeatureFlag.swift", "remote: default value", "case, type implied"):
                    self.assertNotIn(jargon, text)
                engineers = self.driver.find_element(By.ID, "engineers")
                engineers.find_element(By.TAG_NAME, "summary").click()
                text = self.visible_text()
                self.assertIn(".digitalKey", text)
                self.assertIn("flags/FeatureFlag.swift", text)
                self.assertRegex(text, r"in the tenant's defaults file \(for [^,]+, tenants/[A-Z]+\.json\)")

    def test_jargon_links_to_the_glossary(self):
        self.load("glossary.html")
        anchors = set(self.driver.execute_script("return Array.prototype.map.call(document.querySelectorAll('[id]'), function (n) { return n.id; });"))
        for page in self.pages():
            with self.subTest(page=page):
                self.load(page)
                links = self.driver.execute_script(
                    "return Array.prototype.map.call(document.querySelectorAll('a[href*=\"glossary.html#\"]'), function (a) { return a.hash.slice(1); });")
                for anchor in links:
                    self.assertIn(anchor, anchors)
        self.load("flags/enable_digital_key.html")
        legend = self.driver.find_element(By.CSS_SELECTOR, "dl.legend")
        self.assertEqual([a.text for a in legend.find_elements(By.TAG_NAME, "a")],
                         ["value", "remote config", "override", "base value", "fallback", "varies"])

    def test_stale_only_where_it_helps(self):
        self.load_matrix("q=ENABLE_DIGITAL_KEY")
        row = self.matrix_row("prod", "ENABLE_DIGITAL_KEY")
        self.assertEqual(row.find_elements(By.CSS_SELECTOR, ".badge"), [])
        self.load("flags/enable_digital_key.html")
        self.assertNotIn("stale", self.visible_text())
        self.load("lifecycle.html#s-stale")
        section = self.driver.find_element(By.ID, "s-stale")
        self.assertEqual(section.get_attribute("open"), "true", "a link to a folded status opens it")
        self.assertIn("ENABLE_DIGITAL_KEY", section.text)

    def test_a_flag_no_code_reads_says_so_next_to_its_value(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("flags/enable_room_upgrades.html")
                note = self.driver.find_element(By.CSS_SELECTOR, ".not-read")
                values = self.driver.find_element(By.CSS_SELECTOR, "table.values")
                self.assertIn("The app's code does not read this flag.", note.text)
                self.assertLess(abs(values.rect["y"] - note.rect["y"]), 900, "the note is near the values")
                self.load("tenants/urb.html")
                row = self.driver.find_element(By.CSS_SELECTOR, 'table.tenant tr:has(a[href="../flags/enable_room_upgrades.html"])')
                self.assertIn("the app's code does not read it", row.text)

    def test_every_page_says_where_its_data_comes_from(self):
        for page in self.pages():
            with self.subTest(page=page):
                self.load(page)
                text = self.driver.find_element(By.CSS_SELECTOR, "footer .as-of").text
                self.assertRegex(text, r"^Data as of 2026-11-23, from flag sources with digest [0-9a-f]{12} and Remote Config templates staging version 8, prod version 31;")


class CompareTests(HotelSiteTestCase):
    """Section 4: comparing, the environments filter, and tenants found by name."""

    def compared(self):
        rows = self.driver.find_elements(By.CSS_SELECTOR, "#c-result > .stack table.compare tbody tr[data-k]")
        return [r.get_attribute("data-k") for r in rows]

    def test_one_tenant_in_two_environments_lists_the_differences_first(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("compare.html#tenant=URB&from=staging&to=prod")
                self.assertEqual(self.compared(), [
                    "ENABLE_DIGITAL_KEY", "ENABLE_BREAKFAST_ADD_ON", "ENABLE_NEW_HOME_SCREEN_WITH_PERSONALISED_OFFERS", "MAX_ROOMS_PER_BOOKING"])
                result = self.driver.find_element(By.ID, "c-result")
                self.assertIn("4 of 11 flags differ.", result.text)
                self.assertIn("Urbano (URB)", result.text)
                rooms = result.find_element(By.CSS_SELECTOR, 'tr[data-k="MAX_ROOMS_PER_BOOKING"]')
                self.assertIn("5 \u25c6", rooms.text)
                self.assertIn("2 \u2601", rooms.text)
                self.assertIn("set by remote config for everyone", rooms.text)
                same = result.find_element(By.CSS_SELECTOR, "details.same")
                self.assertIsNone(same.get_attribute("open"))
                self.assertIn("7 flags have the same value", same.text)

    def test_two_tenants_in_one_environment_and_the_address_keeps_the_choice(self):
        self.load("compare.html")
        self.driver.find_element(By.ID, "c-mode-tenants").click()
        Select(self.driver.find_element(By.ID, "c-tenant")).select_by_value("CSO")
        Select(self.driver.find_element(By.ID, "c-with")).select_by_value("URB")
        Select(self.driver.find_element(By.ID, "c-env")).select_by_value("prod")
        self.assertEqual(self.compared(), ["ENABLE_SPA_BOOKING", "ENABLE_NEW_HOME_SCREEN_WITH_PERSONALISED_OFFERS", "SUPPORTED_LANGUAGES"])
        self.assertEqual(self.hash_params(), {"tenant": "CSO", "with": "URB", "env": "prod"})
        self.load("compare.html#tenant=CSO&with=URB&env=prod")
        self.assertTrue(self.driver.find_element(By.ID, "c-mode-tenants").is_selected())
        self.assertEqual(len(self.compared()), 3)

    def test_two_tenants_start_with_a_tenant_and_the_next_one(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("compare.html")
                self.driver.find_element(By.ID, "c-mode-tenants").click()
                self.assertEqual(Select(self.driver.find_element(By.ID, "c-tenant")).first_selected_option.get_attribute("value"), "ALP")
                self.assertEqual(Select(self.driver.find_element(By.ID, "c-with")).first_selected_option.get_attribute("value"), "CSO")
                self.assertIn("Alpenhof (ALP) compared with Casa Solana (CSO) in prod", self.driver.find_element(By.ID, "c-result").text)
                self.assertEqual(self.hash_params(), {"tenant": "ALP", "with": "CSO", "env": "prod"})
                # After the last tenant comes the first.
                self.load("compare.html#tenant=URB&from=staging&to=prod")
                self.assertEqual(Select(self.driver.find_element(By.ID, "c-with")).first_selected_option.get_attribute("value"), "ALP")

    def test_a_tenant_page_links_to_its_comparison(self):
        self.load("tenants/urb.html")
        self.driver.find_element(By.LINK_TEXT, "Compare its environments").click()
        self.wait.until(lambda d: "compare.html" in d.current_url)
        self.assertEqual(self.hash_params(), {"tenant": "URB", "from": "staging", "to": "prod"})
        self.assertEqual(len(self.compared()), 4)

    def test_only_flags_that_differ_between_environments(self):
        self.load_matrix("envs=1")
        self.assertTrue(self.driver.find_element(By.ID, "f-envs").is_selected())
        shown = set(self.only_visible_section("prod")["visibleRows"])
        self.assertEqual(shown, {
            "ENABLE_DIGITAL_KEY", "ENABLE_BREAKFAST_ADD_ON", "ENABLE_SPA_BOOKING", "ENABLE_NEW_HOME_SCREEN_WITH_PERSONALISED_OFFERS",
            "SHOW_VAT_INCLUSIVE_PRICES", "MAX_ROOMS_PER_BOOKING", "ENABLE_LOYALTY_WALLET"})
        Select(self.driver.find_element(By.ID, "f-tenant")).select_by_value("URB")
        self.wait.until(lambda d: self.hash_params().get("tenant") == "URB")
        self.assertEqual(set(self.only_visible_section("prod")["visibleRows"]), {
            "ENABLE_DIGITAL_KEY", "ENABLE_BREAKFAST_ADD_ON", "ENABLE_NEW_HOME_SCREEN_WITH_PERSONALISED_OFFERS",
            "SHOW_VAT_INCLUSIVE_PRICES", "MAX_ROOMS_PER_BOOKING"})
        self.driver.find_element(By.ID, "f-envs").click()
        self.wait.until(lambda d: "envs" not in self.hash_params())
        self.assertEqual(len(self.only_visible_section("prod")["visibleRows"]), 11)

    def test_search_finds_tenants_by_name(self):
        for typed in ("Urbano", "urb", "Urbano (URB)"):
            with self.subTest(typed=typed):
                self.load("index.html")
                box = self.driver.find_element(By.ID, "jump-q")
                box.send_keys(typed)
                box.submit()
                self.wait.until(lambda d: d.current_url.endswith("tenants/urb.html"))
        self.load_matrix("q=urbano")
        hint = self.driver.find_element(By.ID, "f-tenant-hint")
        self.assertTrue(hint.is_displayed())
        self.assertIn("Urbano (URB)", hint.text)
        hint.find_element(By.TAG_NAME, "button").click()
        self.wait.until(lambda d: self.hash_params().get("tenant") == "URB")
        self.assertEqual(self.only_visible_section("prod")["visibleHeaders"], ["Flag", "URB"])


class ExampleOnAPhoneTests(SiteTestCase):
    """The repository's example at 390 px: the pages the round of issue 27 looked at fit the screen."""

    def test_pages_fit_a_phone(self):
        self.set_width(390)
        try:
            for page in ("index.html", "matrix.html", "tenants/index.html", "tenants/chl.html", "flags/enable_checkout.html",
                         "flags/enable_client_search_v2.html", "lifecycle.html", "compare.html", "glossary.html", "how-to-read.html"):
                with self.subTest(page=page):
                    self.load(page)
                    found = self.driver.execute_script(SIDEWAYS_JS)
                    self.assertLessEqual(found["page"], found["viewport"])
                    self.assertEqual([s for s in found["scrollers"] if not s["forEngineers"]], [])
                    self.assertEqual(self.driver.execute_script(TITLES_ONLY_JS), [])
        finally:
            self.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
