import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Sources Flagstaff cannot see above a varying Remote Config value (issue 34):
/// the `remote-external` fixture puts LaunchDarkly (every flag) and a backend
/// (darkMode only) above the `remote` fixture's template, whose darkMode is on
/// for a random 10% in prod. Expected values are read from the fixture's files:
/// `remote/remote/prod.json` and `small/tenants/*`.
@Suite("External sources above Remote Config")
struct ExternalSourceTests {
    static let configuration = Fixtures.configuration("remote-external")
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: configuration) }

    static func matrix() throws -> ResolvedMatrix {
        try #require(try Workspace.load(configurationPath: configuration).matrix)
    }

    /// Each case of a cell: its condition, its word and the layer credited.
    static func cases(_ key: String, _ tenant: String, _ environment: String) throws -> [String] {
        let cell = try #require(try matrix().resolution(key: key, tenant: tenant, environment: environment))
        return cell.variants.map { "\($0.condition): \($0.word) (\($0.layer.id))" }
    }

    @Test func everyCaseOfARolloutBelowTwoSourcesIsKeptAndCreditedToItsLayer() throws {
        // darkMode in prod: the template's 'Ten percent' gives true, its default is the in-app
        // default; AAA and WL set darkMode false in their base values, BBB sets nothing.
        #expect(try Self.cases("darkMode", "AAA", "prod") == [
            "may be changed by LaunchDarkly: not known here (launchdarkly)", "may be changed by our backend: not known here (backend)",
            "if condition 'Ten percent' holds: on (remote)", "otherwise: off (base)",
        ])
        #expect(try Self.cases("darkMode", "BBB", "prod") == [
            "may be changed by LaunchDarkly: not known here (launchdarkly)", "may be changed by our backend: not known here (backend)",
            "if condition 'Ten percent' holds: on (remote)", "otherwise: off (fallback)",
        ])
    }

    @Test func aFixedValueBelowOneSourceIsItsOtherwise() throws {
        // ENABLE_MEDIA_LIBRARY in prod: condition 'AAA' (app id 1:100:ios:aaa) gives true;
        // BBB matches no condition, so the in-app default, its prod override false.
        #expect(try Self.cases("ENABLE_MEDIA_LIBRARY", "AAA", "prod") == [
            "may be changed by LaunchDarkly: not known here (launchdarkly)", "otherwise: on (remote)",
        ])
        #expect(try Self.cases("ENABLE_MEDIA_LIBRARY", "BBB", "prod") == [
            "may be changed by LaunchDarkly: not known here (launchdarkly)", "otherwise: off (override)",
        ])
        // dev has no template: the backend does not touch this flag, LaunchDarkly does.
        #expect(try Self.cases("ENABLE_MEDIA_LIBRARY", "BBB", "dev") == [
            "may be changed by LaunchDarkly: not known here (launchdarkly)", "otherwise: on (base)",
        ])
    }

    @Test func theMatrixResolvesAsTheChainDoes() throws {
        let matrix = try Self.matrix()
        let chain = matrix.chain
        for flag in matrix.model.flags {
            for tenant in matrix.model.tenants {
                for environment in matrix.model.environments {
                    let type = matrix.types[flag.key] ?? .bool
                    #expect(matrix.resolution(flag, tenant, environment) == chain.resolve(flag, type: type, tenant: tenant, environment: environment),
                        "\(flag.key) × \(tenant.id) × \(environment)")
                }
            }
        }
    }

    @Test func flagsJSONGivesTheCellAsTheLayersBelowDecideIt() throws {
        let json = try #require(try Self.site.get()["flags.json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let flags = try #require(document["flags"] as? [[String: Any]])
        let darkMode = try #require(flags.first { $0["key"] as? String == "darkMode" })
        #expect(darkMode["mayBeChangedBy"] as? [String] == ["x", "e"])
        let layers = try #require(darkMode["layers"] as? [String: String])
        #expect(layers["prod"] == "rrr", "Remote Config decides below the sources for every tenant")
    }

    @Test func theHomePageCountsTheRolloutAsRemoteConfigsAsWithoutTheSources() throws {
        let home = try #require(try Self.site.get()["index.html"])
        let plain = try #require(try renderedSite(configuration: Fixtures.configuration("remote"))["index.html"])
        let count = "flags changed by remote config in prod"
        func number(in page: String) -> Substring? {
            guard let range = page.range(of: "</strong> \(count)") else { return nil }
            return page[..<range.lowerBound].split(separator: ">").last
        }
        #expect(number(in: home) != nil && number(in: home) == number(in: plain))
    }

    @Test(arguments: ["index.html", "matrix.html", "flags/darkmode.html", "tenants/aaa.html"])
    func pageMatchesGolden(_ page: String) throws {
        let html = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("remote-external/site/\(page)", matches: html))
    }
}
