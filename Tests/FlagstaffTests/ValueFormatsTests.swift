import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import FlagstaffRenderers
import Foundation
import Testing

/// JustTweak's LocalConfiguration files, read as its `LocalTweakProvider` reads
/// them. Expected values are written by reading the example app's files
/// (justeat/JustTweak, Example/JustTweak/TweakProviders).
@Suite("JustTweak LocalConfiguration")
struct JustTweakTests {
    static let folder = Fixtures.directory.appendingPathComponent("justtweak/TweakProviders")

    static func text(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theExampleFileGivesEachVariableItsValueAndDescription() throws {
        let (entries, diagnostics) = JustTweakReader.read(try Self.text("LocalTweaks_example.json"), file: "local.json")
        let read = try #require(entries)
        #expect(read.map(\.key) == [
            "ui_customization.display_red_view", "ui_customization.display_yellow_view", "ui_customization.display_green_view",
            "ui_customization.red_view_alpha_component", "ui_customization.label_text", "general.encrypted_answer_to_the_universe",
            "general.answer_to_the_universe", "general.greet_on_app_did_become_active", "general.tap_to_change_color_enabled",
        ])
        #expect(read.map(\.value) == [
            .bool(false), .bool(false), .bool(true), .decimal("1.0"), .string("Test value"), .string("24 ton yletinifeD"), .integer(42),
            .bool(false), .bool(true),
        ])
        let red = read[0]
        #expect(red.title == "Display Red View")
        #expect(red.description == "shows a red view in the main view controller")
        #expect(red.group == "UI Customization")
        #expect(red.propertyName == "canShowRedView")
        #expect(red.keyLocation == SourceLocation(file: "local.json", line: 3, column: 5))
        #expect(red.valueLocation == SourceLocation(file: "local.json", line: 7, column: 16))
        #expect(read[4].propertyName == nil)
        // Only the encrypted entry has something to say.
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.location == SourceLocation(file: "local.json", line: 45, column: 20))
    }

    @Test func anEntryWithoutAValueIsAnErrorAtTheEntry() {
        // The shape of JustTweak's own InvalidTweaks_MissingValues.json.
        let text = """
            {
              "general": {
                "answer_to_the_universe": {
                  "Title": "Definitive answer",
                  "Group": "General"
                }
              }
            }
            """
        let (entries, diagnostics) = JustTweakReader.read(text, file: "t.json")
        #expect(entries?.first?.value == nil)
        #expect(diagnostics.map(\.message) == ["'general.answer_to_the_universe' has no \"Value\""])
        #expect(diagnostics.first?.location == SourceLocation(file: "t.json", line: 3, column: 31))
    }

    @Test(arguments: [
        ("[1, 2]", "a JustTweak configuration must hold a JSON object of features, found an array", 1, 1),
        (#"{"f": 3}"#, "feature 'f' must be an object of variables, found a number", 1, 7),
        (#"{"f": {"v": true}}"#, "'f.v' must be an object with a \"Value\", found a Bool", 1, 13),
        (#"{"f": {"v": {"Value": null}}}"#, "the Value of 'f.v' is null", 1, 23),
        (#"{"f": {"v": {"Value": 1, "Title": 2}}}"#, "the Title of 'f.v' must be a string, found a number", 1, 35),
        (#"{"f": {"v": {"Value": 1}, "v": {"Value": 2}}}"#, "duplicate variable 'v' in feature 'f'", 1, 27),
        (#"{"f": "#, "malformed JSON", 1, 7),
    ])
    func badInputIsAPositionedError(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        let diagnostics = JustTweakReader.read(text, file: "t.json").diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
        #expect(diagnostics.first?.message.hasPrefix(message) == true, "\(diagnostics)")
        #expect(diagnostics.first?.location == SourceLocation(file: "t.json", line: line, column: column))
    }

    /// The error points at the second entry and names the first, which is the one kept.
    @Test func aDuplicateVariableKeepsOnlyItsFirstEntry() {
        let (entries, diagnostics) = JustTweakReader.read(#"{"f": {"v": {"Value": 1}, "w": {"Value": true}, "v": {"Value": 2}}}"#, file: "t.json")
        #expect(entries?.map(\.key) == ["f.v", "f.w"])
        #expect(entries?.map(\.value) == [.integer(1), .bool(true)])
        #expect(entries?.first?.valueLocation == SourceLocation(file: "t.json", line: 1, column: 23))
        #expect(diagnostics.map(\.description) == [
            "t.json:1:49: error: duplicate variable 'v' in feature 'f'; it is first given at line 1, column 8"
        ])
    }

    @Test func anArrayValueIsKeptWithAWarningThatJustTweakReadsItAsFalse() {
        let (entries, diagnostics) = JustTweakReader.read(#"{"f": {"v": {"Value": ["a", {"b": 1}]}}}"#, file: "t.json")
        #expect(entries?.first?.value == .structured(.array([.scalar(.string("a")), .object([("b", .scalar(.integer(1)))])])))
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.message.contains("reads it as false") == true)
    }

    @Test func theDeclarationsAreTheFilesVariablesWithTheirMetadata() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("justtweak"))
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        let model = try #require(workspace.model)
        #expect(model.isSingleApp)
        #expect(model.flags.count == 9)
        let alpha = try #require(model.flag("ui_customization.red_view_alpha_component"))
        #expect(alpha.caseName == "redViewAlpha")
        #expect(alpha.group == "UI Customization")
        #expect(model.flag("ui_customization.label_text")?.caseName == "labelText")
        let entry = try #require(model.catalog.entry(for: "general.answer_to_the_universe"))
        #expect(entry.description == "Answer to the Ultimate Question of Life, the Universe, and Everything")
        #expect(entry.value("Title") == "Definitive answer")
    }
}

/// The chain `flagstaff.yml` declares for the JustTweak example: the debug menu,
/// Optimizely (which Flagstaff cannot see), the top-priority file in debug builds
/// only, the local file, the fallback. Cell by cell, as the two files say.
@Suite("Declared chain")
struct DeclaredChainTests {
    static func matrix() throws -> ResolvedMatrix {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("justtweak"))
        return try #require(workspace.matrix)
    }

    @Test func theChainIsTheDeclaredOrder() throws {
        #expect(try Self.matrix().chain.descriptions.map(\.id) == ["debug", "optimizely", "top_priority", "local", "fallback"])
    }

    @Test(arguments: [
        // key, environment, value, layer
        ("ui_customization.display_yellow_view", "debug", FlagValue.bool(true), "top_priority"),
        ("ui_customization.display_yellow_view", "release", .bool(false), "local"),
        ("ui_customization.display_green_view", "debug", .bool(false), "top_priority"),
        ("ui_customization.display_green_view", "release", .bool(true), "local"),
        ("general.answer_to_the_universe", "debug", .integer(42), "top_priority"),
        ("general.answer_to_the_universe", "release", .integer(42), "local"),
        ("ui_customization.red_view_alpha_component", "debug", .decimal("1.0"), "local"),
        ("ui_customization.label_text", "release", .string("Test value"), "local"),
        ("general.tap_to_change_color_enabled", "debug", .bool(true), "local"),
    ])
    func eachCellComesFromTheFirstFileThatHasIt(_ key: String, _ environment: String, _ value: FlagValue, _ layer: String) throws {
        let matrix = try Self.matrix()
        let cell = matrix.resolution(try #require(matrix.model.flag(key)), matrix.model.tenants[0], environment)
        #expect(cell.value == value)
        #expect(cell.layer.id == layer)
        #expect(!cell.isVarying)
    }

    @Test(arguments: [("debug", "on", "top_priority"), ("release", "off", "local")])
    func aFlagAnExternalSourceMayChangeSaysSo(_ environment: String, _ word: String, _ below: String) throws {
        let matrix = try Self.matrix()
        let cell = matrix.resolution(try #require(matrix.model.flag("ui_customization.display_red_view")), matrix.model.tenants[0], environment)
        #expect(cell.layer.id == "optimizely")
        #expect(CellPresentation(cell).word == "\(word), may be changed by Optimizely")
        #expect(cell.variants.map(\.summary) == ["may be changed by Optimizely: not known here (optimizely)", "otherwise: \(word) (\(below))"])
        // A flag Optimizely is not listed for is decided by the files alone.
        let yellow = matrix.resolution(try #require(matrix.model.flag("ui_customization.display_yellow_view")), matrix.model.tenants[0], environment)
        #expect(yellow.layer.id != "optimizely")
    }

    @Test func flagsJSONNamesAnExternalSourceOncePerFlagAndEachCellAsTheFilesDecideIt() throws {
        let site = try renderedSite(configuration: Fixtures.configuration("justtweak"))
        let data = Data(try #require(site["flags.json"]).utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        // The chain's order, so that a reader can tell which cells a source above them may change.
        #expect(json["chain"] as? [String] == ["x", "v", "w", "f"])
        #expect(json["changeNotes"] as? [String: String] == ["x": "may be changed by Optimizely"])
        let flags = try #require(json["flags"] as? [[String: Any]])
        let red = try #require(flags.first { $0["key"] as? String == "ui_customization.display_red_view" })
        #expect(red["mayBeChangedBy"] as? [String] == ["x"])
        #expect(red["values"] as? [String: [Bool]] == ["debug": [true], "release": [false]])
        #expect(red["layers"] as? [String: String] == ["debug": "v", "release": "w"])
        #expect(red["lines"] as? [String: [Int]] == ["debug": [7], "release": [7]])
        let yellow = try #require(flags.first { $0["key"] as? String == "ui_customization.display_yellow_view" })
        #expect(yellow["mayBeChangedBy"] as? [String] == [])
        #expect(!(try #require(site["flags.json"])).contains("varies"))
    }

    @Test func everyExportSaysWhatMayChangeACell() throws {
        let path = Fixtures.configuration("justtweak")
        for format in [MatrixCommand.Format.md, .csv, .json] {
            let console = RecordingConsole()
            _ = try MatrixCommand(configurationPath: path, format: format).run(console: console.console())
            #expect(console.output.contains("may be changed by Optimizely"), "\(format)")
        }
        let console = RecordingConsole()
        _ = try ExplainCommand(configurationPath: path, key: "ui_customization.display_red_view", tenant: "app", environment: "release")
            .run(console: console.console())
        #expect(console.output.contains("may be changed by Optimizely"))
        let site = try renderedSite(configuration: path)
        #expect(try #require(site["flags.json"]).contains("may be changed by Optimizely"))
        #expect(try #require(site["matrix.md"]).contains("may be changed by Optimizely"))
        let page = try #require(site.first { $0.key.hasPrefix("flags/") && $0.key.contains("display_red_view") }?.value)
        #expect(page.contains("may be changed by Optimizely"))
    }

    @Test func aFlagThatLooksUniformUnderAnExternalSourceIsOnlyPartlySeen() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("justtweak"))
        let report = try LifecycleLoader.report(for: workspace, asOf: CalendarDate(year: 2024, month: 3, day: 1)!)
        // Off in both files and both environments, but Optimizely may turn it on.
        let greet = try #require(report.entry(for: "general.greet_on_app_did_become_active"))
        #expect(greet.statuses == [.partlySeen])
        #expect(greet.findings.first?.reason.contains("Optimizely may change it: not called dead") == true)
        // On in both files, and nothing unseen may change it.
        #expect(report.entry(for: "general.tap_to_change_color_enabled")?.statuses == [.rolledOut])
        let console = RecordingConsole()
        _ = try DueCommand(configurationPath: Fixtures.configuration("justtweak")).run(console: console.console())
        #expect(console.output.contains("partly seen: off for the app in every environment as far as Flagstaff can see, but Optimizely may change it"))
    }

    @Test func withoutAChainTheValueFilesComeAfterTheTenantsValuesAndExternalSourcesFirst() throws {
        try withCopy(of: "justtweak") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "chain: [debug, optimizely, top_priority, local, fallback]\n", with: "")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: path.path)
            #expect(workspace.matrix?.chain.descriptions.map(\.id) == ["debug", "optimizely", "top_priority", "local", "fallback"])
        }
    }

    @Test(arguments: [
        ("chain: [debug, optimizly, local, fallback]", "the chain names layer 'optimizly', which the workspace does not have", "did you mean 'optimizely'?"),
        ("chain: [debug, local, local, fallback]", "the chain names layer 'local' twice", "it is first named at line 14, column 16"),
        ("chain: [debug, remote, local]", "the chain names layer 'remote', but there is no 'remote_config'", nil),
        ("chain: [debug, base, local]", "the chain names layer 'base', but a single app has no tenant files", "name the app's value files under 'values' instead"),
        ("chain: [fallback, local]", "the fallback must end the chain", "move 'fallback' to the end, or leave it out"),
    ])
    func aBadChainIsAPositionedError(_ chain: String, _ message: String, _ hint: String?) throws {
        try withCopy(of: "justtweak") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(of: "chain: [debug, optimizely, top_priority, local, fallback]", with: chain)
            try text.write(to: path, atomically: true, encoding: .utf8)
            let (_, diagnostics) = ConfigurationReader.read(text, file: "flagstaff.yml")
            let error = try #require(diagnostics.first { $0.severity == .error }, "\(diagnostics)")
            #expect(error.message == message)
            #expect(error.hint == hint)
            #expect(error.location?.line == 14)
        }
    }

    @Test func anExternalSourceNamingAnUnknownFlagIsAnErrorAtTheName() throws {
        try withCopy(of: "justtweak") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(
                of: "general.greet_on_app_did_become_active]", with: "general.greet_on_app_become_active]")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: path.path)
            let error = try #require(workspace.diagnostics.first { $0.severity == .error })
            #expect(error.message == "external.optimizely names flag 'general.greet_on_app_become_active', which is not declared")
            #expect(error.hint == "did you mean 'general.greet_on_app_did_become_active'?")
            #expect(error.location?.line == 13)
        }
    }

    @Test func twoFilesGivingOneKeyDifferentTypesIsAnError() throws {
        try withCopy(of: "justtweak") { folder in
            let file = folder.appendingPathComponent("TweakProviders/LocalTweaks_TopPriority_example.json")
            let text = try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "\"Value\": 42", with: "\"Value\": \"42\"")
            try text.write(to: file, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: folder.appendingPathComponent("flagstaff.yml").path)
            let errors = workspace.diagnostics.filter { $0.severity == .error }
            #expect(errors.map(\.message) == ["'general.answer_to_the_universe' is a number here, but a string in TweakProviders/LocalTweaks_TopPriority_example.json"])
            #expect(errors.first?.location?.file == "TweakProviders/LocalTweaks_example.json")
        }
    }
}

/// Remote Config's in-app defaults: the plist of Firebase's own Remote Config
/// quickstart (firebase/quickstart-ios, config/Config/RemoteConfigDefaults.plist),
/// the `<defaultsMap>` of Firebase's Android documentation, and downloadDefaults' JSON.
@Suite("Remote Config defaults")
struct RemoteConfigDefaultsTests {
    static func plist() throws -> String {
        try String(
            contentsOf: Fixtures.directory.appendingPathComponent("firebase-only/Config/RemoteConfigDefaults.plist"), encoding: .utf8)
    }

    @Test func theQuickstartsPlistGivesEachKeyItsTypedValue() throws {
        let (entries, diagnostics) = RemoteConfigDefaultsReader.read(try Self.plist(), file: "d.plist")
        let read = try #require(entries)
        #expect(diagnostics.isEmpty)
        #expect(read.map(\.key) == ["price_prefix", "loading_phrase", "is_promotion_on", "price", "discount"])
        #expect(read.map(\.value) == [.string("Your price is $"), .string("Checking your price..."), .bool(false), .integer(100), .integer(0)])
        #expect(read[2].keyLocation == SourceLocation(file: "d.plist", line: 9, column: 2))
        #expect(read[2].valueLocation == SourceLocation(file: "d.plist", line: 10, column: 2))
    }

    @Test func theAndroidDefaultsMapReadsItsTexts() throws {
        let text = """
            <?xml version="1.0" encoding="utf-8"?>
            <!-- START xml_defaults -->
            <defaultsMap>
                <entry>
                    <key>loading_phrase</key>
                    <value>Fetching config…</value>
                </entry>
                <entry>
                    <key>welcome_message_caps</key>
                    <value>false</value>
                </entry>
                <entry>
                    <key>welcome_message</key>
                    <value>Welcome to my awesome app!</value>
                </entry>
            </defaultsMap>
                <!-- END xml_defaults -->
            """
        let (entries, diagnostics) = RemoteConfigDefaultsReader.read(text, file: "d.xml")
        #expect(diagnostics.isEmpty)
        #expect(entries?.map(\.key) == ["loading_phrase", "welcome_message_caps", "welcome_message"])
        #expect(entries?.map(\.value) == [.string("Fetching config…"), .bool(false), .string("Welcome to my awesome app!")])
        #expect(entries?.first?.keyLocation == SourceLocation(file: "d.xml", line: 5, column: 9))
    }

    @Test func downloadDefaultsJSONReadsTextsAsTheirTypes() throws {
        let text = #"{"is_promotion_on": "true", "discount": "15", "ratio": "0.25", "price_prefix": "Your price is $", "recipe": "{\"yield\": 2}", "zip": "01234"}"#
        let (entries, diagnostics) = RemoteConfigDefaultsReader.read(text, file: "d.json")
        #expect(diagnostics.isEmpty)
        #expect(entries?.map(\.value) == [
            .bool(true), .integer(15), .decimal("0.25"), .string("Your price is $"), .structured(.object([("yield", .scalar(.integer(2)))])), .string("01234"),
        ])
    }

    @Test func datesAndDataAreShownAsWrittenWithAWarning() throws {
        let text = """
            <plist version="1.0"><dict>
            <key>launch</key><date>2024-03-01T09:00:00Z</date>
            <key>blob</key><data>
              aGVsbG8=
            </data>
            <key>tags</key><array><string>a</string><integer>2</integer></array>
            <key>name</key><string>Tom &amp; Jerry &#x263A;</string>
            </dict></plist>
            """
        let (entries, diagnostics) = RemoteConfigDefaultsReader.read(text, file: "d.plist")
        #expect(entries?.map(\.value) == [
            .string("<date> 2024-03-01T09:00:00Z"), .string("<data> aGVsbG8="), .structured(.array([.scalar(.string("a")), .scalar(.integer(2))])),
            .string("Tom & Jerry ☺"),
        ])
        #expect(diagnostics.map(\.severity) == [.warning, .warning])
        #expect(diagnostics.map(\.location?.line) == [2, 3])
    }

    @Test(arguments: [
        ("bplist00\u{1}\u{2}", "'d.plist' is a binary property list; Flagstaff reads only XML property lists", 1, 1),
        (#"<plist version="1.0"><array><string>a</string></array></plist>"#, "Remote Config defaults must be a dictionary of keys and values, found <array>", 1, 22),
        ("<plist><dict><key>a</key><integer>x</integer></dict></plist>", "'x' is not an integer", 1, 26),
        ("<plist><dict><key>a</key></dict></plist>", "the key 'a' has no value", 1, 14),
        ("<plist><dict><key>a</key><true/><key>a</key><false/></dict></plist>", "duplicate key 'a'", 1, 33),
        ("<plist><dict><key>a</key><string>x</dict></plist>", "malformed XML: expected </string>, found </dict>", 1, 35),
        ("<html></html>", "expected a property list (<plist>) or Remote Config defaults (<defaultsMap>), found <html>", 1, 1),
        (#"["a"]"#, "Remote Config defaults must be a dictionary of keys and values, found an array", 1, 1),
        ("<plist><dict><key>a</key><string>&bogus;</string></dict></plist>", "malformed XML: unknown entity '&bogus;'", 1, 34),
    ])
    func badInputIsAPositionedError(_ text: String, _ message: String, _ line: Int, _ column: Int) {
        let diagnostics = RemoteConfigDefaultsReader.read(text, file: "d.plist").diagnostics
        #expect(diagnostics.count == 1, "\(diagnostics)")
        #expect(diagnostics.first?.message == message)
        #expect(diagnostics.first?.location == SourceLocation(file: "d.plist", line: line, column: column))
    }
}

/// A Firebase-only app: an enum, a template and the plist. The template and the
/// plist decide; nothing warns that the app "does not set" a flag.
@Suite("Firebase-only workspace")
struct FirebaseOnlyTests {
    @Test func thePlistIsTheLayerUnderRemoteConfigAndTheTemplateDescribes() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("firebase-only"))
        #expect(workspace.diagnostics.isEmpty, "\(workspace.diagnostics)")
        let matrix = try #require(workspace.matrix)
        #expect(matrix.chain.descriptions.map(\.id) == ["debug", "remote", "defaults", "fallback"])
        let cells = try ["price_prefix", "loading_phrase", "is_promotion_on", "price", "discount"].map { key in
            matrix.resolution(try #require(matrix.model.flag(key)), matrix.model.tenants[0], "release")
        }
        #expect(cells.map(\.value) == [
            .string("Your price is $"), .string("Checking your price..."), .bool(true), .integer(100), .integer(15),
        ])
        // price_prefix uses the in-app default; the promotion's week holds on 2024-03-01.
        #expect(cells.map(\.layer.id) == ["defaults", "defaults", "remote", "defaults", "remote"])
        let catalog = matrix.model.catalog
        #expect(catalog.entry(for: "price_prefix")?.description == "Text shown before the price")
        #expect(catalog.entry(for: "discount")?.description == "Amount taken off the price while the promotion is on")
        // A doc comment is a description already; the template does not replace it.
        #expect(catalog.entry(for: "is_promotion_on")?.description == "Whether the discount applies.")
        #expect(catalog.entry(for: "price")?.description == "")
    }

    @Test func aTenantJSONValueFileGivesItsOverridesInTheirEnvironments() throws {
        try withCopy(of: "firebase-only") { folder in
            try write(#"{"price": 100, "loading_phrase": ["a", "b"], "overrides": {"release": {"price": 90}}}"#, to: "Config/app.json", in: folder)
            let path = folder.appendingPathComponent("flagstaff.yml")
            let text = try String(contentsOf: path, encoding: .utf8).replacingOccurrences(
                of: "{ path: Config/RemoteConfigDefaults.plist, format: firebase_defaults }", with: "Config/app.json")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: path.path)
            let matrix = try #require(workspace.matrix)
            let price = matrix.resolution(try #require(matrix.model.flag("price")), matrix.model.tenants[0], "release")
            #expect(price.value == .integer(90))
            #expect(price.layer.id == "defaults")
            #expect(price.location == SourceLocation(file: "Config/app.json", line: 1, column: 81))
            let phrase = matrix.resolution(try #require(matrix.model.flag("loading_phrase")), matrix.model.tenants[0], "release")
            #expect(phrase.value == .structured(.array([.scalar(.string("a")), .scalar(.string("b"))])))
        }
    }

    @Test func withoutAPlistARemoteValueEqualToTheFallbackIsNoAdviceToRemoveIt() throws {
        try withCopy(of: "firebase-only") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            var text = try String(contentsOf: path, encoding: .utf8)
            text = text.replacingOccurrences(of: "values:\n  defaults: { path: Config/RemoteConfigDefaults.plist, format: firebase_defaults }\n", with: "")
            // The promotion's week is over: remote config gives false, as the app would without it.
            text = text.replacingOccurrences(of: "as_of: 2024-03-01", with: "as_of: 2024-04-01")
            try text.write(to: path, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: path.path)
            #expect(!workspace.diagnostics.contains { $0.message.contains("changes nothing") || $0.message.contains("does not set") }, "\(workspace.diagnostics)")
            let matrix = try #require(workspace.matrix)
            #expect(matrix.chain.descriptions.map(\.id) == ["debug", "remote", "fallback"])
        }
    }
}

/// The sites of a JustTweak workspace (a declared chain with a debug-only file and
/// an external source) and of a Firebase-only workspace, page by page.
@Suite("Value formats golden sites")
struct ValueFormatsGoldenSiteTests {
    static let pages: [(fixture: String, page: String)] = [
        ("justtweak", "index.html"), ("justtweak", "matrix.md"), ("justtweak", "flags.json"), ("justtweak", "lifecycle.md"),
        ("justtweak", "glossary.html"), ("justtweak", "flags/ui_customization-display_red_view.html"),
        ("justtweak", "flags/general-answer_to_the_universe.html"),
        ("firebase-only", "index.html"), ("firebase-only", "matrix.md"), ("firebase-only", "flags.json"), ("firebase-only", "lifecycle.md"),
        ("firebase-only", "flags/price_prefix.html"), ("firebase-only", "flags/is_promotion_on.html"),
    ]

    static let sites = Result { () throws(FlagstaffError) in
        try Dictionary(uniqueKeysWithValues: ["justtweak", "firebase-only"].map { fixture throws(FlagstaffError) in
            (fixture, try renderedSite(configuration: Fixtures.configuration(fixture)))
        })
    }

    @Test(arguments: 0..<pages.count)
    func pageMatchesGolden(_ index: Int) throws {
        let (fixture, page) = Self.pages[index]
        let text = try #require(try Self.sites.get()[fixture]?[page], "no \(page)")
        #expect(try Fixtures.golden("\(fixture)/site/\(page)", matches: text))
    }
}

/// `new` and `remove` never half-edit files Flagstaff does not write.
@Suite("Authoring with value formats")
struct ValueFormatsAuthoringTests {
    @Test func newAndRemoveNameTheJustTweakFilesToEditByHand() throws {
        try withCopy(of: "justtweak") { folder in
            let config = folder.appendingPathComponent("flagstaff.yml").path
            let before = try snapshot(of: folder)
            #expect(throws: FlagstaffError.usage(
                "remove cannot change 'general.answer_to_the_universe' here: Flagstaff does not edit TweakProviders/LocalTweaks_example.json, "
                    + "TweakProviders/LocalTweaks_TopPriority_example.json; change them by hand")
            ) {
                try RemoveCommand(configurationPath: config, key: "general.answer_to_the_universe", force: true).run(console: RecordingConsole().console())
            }
            var draft = FlagDraft()
            (draft.caseName, draft.key, draft.description) = ("newThing", "general.new_thing", "A new thing")
            // Refused before the draft's group is checked: JustTweak files have no MARK groups to choose from.
            draft.group = "UI Customization"
            #expect(throws: FlagstaffError.usage("new cannot change 'general.new_thing' here: Flagstaff does not edit TweakProviders/LocalTweaks_example.json; change it by hand")) {
                try NewCommand(configurationPath: config, draft: draft).run(console: RecordingConsole().console())
            }
            #expect(try snapshot(of: folder) == before)
        }
    }

    @Test func removeNamesTheDefaultsPlistThatStillHoldsTheFlag() throws {
        try withCopy(of: "firebase-only") { folder in
            let config = folder.appendingPathComponent("flagstaff.yml").path
            let before = try snapshot(of: folder)
            #expect(throws: FlagstaffError.usage(
                "remove cannot change 'price' here: Flagstaff does not edit Config/RemoteConfigDefaults.plist; change it by hand, then run remove again")
            ) {
                try RemoveCommand(configurationPath: config, key: "price", force: true).run(console: RecordingConsole().console())
            }
            #expect(try snapshot(of: folder) == before)
        }
    }
}
