import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The `firebase` fixture (issue 25): the small workspace with templates as
/// Firebase serves them. Every expected cell below was worked out by hand from the
/// templates and Firebase's rules, as the comments say, not taken from Flagstaff:
///
/// - AAA is recognised by its app id, so it sends no `tenant` signal and sets no
///   `maison` user property; BBB sends no signal (`signal: null`) and sets `maison`
///   to `bbb`; WL sends `white-label` and sets no user property.
/// - prod builds version 2.4 (`current_version`) as build 245; uat builds 2.5; the
///   as-of day is 2026-11-23; the app runs on iOS.
@Suite("Remote Config as Firebase evaluates it")
struct FirebaseTemplateTests {
    static let configuration = Fixtures.configuration("firebase")

    static let workspace = Result { () throws(FlagstaffError) in try Workspace.load(configurationPath: configuration) }

    /// `value layer (reason)` for a fixed cell; `when: value layer; …` for a varying one.
    static func summary(_ key: String, _ tenant: String, _ environment: String = "prod") throws -> String {
        let matrix = try #require(try workspace.get().matrix)
        let cell = matrix.resolution(try #require(matrix.model.flag(key)), try #require(matrix.model.tenant(tenant)), environment)
        guard cell.isVarying else { return "\(cell.value) \(cell.layer)" + (cell.reason.map { " (\($0))" } ?? "") }
        return cell.variants.map { "\($0.condition): \($0.value.map { "\($0)" } ?? "unknown") \($0.layer)" }.joined(separator: "; ")
    }

    /// Point 1: the A/B test on AAA gives its treatment's value to the devices in that
    /// variant; the control variant makes no change, so its devices (and those outside
    /// the experiment) go on: BBB's user property condition does not hold for AAA, so
    /// the default "FALSE". BBB's "True" and the default's "FALSE" are BOOLEAN values
    /// the server takes in any case.
    @Test func theExperimentVariesAndItsNoChangeVariantFallsThrough() throws {
        #expect(try Self.summary("ENABLE_MEDIA_LIBRARY", "AAA")
            == "if condition 'AAA' holds and the device gets variant 'treatment' of experiment 'media_v2' (in the test: 50% of devices; of those, this variant's share, 1 of 2 variants): true remote; otherwise: false remote")
        #expect(try Self.summary("ENABLE_MEDIA_LIBRARY", "BBB") == "true remote (condition 'Maison BBB')")
        #expect(try Self.summary("ENABLE_MEDIA_LIBRARY", "WL") == "false remote (default value)")
    }

    /// Point 2: "yes" reads as true (boolValue: a leading y), "TRUE" and "False" as
    /// they say. Point 6: version 2.4 ≥ 2.4 and build 245 ≥ 240, so 'Version 2.4+' holds.
    @Test func spellingsAreReadAsTheSDKReadsThem() throws {
        for tenant in ["AAA", "BBB", "WL"] {
            #expect(try Self.summary("darkMode", tenant) == "true remote (condition 'Version 2.4+')")
            // 'Not white label' is false for every tenant (point 3), 'Beta users' varies.
            #expect(try Self.summary("ENABLE_CAMPAIGNS", tenant) == "if condition 'Beta users' holds: false remote; otherwise: true remote")
        }
    }

    /// Point 3: a rule on the tenant signal is false for a tenant that sends none,
    /// `notContains` included; WL's "white-label" contains "white". So no tenant gets
    /// 'Not white label''s false, and the validator says that no tenant can match it.
    @Test func aTenantThatSendsNoSignalMatchesNoRuleOnIt() throws {
        let diagnostics = try Self.workspace.get().diagnostics.map(\.description)
        #expect(diagnostics.contains { $0.hasSuffix("warning: no tenant can match condition 'Not white label'; check the app ids and signal values in remote_config, or remove the condition") })
    }

    /// Point 6: 'Nobody' (percent <= 0) never holds; 'Black Friday' starts four days
    /// after the as-of day, so it does not hold yet; 'Launch window' began 22 days before.
    @Test func percentagesAndDatesAreDecidedOffline() throws {
        for tenant in ["AAA", "BBB", "WL"] {
            #expect(try Self.summary("MAX_WISHLIST_ITEMS", tenant) == "250 remote (condition 'Launch window')")
        }
        // 'Everyone' (between 0 and 100) holds, so the rollout's devices get "video"; the
        // others keep the in-app value: AAA ships carousel (base) in prod.
        #expect(try Self.summary("ONBOARDING_VARIANT", "AAA")
            == "if condition 'Everyone' holds and the device is in rollout 'rollout_onboarding' (30% of devices): video remote; otherwise: carousel base")
    }

    /// Point 6, per environment: uat builds 2.5, so 'Version 2.5' holds ("1" reads as
    /// true); its build is not known, so 'Old build' varies, and the in-app value stands
    /// otherwise: WL ships false, AAA's uat override true.
    @Test func eachEnvironmentHasItsAppVersion() throws {
        #expect(try Self.summary("darkMode", "WL", "uat") == "true remote (condition 'Version 2.5')")
        #expect(try Self.summary("ENABLE_MEDIA_LIBRARY", "WL", "uat") == "if condition 'Old build' holds: true remote; otherwise: false base")
        #expect(try Self.summary("ENABLE_MEDIA_LIBRARY", "AAA", "uat") == "if condition 'Old build' holds: true remote; otherwise: true override")
        #expect(try Self.summary("darkMode", "WL", "dev") == "false base", "dev has no template")
    }

    /// Point 5: the template is shared, so the Android condition, the Android-only
    /// parameter and values equal to the app's own are not warned about; loose
    /// spellings are (each at its value's text), and so are the conditions no tenant can match.
    @Test func validateSaysWhatMattersToThisApp() throws {
        let remote = try Self.workspace.get().diagnostics.filter { $0.location?.file.hasPrefix("remote/") == true }
        #expect(remote.sortedForDisplay().map(\.description) == [
            "remote/prod.json:6:14: warning: no tenant can match condition 'Not white label'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:7:14: warning: no tenant can match condition 'Nobody'; check the app ids and signal values in remote_config, or remove the condition",
            "remote/prod.json:31:55: warning: the app reads \"yes\" as true for the Bool flag 'darkMode'; the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\"",
            "remote/uat.json:7:44: warning: the app reads \"0\" as false for the Bool flag 'darkMode'; the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\"",
            "remote/uat.json:7:97: warning: the app reads \"1\" as true for the Bool flag 'darkMode'; the iOS SDK's boolValue is true for text starting with t, y or a digit 1 to 9, and false otherwise; write \"true\" or \"false\"",
        ])
    }

    private func explain(_ key: String, tenant: String, environment: String = "prod") throws -> String {
        let console = RecordingConsole()
        let command = ExplainCommand(configurationPath: Self.configuration, key: key, tenant: tenant, environment: environment, format: .text)
        #expect(try command.run(console: console.console()) == ExitStatus.success)
        return console.output.replacingOccurrences(of: Fixtures.directory.path + "/", with: "")
    }

    /// Point 7: `explain` names the template's version, who published it, when and why.
    @Test(arguments: [("ENABLE_MEDIA_LIBRARY", "AAA", "explain-experiment"), ("MAX_WISHLIST_ITEMS", "WL", "explain-dates")])
    func explainMatchesGolden(_ key: String, _ tenant: String, _ golden: String) throws {
        let text = try explain(key, tenant: tenant)
        #expect(text.contains("note: the template is version 42, published by ana@example.com on 2026-11-20 at 09:30 UTC: \"Media library A/B test\""))
        #expect(try Fixtures.golden("firebase/\(golden).txt", matches: text))
    }

    @Test func theMatrixMatchesGolden() throws {
        let console = RecordingConsole()
        #expect(try MatrixCommand(configurationPath: Self.configuration, format: .csv).run(console: console.console()) == ExitStatus.success)
        #expect(try Fixtures.golden("firebase/matrix.csv", matches: console.output))
    }

    /// Copies the fixture with the small workspace it reads, runs `body` on the copy's configuration.
    /// A copy of the firebase workspace with the small one's sources inside it, as
    /// the authoring commands edit only inside the workspace.
    private func withWorkspaceCopy(_ body: (String) throws -> Void) throws {
        try withCopy(of: "small") { workspace in
            let firebase = Fixtures.directory.appendingPathComponent("firebase")
            try FileManager.default.removeItem(at: workspace.appendingPathComponent("flagstaff.yml"))
            for name in try FileManager.default.contentsOfDirectory(atPath: firebase.path) {
                try FileManager.default.copyItem(at: firebase.appendingPathComponent(name), to: workspace.appendingPathComponent(name))
            }
            let configuration = workspace.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: configuration, encoding: .utf8)
                .replacingOccurrences(of: "outside_workspace: ../small\n", with: "").replacingOccurrences(of: "../small/", with: "")
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            try body(configuration.path)
        }
    }

    /// Point 8: `new-tenant --app-id/--signal` adds how Remote Config recognises the
    /// tenant, and warns when no condition would: 'Not white label' names a tenant
    /// whose signal lacks "white"; no condition names the app id 1:100:ios:new.
    @Test func newTenantAddsItsRecognitionAndWarnsWhenNoConditionNamesIt() throws {
        try withWorkspaceCopy { path in
            let named = RecordingConsole()
            #expect(try NewTenantCommand(configurationPath: path, id: "NEW", like: "WL", signal: "new-brand", dryRun: true).run(console: named.console()) == ExitStatus.success)
            #expect(!named.error.contains("no Remote Config condition recognises"), "\(named.error)")
            #expect(named.output.contains("+    NEW: { signal: new-brand }"))

            let unnamed = RecordingConsole()
            #expect(try NewTenantCommand(configurationPath: path, id: "NEW", like: "WL", appID: "1:100:ios:new").run(console: unnamed.console()) == ExitStatus.success)
            #expect(unnamed.error.contains(
                "flagstaff: warning: no Remote Config condition recognises NEW by its app id, signal or user property, while others name tenants; no template names the app_id given yet: add NEW to the conditions that should hold for it in the Firebase console"))
            let text = try String(contentsOfFile: path, encoding: .utf8)
            #expect(text.contains("    WL: { signal: white-label, user_property: ~ }\n    NEW: { app_id: \"1:100:ios:new\" }\n  app_versions"))
        }
    }

    @Test func newTenantRefusesRecognitionWithoutRemoteConfig() throws {
        #expect(throws: FlagstaffError.usage("--app-id, --signal and --user-property need remote_config in the configuration")) {
            _ = try NewTenantCommand(configurationPath: Fixtures.configuration("small"), id: "NEW", like: "WL", appID: "1:1:ios:x", dryRun: true)
                .run(console: RecordingConsole().console())
        }
    }
}
