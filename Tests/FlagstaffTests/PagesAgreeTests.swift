@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Pages never disagree (issue 37): each golden workspace's site is built, and
/// what its pages say about a cell, read back from the files a reader gets, is
/// the same everywhere. A cell's look is its class (value and layer) and its text
/// (`on ☁`): the matrix's data file (which compare.html reads too), the flag
/// page's values table (the row `tr id=t-<tenant>`), the tenant page's row
/// (the row that links to the flag) and flags.json (`values`, `layers`) must agree on it. The home
/// page's statements are checked against the same data, one test per statement.
@Suite("Pages agree (issue 37)")
struct PagesAgreeTests {
    static let workspaces = [
        "example", "small", "hotels", "grocery", "remote", "remote-external", "firebase", "firebase-only", "justtweak", "lifecycle",
        "swift-defaults-remote-key", "swift-static-properties", "swift-two-types", "authoring",
        "swift-debug-only-case",
    ]

    /// Each workspace's site, rendered once.
    static let sites: [String: Result<[String: String], FlagstaffError>] = Dictionary(
        uniqueKeysWithValues: workspaces.map { name in
            let configuration = name == "example"
                ? Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path : Fixtures.configuration(name)
            return (name, Result { () throws(FlagstaffError) in try site(configuration: configuration) })
        })

    /// A workspace's site as `build` writes it, its history included when the configuration asks for one.
    static func site(configuration: String) throws(FlagstaffError) -> [String: String] {
        let workspace = try Workspace.load(configurationPath: configuration)
        let date = try AsOfDate.resolve(option: nil, configuration: workspace.configuration, environment: [:])
        let lifecycle = try LifecycleLoader.report(for: workspace, asOf: date)
        let history = try SiteHistoryLoader.history(for: workspace, asOf: date)
        let files = try SiteBuilder.files(for: workspace, lifecycle: lifecycle, history: history)
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    /// The site's data, read back from `matrix-data.js` and `flags.json`.
    struct Data {
        var site: [String: String]
        var matrix: [String: Any]
        var json: [String: Any]
        var environments: [String] { (json["environments"] as? [String]) ?? [] }
        var flags: [[String: Any]] { (json["flags"] as? [[String: Any]]) ?? [] }
        var tenants: [[String: Any]] { (matrix["tenants"] as? [[String: Any]]) ?? [] }
        var singleApp: Bool { site["tenants/index.html"] == nil }

        init(_ name: String) throws {
            try self.init(site: try #require(try PagesAgreeTests.sites[name]?.get()))
        }

        init(site: [String: String]) throws {
            self.site = site
            let script = try #require(site["matrix-data.js"])
            let first = try #require(script.firstIndex(of: "{")), last = try #require(script.lastIndex(of: "}"))
            matrix = try #require(try JSONSerialization.jsonObject(with: Foundation.Data(script[first...last].utf8)) as? [String: Any])
            let flagsJSON = try #require(site["flags.json"])
            json = try #require(try JSONSerialization.jsonObject(with: Foundation.Data(flagsJSON.utf8)) as? [String: Any])
        }

        /// The look (class, text) of a flag's cell in the matrix's data, as matrix.js reads it.
        func look(flag: Int, environment: Int, tenant: Int) throws -> (css: String, text: String) {
            let alphabet = Array(try #require(matrix["alphabet"] as? String))
            let width = try #require(matrix["width"] as? Int)
            let flags = try #require(matrix["flags"] as? [[String: Any]])
            let cells = Array(try #require((flags[flag]["cells"] as? [String])?[environment]))
            var position = 0
            for index in 0..<width {
                let digit = try #require(alphabet.firstIndex(of: cells[tenant * width + index]))
                position = position * alphabet.count + digit
            }
            let look = try #require((matrix["looks"] as? [[Any]])?[position])
            return (try #require(look[0] as? String), try #require(look[1] as? String))
        }

        /// The layer letter of each layer name in flags.json.
        func layerCode(_ name: String) -> Character? {
            ((json["layerCodes"] as? [String: String]) ?? [:]).first { $0.value == name }.map { Character($0.key) }
        }
    }

    static func unescaped(_ html: some StringProtocol) -> String {
        String(html).replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Every `(class, text)` of a value cell in a row's `html`, one per column:
    /// a cell across several columns (`colspan`) once for each, a cell without
    /// a class with the class of off from a base value (`nb`).
    static func cells(in html: Substring) -> [(css: String, text: String)] {
        html.matches(of: /<td(?: colspan=(\d+))?(?: class=(?:"([^"]*)"|([^ >]*)))?>([^<]*)/).flatMap { match in
            Array(repeating: (String(match.2 ?? match.3 ?? "nb"), unescaped(match.4)), count: match.1.flatMap { Int($0) } ?? 1)
        }
    }

    /// The line of `html` (a table's row) that holds `needle`.
    static func row(_ needle: String, in html: String) -> Substring? {
        guard let found = html.range(of: needle) else { return nil }
        let start = html[..<found.lowerBound].lastIndex(of: "\n").map(html.index(after:)) ?? html.startIndex
        return html[start...].prefix { $0 != "\n" }
    }

    /// More looks than the data's alphabet has characters: each cell of the
    /// matrix's data is written in two, and still reads back as its own value.
    @Test func aMatrixOfMoreLooksThanTheAlphabetHasCharactersReadsBack() throws {
        try withTemporaryDirectory { folder in
            let tenants = 120
            func write(_ text: String, _ path: String) throws {
                let url = folder.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url, atomically: true, encoding: .utf8)
            }
            try write(
                "title: Many looks\nenvironments: [dev, prod]\nenum: Flags.swift\ntenants: tenants/*/FeatureFlags.defaults.json\n"
                    + "lifecycle: { as_of: 2026-11-23, added_from_git: false }\n", "flagstaff.yml")
            try write("enum FeatureFlag: String {\n    case greeting = \"GREETING\"\n    case banner = \"BANNER\"\n}\n", "Flags.swift")
            for tenant in 0..<tenants {
                let id = "T\(1000 + tenant)"
                try write(
                    "{ \"GREETING\": \"hello \(tenant)\", \"BANNER\": \(tenant % 2 == 0), \"overrides\": { \"prod\": { \"GREETING\": \"bye \(tenant)\" } } }\n",
                    "tenants/\(id)/FeatureFlags.defaults.json")
            }
            let data = try Data(site: try Self.site(configuration: folder.appendingPathComponent("flagstaff.yml").path))
            #expect(data.matrix["width"] as? Int == 2)
            let ids = data.tenants.map { $0["id"] as? String ?? "" }
            #expect(ids.count == tenants)
            for (column, id) in ids.enumerated() {
                let tenant = try #require(Int(id.dropFirst())) - 1000
                #expect(try data.look(flag: 0, environment: 0, tenant: column).text == "hello \(tenant)")
                let prod = try data.look(flag: 0, environment: 1, tenant: column)
                #expect(prod.text == "bye \(tenant) ◆", "an override for prod, with its mark: \(prod)")
                #expect(try data.look(flag: 1, environment: 1, tenant: column).text == (tenant % 2 == 0 ? "on" : "off"))
            }
        }
    }

    @Test(arguments: workspaces)
    func theFlagPageTheTenantPageTheMatrixAndFlagsJSONSayTheSameOfEachCell(_ name: String) throws {
        let data = try Data(name)
        let slugs = try #require(data.matrix["flags"] as? [[String: Any]]).map { $0["slug"] as? String ?? "" }
        #expect(data.flags.count == slugs.count)
        for (f, flag) in data.flags.enumerated() {
            let key = try #require(flag["key"] as? String)
            let page = try #require(data.site["flags/\(slugs[f]).html"], "\(name): \(key)")
            let values = try #require(flag["values"] as? [String: [Any]])
            let layers = try #require(flag["layers"] as? [String: String])
            // The flag page's row of each tenant, environments in order.
            let rows = try data.tenants.map { tenant in
                let id = "t-\(tenant["slug"] as? String ?? "")"
                let row = try #require(Self.row("<tr id=\(id)>", in: page), "\(name): \(key): no row \(id) on the flag page")
                return Self.cells(in: row)
            }
            for (e, environment) in data.environments.enumerated() {
                for (t, tenant) in data.tenants.enumerated() {
                    let where_ = "\(name): \(key) \(environment) \(tenant["id"] ?? "")"
                    let look = try data.look(flag: f, environment: e, tenant: t)
                    let cell = try #require(rows[t].count == data.environments.count ? rows[t][e] : nil, "\(where_): \(rows[t].count) cells")
                    #expect(cell.css == look.css, "\(where_)")
                    #expect(cell.text == look.text, "\(where_)")
                    // flags.json: the layer, and on or off where the look says so. A cell a
                    // source Flagstaff cannot see "may change" has that source's class, while
                    // flags.json holds the known value below it.
                    let layer = Array(try #require(layers[environment]))[t]
                    if let code = look.css.last, !look.text.contains("may be changed by") {
                        #expect(code == layer, "\(where_): class \(look.css), flags.json layer \(layer)")
                    }
                    let value = try #require(values[environment])[t]
                    switch look.css.first {
                    case "y": #expect(value as? Bool == true, "\(where_)")
                    case "n": #expect(value as? Bool == false, "\(where_)")
                    default: break
                    }
                }
            }
            // The tenant page's row, environments in order.
            guard !data.singleApp else { continue }
            for tenant in data.tenants {
                let page = try #require(data.site["tenants/\(tenant["slug"] as? String ?? "").html"])
                let row = try #require(Self.row("<a href=\"../flags/\(slugs[f]).html\">", in: page), "\(name): \(key) on \(tenant["id"] ?? "")'s page")
                let t = data.tenants.firstIndex { $0["id"] as? String == tenant["id"] as? String }!
                let expected = try data.environments.indices.map { try data.look(flag: f, environment: $0, tenant: t) }
                let shown = Self.cells(in: row)
                #expect(shown.map(\.css) == expected.map(\.css), "\(name): \(key) on \(tenant["id"] ?? "")'s page")
                #expect(shown.map(\.text) == expected.map(\.text), "\(name): \(key) on \(tenant["id"] ?? "")'s page")
            }
        }
    }

    /// A flag page's history says what each cell is now, per environment: "On (its
    /// base value) for CHL and LUM since …". Its word must be the cell's.
    @Test(arguments: workspaces)
    func theFlagPagesHistorySaysWhatTheCellIsNow(_ name: String) throws {
        let data = try Data(name)
        let flags = try #require(data.matrix["flags"] as? [[String: Any]])
        let names = data.tenants.map { $0["name"] as? String ?? "" }
        var checked = 0
        for (f, flag) in flags.enumerated() {
            let page = try #require(data.site["flags/\(flag["slug"] as? String ?? "").html"])
            for section in page.split(separator: "<section class=\"history\">").dropFirst() {
                guard let environmentName = section.firstMatch(of: /<h3>([^<]*)<\/h3>/)?.1, let e = data.environments.firstIndex(of: String(environmentName)) else {
                    continue
                }
                for now in section.matches(of: /<span class="now">([^<]*)<\/span>/) {
                    let text = Self.unescaped(now.1)
                    guard let open = text.range(of: " ("), let forRange = text.range(of: ") for "), !text.hasPrefix("Unknown") else { continue }
                    let word = text[..<open.lowerBound].lowercased()
                    let who = text[forRange.upperBound...].components(separatedBy: " since ")[0].components(separatedBy: ", committed on")[0]
                    let tenants: [Int] = who == "every tenant" || who == "the app" ? Array(names.indices)
                        : who.replacingOccurrences(of: " and ", with: ", ").components(separatedBy: ", ").compactMap { names.firstIndex(of: $0) }
                    #expect(!tenants.isEmpty, "\(name): \(text)")
                    for t in tenants {
                        let look = try data.look(flag: f, environment: e, tenant: t)
                        let shown = look.text.components(separatedBy: " ")[0]
                        #expect(shown == word, "\(name): \(flag["key"] ?? "") \(environmentName) \(names[t]): the history says \(word), the cell \(look.text)")
                        checked += 1
                    }
                }
            }
        }
        if data.site["recent-changes.html"] != nil { #expect(checked > 0, "\(name): a site with history has timelines") }
    }

    /// "Recent changes" lists changes newest first: the newest value it gives a
    /// cell (`turned on`, `turned off`, `changed to …`, for the tenants and
    /// environments its line names) is the cell's value now.
    @Test(arguments: workspaces)
    func recentChangesEndWhereTheCellsAre(_ name: String) throws {
        let data = try Data(name)
        guard let page = data.site["recent-changes.html"] else { return }
        let flags = try #require(data.matrix["flags"] as? [[String: Any]])
        let ids = data.tenants.map { $0["id"] as? String ?? "" }
        var seen = Set<String>()
        var checked = 0
        let line = #/<li data-tenants="([^"]*)" data-envs="([^"]*)"><a class="key" href="flags\/([^"]*)\.html">[^<]*<\/a> (turned on|turned off|changed to (.*?)) in /#
        for match in page.matches(of: line) {
            let word = match.4 == "turned on" ? "on" : match.4 == "turned off" ? "off" : Self.unescaped(match.5 ?? "")
            guard let f = flags.firstIndex(where: { $0["slug"] as? String == String(match.3) }) else { continue }
            for environment in match.2.split(separator: " ").map(String.init) {
                guard let e = data.environments.firstIndex(of: environment) else { continue }
                for tenant in match.1.split(separator: " ").map(String.init) {
                    guard let t = ids.firstIndex(of: tenant), seen.insert("\(f) \(e) \(t)").inserted else { continue }
                    let look = try data.look(flag: f, environment: e, tenant: t)
                    #expect(look.text == word || look.text.hasPrefix(word + " "), "\(name): \(match.3) \(environment) \(tenant): Recent changes says \(word), the cell \(look.text)")
                    checked += 1
                }
            }
        }
        #expect(checked > 0, "\(name): Recent changes lists no value change")
    }

    /// A packed cell names the file and line its whole resolution gives, for a
    /// cell with details (a reason, variants, a source Flagstaff cannot see above
    /// it) too: flag pages say where each value is written from the packed cells.
    @Test(arguments: workspaces)
    func aPackedCellNamesWhereItsValueIsWritten(_ name: String) throws {
        let configuration = name == "example" ? Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path : Fixtures.configuration(name)
        let matrix = try #require(try Workspace.load(configurationPath: configuration).matrix)
        let model = matrix.model
        var detailed = 0
        for flag in model.flags.indices {
            for tenant in model.tenants.indices {
                for environment in model.environments.indices {
                    let cell = matrix.cell(flag: flag, tenant: tenant, environment: environment)
                    let location = matrix.resolution(flag: flag, tenant: tenant, environment: environment).location
                    let place = matrix.place(of: cell).map { (matrix.fileName(at: $0.file), $0.line) }
                    #expect(
                        place?.0 == location?.file && place?.1 == location?.line,
                        "\(name): \(model.flags[flag].key) × \(model.tenants[tenant].id) × \(model.environments[environment])")
                    if cell.hasDetails { detailed += 1 }
                }
            }
        }
        if ["remote", "remote-external", "firebase"].contains(name) { #expect(detailed > 0, "\(name) has cells with details") }
    }

    // The home page's statements, each against the data.

    private func home(_ data: Data) throws -> String { try #require(data.site["index.html"]) }

    @Test(arguments: workspaces)
    func theFlagCount(_ name: String) throws {
        let data = try Data(name)
        #expect(try home(data).contains("<a href=\"matrix.html\"><strong>\(data.flags.count)</strong> flag\(data.flags.count == 1 ? "" : "s")</a>"))
    }

    @Test(arguments: workspaces)
    func theTenantCount(_ name: String) throws {
        let data = try Data(name)
        let html = try home(data)
        if data.singleApp {
            #expect(!html.contains("href=\"tenants/index.html\""))
        } else {
            #expect(html.contains("<a href=\"tenants/index.html\"><strong>\(data.tenants.count)</strong> "))
        }
    }

    @Test(arguments: workspaces)
    func theEnvironments(_ name: String) throws {
        let data = try Data(name)
        let count = data.environments.count
        #expect(try home(data).contains(
            "<strong>\(count)</strong> environment\(count == 1 ? "" : "s") <span class=\"muted\">(\(data.environments.joined(separator: ", ")))</span>"))
    }

    /// "N flags changed by remote config in prod": the flags with a cell remote config decides there.
    @Test(arguments: workspaces)
    func theFlagsRemoteConfigChanges(_ name: String) throws {
        let data = try Data(name)
        let html = try home(data)
        let stated = html.matches(of: /<strong>(\d+)<\/strong> flags? changed by remote config in ([^<]+)<\/a>/)
        guard let remote = data.layerCode("remote") else {
            #expect(stated.isEmpty)
            return
        }
        for match in stated {
            let environment = String(match.2)
            let changed = data.flags.filter { (($0["layers"] as? [String: String])?[environment] ?? "").contains(remote) }.count
            #expect(Int(match.1) == changed, "\(name) \(environment)")
        }
    }

    /// "N overdue for removal", "N due for removal soon": the flags with that status in flags.json.
    @Test(arguments: workspaces)
    func theLifecycleCounts(_ name: String) throws {
        let data = try Data(name)
        let html = try home(data)
        for (status, words) in [("overdue", "overdue for removal"), ("due-soon", "due for removal soon")] {
            let count = data.flags.filter { flag in
                ((flag["lifecycle"] as? [String: Any])?["statuses"] as? [[String: Any]] ?? []).contains { $0["status"] as? String == status }
            }.count
            #expect(html.contains("<strong>\(count)</strong> \(words)</a>"), "\(name): \(count) \(status)")
        }
    }

    /// "every tenant sets every flag" only where no cell is left to the code's default or the fallback.
    @Test(arguments: workspaces)
    func everyTenantSetsEveryFlagOnlyWhenItDoes(_ name: String) throws {
        let data = try Data(name)
        guard try home(data).contains("sets every flag") else { return }
        let unset = [data.layerCode("fallback"), data.layerCode("code")].compactMap { $0 }
        for flag in data.flags {
            for (environment, layers) in (flag["layers"] as? [String: String]) ?? [:] {
                #expect(!layers.contains(where: unset.contains), "\(name): \(flag["key"] ?? "") in \(environment) is not set by every tenant")
            }
        }
    }

    /// "N validation warnings" is the number of warnings listed.
    @Test(arguments: workspaces)
    func theWarningCount(_ name: String) throws {
        let html = try home(try Data(name))
        let stated = try #require(html.firstMatch(of: /<a href="#warnings"><strong>(\d+)<\/strong>/))
        let listed = html.firstMatch(of: /<ul class="warnings">(.*)<\/ul>/)?.1.matches(of: /<li>/).count ?? 0
        #expect(Int(stated.1) == listed)
    }

    /// The glossary says each flag reads the parameter of its name only when each
    /// flag page names that parameter.
    @Test(arguments: workspaces)
    func theGlossarysParameterSentence(_ name: String) throws {
        let data = try Data(name)
        let glossary = try #require(data.site["glossary.html"])
        guard glossary.contains("Each flag reads the parameter of its name.") else { return }
        let slugs = try #require(data.matrix["flags"] as? [[String: Any]]).map { $0["slug"] as? String ?? "" }
        for (flag, slug) in zip(data.flags, slugs) {
            let key = try #require(flag["key"] as? String)
            #expect(try #require(data.site["flags/\(slug).html"]).contains("<dt>Remote Config parameter</dt><dd><code>\(key)</code>"), "\(name): \(key)")
        }
    }
}
