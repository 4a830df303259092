import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation
import Testing

/// The Swift declarations of real apps (fixtures `swift-*`), each value expected
/// as the fixture's source writes it, cell by cell and build configuration by
/// build configuration.
@Suite("Swift declarations")
struct SwiftDeclarationsTests {
    /// A loaded fixture's matrix; fails the test when it has errors.
    static func matrix(_ fixture: String) throws -> ResolvedMatrix {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration(fixture))
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics.filter { $0.severity == .error })")
        return try #require(workspace.matrix)
    }

    /// A cell's value as the views show it: `on`, `off`, `decided in code`, `on/off`…
    static func word(_ matrix: ResolvedMatrix, _ key: String, _ environment: String, tenant: String = Tenant.singleAppID) throws -> String {
        let flag = try #require(matrix.model.flag(key), "no flag \(key)")
        let tenantValue = try #require(matrix.model.tenant(tenant))
        return CellPresentation(matrix.resolution(flag, tenantValue, environment)).word
    }

    // MARK: - WordPress: an @objc Int enum, a defaults switch, a remote-key switch

    @Test func anIntEnumsKeysAreItsCaseNamesAndItsDefaultsComeFromTheSwitch() throws {
        let matrix = try Self.matrix("swift-defaults-remote-key")
        let model = matrix.model
        #expect(model.isSingleApp)
        #expect(model.tenants.map(\.id) == ["app"])
        #expect(model.flags.map(\.key) == [
            "jetpackFeaturesRemovalPhaseOne", "jetpackFeaturesRemovalStaticPosters", "jetpackMigrationPreventDuplicateNotifications",
            "blaze", "wordPressIndividualPluginSupport", "bloggingPromptsSocial", "siteEditorMVP", "bloganuaryDashboardNudge", "dotComWebLogin",
        ])
        let expected: [String: String] = [
            "jetpackFeaturesRemovalPhaseOne": "off", "jetpackFeaturesRemovalStaticPosters": "on",
            "jetpackMigrationPreventDuplicateNotifications": "on", "blaze": "off", "wordPressIndividualPluginSupport": "decided in code",
            "bloggingPromptsSocial": "decided in code", "siteEditorMVP": "on", "bloganuaryDashboardNudge": "decided in code", "dotComWebLogin": "off",
        ]
        // `enabled` returns the remote store's value for `remoteKey` when it has one, and
        // every flag has a parameter, so each bundled default may be changed remotely.
        for (key, word) in expected {
            let cell = matrix.resolution(try #require(model.flag(key)), model.tenants[0], "release")
            #expect(cell.variants.first?.condition == "may be changed by remote config", "\(key)")
            #expect(cell.variants.count == 2 && cell.variants.last?.word == word, "\(key)")
        }
        let plugin = matrix.resolution(try #require(model.flag("wordPressIndividualPluginSupport")), model.tenants[0], "release")
        #expect(plugin.layer.id == "remote")
        #expect(plugin.variants.map(\.condition) == ["may be changed by remote config", "the app works out AppConfiguration.isWordPress"])
        #expect(plugin.variants.last?.layer.id == "code")
        #expect(plugin.variants.last?.location == SourceLocation(file: "WordPress/RemoteFeatureFlag.swift", line: 29, column: 20))
    }

    @Test func theRemoteKeySwitchNamesEachFlagsParameter() throws {
        let model = try Self.matrix("swift-defaults-remote-key").model
        let parameters = model.flags.map { flag -> String? in
            guard case .parameter(let name, _)? = flag.remoteKey else { return nil }
            return name
        }
        #expect(parameters == [
            "jp_removal_one", "jp_removal_static_posters", "prevent_duplicate_notifs_remote_field", "blaze", "wp_individual_plugin_overlay",
            "blogging_prompts_social_enabled", "site_editor_mvp", "bloganuary_dashboard_nudge", "jp_wpcom_web_login",
        ])
        #expect(model.catalog.entry(for: "blaze")?.description == "Blaze")
        #expect(model.catalog.entry(for: "dotComWebLogin")?.description == "Log in to WordPress.com from web browser")
        #expect(!model.catalog.isWritten)
    }

    // MARK: - Kiwix: static Bool properties, #if DEBUG clauses, runtime values

    @Test(arguments: [("debug", "on"), ("release", "off")])
    func staticPropertiesInIfClausesResolvePerBuildConfiguration(_ environment: String, _ map: String) throws {
        let matrix = try Self.matrix("swift-static-properties")
        #expect(matrix.model.flags.map(\.key) == ["map", "hasLibrary", "showExternalLinkOptionInSettings", "showSearchSnippetInSettings", "suggestSearchTerms"])
        #expect(try Self.word(matrix, "map", environment) == map)
        for key in ["hasLibrary", "showExternalLinkOptionInSettings", "showSearchSnippetInSettings", "suggestSearchTerms"] {
            #expect(try Self.word(matrix, key, environment) == "decided in code", "\(key)")
        }
        let hasLibrary = try #require(matrix.model.flag("hasLibrary"))
        #expect(hasLibrary.documentation == "Custom apps, which have a bundled zim file, do not require library access\nthis will remove all library related features")
    }

    @Test func withoutBuildConfigurationsEveryArmIsShown() throws {
        try withCopy(of: "swift-static-properties") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "build_configurations:\n  debug: [DEBUG]\n  release: []\n", with: "")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: path.path)
            let matrix = try #require(workspace.matrix)
            let cell = matrix.resolution(try #require(matrix.model.flag("map")), matrix.model.tenants[0], "debug")
            #expect(CellPresentation(cell).word == "on/off")
            #expect(cell.variants.map(\.summary) == ["if built with DEBUG: on (code)", "otherwise: off (code)"])
        }
    }

    // MARK: - Datadog: a condition set by an .xcconfig for one build configuration

    @Test(arguments: [("debug", "on", 16), ("release", "off", 19)])
    func xcconfigConditionsDecideTheArm(_ environment: String, _ word: String, _ line: Int) throws {
        let matrix = try Self.matrix("swift-build-configurations")
        #expect(try Self.word(matrix, "isSDKCompiledForDevelopment", environment) == word)
        let cell = matrix.resolution(try #require(matrix.model.flag("isSDKCompiledForDevelopment")), matrix.model.tenants[0], environment)
        #expect(cell.location == SourceLocation(file: "Sources/CompilationConditions.swift", line: line, column: 46))
    }

    // MARK: - A registry of FeatureFlagInfo values

    @Test func registryFieldsFillTheCatalogAndTheDefaults() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("swift-registry"))
        let matrix = try #require(workspace.matrix)
        let catalog = matrix.model.catalog
        #expect(catalog.columns == ["Flag", "Description", "Name", "Owner", "Phase", "Remove by"])
        let chat = try #require(catalog.entry(for: "chat_view_redesign"))
        #expect(chat.description == "Enable redesigned chat view with card system")
        #expect(chat.value("Name") == "Chat View Redesign")
        #expect(chat.value("Owner") == "chat")
        #expect(chat.value("Phase") == "2")
        #expect(chat.lifecycle.removeBy == .version(AppVersion(parsing: "3.0")!))
        #expect(catalog.entry(for: "observable_migration")?.value("Owner") == nil)
        #expect(try Self.word(matrix, "liquid_glass_design", "release") == "off")
        #expect(matrix.resolution(try #require(matrix.model.flag("observable_migration")), matrix.model.tenants[0], "release").layer.id == "fallback")
        // Phase 2 is in development: off everywhere, but not on yet rather than dead.
        let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2026, month: 1, day: 15)!)
        #expect(report.entry(for: "chat_view_redesign")?.statuses.contains(.notOnYet) == true)
        #expect(report.entry(for: "chat_view_redesign")?.statuses.contains(.dead) == false)
        #expect(report.entry(for: "liquid_glass_design")?.statuses.contains(.dead) == true)
        #expect(report.entry(for: "sidebar_redesign")?.statuses.contains(.incomplete) == true)
    }

    @Test func aBoolDictionaryInAnotherTypeGivesTheDefaults() throws {
        let matrix = try Self.matrix("swift-registry-bool")
        #expect(matrix.model.flags.map(\.key) == ["newModerationFlow", "deleteAccount"])
        for environment in ["staging", "production"] {
            #expect(try Self.word(matrix, "newModerationFlow", environment) == "off")
            #expect(try Self.word(matrix, "deleteAccount", environment) == "off")
        }
        #expect(matrix.model.catalog.entry(for: "deleteAccount")?.description.hasPrefix("Whether delete account UI is enabled or not.") == true)
    }

    // MARK: - Factories and property wrappers

    @Test func factoriesAndWrappersGiveKeysAndTypedDefaults() throws {
        let matrix = try Self.matrix("swift-factories")
        #expect(matrix.model.flags.map(\.key) == ["new-user-profile", "payment-methods", "wishlist-limit", "merged-chats"])
        #expect(matrix.model.flags.map(\.caseName) == ["newProfile", "paymentMethods", "wishlistLimit", "mergedChats"])
        #expect(try Self.word(matrix, "new-user-profile", "production") == "off")
        #expect(try Self.word(matrix, "payment-methods", "production") == #"["card","apple-pay"]"#)
        #expect(matrix.type(of: try #require(matrix.model.flag("payment-methods"))) == .structured)
        #expect(try Self.word(matrix, "wishlist-limit", "production") == "50")
        #expect(try Self.word(matrix, "merged-chats", "production") == "off")
    }
}

/// Bad input: each problem a positioned diagnostic with a hint, never a crash.
@Suite("Swift declarations: bad input")
struct SwiftDeclarationsDiagnosticsTests {
    static let source = """
        enum Flag: String {
            case a = "A"
            case b = "B"
            case c = "C"

            var defaultValue: Bool {
                switch self {
                case .a: return true
                case .b: return false
                }
            }

            var remoteKey: String {
                switch self {
                case .a: return "shared"
                case .b: return "shared"
                case .c: return "c"
                }
            }
        }

        struct Info {
            static let registry: [Flag: Bool] = [
                .a: false,
                .d: true,
            ]
        }
        """

    @Test func everyProblemIsPositionedWithAHint() {
        var settings = SwiftSettings()
        settings.defaults = "defaultValue"
        settings.remoteKey = "remoteKey"
        settings.registry = "registry"
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [SourceFile(path: "Flag.swift", text: Self.source)], options: .init(typeNames: ["Flag"], settings: settings, environments: ["prod"]))
        #expect(declarations != nil)
        #expect(diagnostics.sortedForDisplay().map(\.description) == [
            "Flag.swift:6:9: error: 'defaultValue' has no arm for .c; add an arm for each flag, or a default: arm; a switch that misses cases does not compile",
            "Flag.swift:16:25: warning: 'B' and 'A' name the same Remote Config parameter 'shared'; one parameter would switch both flags; give each its own",
            "Flag.swift:24:13: error: two defaults for 'A': 'defaultValue' (line 8) and the registry; keep one; the first is used",
            "Flag.swift:25:9: error: registry key 'd' is not a flag of Flag; did you mean 'a'?",
        ])
    }

    @Test func anIncludeCycleIsAnErrorAtTheInclude() {
        let files = [
            "Config/Base.xcconfig": "#include \"Shared.xcconfig\"\nSWIFT_ACTIVE_COMPILATION_CONDITIONS = BASE\n",
            "Config/Shared.xcconfig": "// shared\n  #include \"../Config/Base.xcconfig\"\n",
        ]
        let (conditions, diagnostics) = XcconfigReader.conditions(of: "Config/Base.xcconfig", configuration: "Debug", namedAt: nil) { files[$0].map { .text($0) } ?? .unreadable }
        #expect(conditions == ["BASE"])
        #expect(diagnostics.map(\.description) == [
            "Config/Shared.xcconfig:2:3: error: #include cycle: Config/Base.xcconfig → Config/Shared.xcconfig → Config/Base.xcconfig; remove the #include that leads back to a file that includes it"
        ])
    }

    @Test func nothingCrashesOnHalfWrittenDeclarations() {
        let broken = [
            "enum Flag: String { case a = \"A\"\n var defaultValue: Bool { switch self { case .a: return",
            "enum Flag { static var x: Bool { #if DEBUG",
            "struct Flag { static let registry: [Flag: Info] = [.a: Info(defaultEnabled:"
                + String(repeating: "[", count: 50),
            "enum Flag: Int { case a = 1, b\n var remoteKey: String? { switch self { case .a, .b: nil; default: \"x\" } } }",
        ]
        var settings = SwiftSettings()
        settings.defaults = "defaultValue"
        settings.remoteKey = "remoteKey"
        settings.registry = "registry"
        for text in broken {
            let (_, diagnostics) = SwiftDeclarationsReader.read(
                [SourceFile(path: "F.swift", text: text)], options: .init(typeNames: ["Flag"], settings: settings, environments: ["prod"]))
            #expect(diagnostics.allSatisfy { $0.location.map { $0.file == "F.swift" && $0.line >= 1 } ?? true })
        }
    }
}

/// `#if` arms decided for build configurations whose conditions are known. A part
/// only the toolchain knows (`canImport`, `targetEnvironment`) is unknown, yet a
/// false part decides an `&&` on its own, as it does when Swift compiles it.
@Suite("#if conditions")
struct BuildConditionTests {
    static let source = """
        enum Flag: String {
            case a = "A"
            case b = "B"

            var defaultValue: Bool {
                switch self {
                case .a:
                    #if DEBUG && canImport(UIKit)
                    return true
                    #else
                    return false
                    #endif
                case .b:
                    #if targetEnvironment(simulator) && !DEBUG
                    return true
                    #else
                    return false
                    #endif
                }
            }
        }
        """

    @Test func aFalsePartDecidesAnAndWhoseOtherPartIsUnknown() throws {
        var settings = SwiftSettings()
        settings.defaults = "defaultValue"
        let (declarations, diagnostics) = SwiftDeclarationsReader.read(
            [SourceFile(path: "Flag.swift", text: Self.source)],
            options: .init(typeNames: ["Flag"], settings: settings, environments: ["debug", "release"], conditions: ["debug": ["DEBUG"], "release": []]))
        #expect(diagnostics.isEmpty)
        let flags = try #require(declarations?.flags)
        let (a, b) = (try #require(flags.first?.codeDefault), try #require(flags.last?.codeDefault))
        let at = { (line: Int) in SourceLocation(file: "Flag.swift", line: line, column: 20) }
        // DEBUG is false in release, !DEBUG in debug: the #else arm, whatever the toolchain.
        #expect(a.outcomes["release"] == .value(.bool(false), at: at(11)))
        #expect(b.outcomes["debug"] == .value(.bool(false), at: at(17)))
        // The other part true: the unknown part decides, so both arms are possible.
        #expect(a.outcomes["debug"] == .byCondition([
            .init(condition: "DEBUG && canImport(UIKit)", outcome: .value(.bool(true), at: at(9))), .init(condition: nil, outcome: .value(.bool(false), at: at(11))),
        ]))
        #expect(b.outcomes["release"] == .byCondition([
            .init(condition: "targetEnvironment(simulator) && !DEBUG", outcome: .value(.bool(true), at: at(15))),
            .init(condition: nil, outcome: .value(.bool(false), at: at(17))),
        ]))
    }
}

/// Compilation conditions from `.xcconfig` files.
@Suite("xcconfig reader")
struct XcconfigReaderTests {
    @Test func readsConditionsThroughIncludesInheritanceAndFlags() {
        let files = [
            "App/Debug.xcconfig": """
                // Debug
                #include "Base.xcconfig"
                #include? "Local.xcconfig"
                FEATURES = FF_NEW_PLAYER
                SWIFT_ACTIVE_COMPILATION_CONDITIONS = $(inherited) DEBUG $(FEATURES) // trailing comment
                OTHER_SWIFT_FLAGS = $(inherited) -D FF_MAPS -DFF_CHAT -Xfrontend -warn-long-function-bodies=100
                SWIFT_ACTIVE_COMPILATION_CONDITIONS[sdk=macosx*] = MAC
                """,
            "App/Base.xcconfig": "SWIFT_ACTIVE_COMPILATION_CONDITIONS = BASE\nOTHER_SWIFT_FLAGS = -D FROM_BASE\n",
        ]
        let (conditions, diagnostics) = XcconfigReader.conditions(of: "App/Debug.xcconfig", configuration: "debug", namedAt: nil) { files[$0].map { .text($0) } ?? .unreadable }
        #expect(diagnostics.isEmpty)
        #expect(conditions == ["BASE", "DEBUG", "FF_NEW_PLAYER", "FROM_BASE", "FF_MAPS", "FF_CHAT"])
        let (_, missing) = XcconfigReader.conditions(of: "App/Debug.xcconfig", configuration: "debug", namedAt: nil) { $0 == "App/Debug.xcconfig" ? .text("#include \"Gone.xcconfig\"\n") : .unreadable }
        #expect(missing.map(\.description) == ["App/Debug.xcconfig:1:1: error: cannot read 'App/Gone.xcconfig', which this file includes; use #include? for a file that may be absent"])
    }

    /// The conditions a file sets for the debug configuration, its includes read from `files`.
    static func debugConditions(of path: String, in files: [String: String]) -> (conditions: Set<String>, diagnostics: [Diagnostic]) {
        XcconfigReader.conditions(of: path, configuration: "debug", namedAt: nil) { files[$0].map { .text($0) } ?? .unreadable }
    }

    /// `${inherited}`, the other spelling the reader documents, stands for the earlier value as `$(inherited)` does.
    @Test func inheritedInBracesKeepsTheIncludedValue() {
        let files = [
            "App/Debug.xcconfig": """
                #include "Base.xcconfig"
                SWIFT_ACTIVE_COMPILATION_CONDITIONS = ${inherited} DEBUG
                OTHER_SWIFT_FLAGS = ${inherited} -DFF_CHAT
                """,
            "App/Base.xcconfig": "SWIFT_ACTIVE_COMPILATION_CONDITIONS = BASE\nOTHER_SWIFT_FLAGS = -D FROM_BASE\n",
        ]
        let (conditions, diagnostics) = Self.debugConditions(of: "App/Debug.xcconfig", in: files)
        #expect(diagnostics.isEmpty)
        #expect(conditions == ["BASE", "DEBUG", "FROM_BASE", "FF_CHAT"])
    }

    @Test func aSettingForOneConfigurationCountsForItAlone() {
        let text = "SWIFT_ACTIVE_COMPILATION_CONDITIONS[config=Debug]=DD_SDK_DEVELOPMENT\n"
        #expect(XcconfigReader.conditions(of: "D.xcconfig", configuration: "debug", namedAt: nil) { _ in .text(text) }.conditions == ["DD_SDK_DEVELOPMENT"])
        #expect(XcconfigReader.conditions(of: "D.xcconfig", configuration: "release", namedAt: nil) { _ in .text(text) }.conditions.isEmpty)
    }
}

/// How keys are spelt from case names.
@Suite("Key styles")
struct KeyStyleTests {
    @Test(arguments: [
        ("mediaLibrary", "media_library", "MEDIA_LIBRARY", "media-library"), ("URLCache", "url_cache", "URL_CACHE", "url-cache"),
        ("clientSearchV2", "client_search_v2", "CLIENT_SEARCH_V2", "client-search-v2"), ("iCloudSync", "i_cloud_sync", "I_CLOUD_SYNC", "i-cloud-sync"),
    ])
    func splitsCaseNamesIntoWords(_ name: String, _ snake: String, _ screaming: String, _ kebab: String) {
        #expect(KeyStyle.snakeCase.key(forCaseName: name) == snake)
        #expect(KeyStyle.screamingSnakeCase.key(forCaseName: name) == screaming)
        #expect(KeyStyle.kebabCase.key(forCaseName: name) == kebab)
        #expect(KeyStyle.camelCase.key(forCaseName: name) == name)
    }

    @Test func detectsTheStyleAndPrefixMostKeysFollow() {
        #expect(KeyStyle.detect([("ENABLE_MEDIA_LIBRARY", "mediaLibrary"), ("ENABLE_CHECKOUT", "checkout"), ("wishlistSync", "wishlistSync")])! == (.screamingSnakeCase, "ENABLE_"))
        #expect(KeyStyle.detect([("new-user-profile", "newUserProfile"), ("payment-methods", "paymentMethods")])! == (.kebabCase, ""))
        #expect(KeyStyle.detect([("jp_removal_one", "jetpackFeaturesRemovalPhaseOne"), ("site_editor_mvp", "siteEditorMVP")])! == (.snakeCase, ""))
        #expect(KeyStyle.detect([]) == nil)
        // A tie between two prefixes goes to the shorter, whatever order the keys come in.
        let tied = [("ENABLE_MEDIA_LIBRARY", "mediaLibrary"), ("ENABLE_CAMPAIGNS", "campaigns"), ("ONBOARDING_VARIANT", "onboardingVariant"), ("MAX_ITEMS", "maxItems")]
        #expect(KeyStyle.detect(tied)! == (.screamingSnakeCase, ""))
        #expect(KeyStyle.detect(tied.reversed())! == (.screamingSnakeCase, ""))
    }
}

/// The sites of two Swift-declared workspaces, page by page: a single app with
/// remote keys and values decided in code, and one with build configurations.
@Suite("Swift golden sites")
struct SwiftGoldenSiteTests {
    static let pages: [(fixture: String, page: String)] = [
        ("swift-defaults-remote-key", "index.html"), ("swift-defaults-remote-key", "matrix.html"),
        ("swift-defaults-remote-key", "how-to-read.html"), ("swift-defaults-remote-key", "flags/bloggingpromptssocial.html"),
        ("swift-defaults-remote-key", "lifecycle.html"), ("swift-defaults-remote-key", "matrix.md"), ("swift-defaults-remote-key", "flags.json"),
        ("swift-defaults-remote-key", "matrix-data.js"), ("swift-defaults-remote-key", "tenants/app.html"),
        ("swift-static-properties", "index.html"), ("swift-static-properties", "flags/map.html"), ("swift-static-properties", "flags/haslibrary.html"),
        ("swift-static-properties", "matrix.md"), ("swift-static-properties", "flags.json"), ("swift-static-properties", "lifecycle.md"),
    ]

    static let sites = Result { () throws(FlagstaffError) in
        try Dictionary(uniqueKeysWithValues: ["swift-defaults-remote-key", "swift-static-properties"].map { fixture throws(FlagstaffError) in
            (fixture, try renderedSite(configuration: Fixtures.configuration(fixture)))
        })
    }

    @Test(arguments: 0..<pages.count)
    func pageMatchesGolden(_ index: Int) throws {
        let (fixture, page) = Self.pages[index]
        let text = try #require(try Self.sites.get()[fixture]?[page], "no \(page)")
        #expect(try Fixtures.golden("\(fixture)/site/\(page)", matches: text))
    }

    @Test func aSingleAppHasNoListOfTenantsAndNoPageLinksToOne() throws {
        let site = try #require(try Self.sites.get()["swift-defaults-remote-key"])
        #expect(site["tenants/index.html"] == nil)
        #expect(site["tenants/app.html"] != nil)
        for (path, page) in site where path.hasSuffix(".html") {
            #expect(!page.contains("tenants/index.html") && !page.contains("href=\"index.html\">Tenants"), "\(path) links to a list of tenants")
            // The glossary of a single app has no defaults file to point at.
            #expect(!page.contains("glossary.html#defaults-file"), "\(path) links to a glossary entry a single app lacks")
        }
    }
}

/// The Markdown catalog beside what the declarations say, and uses in code.
@Suite("Swift metadata and uses")
struct SwiftMetadataTests {
    @Test func theCatalogWinsAndADisagreementIsAWarning() throws {
        try withCopy(of: "swift-registry") { root in
            try write(
                """
                ## Flags

                | Flag | Description | Owner |
                |---|---|---|
                | `liquid_glass_design` | Liquid Glass, as product calls it | design |
                | `observable_migration` | Observation framework | |
                | `navigation_split_view` | Split view on iPad | ipad-team |
                | `sidebar_redesign` | New sidebar | |
                | `chat_view_redesign` | | chat |

                """, to: "flags.md", in: root)
            let config = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: config, encoding: .utf8) + "catalog: flags.md\n").write(to: config, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: config.path)
            let catalog = try #require(workspace.model?.catalog)
            #expect(catalog.isWritten)
            #expect(catalog.columns == ["Flag", "Description", "Owner", "Name", "Phase", "Remove by"])
            #expect(catalog.entry(for: "liquid_glass_design")?.description == "Liquid Glass, as product calls it")
            #expect(catalog.entry(for: "chat_view_redesign")?.description == "Enable redesigned chat view with card system")
            #expect(catalog.entry(for: "navigation_split_view")?.value("Owner") == "ipad-team")
            #expect(catalog.entry(for: "chat_view_redesign")?.value("Phase") == "2")
            let prefix = root.path + "/"
            #expect(workspace.diagnostics.filter { $0.message.hasPrefix("the catalog's") }.sortedForDisplay().map { $0.description.replacingOccurrences(of: prefix, with: "") } == [
                "flags.md:5:3: warning: the catalog's Description for 'liquid_glass_design' is 'Liquid Glass, as product calls it', but the code says 'Enable iOS 26 Liquid Glass visual style' (Sources/FeatureFlag.swift:35:26); the catalog's is shown; make them agree, or keep it in one place",
                "flags.md:7:3: warning: the catalog's Description for 'navigation_split_view' is 'Split view on iPad', but the code says 'Use NavigationSplitView for iPad layout' (Sources/FeatureFlag.swift:44:26); the catalog's is shown; make them agree, or keep it in one place",
                "flags.md:7:50: warning: the catalog's Owner for 'navigation_split_view' is 'ipad-team', but the code says 'navigation' (Sources/FeatureFlag.swift:46:20); the catalog's is shown; make them agree, or keep it in one place",
            ])
        }
    }

    @Test func registryEntriesAndSwitchArmsAreNoUsesButFactoryCallsAre() throws {
        let flags = try #require(Workspace.load(configurationPath: Fixtures.configuration("swift-registry")).model?.flags)
        let app = SourceFile(path: "App.swift", text: """
            func screen() {
                if FeatureFlagManager.shared.isEnabled(.chatViewRedesign) { }
                _ = FeatureFlagInfo.registry[.navigationSplitView]
            }
            """)
        let declarations = SourceFile(path: "Sources/FeatureFlag.swift", text: try String(
            contentsOf: Fixtures.directory.appendingPathComponent("swift-registry/Sources/FeatureFlag.swift"), encoding: .utf8))
        let (references, _) = CodeReferenceScanner.scan([app, declarations], flags: flags, typeNames: ["FeatureFlag"], skipped: ["registry"])
        #expect(references.keys.sorted() == ["chat_view_redesign", "navigation_split_view"])
        #expect(references["chat_view_redesign"]?.map(\.location.file) == ["App.swift"])
        let factories = try #require(Workspace.load(configurationPath: Fixtures.configuration("swift-factories")).model?.flags)
        let calls = SourceFile(path: "Checkout.swift", text: "let methods = SettingsFlags.paymentMethods().defaultValue\nlet limit = SettingsFlags.wishlistLimit\n")
        let found = CodeReferenceScanner.scan([calls], flags: factories, typeNames: ["SettingsFlags"]).references
        #expect(found.keys.sorted() == ["payment-methods", "wishlist-limit"])
    }
}

/// The remote keys the code names feed the remote layer.
@Suite("Matrix search")
struct MatrixSearchTests {
    /// From the fixture's registry: liquidGlassDesign's display name is "Liquid Glass
    /// Design", its phase 0, its owner "design"; the search finds a flag by those words.
    @Test func theSearchLooksInEveryCatalogCellAsWellAsTheKey() throws {
        let data = try #require(try renderedSite(configuration: Fixtures.configuration("swift-registry"))["matrix-data.js"])
        let line = try #require(data.split(separator: "\n").first { $0.contains("\"search\": \"liquid_glass_design ") })
        for words in ["liquid glass design", "enable ios 26 liquid glass visual style", "design", "3.0"] {
            #expect(line.contains(words), "\(line)")
        }
    }
}

@Suite("Swift remote keys")
struct SwiftRemoteKeyTests {
    @Test func theCodesParameterIsReadAndANilKeyUnlinksTheFlag() throws {
        try withCopy(of: "swift-authoring") { root in
            try write(
                """
                {
                  "parameters": {
                    "saved_cards": { "defaultValue": { "value": "false" } },
                    "split-payment": { "defaultValue": { "value": "true" } }
                  }
                }
                """, to: "remote/release.json", in: root)
            let config = root.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: config, encoding: .utf8) + "remote_config: { templates: { release: remote/release.json } }\n")
                .write(to: config, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: config.path)
            let matrix = try #require(workspace.matrix)
            let app = matrix.model.tenants[0]
            let saved = matrix.resolution(try #require(matrix.model.flag("saved-cards")), app, "release")
            #expect(saved.layer.id == "remote")
            #expect(saved.value == .bool(false))
            #expect(saved.hidden?.value == .bool(true))
            let split = matrix.resolution(try #require(matrix.model.flag("split-payment")), app, "release")
            #expect(split.layer.id == "code", "a nil remote key: remote config never decides the flag")
            // The app never reads the parameter the key would name: said so in validate and explain.
            #expect(workspace.diagnostics.map(\.description) == [
                "remote/release.json:4:5: warning: parameter 'split-payment' is never read: the code of flag 'split-payment' says it reads no parameter "
                    + "(Sources/FeatureFlag.swift:32:20); remove the parameter, or give the flag its name in the code's remote key"
            ])
            let console = RecordingConsole()
            _ = try ExplainCommand(configurationPath: config.path, key: "split-payment", tenant: nil, environment: "release").run(console: console.console())
            #expect(console.output.contains("note: the flag's code gives it no Remote Config parameter (Sources/FeatureFlag.swift:32:20), so remote config never decides it"),
                "\(console.output)")
            #expect(!console.output.contains("parameter split-payment"))
        }
    }
}
