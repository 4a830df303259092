import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The remote layer end to end, on the `remote` fixture: the small workspace
/// with a prod template that decides by app id, by the tenant signal and by a percentage.
@Suite("Remote Config end to end")
struct RemoteConfigEndToEndTests {
    static let configuration = Fixtures.configuration("remote")

    /// The remote fixture's site, rendered once.
    static let site = Result { () throws(FlagstaffError) in try renderedSite(configuration: configuration) }

    /// Output with the fixtures' folder cut from paths, so golden files hold no machine's paths.
    private static func portable(_ text: String) -> String {
        text.replacingOccurrences(of: Fixtures.directory.path + "/", with: "")
    }

    private func explain(_ key: String, tenant: String, environment: String = "prod", format: ExplainCommand.Format = .text) throws
        -> (status: Int32, console: RecordingConsole)
    {
        let console = RecordingConsole()
        let command = ExplainCommand(configurationPath: Self.configuration, key: key, tenant: tenant, environment: environment, format: format)
        return (try command.run(console: console.console()), console)
    }

    @Test(arguments: [
        ("darkMode", "BBB", "explain-varying"), ("ENABLE_MEDIA_LIBRARY", "WL", "explain-signal"),
        ("MAX_WISHLIST_ITEMS", "AAA", "explain-default"), ("ENABLE_MEDIA_LIBRARY", "BBB", "explain-in-app-default"),
    ])
    func explainMatchesGolden(_ key: String, _ tenant: String, _ golden: String) throws {
        let text = try explain(key, tenant: tenant)
        #expect(text.status == ExitStatus.success)
        #expect(try Fixtures.golden("remote/\(golden).txt", matches: Self.portable(text.console.output)))
        let json = try explain(key, tenant: tenant, format: .json)
        #expect(try Fixtures.golden("remote/\(golden).json", matches: Self.portable(json.console.output)))
    }

    @Test(arguments: [
        ("ENABLE_MEDIA_LIBRAY", "AAA", "prod", "unknown flag 'ENABLE_MEDIA_LIBRAY'; did you mean 'ENABLE_MEDIA_LIBRARY'?"),
        ("ENABLE_MEDIA_LIBRARY", "AAB", "prod", "unknown tenant 'AAB'; did you mean 'AAA'?"),
        ("ENABLE_MEDIA_LIBRARY", "AAA", "prd", "unknown environment 'prd'; did you mean 'prod'?"),
    ])
    func anUnknownKeyTenantOrEnvironmentIsAUsageErrorWithAHint(_ key: String, _ tenant: String, _ environment: String, _ message: String) {
        #expect(throws: FlagstaffError.usage(message)) { try explain(key, tenant: tenant, environment: environment) }
    }

    @Test func theSwiftCaseNameWorksAsAKey() throws {
        #expect(try explain("mediaLibrary", tenant: "AAA").console.output.hasPrefix("ENABLE_MEDIA_LIBRARY (.mediaLibrary) for AAA in prod: on"))
    }

    @Test func exportsCarryTheRemoteLayer() throws {
        let console = RecordingConsole()
        for format in [MatrixCommand.Format.md, .json, .csv] {
            let command = MatrixCommand(configurationPath: Self.configuration, format: format)
            #expect(try command.run(console: console.console()) == ExitStatus.success)
        }
        #expect(try Fixtures.golden("remote/matrix-exports.txt", matches: console.output))
    }

    /// The remote fixture has no guide folder: no guide card or link, and a built-in how-to page.
    @Test(arguments: [
        "index.html", "matrix.html", "flags/darkmode.html", "flags/enable_media_library.html", "tenants/wl.html", "how-to-read.html",
        "guide/index.html",
    ])
    func pageMatchesGolden(_ page: String) throws {
        let html = try #require(try Self.site.get()[page])
        #expect(try Fixtures.golden("remote/site/\(page)", matches: html))
    }
}
