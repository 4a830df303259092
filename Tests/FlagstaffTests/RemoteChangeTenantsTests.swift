import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// "Recent changes" filtered to one brand lists only the Remote Config changes
/// that can reach it (issue 37), on the repository's example, whose history
/// snapshot (content/history.json) holds the commit that added the prod
/// template. In content/remote/prod.json the condition "BEL" is
/// `app.id == '1:408622190312:ios:a1f0c3d5e7ba111'`, BEL's app id in
/// flagstaff.yml; "CHL" is CHL's app id, in prod and uat; "Ten percent of
/// devices" is `percent <= 10`, for every maison; "White label" tests the
/// signal WL sets.
@Suite("Remote Config changes by tenant (issue 37)")
struct RemoteChangeTenantsTests {
    /// A page of the example's site, built with its history.
    private func page(_ path: String) throws -> String {
        try withTemporaryDirectory { output in
            let configuration = Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path
            let status = try BuildCommand(configurationPath: configuration, output: output.path).run(console: RecordingConsole().console())
            #expect(status == ExitStatus.success)
            return try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8)
        }
    }

    @Test func eachConditionChangeNamesTheTenantsItCanReach() throws {
        let html = try page("recent-changes.html")
        #expect(html.contains("<li data-tenants=\"BEL\" data-envs=\"prod\">Remote config in prod: a new condition “BEL” (flag ENABLE_VIDEO_APPOINTMENTS)</li>"))
        #expect(html.contains("<li data-tenants=\"CHL\" data-envs=\"prod uat\">Remote config in prod and uat: a new condition “CHL”</li>"))
        #expect(html.contains("<li data-tenants=\"WL\" data-envs=\"prod uat\">Remote config in prod and uat: a new condition “White label” (flags ENABLE_WISHLIST_PRICE_ALERTS and ONBOARDING_VARIANT)</li>"))
        #expect(html.contains("<li data-tenants=\"\" data-envs=\"prod\">Remote config in prod: a new condition “Ten percent of devices” (flag ENABLE_CLIENT_SEARCH_V2)</li>"))
    }

    @Test func aTenantPageLeavesOutConditionsForOtherTenants() throws {
        let html = try page("tenants/bel.html")
        #expect(html.contains("a new condition “BEL”"))
        #expect(html.contains("a new condition “Ten percent of devices”"))
        #expect(!html.contains("a new condition “CHL”"))
        #expect(!html.contains("a new condition “White label”"))
    }
}
