"""Headless-Chromium tests for the static site that Flagstaff generates.

Run from the repository root:

    python3 -m unittest discover -s Tests/browser -t Tests/browser -v

Each test class builds its own site into a temporary directory with the
Flagstaff binary (``.build/debug/flagstaff`` by default, or ``$FLAGSTAFF_BIN``),
so the repository is never modified. Pages are loaded through ``file://`` URLs.

Needs ``selenium`` (``pip install selenium``), Chromium and its driver; the
paths default to the Debian packages and can be overridden with
``$CHROMIUM_BIN`` and ``$CHROMEDRIVER_BIN``.
"""

import glob
import json
import os
import shutil
import subprocess
import tempfile
import unittest
from pathlib import Path

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait
except ImportError:  # pragma: no cover - reported below
    webdriver = None

REPO = Path(__file__).resolve().parent.parent.parent
FLAGSTAFF = os.environ.get("FLAGSTAFF_BIN", str(REPO / ".build" / "debug" / "flagstaff"))
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")
XSS_FIXTURE = REPO / "Tests" / "FlagstaffTests" / "Fixtures" / "xss"

WAIT_SECONDS = 10
ENVIRONMENTS = ["dev", "sit", "uat", "prod"]
TENANTS = ["AVR", "BEL", "CHL", "DRV", "FAU", "GRN", "LUM", "MIR", "ORS", "PAL", "SEV", "VEL", "WL", "ZEN"]
FLAG_COUNT = 58
# A tenant page's rows of flags, and the one whose name is the key given.
TENANT_ROWS = "table.tenant tbody tr:not(.group)"
TENANT_ROW = "//table[contains(@class, 'tenant')]//tr[th/a[text()='%s']]"

# A node is visible when it takes up room in the layout: hidden ancestors,
# `hidden` attributes and `display: none` all leave it without client rects.
VISIBLE_JS = "function visible(n) { return !!n && n.getClientRects().length > 0; }"

# Per environment: whether the grid shows it, the keys of its visible rows, and
# those of them that differ between tenants (data-d). The grid (matrix.js) draws
# only the lines on screen, so this scrolls it from top to bottom, letting it
# draw each stretch (it draws on the scroll event), and gathers what it drew.
SECTIONS_JS = VISIBLE_JS + """
var grid = document.getElementById("grid"), seen = {}, order = [];
function note(env) { if (!seen[env]) { seen[env] = {rows: [], differing: []}; order.push(env); } return seen[env]; }
if (visible(grid)) {
  for (var top = 0; ; top += Math.max(1, grid.clientHeight - 40)) {
    grid.scrollTop = top;
    grid.dispatchEvent(new Event("scroll"));
    Array.prototype.forEach.call(grid.querySelectorAll("tr.env[data-env]"), function (r) { note(r.getAttribute("data-env")); });
    Array.prototype.forEach.call(grid.querySelectorAll("tbody tr[data-k]"), function (r) {
      if (!visible(r)) return;
      var entry = note(r.getAttribute("data-e")), key = r.getAttribute("data-k");
      if (entry.rows.indexOf(key) < 0) {
        entry.rows.push(key);
        if (r.hasAttribute("data-d")) entry.differing.push(key);
      }
    });
    if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) break;
  }
  grid.scrollTop = 0;
  grid.dispatchEvent(new Event("scroll"));
}
// The name column and the tenants' columns; the phase column (a catalog's Phase or Type) is neither.
var headers = Array.prototype.filter.call(document.querySelectorAll("#grid thead th:not(.phase)"), visible)
  .map(function (th) { return th.getAttribute("data-t") || th.textContent.trim(); });
return Array.prototype.slice.call(document.querySelectorAll("#f-env option")).map(function (o) { return o.value; })
  .filter(Boolean).map(function (env) {
    var entry = seen[env];
    return {env: env, visible: !!entry, visibleRows: entry ? entry.rows : [], differing: entry ? entry.differing : [],
            visibleHeaders: entry ? headers : []};
  });
"""

# Scrolls the grid until the row of a flag in an environment is drawn, and returns it.
ROW_JS = """
var grid = document.getElementById("grid"), selector = 'tr[data-e="' + arguments[0] + '"][data-k="' + arguments[1] + '"]';
for (var top = 0; top <= grid.scrollHeight; top += Math.max(1, grid.clientHeight - 40)) {
  grid.scrollTop = top;
  grid.dispatchEvent(new Event("scroll"));
  var row = grid.querySelector(selector);
  if (row) { row.scrollIntoView({block: "center"}); grid.dispatchEvent(new Event("scroll")); return grid.querySelector(selector); }
}
return null;
"""


def build_site(config, output):
    """Builds the site for `config` into `output`; fails loudly on a non-zero exit."""
    result = subprocess.run(
        [FLAGSTAFF, "build", "--config", str(config), "--output", str(output)],
        cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300,
    )
    if result.returncode != 0:
        raise AssertionError(
            "flagstaff build --config %s exited with %d\nstdout:\n%s\nstderr:\n%s"
            % (config, result.returncode, result.stdout, result.stderr)
        )
    return result


def make_driver(javascript=True):
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(30)
    return driver


def require_tools():
    """Skips when a tool is missing, unless FLAGSTAFF_BROWSER_TESTS=1 (as
    scripts/test sets it), where a missing tool is a failure: a test that cannot
    run must not look like a test that passed."""
    reason = missing_tool()
    if reason is None:
        return
    if os.environ.get("FLAGSTAFF_BROWSER_TESTS") == "1":
        raise AssertionError("cannot run the browser tests: " + reason)
    raise unittest.SkipTest(reason)


def missing_tool():
    if webdriver is None:
        return "selenium is not installed (pip install selenium)"
    if not os.access(FLAGSTAFF, os.X_OK):
        return "Flagstaff binary not found at %s (set FLAGSTAFF_BIN)" % FLAGSTAFF
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            return "%s not found" % path
    return None


class SiteTestCase(unittest.TestCase):
    """Builds a site once per class and shares one browser across its tests."""

    config = REPO / "flagstaff.yml"
    javascript = True

    @classmethod
    def setUpClass(cls):
        require_tools()
        cls.tmp = tempfile.mkdtemp(prefix="flagstaff-browser-")
        cls.site = Path(cls.tmp) / "site"
        try:
            cls.build = build_site(cls.config, cls.site)
            cls.driver = make_driver(javascript=cls.javascript)
        except BaseException:
            shutil.rmtree(cls.tmp, ignore_errors=True)
            raise

    @classmethod
    def tearDownClass(cls):
        try:
            cls.driver.quit()
        finally:
            shutil.rmtree(cls.tmp, ignore_errors=True)

    # Helpers

    def set_width(self, width):
        """Emulates a phone (390 px and below 500: a mobile viewport) or a laptop of `width` CSS pixels."""
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": 844 if width < 500 else 900, "deviceScaleFactor": 1, "mobile": width < 500})

    def url(self, page):
        path, _, fragment = page.partition("#")
        url = (self.site / path).as_uri()
        return url + ("#" + fragment if fragment else "")

    def load(self, page):
        """Opens `page` as a fresh document (never a same-document hash change)."""
        self.driver.get("about:blank")
        self.driver.get(self.url(page))
        self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")

    def load_matrix(self, fragment=""):
        self.load("matrix.html" + ("#" + fragment if fragment else ""))
        # site.js unhides the form once it has applied the filters.
        self.wait.until(lambda d: d.find_element(By.ID, "filters").is_displayed())

    def setUp(self):
        self.wait = WebDriverWait(self.driver, WAIT_SECONDS)

    def sections(self):
        return self.driver.execute_script(SECTIONS_JS)

    def visible_sections(self):
        return [s for s in self.sections() if s["visible"]]

    def only_visible_section(self, env):
        visible = self.visible_sections()
        self.assertEqual([s["env"] for s in visible], [env], "exactly one visible section")
        return visible[0]

    def search_index(self):
        """Each flag's search text, from the matrix's data file (matrix-data.js)."""
        return self.driver.execute_script(
            "var o = {}; window.FLAGSTAFF_MATRIX.flags.forEach(function (f) { o[f.key] = f.search; }); return o;")

    def matrix_row(self, env, key):
        row = self.driver.execute_script(ROW_JS, env, key)
        self.assertIsNotNone(row, "the grid draws %s in %s" % (key, env))
        return row

    def hash_params(self):
        return self.driver.execute_script(
            "var p = new URLSearchParams(location.hash.replace(/^#/, '')), o = {};"
            "p.forEach(function (v, k) { o[k] = v; }); return o;"
        )

    def count_text(self):
        return self.driver.find_element(By.ID, "f-count").text.strip()

    def wait_for_count(self, text):
        try:
            self.wait.until(lambda d: d.find_element(By.ID, "f-count").text.strip() == text)
        except Exception:
            self.assertEqual(self.count_text(), text)

    def type_query(self, text):
        box = self.driver.find_element(By.ID, "f-q")
        box.clear()
        box.send_keys(text)
        self.wait.until(lambda d: self.hash_params().get("q") == text)

    def matching(self, term):
        return {key for key, text in self.search_index().items() if term.lower() in text}

    def flush_log(self):
        self.driver.get_log("browser")

    def severe_log_entries(self):
        return [entry for entry in self.driver.get_log("browser") if entry.get("level") == "SEVERE"]


class MatrixFilterTests(SiteTestCase):
    """The filters of matrix.html (site.js) on the repository's own workspace."""

    def test_environment_default_is_last_environment(self):
        self.load_matrix()
        self.assertEqual(Select(self.driver.find_element(By.ID, "f-env")).first_selected_option.get_attribute("value"), "prod")
        prod = self.only_visible_section("prod")
        self.assertEqual(len(prod["visibleRows"]), FLAG_COUNT)
        self.assertEqual(self.count_text(), "Showing all %d flags." % FLAG_COUNT)
        # The default environment is not written into the hash.
        self.assertNotIn("env", self.hash_params())

    def test_environment_switcher_shows_only_selected_section(self):
        self.load_matrix()
        options = [o.get_attribute("value") for o in Select(self.driver.find_element(By.ID, "f-env")).options]
        self.assertEqual(options, [""] + ENVIRONMENTS)
        Select(self.driver.find_element(By.ID, "f-env")).select_by_value("uat")
        self.wait.until(lambda d: self.hash_params().get("env") == "uat")
        uat = self.only_visible_section("uat")
        self.assertEqual(len(uat["visibleRows"]), FLAG_COUNT)
        self.assertTrue(self.driver.find_element(By.ID, "env-uat").is_displayed())
        self.assertEqual(self.driver.find_elements(By.ID, "env-prod"), [])

        Select(self.driver.find_element(By.ID, "f-env")).select_by_value("")
        self.wait.until(lambda d: self.hash_params().get("env") == "")
        self.assertEqual([s["env"] for s in self.visible_sections()], ENVIRONMENTS)

    def test_tenant_filter_leaves_flag_and_tenant_columns(self):
        self.load_matrix()
        options = [o.get_attribute("value") for o in Select(self.driver.find_element(By.ID, "f-tenant")).options]
        self.assertEqual(options, [""] + TENANTS)
        Select(self.driver.find_element(By.ID, "f-tenant")).select_by_value("CHL")
        self.wait.until(lambda d: self.hash_params().get("tenant") == "CHL")
        self.assertIn("tenant=CHL", self.driver.execute_script("return location.hash"))
        visible = self.visible_sections()
        self.assertEqual([s["env"] for s in visible], ["prod"])
        for section in visible:
            self.assertEqual(section["visibleHeaders"], ["Flag", "CHL"], section["env"])
        # Every visible row keeps exactly two visible cells besides its phase: the key and CHL's value.
        cells = self.driver.execute_script(VISIBLE_JS + """
          var rows = document.querySelectorAll("#grid tbody tr[data-e=prod][data-k]");
          return Array.prototype.map.call(rows, function (r) {
            return Array.prototype.filter.call(r.children, function (c) { return visible(c) && !c.classList.contains("phase"); }).length; });""")
        self.assertEqual(set(cells), {2})

        # With every environment shown, every table is filtered the same way.
        Select(self.driver.find_element(By.ID, "f-env")).select_by_value("")
        self.wait.until(lambda d: len(self.visible_sections()) == len(ENVIRONMENTS))
        for section in self.visible_sections():
            self.assertEqual(section["visibleHeaders"], ["Flag", "CHL"], section["env"])

    def test_text_search_filters_rows_and_updates_count(self):
        self.load_matrix()
        self.type_query("media")
        expected = self.matching("media")
        self.assertIn("ENABLE_MEDIA_LIBRARY", expected)
        self.assertNotIn("ENABLE_CHECKOUT", expected)
        prod = self.only_visible_section("prod")
        self.assertEqual(set(prod["visibleRows"]), expected)
        self.assertTrue(self.matrix_row("prod", "ENABLE_MEDIA_LIBRARY").is_displayed())
        self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, 'tr[data-e=prod][data-k="ENABLE_CHECKOUT"]'), [])
        self.wait_for_count("Showing %d of %d flags." % (len(expected), FLAG_COUNT))

        # Several words must all match; clearing the box shows everything again.
        self.type_query("media library")
        both = {k for k, t in self.search_index().items() if "media" in t and "library" in t}
        self.assertEqual(set(self.only_visible_section("prod")["visibleRows"]), both)
        box = self.driver.find_element(By.ID, "f-q")
        box.clear()
        box.send_keys(" ")  # an input event with no search terms
        self.wait_for_count("Showing all %d flags." % FLAG_COUNT)
        self.assertEqual(len(self.only_visible_section("prod")["visibleRows"]), FLAG_COUNT)

    def test_only_differing_toggle(self):
        self.load_matrix()
        self.driver.find_element(By.ID, "f-differs").click()
        self.wait.until(lambda d: self.hash_params().get("differs") == "1")
        prod = self.only_visible_section("prod")
        self.assertTrue(prod["differing"], "prod has differing flags")
        self.assertEqual(set(prod["visibleRows"]), set(prod["differing"]))
        self.assertNotIn("ENABLE_WISHLIST", prod["visibleRows"])
        self.assertIn("ENABLE_MEDIA_LIBRARY", prod["visibleRows"])
        self.wait_for_count("Showing %d of %d flags." % (len(prod["differing"]), FLAG_COUNT))

        self.driver.find_element(By.ID, "f-differs").click()
        self.wait.until(lambda d: "differs" not in self.hash_params())
        self.assertEqual(len(self.only_visible_section("prod")["visibleRows"]), FLAG_COUNT)

    def test_remote_config_marks_and_why(self):
        self.load_matrix()
        cell = self.matrix_row("prod", "ENABLE_CHECKOUT").find_element(By.CSS_SELECTOR, "td:nth-of-type(3)")
        self.assertEqual(cell.text, "off \u2601")
        self.assertFalse(cell.get_attribute("title"), "why is on the flag's page, not in a tooltip")
        varying = self.matrix_row("prod", "ENABLE_CLIENT_SEARCH_V2").find_element(By.CSS_SELECTOR, "td")
        self.assertEqual(varying.text, "on/off \u2248")
        legend = self.driver.find_element(By.CSS_SELECTOR, "dl.legend").text
        self.assertIn("\u2601", legend)
        self.assertIn("\u2248", legend)
        # The value's link opens the flag's page, where the condition is written next to the value.
        link = self.matrix_row("prod", "ENABLE_CHECKOUT").find_element(By.CSS_SELECTOR, "td:nth-of-type(3) a")
        self.driver.execute_script("arguments[0].click();", link)
        self.wait.until(lambda d: d.current_url.endswith("flags/enable_checkout.html#t-chl"))
        why = self.driver.find_element(By.CSS_SELECTOR, ":target .why").text
        self.assertIn("\u201cCheckout incident at CHL\u201d", why)
        self.assertIn("CHL's app", why)
        self.assertIn("without remote config: on", why)

    def test_only_decided_by_remote_config(self):
        self.load_matrix()
        # The flags with a cell whose class ends in r (remote), read from the grid as it scrolls.
        remote_rows = self.driver.execute_script("""
          var grid = document.getElementById("grid"), keys = [];
          for (var top = 0; ; top += Math.max(1, grid.clientHeight - 40)) {
            grid.scrollTop = top;
            grid.dispatchEvent(new Event("scroll"));
            Array.prototype.forEach.call(grid.querySelectorAll("tbody tr[data-e=prod][data-k]"), function (r) {
              var key = r.getAttribute("data-k");
              if (keys.indexOf(key) < 0 && Array.prototype.some.call(r.querySelectorAll("td"), function (c) { return /r$/.test(c.className); }))
                keys.push(key);
            });
            if (grid.scrollTop + grid.clientHeight >= grid.scrollHeight - 1) break;
          }
          return keys;""")
        self.assertIn("ENABLE_CHECKOUT", remote_rows)
        self.assertIn("ENABLE_CLIENT_SEARCH_V2", remote_rows)
        self.assertNotIn("ENABLE_MEDIA_LIBRARY", remote_rows)
        self.driver.find_element(By.ID, "f-remote").click()
        self.wait.until(lambda d: self.hash_params().get("remote") == "1")
        self.assertEqual(self.only_visible_section("prod")["visibleRows"], remote_rows)
        self.wait_for_count("Showing %d of %d flags." % (len(remote_rows), FLAG_COUNT))

        # With a tenant chosen, only that tenant's cell counts: CHL's checkout is remote, AVR's is not.
        Select(self.driver.find_element(By.ID, "f-tenant")).select_by_value("AVR")
        self.wait.until(lambda d: self.hash_params().get("tenant") == "AVR")
        self.assertNotIn("ENABLE_CHECKOUT", self.only_visible_section("prod")["visibleRows"])
        Select(self.driver.find_element(By.ID, "f-tenant")).select_by_value("CHL")
        self.wait.until(lambda d: self.hash_params().get("tenant") == "CHL")
        self.assertIn("ENABLE_CHECKOUT", self.only_visible_section("prod")["visibleRows"])

    def test_home_page_links_to_the_remote_filter(self):
        self.load("index.html")
        link = self.driver.find_element(By.PARTIAL_LINK_TEXT, "flags changed by remote config in prod")
        count = int(link.find_element(By.TAG_NAME, "strong").text)
        link.click()
        self.wait.until(lambda d: d.find_element(By.ID, "filters").is_displayed())
        self.assertTrue(self.driver.find_element(By.ID, "f-remote").is_selected())
        self.assertEqual(len(self.only_visible_section("prod")["visibleRows"]), count)

    def test_shared_url_restores_filters(self):
        self.load_matrix("env=uat&tenant=CHL&q=media&differs=1")
        d = self.driver
        self.assertEqual(Select(d.find_element(By.ID, "f-env")).first_selected_option.get_attribute("value"), "uat")
        self.assertEqual(Select(d.find_element(By.ID, "f-tenant")).first_selected_option.get_attribute("value"), "CHL")
        self.assertEqual(d.find_element(By.ID, "f-q").get_attribute("value"), "media")
        self.assertTrue(d.find_element(By.ID, "f-differs").is_selected())

        uat = self.only_visible_section("uat")
        expected = self.matching("media") & set(uat["differing"])
        self.assertIn("ENABLE_MEDIA_LIBRARY", expected)
        self.assertEqual(set(uat["visibleRows"]), expected)
        self.assertEqual(uat["visibleHeaders"], ["Flag", "CHL"])
        self.assertEqual(self.count_text(), "Showing %d of %d flags." % (len(expected), FLAG_COUNT))
        self.assertEqual(self.hash_params(), {"env": "uat", "tenant": "CHL", "q": "media", "differs": "1"})

    def test_unknown_hash_values_fall_back(self):
        self.load_matrix("env=nowhere&tenant=NOPE")
        # An unknown environment shows all of them; an unknown tenant shows all columns.
        self.assertEqual(Select(self.driver.find_element(By.ID, "f-env")).first_selected_option.get_attribute("value"), "")
        self.assertEqual(Select(self.driver.find_element(By.ID, "f-tenant")).first_selected_option.get_attribute("value"), "")
        visible = self.visible_sections()
        self.assertEqual([s["env"] for s in visible], ENVIRONMENTS)
        self.assertEqual(len(visible[0]["visibleHeaders"]), 1 + len(TENANTS))


class OtherPagesTests(SiteTestCase):
    """Tenant pages, the home page's jump box, and the browser console."""

    def test_no_console_errors(self):
        guide = sorted(p.name for p in (self.site / "guide").glob("*.html") if p.name != "index.html")
        self.assertTrue(guide, "the guide has pages")
        pages = [
            "index.html",
            "matrix.html",
            "flags/enable_media_library.html",
            "tenants/chl.html",
            "tenants/index.html",
            "lifecycle.html",
            "guide/index.html",
            "guide/" + guide[0],
        ]
        for page in pages:
            with self.subTest(page=page):
                self.flush_log()
                self.load(page)
                self.assertEqual(self.severe_log_entries(), [])

    def test_tenant_only_on_filter(self):
        self.load("tenants/wl.html")
        d = self.driver
        self.wait.until(lambda d: d.find_element(By.ID, "tenant-filters").is_displayed())
        checkbox = d.find_element(By.ID, "f-on")
        self.assertFalse(checkbox.is_selected())
        row = lambda key: d.find_element(By.XPATH, TENANT_ROW % key)
        self.assertTrue(row("ENABLE_GUIDED_TOUR").is_displayed())
        self.assertIsNone(row("ENABLE_GUIDED_TOUR").get_attribute("data-on"))
        total = len(d.find_elements(By.CSS_SELECTOR, TENANT_ROWS))
        self.assertEqual(total, FLAG_COUNT)

        checkbox.click()
        self.wait.until(lambda d: not row("ENABLE_GUIDED_TOUR").is_displayed())
        self.assertIn("on=1", d.execute_script("return location.hash"))
        state = d.execute_script(VISIBLE_JS + """
          return Array.prototype.map.call(document.querySelectorAll(arguments[0]), function (r) {
            return [r.querySelector("th a").textContent, visible(r), r.hasAttribute("data-on")]; });""", TENANT_ROWS)
        for key, shown, on in state:
            self.assertEqual(shown, on, key)
        self.assertTrue(any(shown for _, shown, _ in state), "some rows stay visible")
        # Non-Bool flags always count as on.
        self.assertTrue(row("ONBOARDING_VARIANT").is_displayed())
        self.assertTrue(row("MAX_WISHLIST_ITEMS").is_displayed())

        checkbox.click()
        self.wait.until(lambda d: row("ENABLE_GUIDED_TOUR").is_displayed())
        visible = d.execute_script(VISIBLE_JS + """
          return Array.prototype.filter.call(document.querySelectorAll(arguments[0]), visible).length;""", TENANT_ROWS)
        self.assertEqual(visible, FLAG_COUNT)

    def test_tenant_only_on_filter_restored_from_hash(self):
        self.load("tenants/wl.html#on=1")
        self.wait.until(lambda d: d.find_element(By.ID, "tenant-filters").is_displayed())
        self.assertTrue(self.driver.find_element(By.ID, "f-on").is_selected())
        self.assertFalse(self.driver.find_element(By.XPATH, TENANT_ROW % "ENABLE_GUIDED_TOUR").is_displayed())

    def test_home_jump_to_exact_key(self):
        self.load("index.html")
        box = self.driver.find_element(By.ID, "jump-q")
        box.send_keys("ENABLE_MEDIA_LIBRARY")
        self.driver.find_element(By.CSS_SELECTOR, "#jump button[type=submit]").click()
        target = self.url("flags/enable_media_library.html")
        self.wait.until(lambda d: d.current_url == target)
        self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
        self.assertEqual(self.driver.find_element(By.TAG_NAME, "h1").text.strip(), "ENABLE_MEDIA_LIBRARY")
        self.assertTrue(self.driver.find_element(By.CSS_SELECTOR, ".description").text.strip())

    def test_home_jump_is_case_insensitive(self):
        self.load("index.html")
        box = self.driver.find_element(By.ID, "jump-q")
        box.send_keys("  enable_media_library ")
        box.submit()
        self.wait.until(lambda d: d.current_url == self.url("flags/enable_media_library.html"))

    def test_home_jump_with_words_searches_matrix(self):
        self.load("index.html")
        self.driver.find_element(By.ID, "jump-q").send_keys("media")
        self.driver.find_element(By.CSS_SELECTOR, "#jump button[type=submit]").click()
        self.wait.until(lambda d: d.current_url.startswith(self.url("matrix.html")))
        self.wait.until(lambda d: d.find_element(By.ID, "filters").is_displayed())
        self.assertEqual(self.driver.find_element(By.ID, "f-q").get_attribute("value"), "media")
        self.assertEqual(set(self.only_visible_section("prod")["visibleRows"]), self.matching("media"))


class LifecyclePageTests(SiteTestCase):
    """The lifecycle page, the lifecycle part of flag pages, and the matrix badges."""

    def test_lifecycle_page_groups_by_status_then_owner(self):
        self.load("index.html")
        self.driver.find_element(By.LINK_TEXT, "Lifecycle").click()
        self.wait.until(lambda d: d.current_url.endswith("lifecycle.html"))
        current = self.driver.find_element(By.CSS_SELECTOR, "header.site a[aria-current=page]")
        self.assertEqual(current.text, "Lifecycle")
        self.assertIn("Statuses as of 2026-11-23", self.driver.find_element(By.TAG_NAME, "main").text)
        overdue = self.driver.find_element(By.ID, "s-overdue")
        owners = [h.text for h in overdue.find_elements(By.TAG_NAME, "h3")]
        self.assertEqual(owners[-1], "No owner", "flags without an owner come last")
        self.assertEqual(owners[:-1], sorted(owners[:-1], key=str.lower), "owners in alphabetical order")
        rows = overdue.find_elements(By.CSS_SELECTOR, "tbody tr")
        stat = self.driver.find_element(By.CSS_SELECTOR, "a[href='#s-overdue'] strong")
        self.assertEqual(int(stat.text), len(rows), "the count matches the listed flags")
        self.assertIn("ENABLE_CLIENT_PROFILE_V2", overdue.text)
        self.assertIn("passed 146 days ago", overdue.text)

    def test_status_links_open_the_flag_page_with_reasons_and_uses(self):
        self.load("lifecycle.html")
        section = self.driver.find_element(By.ID, "s-rolled-out")
        section.find_element(By.LINK_TEXT, "ENABLE_CLIENT_PROFILE_V2").click()
        self.wait.until(lambda d: d.current_url.endswith("flags/enable_client_profile_v2.html"))
        # Stale is said on the lifecycle page, not among a flag's findings.
        badges = [b.text for b in self.driver.find_elements(By.CSS_SELECTOR, ".findings .badge")]
        self.assertEqual(badges, ["overdue", "rolled out"])
        # The places in code are for engineers, in the folded part at the end.
        self.driver.find_element(By.CSS_SELECTOR, "#engineers > summary").click()
        uses = [li.text for li in self.driver.find_elements(By.CSS_SELECTOR, ".refs li")]
        self.assertEqual(len(uses), 1)
        self.assertIn("content/app/Sources/Clienteling/ClientProfileView.swift:10", uses[0])

    def test_matrix_rows_carry_status_badges(self):
        self.load_matrix("q=ENABLE_GUIDED_TOUR")
        self.assertEqual(self.only_visible_section("prod")["visibleRows"], ["ENABLE_GUIDED_TOUR"])
        row = self.matrix_row("prod", "ENABLE_GUIDED_TOUR")
        labels = [b.text for b in row.find_elements(By.CSS_SELECTOR, ".badge")]
        self.assertEqual(labels, ["overdue", "dead"], "stale is left to the lifecycle page")

    def test_matrix_search_finds_flags_by_status(self):
        self.load("lifecycle.html")
        due_soon = {a.text for a in self.driver.find_elements(By.CSS_SELECTOR, "#s-due-soon tbody th a")}
        self.assertEqual(len(due_soon), 4)
        self.load_matrix("q=due soon")
        visible = set(self.only_visible_section("prod")["visibleRows"])
        self.assertTrue(due_soon <= visible, "every flag due soon is found")
        index = self.search_index()
        for key in visible:
            self.assertTrue("due" in index[key] and "soon" in index[key], key)


WIDTHS = (390, 1280)  # a phone and a laptop, in CSS pixels

# Where a node is on screen, and what the browser would hit at its centre: the
# node itself unless something (a sticky column or header) covers it.
GEOMETRY_JS = """
var n = arguments[0], r = n.getBoundingClientRect();
var hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width,
        viewportWidth: document.documentElement.clientWidth, viewportHeight: window.innerHeight,
        covered: !(hit && (hit === n || n.contains(hit)))};
"""


class ReadingTests(SiteTestCase):
    """What a PM sees on a phone (390 px) and a laptop (1280 px): issue 12's items 1, 2, 6 and 7.

    These tests describe behaviour, so they hold for any matrix that keeps these few hooks:

    - MATRIX_ROW: a flag's row, `[data-k]` holding the key; its first cell names the
      flag, the `td`s after it are values.
    - MATRIX_LINK: a value's link, to `flags/<flag slug>.html#t-<tenant slug>`.
    - SEARCH (`#f-q`), EMPTY (`#f-empty`, shown when nothing matches) and CLEAR (`#f-clear`).
    - On a flag page, VALUES (`table.values`) with a row per tenant with id `t-<tenant slug>`.
    """

    MATRIX_ROW = "table.matrix tbody tr[data-k]"
    MATRIX_LINK = "table.matrix td a[href*='%s']"
    SEARCH, EMPTY, CLEAR = "#f-q", "#f-empty", "#f-clear"
    VALUES = "table.values"

    @classmethod
    def tearDownClass(cls):
        cls.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        super().tearDownClass()

    def geometry(self, node):
        return self.driver.execute_script(GEOMETRY_JS, node)

    def first_visible_row(self):
        rows = [r for r in self.driver.find_elements(By.CSS_SELECTOR, self.MATRIX_ROW) if r.is_displayed()]
        self.assertTrue(rows, "the matrix shows rows")
        return rows[0]

    def assert_first_value_readable(self, context, phone=False):
        row = self.first_visible_row()
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", row)
        name = row.find_element(By.CSS_SELECTOR, "th, [role=rowheader]")
        value = [c for c in row.find_elements(By.CSS_SELECTOR, "td") if c.is_displayed()][0]
        name_box, value_box = self.geometry(name), self.geometry(value)
        if phone:
            # On a phone each flag is a card: its whole name on a line, its values under it.
            self.assertGreaterEqual(value_box["top"], name_box["bottom"] - 1, context + ": the values are under the name")
            self.assertLessEqual(name_box["right"], name_box["viewportWidth"], context + ": the name is inside the viewport")
        else:
            self.assertLessEqual(name_box["width"], 0.42 * name_box["viewportWidth"], context + ": the name column takes at most ~40%")
            self.assertGreaterEqual(value_box["left"], name_box["right"] - 1, context + ": the value starts after the name column")
        self.assertLessEqual(value_box["right"], value_box["viewportWidth"], context + ": the value is inside the viewport")
        self.assertFalse(value_box["covered"], context + ": nothing covers the value")
        self.assertTrue(value.text.strip(), context + ": the value has text")

    # Item 1: the matrix on a phone.

    def test_first_value_column_is_visible_and_readable(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                self.assert_first_value_readable("%d px" % width, phone=width < 500)
                self.load_matrix("tenant=CHL")
                self.assert_first_value_readable("%d px, one tenant" % width, phone=width < 500)

    def test_the_phone_pages_through_tenants_instead_of_scrolling_sideways(self):
        self.set_width(390)
        self.load_matrix()
        grid = self.driver.find_element(By.ID, "grid")
        self.assertLessEqual(self.driver.execute_script("return arguments[0].scrollWidth - arguments[0].clientWidth;", grid), 0,
                             "the grid does not scroll sideways")
        seen = []
        for _ in range(len(TENANTS)):
            headers = [h.get_attribute("data-t") for h in grid.find_elements(By.CSS_SELECTOR, "thead th[data-t]")]
            following = self.driver.find_element(By.ID, "f-next")
            if following.is_enabled():
                self.assertGreaterEqual(len(headers), 3, "a few tenants at a time")
            seen += [h for h in headers if h not in seen]
            row = self.first_visible_row()
            self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", row)
            for cell in row.find_elements(By.CSS_SELECTOR, "td"):
                box = self.geometry(cell)
                self.assertFalse(box["covered"], "nothing covers a value")
                self.assertLessEqual(box["right"], box["viewportWidth"] + 0.5)
            if not following.is_enabled():
                break
            following.click()
        self.assertEqual(seen, TENANTS, "the buttons reach every tenant, in order")

    # Item 2: the flag page.

    def test_flag_page_puts_compact_values_first(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load("flags/enable_checkout.html")
                table = self.driver.find_element(By.CSS_SELECTOR, self.VALUES)
                lifecycle = self.driver.find_element(By.ID, "lifecycle")
                self.assertLess(table.location["y"], lifecycle.location["y"], "the values come before the lifecycle")
                first = table.find_element(By.CSS_SELECTOR, "tbody td")
                self.assertLess(self.geometry(first)["top"], self.geometry(first)["viewportHeight"], "the first value is above the fold")
                self.assertNotIn(".json", table.text, "no file path is spelt out in the cells")
                self.assertFalse(first.get_attribute("title"), "no tooltip")
                engineers = self.driver.find_element(By.ID, "engineers")
                self.assertIsNone(engineers.get_attribute("open"), "where values are written is folded away")
                self.assertIn("FeatureFlags.defaults.json", engineers.get_attribute("textContent"), "the source position is on demand")
                if width == 1280:
                    headers = table.find_elements(By.CSS_SELECTOR, "thead th")
                    self.assertEqual(len(headers), 1 + len(ENVIRONMENTS))
                    self.assertLessEqual(self.geometry(headers[-1])["right"], 1280, "the last environment is not cut off")

    # Item 6: a matrix value opens the flag page at the tenant's row.

    def test_matrix_value_opens_the_flag_page_at_the_tenant_row(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix("q=ENABLE_CHECKOUT")
                if width < 500:
                    # A phone shows a few tenants at a time: page on to WL's, as a reader would.
                    while not self.driver.find_elements(By.CSS_SELECTOR, '#grid thead th[data-t="WL"]'):
                        self.driver.find_element(By.ID, "f-next").click()
                else:
                    # The grid draws only the columns near the view: scroll sideways to WL's column, as a reader would.
                    self.driver.execute_script("""
                      var grid = document.getElementById("grid"), header = grid.querySelector('thead th[data-t="WL"]');
                      grid.scrollLeft = header.offsetLeft - grid.clientWidth / 2;
                      grid.dispatchEvent(new Event("scroll"));""")
                link = self.driver.find_element(By.CSS_SELECTOR, self.MATRIX_LINK % "enable_checkout.html#t-wl")
                self.driver.execute_script("arguments[0].scrollIntoView({block: 'center', inline: 'center'});", link)
                link.click()
                self.wait.until(lambda d: d.current_url.endswith("flags/enable_checkout.html#t-wl"))
                self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
                target = self.driver.find_element(By.CSS_SELECTOR, ":target")
                self.assertEqual(target.get_attribute("id"), "t-wl")
                box = self.geometry(target)
                self.assertFalse(box["covered"], "the sticky header and name column leave the target visible")
                self.assertGreaterEqual(box["top"], 0)
                self.assertLessEqual(box["bottom"], box["viewportHeight"])
                style = lambda node, prop: self.driver.execute_script(
                    "return getComputedStyle(arguments[0]).getPropertyValue(arguments[1]);", node, prop)
                other = self.driver.find_element(By.ID, "t-avr")
                self.assertNotEqual(style(target, "outline-style"), "none", "the tenant's row is highlighted")
                self.assertEqual(style(other, "outline-style"), "none")
                row_name = self.driver.find_element(By.CSS_SELECTOR, "#t-wl > th")
                other_name = self.driver.find_element(By.CSS_SELECTOR, "#t-avr > th")
                self.assertNotEqual(style(row_name, "background-color"), style(other_name, "background-color"), "the row is highlighted")

    # Item 7: a search with no match.

    def test_a_search_without_match_says_so_and_clears(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                self.type_query("zzz-no-such-flag")
                self.wait.until(lambda d: d.find_element(By.CSS_SELECTOR, self.EMPTY).is_displayed())
                self.assertIn("No flag matches", self.driver.find_element(By.CSS_SELECTOR, self.EMPTY).text)
                self.assertIn("zzz-no-such-flag", self.driver.find_element(By.CSS_SELECTOR, self.EMPTY).text)
                rows = [r for r in self.driver.find_elements(By.CSS_SELECTOR, self.MATRIX_ROW) if r.is_displayed()]
                self.assertEqual(rows, [], "no empty table is left showing rows")
                self.driver.find_element(By.CSS_SELECTOR, self.CLEAR).click()
                self.wait.until(lambda d: not d.find_element(By.CSS_SELECTOR, self.EMPTY).is_displayed())
                self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, self.SEARCH).get_attribute("value"), "")
                self.assertNotIn("q", self.hash_params())
                self.assertEqual(len(self.only_visible_section("prod")["visibleRows"]), FLAG_COUNT)


class SixEnvironmentsTests(SiteTestCase):
    """A flag page of a workspace with six environments and long tenant names fits 1280 px (item 2)."""

    @classmethod
    def setUpClass(cls):
        require_tools()
        cls.workspace = Path(tempfile.mkdtemp(prefix="flagstaff-six-"))
        shutil.copytree(REPO / "Tests" / "FlagstaffTests" / "Fixtures" / "small", cls.workspace / "small")
        config = cls.workspace / "small" / "flagstaff.yml"
        text = config.read_text().replace("environments: [dev, uat, prod]", "environments: [dev, qa, sit, uat, preprod, prod]")
        text = text.replace("tenant_names: { WL: White Label }",
                            "tenant_names: { WL: White Label Partners, AAA: Grand Maison de Paris, BBB: Atelier Nord }")
        config.write_text(text)
        cls.config = config
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        try:
            super().tearDownClass()
        finally:
            shutil.rmtree(cls.workspace, ignore_errors=True)

    def test_six_environments_fit_at_1280(self):
        self.load("flags/enable_media_library.html")
        table = self.driver.find_element(By.CSS_SELECTOR, "table.values")
        headers = table.find_elements(By.CSS_SELECTOR, "thead th")
        self.assertEqual([h.text for h in headers][1:], ["dev", "qa", "sit", "uat", "preprod", "prod"])
        right = self.driver.execute_script("return arguments[0].getBoundingClientRect().right;", headers[-1])
        self.assertLessEqual(right, self.driver.execute_script("return document.documentElement.clientWidth;"))
        box = self.driver.execute_script(
            "var b = arguments[0].closest('.scroll'); return [b.scrollWidth, b.clientWidth];", table)
        self.assertLessEqual(box[0], box[1], "no sideways scrolling")


class HistoryPagesTests(SiteTestCase):
    """Issue 28 on the example site, whose configuration has `history`: the
    Recent changes page and its filters, each flag's History and each tenant's
    recent changes, readable at 390 and 1280 px."""

    ITEMS = ".history-entries .changes > li"

    @classmethod
    def tearDownClass(cls):
        cls.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        self.set_width(1280)

    def shown_items(self):
        """Each change shown: its tenants and environments (empty: all) and its text."""
        return self.driver.execute_script(VISIBLE_JS + """
          return Array.prototype.filter.call(document.querySelectorAll(arguments[0]), visible).map(function (li) {
            return [li.getAttribute("data-tenants").split(" ").filter(Boolean), li.getAttribute("data-envs").split(" ").filter(Boolean),
                    li.textContent.trim()]; });""", self.ITEMS)

    def choose(self, select, value):
        Select(self.driver.find_element(By.ID, select)).select_by_value(value)

    def test_recent_changes_filter_by_tenant_and_environment(self):
        self.load("recent-changes.html")
        self.wait.until(lambda d: d.find_element(By.ID, "history-filters").is_displayed())
        everything = self.shown_items()
        self.assertTrue(any("turned off in prod for CHL" in text for _, _, text in everything),
                        "the remote brake on CHL's checkout is a recent change")
        self.choose("h-tenant", "BEL")
        self.wait.until(lambda d: "tenant=BEL" in d.execute_script("return location.hash"))
        for tenants, _, text in self.shown_items():
            self.assertTrue(not tenants or "BEL" in tenants, text)
        self.assertLess(len(self.shown_items()), len(everything), "a tenant sees fewer changes")
        # A Remote Config condition on another maison's app id (content/remote/prod.json) is not BEL's change.
        shown = [text for _, _, text in self.shown_items()]
        self.assertIn("Remote config in prod: a new condition “BEL” (flag ENABLE_VIDEO_APPOINTMENTS)", shown)
        self.assertNotIn("Remote config in prod and uat: a new condition “CHL”", shown)
        self.choose("h-env", "uat")
        for tenants, environments, text in self.shown_items():
            self.assertTrue(not tenants or "BEL" in tenants, text)
            self.assertTrue(not environments or environments == ["uat"] or "uat" in environments, text)
        self.assertIn("env=uat", self.driver.execute_script("return location.hash"))
        # Entries without a change left to show are hidden whole.
        hidden = self.driver.execute_script(VISIBLE_JS + """
          return Array.prototype.filter.call(document.querySelectorAll(".history-entry"), function (e) {
            return visible(e) && !Array.prototype.some.call(e.querySelectorAll(".changes > li"), visible); }).length;""")
        self.assertEqual(hidden, 0)

    def test_recent_changes_filters_restored_from_the_address(self):
        self.load("recent-changes.html#tenant=WL&env=uat")
        self.wait.until(lambda d: d.find_element(By.ID, "history-filters").is_displayed())
        self.assertEqual(Select(self.driver.find_element(By.ID, "h-tenant")).first_selected_option.get_attribute("value"), "WL")
        self.assertEqual(Select(self.driver.find_element(By.ID, "h-env")).first_selected_option.get_attribute("value"), "uat")
        texts = [text for _, _, text in self.shown_items()]
        self.assertTrue(any("ONBOARDING_VARIANT" in text for text in texts), texts)
        self.assertFalse(any("ENABLE_CHECKOUT" in text for text in texts), "CHL's prod brake is not WL's nor uat's")

    def test_flag_history_says_since_when_and_which_change(self):
        self.load("flags/enable_checkout.html")
        history = self.driver.find_element(By.CSS_SELECTOR, "section.history")
        text = history.text
        self.assertIn("prod", history.find_element(By.TAG_NAME, "h3").text)
        self.assertIn("Off (remote config) for CHL since 23 Nov 2026", text)
        self.assertIn("“Remote layer: read Firebase Remote Config templates and show the value the app really gets”", text)
        self.assertIn("On (its base value) from 23 Nov 2026, when the history starts", text)

    def test_tenant_page_lists_its_recent_changes(self):
        self.load("tenants/chl.html")
        recent = self.driver.find_element(By.ID, "recent")
        self.assertTrue(recent.is_displayed())
        items = [li.text for li in self.driver.find_elements(By.CSS_SELECTOR, self.ITEMS)]
        self.assertTrue(any("ENABLE_CHECKOUT" in item for item in items), items)
        link = self.driver.find_element(By.PARTIAL_LINK_TEXT, "Every recent change for")
        self.assertTrue(link.get_attribute("href").endswith("recent-changes.html#tenant=CHL"))

    def test_history_pages_fit_a_phone_and_hide_nothing_in_tooltips(self):
        for width in WIDTHS:
            for page in ("recent-changes.html", "flags/enable_checkout.html", "tenants/chl.html"):
                with self.subTest(width=width, page=page):
                    self.set_width(width)
                    self.load(page)
                    overflow = self.driver.execute_script(
                        "return document.documentElement.scrollWidth - document.documentElement.clientWidth;")
                    self.assertLessEqual(overflow, 0, "nothing scrolls sideways")
                    titled = self.driver.execute_script(
                        "return document.querySelectorAll('.history [title], .history-entries [title], #history-filters [title]').length;")
                    self.assertEqual(titled, 0, "no history text lives only in a tooltip")


class NoJavaScriptTests(SiteTestCase):
    """With scripting disabled, nothing is hidden and the filter form stays hidden."""

    javascript = False

    def test_matrix_without_javascript_links_to_every_cell(self):
        """The grid needs JavaScript; without it, matrix.html lists static tables,
        one page per environment and group, that hold every cell."""
        self.driver.get(self.url("matrix.html"))
        d = self.driver
        self.assertFalse(d.find_element(By.ID, "filters").is_displayed())
        # matrix.js really did not run: the form and the grid keep their `hidden` attribute.
        self.assertIsNotNone(d.find_element(By.ID, "filters").get_attribute("hidden"))
        self.assertFalse(d.find_element(By.ID, "grid").is_displayed())
        self.assertTrue(d.find_element(By.ID, "tables").is_displayed())
        links = [a.get_attribute("href") for a in d.find_elements(By.CSS_SELECTOR, "#tables a[href]")]
        self.assertTrue(links)
        for env in ENVIRONMENTS:
            pages = [href for href in links if "/matrix/%s/" % env in href]
            self.assertTrue(pages, env)
            keys = []
            for page in pages:
                d.get(page)
                rows = d.find_elements(By.CSS_SELECTOR, "table.matrix tbody tr[data-k]")
                for row in rows:
                    self.assertTrue(row.is_displayed())
                    self.assertEqual(len(row.find_elements(By.CSS_SELECTOR, "td")), len(TENANTS), row.get_attribute("data-k"))
                keys += [r.get_attribute("data-k") for r in rows]
            self.assertEqual(len(keys), FLAG_COUNT, env)
            self.assertEqual(len(set(keys)), FLAG_COUNT, env)

    def test_recent_changes_without_javascript_shows_every_change(self):
        self.driver.get(self.url("recent-changes.html"))
        self.assertFalse(self.driver.find_element(By.ID, "history-filters").is_displayed())
        items = self.driver.find_elements(By.CSS_SELECTOR, ".history-entries .changes > li")
        self.assertTrue(items)
        self.assertTrue(all(item.is_displayed() for item in items))

    def test_tenant_page_without_javascript_shows_every_row(self):
        self.driver.get(self.url("tenants/wl.html"))
        self.assertFalse(self.driver.find_element(By.ID, "tenant-filters").is_displayed())
        rows = self.driver.find_elements(By.CSS_SELECTOR, TENANT_ROWS)
        self.assertEqual(len(rows), FLAG_COUNT)
        self.assertTrue(all(r.is_displayed() for r in rows))


class GridScaleTests(SiteTestCase):
    """A matrix too big to put in the page (600 flags × 40 tenants × 3
    environments, from scripts/synth-workspace): the grid draws only what is on
    screen, at 390 and 1280 px, and every flag is still one scroll away."""

    FLAGS, TENANTS, ENVIRONMENTS = 600, 40, 3

    @classmethod
    def setUpClass(cls):
        require_tools()
        cls.workspace = Path(tempfile.mkdtemp(prefix="flagstaff-grid-"))
        subprocess.run(["python3", str(REPO / "scripts" / "synth-workspace"), str(cls.workspace),
                        str(cls.FLAGS), str(cls.TENANTS), str(cls.ENVIRONMENTS)], check=True, cwd=str(REPO),
                       stdout=subprocess.DEVNULL)
        cls.config = cls.workspace / "flagstaff.yml"
        super().setUpClass()

    @classmethod
    def tearDownClass(cls):
        try:
            cls.driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})
            super().tearDownClass()
        finally:
            shutil.rmtree(cls.workspace, ignore_errors=True)

    def drawn_rows(self):
        return self.driver.find_elements(By.CSS_SELECTOR, "#grid tbody tr[data-k]")

    def keys(self):
        return self.driver.execute_script("return window.FLAGSTAFF_MATRIX.flags.map(function (f) { return f.key; });")

    def test_only_rows_on_screen_are_drawn_and_scrolling_reveals_the_rest(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                self.assertEqual(self.count_text(), "Showing all %d flags." % self.FLAGS)
                drawn = self.drawn_rows()
                self.assertTrue(drawn)
                self.assertLess(len(drawn), 80, "a bounded number of rows is in the page")
                keys = self.keys()
                last = keys[-1]
                self.assertEqual(self.driver.find_elements(By.CSS_SELECTOR, '#grid tr[data-k="%s"]' % last), [])
                self.driver.execute_script("var g = document.getElementById('grid'); g.scrollTop = g.scrollHeight;")
                self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#grid tr[data-k="%s"]' % last))
                self.assertLess(len(self.drawn_rows()), 80)
                # The tenant header row stays on top while the rows scroll under it.
                header = self.driver.find_element(By.CSS_SELECTOR, "#grid thead th[data-t]")
                grid = self.driver.find_element(By.ID, "grid")
                self.assertLess(abs(header.rect["y"] - grid.rect["y"]), 3, "the header row sticks to the top")
                # Every environment's rows follow each other under their heading.
                Select(self.driver.find_element(By.ID, "f-env")).select_by_value("")
                self.wait.until(lambda d: self.hash_params().get("env") == "")
                self.assertLess(len(self.drawn_rows()), 80)
                self.driver.execute_script("var g = document.getElementById('grid'); g.scrollTop = g.scrollHeight;")
                env = self.driver.execute_script("return window.FLAGSTAFF_MATRIX.environments.slice(-1)[0].name;")
                self.wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, '#grid tr[data-e="%s"][data-k="%s"]' % (env, last)))

    def test_filters_hash_and_links_at_scale(self):
        for width in WIDTHS:
            with self.subTest(width=width):
                self.set_width(width)
                self.load_matrix()
                keys = self.keys()
                tenant = self.driver.execute_script("return window.FLAGSTAFF_MATRIX.tenants[7];")
                env = self.driver.execute_script("return window.FLAGSTAFF_MATRIX.environments[0];")
                wanted = keys[-3]
                self.load_matrix("env=%s&tenant=%s&q=%s" % (env["name"], tenant["id"], wanted.lower()))
                self.assertEqual(Select(self.driver.find_element(By.ID, "f-tenant")).first_selected_option.get_attribute("value"), tenant["id"])
                rows = self.drawn_rows()
                self.assertIn(wanted, [r.get_attribute("data-k") for r in rows])
                for row in rows:
                    self.assertEqual(len(row.find_elements(By.CSS_SELECTOR, "td")), 1, "one tenant, one column")
                fragment = "#t-%s" % tenant["slug"]
                link = self.driver.find_element(By.CSS_SELECTOR, '#grid tr[data-k="%s"] td a' % wanted)
                self.assertTrue(link.get_attribute("href").endswith(fragment), link.get_attribute("href"))
                link.click()
                self.wait.until(lambda d: d.current_url.endswith(fragment))
                self.wait.until(lambda d: d.execute_script("return document.readyState") == "complete")
                self.assertEqual(self.driver.find_element(By.CSS_SELECTOR, ":target").get_attribute("id"), fragment[1:])

    def test_static_tables_stay_small(self):
        pages = sorted((self.site / "matrix").rglob("*.html"))
        self.assertTrue(pages)
        for page in pages:
            self.assertLess(page.stat().st_size, 1_100_000, str(page))


# Finds what a payload could have left behind in the live DOM: event-handler
# attributes, javascript: URLs, executable scripts that mention the payload,
# and JSON islands that could break out of their <script> element.
INJECTION_JS = """
var found = [];
Array.prototype.forEach.call(document.querySelectorAll("*"), function (el) {
  Array.prototype.forEach.call(el.attributes, function (attr) {
    var name = attr.name.toLowerCase(), value = attr.value.replace(/[\\s\\u0000-\\u001f]/g, "").toLowerCase();
    if (name.indexOf("on") === 0) found.push(el.tagName + "[" + name + "]");
    if (/^(href|src|action|formaction|data|xlink:href)$/.test(name) && /^(javascript|vbscript|data):/.test(value))
      found.push(el.tagName + "[" + name + "=" + attr.value + "]");
  });
});
Array.prototype.forEach.call(document.querySelectorAll("script"), function (s) {
  var type = (s.getAttribute("type") || "").toLowerCase(), text = s.textContent;
  if (type === "application/json") {
    if (/<\\/script|<!--/i.test(text)) found.push("json island can break out: " + text.slice(0, 80));
    try { JSON.parse(text); } catch (e) { found.push("json island does not parse: " + e); }
  } else if (text.indexOf("__xss") >= 0 || (s.src && s.src.indexOf("__xss") >= 0)) {
    found.push("script: " + text.slice(0, 80));
  }
});
Array.prototype.forEach.call(document.querySelectorAll("body iframe, body object, body embed, body svg, body img, body math"), function (el) {
  found.push("unexpected element: " + el.outerHTML.slice(0, 80));
});
return found;
"""


class XSSTests(SiteTestCase):
    """A workspace whose every human-written text is a script payload."""

    config = XSS_FIXTURE / "flagstaff.yml"

    @classmethod
    def setUpClass(cls):
        require_tools()
        validate = subprocess.run(
            [FLAGSTAFF, "validate", "--config", str(cls.config)],
            cwd=str(REPO), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=300,
        )
        if validate.returncode != 0:
            raise AssertionError("the xss fixture does not validate:\n%s\n%s" % (validate.stdout, validate.stderr))
        super().setUpClass()

    def pages(self):
        return sorted(str(p.relative_to(self.site)) for p in self.site.rglob("*.html"))

    def xss(self):
        return self.driver.execute_script("return window.__xss")

    def assert_clean(self, context):
        self.assertIsNone(self.xss(), "payload ran: " + context)
        self.assertEqual(self.driver.execute_script(INJECTION_JS), [], context)

    def test_site_has_the_expected_pages(self):
        pages = set(self.pages())
        for page in ("index.html", "matrix.html", "tenants/index.html", "tenants/aaa.html", "tenants/wl.html",
                     "guide/index.html", "guide/intro.html", "flags/enable_script.html", "flags/enable_image.html",
                     "flags/enable_link.html", "flags/payload_value.html"):
            self.assertIn(page, pages)

    def test_no_payload_runs_on_any_page(self):
        for page in self.pages():
            with self.subTest(page=page):
                self.flush_log()
                self.load(page)
                self.assertIsNone(self.xss(), "payload ran while loading " + page)
                # Click every javascript: link, on a fresh copy of the page each time.
                for i in range(len(self.javascript_links())):
                    self.load(page)
                    link = self.javascript_links()[i]
                    self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", link)
                    try:
                        link.click()
                    except WebDriverException:
                        self.driver.execute_script("arguments[0].click();", link)
                    self.assertIsNone(self.xss(), "javascript: link %d ran on %s" % (i, page))
                # Fire hover and focus events on every element, in case a handler slipped through.
                self.load(page)
                self.driver.execute_script("""
                  Array.prototype.forEach.call(document.querySelectorAll("body *"), function (el) {
                    ["mouseover", "mouseenter", "focus"].forEach(function (type) {
                      el.dispatchEvent(new Event(type, {bubbles: true}));
                    });
                  });""")
                self.assert_clean(page + " after hovering")

    def javascript_links(self):
        return [a for a in self.driver.find_elements(By.CSS_SELECTOR, "a[href]")
                if a.get_attribute("href").strip().lower().startswith("javascript")]

    def test_script_in_description_is_escaped_or_removed(self):
        self.load("flags/enable_script.html")
        self.assert_clean("flag page")
        description = self.driver.find_element(By.CSS_SELECTOR, ".description")
        shown = "<script>" in description.text
        removed = self.driver.execute_script("""
          var walker = document.createTreeWalker(arguments[0], NodeFilter.SHOW_COMMENT), any = false;
          while (walker.nextNode()) any = true;
          return any;""", description)
        self.assertTrue(shown or removed, "description neither shows nor drops <script>: %r" % description.text)
        self.assertEqual(description.find_elements(By.TAG_NAME, "script"), [])
        # Before and after text around the payload survive.
        self.assertIn("Before", description.text)
        self.assertIn("after", description.text)

    def test_values_and_names_are_shown_as_text(self):
        self.load("flags/payload_value.html")
        self.assert_clean("flag page")
        body = self.driver.find_element(By.TAG_NAME, "body").text
        self.assertIn("<img src=x onerror=window.__xss=1>", body)  # AAA's base value
        self.assertIn("<b onmouseover=window.__xss=1>Evil</b>", body)  # AAA's display name
        self.load("tenants/aaa.html")
        self.assertIn("<b onmouseover=window.__xss=1>Evil</b>", self.driver.find_element(By.TAG_NAME, "h1").text)
        self.assert_clean("tenant page")

    def test_matrix_filters_with_hostile_input(self):
        self.load_matrix("q=%3Cimg%20src%3Dx%20onerror%3Dwindow.__xss%3D1%3E&tenant=AAA")
        self.assert_clean("matrix with hostile hash")
        for value in ("", "AAA", "WL"):
            Select(self.driver.find_element(By.ID, "f-tenant")).select_by_value(value)
        box = self.driver.find_element(By.ID, "f-q")
        box.clear()
        box.send_keys("<svg onload=window.__xss=1>")
        self.driver.find_element(By.ID, "f-differs").click()
        self.assert_clean("matrix after filtering")


if __name__ == "__main__":
    unittest.main()
