import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// Swift shapes real apps use (issue 34), each on a fixture written in that
/// shape; expected values are read from the fixture's code.
@Suite("Swift shapes")
struct SwiftShapesTests {
    /// A fixture's workspace loaded with one piece of its configuration replaced.
    static func load(_ fixture: String, replacing old: String, with new: String) throws -> Workspace {
        try load(fixture, replacing: [(old, new)])
    }

    /// The fixture loaded with its configuration's texts replaced, in order.
    static func load(_ fixture: String, replacing replacements: [(old: String, new: String)]) throws -> Workspace {
        try withCopy(of: fixture) { root in
            let configuration = root.appendingPathComponent("flagstaff.yml")
            var text = try String(contentsOf: configuration, encoding: .utf8)
            for (old, new) in replacements {
                #expect(text.contains(old), "\(fixture)/flagstaff.yml has no '\(old)'")
                text = text.replacingOccurrences(of: old, with: new)
            }
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            return try Workspace.load(configurationPath: configuration.path)
        }
    }

    /// Each case of a cell: its condition and word, or the plain word.
    static func cases(_ matrix: ResolvedMatrix, _ key: String, _ environment: String) throws -> [String] {
        let cell = try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: environment))
        guard cell.isVarying else { return [CellPresentation(cell).word] }
        return cell.variants.map { "\($0.condition): \($0.word)" }
    }

    // MARK: - Pocket Casts: `default` in backticks, remote keys without a template

    @Test(arguments: ["default", "\"`default`\""])
    func aDefaultsPropertyNamedWithAKeywordIsRead(_ name: String) throws {
        do {
            let workspace = try Self.load("swift-backtick-default", replacing: "defaults: default,", with: "defaults: \(name),")
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
            let matrix = try #require(workspace.matrix)
            // `default`: analyticsLogging false, yearInReview false, settingsSync is
            // syncIsReady (false), podcastPageRedesign true, queueShuffle true.
            // remoteKey: analyticsLogging nil, so nothing remote changes it; the rest have parameters.
            let remote = "may be changed by remote config: not known here"
            for environment in ["debug", "release"] {
                #expect(try Self.cases(matrix, "analyticsLogging", environment) == ["off"])
                #expect(try Self.cases(matrix, "yearInReview", environment) == [remote, "otherwise: off"])
                #expect(try Self.cases(matrix, "settingsSync", environment) == [remote, "otherwise: off"])
                #expect(try Self.cases(matrix, "podcastPageRedesign", environment) == [remote, "otherwise: on"])
                #expect(try Self.cases(matrix, "queueShuffle", environment) == [remote, "otherwise: on"])
            }
        }
    }

    @Test func eachFlagNamesTheParameterItsCodeNames() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration("swift-backtick-default")).matrix)
        let parameters = matrix.model.flags.map { "\($0.key)=\(matrix.model.remoteParameter(of: $0) ?? "none")" }
        #expect(parameters == [
            "analyticsLogging=none", "yearInReview=year_in_review", "settingsSync=settings_sync",
            "podcastPageRedesign=podcast_page_redesign_2026", "queueShuffle=queue_shuffle",
        ])
        let site = try renderedSite(configuration: Fixtures.configuration("swift-backtick-default"))
        let page = try #require(site["flags/podcastpageredesign.html"])
        #expect(page.contains("<dt>Remote Config parameter</dt><dd><code>podcast_page_redesign_2026</code></dd>"))
        #expect(try #require(site["flags/analyticslogging.html"]).contains("Remote Config parameter") == false)
    }

    @Test func noFlagThatRemoteConfigMayChangeIsCalledDeadOrRolledOut() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-backtick-default"))
        let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 11, day: 23)!)
        let statuses = Dictionary(uniqueKeysWithValues: report.entries.map { ($0.flag.key, Set($0.statuses)) })
        for key in ["yearInReview", "settingsSync", "podcastPageRedesign", "queueShuffle"] {
            #expect(statuses[key]?.contains(.dead) == false && statuses[key]?.contains(.rolledOut) == false, "\(key): \(statuses[key] ?? [])")
        }
        #expect(statuses["analyticsLogging"]?.contains(.dead) == true, "off everywhere with no source that may change it")
    }

    // MARK: - Soundscape: a static function over the flag, #if around and inside the switch

    /// From the fixture's code and .xcconfig files: debug sets FLAG_TEAM_TOOLS and
    /// FLAG_CALLOUTS (through an #include, with ${inherited}); beta sets FLAG_CALLOUTS;
    /// release sets FLAGS_ALL_OFF, which returns false before the switch.
    @Test(arguments: [
        ("teamTools", "debug", "on", 18), ("teamTools", "beta", "off", 20), ("teamTools", "release", "off", 11),
        ("calloutExperiment", "debug", "on", 24), ("calloutExperiment", "beta", "on", 24), ("calloutExperiment", "release", "off", 11),
        ("offlineMaps", "debug", "on", 29), ("offlineMaps", "beta", "on", 29), ("offlineMaps", "release", "off", 11),
    ])
    func aFunctionOverTheFlagResolvesPerBuildConfiguration(_ key: String, _ environment: String, _ word: String, _ line: Int) throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration("swift-function-defaults")).matrix)
        let cell = try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: environment))
        #expect(CellPresentation(cell).word == word)
        #expect(cell.layer.id == "code")
        #expect(cell.location?.line == line)
    }

    @Test func unnamedDefaultsAreAWarningThatNamesTheFunction() throws {
        do {
            let workspace = try Self.load("swift-function-defaults", replacing: "swift: { defaults: isEnabled }\n", with: "")
            #expect(workspace.diagnostics.map(\.description).contains(
                "App/Feature.swift:9:17: warning: 'isEnabled' gives each flag a Bool and looks like the flags' defaults, but flagstaff.yml names no "
                    + "defaults, so no flag's value is known; add `swift: { defaults: isEnabled }` to flagstaff.yml (or name the one that holds the defaults)"),
                "\(workspace.diagnostics)")
            // Not "off because nothing was read": every cell is what the app works out.
            let matrix = try #require(workspace.matrix)
            for key in ["teamTools", "calloutExperiment", "offlineMaps"] {
                for environment in ["debug", "beta", "release"] {
                    #expect(try Self.cases(matrix, key, environment) == ["the app works out isEnabled: decided in code"], "\(key) \(environment)")
                }
            }
            #expect(matrix.cellsNotKnown == 9)
            let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 11, day: 23)!)
            #expect(report.entries.allSatisfy { !$0.statuses.contains(.dead) && !$0.statuses.contains(.rolledOut) }, "\(report.entries.map(\.statuses))")
        }
    }

    @Test func aMisspelledDefaultsNameSuggestsTheMember() throws {
        do {
            let workspace = try Self.load("swift-function-defaults", replacing: "defaults: isEnabled", with: "defaults: isEnabld")
            #expect(workspace.diagnostics.map(\.description).contains { $0.contains("no property 'isEnabld' in Feature or its extensions; did you mean 'isEnabled'?") },
                "\(workspace.diagnostics)")
        }
    }

    // MARK: - WordPress: an override store asked before the switch

    /// From the fixture's code: `enabled` returns what FeatureFlagOverrideStore holds
    /// (a value the debug menu stored, on one device) before its switch, whose
    /// arms are the bundled defaults: draftSync true, statsRedesign decided by
    /// BuildConfiguration.current, voiceNotes false.
    @Test func aSwitchAfterAnOverrideStoreGivesTheBundledDefaults() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration("swift-override-store")).matrix)
        for environment in ["debug", "release"] {
            #expect(try Self.cases(matrix, "draftSync", environment) == ["on"])
            #expect(try Self.cases(matrix, "statsRedesign", environment) == ["the app works out BuildConfiguration.current == .localDeveloper: decided in code"])
            #expect(try Self.cases(matrix, "voiceNotes", environment) == ["off"])
        }
        let draft = try #require(matrix.resolution(key: "draftSync", tenant: Tenant.singleAppID, environment: "release"))
        #expect(draft.location == SourceLocation(file: "Classes/FeatureFlag.swift", line: 16, column: 20))
    }

    // MARK: - WordPress: checks of BuildConfiguration.current and the app target

    /// From the fixture's code and flagstaff.yml: debug is localDeveloper in the
    /// Jetpack app, with DEBUG; beta is a8cPrereleaseTesting in the Jetpack app,
    /// its compilation conditions not given; release is appStore, the app not given.
    @Test(arguments: [
        ("bloggingPrompts", ["on"], ["on"], ["the app works out AppConfiguration.isJetpack: decided in code"]),
        ("jetpackDisconnect", ["on"], ["off"], ["off"]),
        ("debugMenu", ["on"], ["on"], ["off"]),
        ("siteIconCreator", ["on"], ["on"], ["off"]),
        ("statsNewInsights", ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"],
            ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"],
            ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"]),
        ("betaSiteDesigns", ["off"], ["off"], ["off"]),
        ("readerTagsFeed", ["off"], ["off"], ["off"]),
        ("compliancePopover", ["on"], ["on"],
            ["the app works out AppConfiguration.isJetpack ? true : BuildConfiguration.current == .localDeveloper: decided in code"]),
        ("voiceNotes", ["on"], ["if built with DEBUG: on", "otherwise: off"], ["off"]),
    ])
    func checksOfValuesABuildFixesResolvePerEnvironment(_ key: String, _ debug: [String], _ beta: [String], _ release: [String]) throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-build-checks"))
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let matrix = try #require(workspace.matrix)
        #expect(try Self.cases(matrix, key, "debug") == debug)
        #expect(try Self.cases(matrix, key, "beta") == beta)
        #expect(try Self.cases(matrix, key, "release") == release)
    }

    @Test func aCheckedValueSomeBuildDoesNotGiveIsAWarningThatSaysWhereToGiveIt() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-build-checks"))
        #expect(workspace.diagnostics.filter { $0.severity == .warning }.map(\.description) == [
            "Classes/FeatureFlag.swift:23:20: warning: 3 flags' defaults check 'AppConfiguration.isJetpack' when the app runs, and no build "
                + "configuration gives its value for release, where what depends on it is not known; give the value each build has: "
                + "build_configurations: { release: { values: { AppConfiguration.isJetpack: … } } }",
            "Classes/FeatureFlag.swift:31:20: warning: a flag's default checks 'AppConfiguration.statsRevampV2Enabled' when the app runs, and no "
                + "build configuration gives its value for any environment, where what depends on it is not known; give the value each build has: "
                + "build_configurations: { debug: { values: { AppConfiguration.statsRevampV2Enabled: … } } }",
        ])
    }

    @Test func withoutTheBuildsValuesTheChecksAreDecidedInCode() throws {
        do {
            let workspace = try Self.load(
                "swift-build-checks", replacing: "    values: { BuildConfiguration.current: appStore }\n", with: "")
            let matrix = try #require(workspace.matrix)
            #expect(try Self.cases(matrix, "siteIconCreator", "release") == ["the app works out BuildConfiguration.current != .appStore: decided in code"])
            #expect(try Self.cases(matrix, "siteIconCreator", "debug") == ["on"])
        }
    }

    @Test(arguments: [
        ("BuildConfiguration.current: appStore", "Build Configuration: appStore",
            "'Build Configuration' in build_configurations.release.values is not what Swift code checks"),
        ("BuildConfiguration.current: appStore", "BuildConfiguration.current: app store",
            "the value of BuildConfiguration.current in build_configurations.release.values must be a case name"),
        ("values: { BuildConfiguration.current: appStore }", "values: [appStore]",
            "'build_configurations.release.values' must map what the app checks to its value in this build"),
    ])
    func aBuildValueThatIsNotOneIsAnError(_ old: String, _ new: String, _ message: String) throws {
        do {
            let workspace = try Self.load("swift-build-checks", replacing: old, with: new)
            #expect(workspace.diagnostics.contains { $0.severity == .error && $0.description.contains("flagstaff.yml:") && $0.description.contains(message) },
                "\(workspace.diagnostics)")
        }
    }

    // MARK: - App targets: one codebase built as WordPress and as Jetpack

    /// The blogging app's builds no longer say which app they are; `app_targets`
    /// does: WordPress with `isJetpack` false, Jetpack with it true.
    static func loadAppTargets(_ targets: String = "{ WordPress: { AppConfiguration.isJetpack: false }, Jetpack: { AppConfiguration.isJetpack: true } }") throws -> Workspace {
        try load("swift-build-checks", replacing: [
            ("localDeveloper, AppConfiguration.isJetpack: true }", "localDeveloper }"),
            (".a8cPrereleaseTesting, AppConfiguration.isJetpack: true }", ".a8cPrereleaseTesting }"),
            ("lifecycle:", "app_targets: \(targets)\nlifecycle:"),
        ])
    }

    /// From the fixture's code, per app: `isJetpack` alone; `[.localDeveloper,
    /// .a8cBranchTest].contains(current) && !isJetpack` (on only in WordPress's
    /// local builds); `isJetpack ? true : current == .localDeveloper` (both on in
    /// debug, then only Jetpack). Checks of the build alone are as before.
    @Test(arguments: [
        ("bloggingPrompts", ["if built as WordPress: off", "if built as Jetpack: on"], ["if built as WordPress: off", "if built as Jetpack: on"],
            ["if built as WordPress: off", "if built as Jetpack: on"]),
        ("readerTagsFeed", ["if built as WordPress: on", "if built as Jetpack: off"], ["off"], ["off"]),
        ("compliancePopover", ["on"], ["if built as WordPress: off", "if built as Jetpack: on"], ["if built as WordPress: off", "if built as Jetpack: on"]),
        ("jetpackDisconnect", ["on"], ["off"], ["off"]),
        ("statsNewInsights", ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"],
            ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"],
            ["the app works out AppConfiguration.statsRevampV2Enabled: decided in code"]),
    ])
    func checksOfTheAppResolvePerAppTarget(_ key: String, _ debug: [String], _ beta: [String], _ release: [String]) throws {
        let workspace = try Self.loadAppTargets()
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let matrix = try #require(workspace.matrix)
        #expect(try Self.cases(matrix, key, "debug") == debug)
        #expect(try Self.cases(matrix, key, "beta") == beta)
        #expect(try Self.cases(matrix, key, "release") == release)
    }

    @Test func aValueEveryAppGivesIsNotWarnedAbout() throws {
        let workspace = try Self.loadAppTargets()
        #expect(workspace.diagnostics.filter { $0.severity == .warning }.map(\.message) == [
            "a flag's default checks 'AppConfiguration.statsRevampV2Enabled' when the app runs, and no build configuration gives its value "
                + "for any environment, where what depends on it is not known"
        ])
    }

    /// An app that does not give the value leaves the check decided in code.
    @Test func anAppWithoutTheValueLeavesTheCheckDecidedInCode() throws {
        let workspace = try Self.loadAppTargets("{ WordPress: { AppConfiguration.isJetpack: false }, Jetpack: { BuildConfiguration.current: appStore } }")
        let matrix = try #require(workspace.matrix)
        #expect(try Self.cases(matrix, "bloggingPrompts", "debug") == ["the app works out AppConfiguration.isJetpack: decided in code"])
        #expect(workspace.diagnostics.contains { $0.message.contains("'AppConfiguration.isJetpack'") })
    }

    @Test(arguments: [
        ("[WordPress, Jetpack]", "'app_targets' must map each app the code builds to the values its build fixes"),
        ("{ WordPress: {} }", "app target 'WordPress' gives no values"),
        ("{ WordPress: { Is Jetpack: false } }", "'Is Jetpack' in app_targets.WordPress is not what Swift code checks"),
    ])
    func anAppTargetThatIsNotOneIsAnError(_ targets: String, _ message: String) throws {
        let workspace = try Self.loadAppTargets(targets)
        #expect(workspace.diagnostics.contains { $0.severity == .error && $0.description.contains("flagstaff.yml:") && $0.message.contains(message) },
            "\(workspace.diagnostics)")
    }

    // MARK: - A registry app: a manager's isEnabled calls a helper over the registry

    /// From the fixture's code: in debug, `debugDefault` gives `phase <= 2`; in
    /// release, `releaseDefault` gives `defaultEnabled`; a flag without a registry
    /// entry (observableMigration) takes the guard's `false` in both.
    @Test(arguments: [
        ("liquidGlassDesign", "on", "off"), ("observableMigration", "off", "off"), ("navigationSplitView", "on", "off"),
        ("chatViewRedesign", "on", "off"), ("streamInteractions", "off", "on"),
    ])
    func aManagersHelperOverTheRegistryIsFollowedOneStep(_ key: String, _ debug: String, _ release: String) throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-registry-manager"))
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let matrix = try #require(workspace.matrix)
        let caseKey = try #require(matrix.model.flags.first { $0.caseName == key }?.key)
        #expect(try Self.cases(matrix, caseKey, "debug") == [debug])
        #expect(try Self.cases(matrix, caseKey, "release") == [release])
        let cell = try #require(matrix.resolution(key: caseKey, tenant: Tenant.singleAppID, environment: "debug"))
        #expect(cell.layer.id == "code")
        #expect(cell.location == SourceLocation(file: "Sources/FeatureFlagManager.swift", line: 53, column: 16))
        // The registry still describes each flag.
        if key == "chatViewRedesign" {
            #expect(matrix.model.catalog.entry(for: "chat_view_redesign")?.description == "Enable redesigned chat view with card system")
        }
    }

    @Test(arguments: [
        ("return info.phase <= 2", "return info.phase <= Self.lastDebugPhase"),
        ("guard let info = FeatureFlagInfo.registry[flag] else { return false }\n        return info.phase <= 2", "return FeatureFlagInfo.registry[flag]!.phase <= 2"),
    ])
    func aHelperDeeperThanOneStepIsDecidedInCode(_ old: String, _ new: String) throws {
        try withCopy(of: "swift-registry-manager") { root in
            let file = root.appendingPathComponent("Sources/FeatureFlagManager.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(text.contains(old))
            try text.replacingOccurrences(of: old, with: new).write(to: file, atomically: true, encoding: .utf8)
            let matrix = try #require(try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path).matrix)
            #expect(try Self.cases(matrix, "liquid_glass_design", "debug") == ["the app works out debugDefault(for: flag): decided in code"])
            #expect(try Self.cases(matrix, "stream_interactions", "release") == ["on"])
        }
    }

    /// `phase` is written as an integer; a helper comparing it with `2.0` compares numbers.
    @Test func aHelperComparesNumbersBySize() throws {
        try withCopy(of: "swift-registry-manager") { root in
            let file = root.appendingPathComponent("Sources/FeatureFlagManager.swift")
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "return info.phase <= 2", with: "return info.phase == 2.0")
                .write(to: file, atomically: true, encoding: .utf8)
            let matrix = try #require(try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path).matrix)
            #expect(try Self.cases(matrix, "chat_view_redesign", "debug") == ["on"])
            #expect(try Self.cases(matrix, "liquid_glass_design", "debug") == ["off"])
        }
    }

    /// A Bool check whose configured value is neither true nor false is not known, not off.
    @Test func aBoolCheckGivenAnotherValueIsNotKnown() throws {
        do {
            let workspace = try Self.load(
                "swift-build-checks", replacing: "localDeveloper, AppConfiguration.isJetpack: true }",
                with: "localDeveloper, AppConfiguration.isJetpack: jetpack }")
            let matrix = try #require(workspace.matrix)
            #expect(try Self.cases(matrix, "bloggingPrompts", "debug") == ["the app works out AppConfiguration.isJetpack: decided in code"])
        }
    }

    @Test func aManagerThatIsNotThereIsNamedWithTheTypesFound() throws {
        do {
            let workspace = try Self.load("swift-registry-manager", replacing: "FeatureFlagManager.isEnabled", with: "FeatureFlagManagr.isEnabled")
            #expect(workspace.diagnostics.map(\.description).contains { $0.contains("error: no type 'FeatureFlagManagr' in the Swift files; did you mean 'FeatureFlagManager'?") },
                "\(workspace.diagnostics)")
        }
    }

    @Test func anyOtherStatementBeforeTheSwitchLeavesEveryDefaultDecidedInCode() throws {
        try withCopy(of: "swift-override-store") { root in
            let file = root.appendingPathComponent("Classes/FeatureFlag.swift")
            try String(contentsOf: file, encoding: .utf8)
                .replacingOccurrences(of: "if let overriddenValue = FeatureFlagOverrideStore().overriddenValue(for: self) {\n            return overriddenValue",
                    with: "if AppConfiguration.isJetpack {\n            return false")
                .write(to: file, atomically: true, encoding: .utf8)
            let edited = try #require(try Workspace.load(configurationPath: root.appendingPathComponent("flagstaff.yml").path).matrix)
            for key in ["draftSync", "statsRedesign", "voiceNotes"] {
                let cases = try Self.cases(edited, key, "release")
                #expect(cases.count == 1 && cases[0].hasSuffix(": decided in code"), "\(key): \(cases)")
            }
        }
    }

    @Test func validateCountsTheCellsItCannotKnow() throws {
        // 5 flags × 2 environments; analyticsLogging has no parameter, the other 4 may be changed remotely.
        let console = RecordingConsole()
        #expect(try ValidateCommand(configurationPath: Fixtures.configuration("swift-backtick-default")).run(console: console.console()) == ExitStatus.success)
        #expect(console.output == "5 flags, 2 environments: valid\n8 of 10 cells are not known here in some case: decided in code when the app runs, "
            + "or a source Flagstaff cannot see may change them (explain shows which)\n")
    }
}
