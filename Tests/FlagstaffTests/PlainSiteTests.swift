import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The site a PM reads (issue 27), on the hotel fixture: nine tenants and
/// Remote Config in staging and prod. Expected values come from reading the
/// fixture's files: URB overrides breakfast, the new home and rooms in staging;
/// prod's template gives every device in a random 25% the digital key, EU phones
/// VAT-inclusive prices, Casa Solana's app no spa, the Partner Collection app the
/// loyalty wallet, and everyone 2 rooms; DUN leaves rooms unset.
@Suite("Site for PMs")
struct PlainSiteTests {
    static let pages = [
        "index.html", "compare.html", "glossary.html", "tenants/urb.html", "tenants/index.html", "flags/enable_digital_key.html",
        "flags/show_vat_inclusive_prices.html", "flags/enable_spa_booking.html", "flags/enable_room_upgrades.html", "guide/welcome.html",
    ]

    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: Fixtures.configuration("hotels")) }

    @Test(arguments: pages)
    func pageMatchesGolden(_ page: String) throws {
        let html = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("hotels/site/\(page)", matches: html))
    }

    /// The row of a flag page's values table whose id is `id` (`t-<tenant>`), without the line's end.
    static func row(_ id: String, in page: String) -> Substring {
        guard let start = page.range(of: "<tr id=\(id)>") else { return "" }
        return page[start.lowerBound...].prefix { $0 != "\n" }
    }

    /// Each condition is named, and said in words, where the value it decides is.
    @Test func conditionsAreSaidInPlainWordsNextToTheirValues() throws {
        let site = try Self.site.get()
        let vat = try #require(site["flags/show_vat_inclusive_prices.html"])
        #expect(Self.row("t-urb", in: vat).hasSuffix(#"<td class=vr>on/off ≈<span class=why>on for “EU guests” (phones set to Germany, France, Spain, Italy, the Netherlands or Portugal); otherwise off</span>"#))
        let key = try #require(site["flags/enable_digital_key.html"])
        #expect(key.contains("on for “Digital key 25% rollout” (a random 25% of devices); otherwise off"))
        let spa = try #require(site["flags/enable_spa_booking.html"])
        #expect(Self.row("t-cso", in: spa).hasSuffix(#"<td class=nr>off ☁<span class=why>set by remote config for “Spa incident at Casa Solana” (Casa Solana&#39;s app); without remote config: on</span>"#))
        let wallet = try #require(site["flags/enable_loyalty_wallet.html"])
        #expect(wallet.contains("set by remote config for “Partner Collection” (the Partner Collection app); without remote config: off"))
        #expect(!vat.contains(" title=\""), "no reason only in a tooltip")
    }

    /// DUN leaves MAX_ROOMS_PER_BOOKING unset: 0 where nothing sets it, but 2 in
    /// prod, where remote config's default value applies to every tenant.
    @Test func homeWarningsGiveTheValuesTheAppReallyGets() throws {
        let home = try #require(try Self.site.get()["index.html"])
        #expect(home.contains(#"<a href="tenants/dun.html">Dunmore House</a> does not set 1 flag; the app gets: <a href="flags/max_rooms_per_booking.html"><code>MAX_ROOMS_PER_BOOKING</code></a> (0 in dev and staging; 2 in prod, from remote config)"#))
        #expect(!home.contains("off, 0 or (empty)"))
        let flag = try #require(try Self.site.get()["flags/max_rooms_per_booking.html"])
        #expect(Self.row("t-dun", in: flag).contains(#"<td class=xf>0 ○<td class=xf>0 ○<td class=xr>2 ☁"#), "0 in dev and staging, 2 in prod")
    }

    @Test func theSearchExampleAndTheGuideTitleComeFromTheWorkspace() throws {
        let site = try Self.site.get()
        #expect(try #require(site["index.html"]).contains(#"placeholder="e.g. ENABLE_DIGITAL_KEY or Alpenhof""#))
        let guide = try #require(site["guide/welcome.html"])
        #expect(guide.contains("<title>Welcome to Hotel Flags · Hotel Flags</title>"))
        #expect(guide.contains("<h1>Welcome to Hotel Flags</h1>"))
        #expect(!guide.contains("{{"))
        #expect(try #require(site["guide/index.html"]).contains(">Welcome to Hotel Flags</a>"))
    }

    /// Stale is on the lifecycle page; the matrix and flag pages leave it out.
    @Test func staleOnlyWhereItHelps() throws {
        let site = try Self.site.get()
        #expect(try #require(site["lifecycle.html"]).contains(#"id="s-stale""#))
        #expect(!(try #require(site["matrix-data.js"])).contains("stale"))
        #expect(!(try #require(site["flags/enable_digital_key.html"])).contains(">stale<"))
        let upgrades = try #require(site["flags/enable_room_upgrades.html"])
        #expect(upgrades.contains("<strong>The app's code does not read this flag.</strong>"))
        #expect(try #require(site["tenants/urb.html"]).contains(#"<b class="badge unused-in-code">the app&#39;s code does not read it</b>"#))
    }

    /// Every page says where its data comes from: the as-of day and the sources'
    /// digest, which `sha256sum FILES | LC_ALL=C sort -k 2 | sha256sum` gives again
    /// (worked out here with Python's hashlib, not Flagstaff's SHA-256).
    @Test func everyPageSaysItsDataAndTheDigestCanBeWorkedOutAgain() throws {
        let site = try Self.site.get()
        let folder = Fixtures.directory.appendingPathComponent("hotels")
        let script = """
            import hashlib, glob
            files = ["flagstaff.yml", "flags/FeatureFlag.swift", "flags/catalog.md", "guide/01-welcome.md"] + glob.glob("tenants/*.json") + glob.glob("remote/*.json")
            listing = "".join("%s  %s\\n" % (hashlib.sha256(open(f, "rb").read()).hexdigest(), f) for f in sorted(files, key=lambda f: f.encode()))
            print(hashlib.sha256(listing.encode()).hexdigest()[:12])
            """
        let result = try run("python3", ["-c", script], in: folder)
        try #require(result.status == 0, "python3 failed: \(result.error)")
        let digest = result.output.trimmingCharacters(in: .whitespacesAndNewlines)
        let line = "Data as of 2026-11-23, from flag sources with digest \(digest) and Remote Config templates staging version 8, prod version 31; Flagstaff&#39;s default theme."
        for (path, page) in site where path.hasSuffix(".html") {
            #expect(page.contains("<p class=\"as-of\">\(line)</p>"), "\(path) does not say where its data comes from")
        }
    }

    /// The compare page and the matrix's environments filter draw from the data
    /// file: each flag's marks hold 4 when some tenant's value differs between
    /// environments, and each look ends with its value in words.
    @Test func theDataFileMarksFlagsThatDifferBetweenEnvironments() throws {
        let text = try #require(try Self.site.get()["matrix-data.js"])
        let json = try #require(text.firstRange(of: "= ").map { text[$0.upperBound...].dropLast(2) })
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let flags = try #require(data["flags"] as? [[String: Any]])
        let marks = Dictionary(uniqueKeysWithValues: flags.map { ($0["key"] as! String, $0["marks"] as! String) })
        // On for every tenant in every environment: nothing differs.
        #expect(marks["ENABLE_LATE_CHECKOUT_REQUESTS"] == "000")
        // URB has breakfast in dev and staging only: differs between tenants there, and between environments.
        #expect(marks["ENABLE_BREAKFAST_ADD_ON"] == "554")
        // Casa Solana's spa is off in prod only, by remote config.
        #expect(marks["ENABLE_SPA_BOOKING"] == "447")
        let looks = try #require(data["looks"] as? [[Any]])
        #expect(looks.allSatisfy { $0.count == 5 && $0[4] is String })
    }
}
