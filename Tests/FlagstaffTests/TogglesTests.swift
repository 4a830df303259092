import Flagstaff
import FlagstaffCore
import FlagstaffReaders
import Foundation
import Testing

/// The Toggles datasource (issue 34): the `toggles` fixture declares five flags and
/// gives their values in one file, read as the Toggles library decodes it.
/// Expected values are read from `Resources/Toggles.json`.
@Suite("Toggles datasource")
struct TogglesTests {
    @Test func theDatasourceDeclaresTheFlagsAndGivesTheirValues() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("toggles"))
        let matrix = try #require(workspace.matrix)
        #expect(matrix.model.flags.map { "\($0.key) \($0.caseName) \($0.group ?? "-")" } == [
            "new_checkout newCheckout Checkout", "max_cart_items maxCartItems Checkout", "banner_ratio bannerRatio Home",
            "welcome_text welcomeMessage Home", "onboarding_steps onboardingSteps Home",
        ])
        let expected: [(String, String, Int)] = [
            ("new_checkout", "on", 5), ("max_cart_items", "25", 10), ("banner_ratio", "0.75", 15), ("welcome_text", "Hello!", 20),
            ("onboarding_steps", "{\"count\":3,\"skippable\":false}", 25),
        ]
        for (key, word, line) in expected {
            for environment in ["debug", "release"] {
                let cell = try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: environment))
                #expect(CellPresentation(cell).word == word, "\(key) in \(environment)")
                #expect(cell.layer.id == "datasource" && cell.location?.line == line, "\(key) in \(environment)")
            }
        }
        #expect(matrix.model.catalog.entry(for: "banner_ratio")?.description == "The home banner's height over its width.")
    }

    @Test func anEncryptedValueIsNotListedAndSaysWhy() throws {
        let workspace = try Workspace.load(configurationPath: Fixtures.configuration("toggles"))
        #expect(workspace.matrix?.model.flag("analytics_key") == nil)
        #expect(workspace.diagnostics.map(\.description).contains(
            "Resources/Toggles.json:30:17: warning: 'analytics_key' holds an encrypted value (\"secure\"), which the app decrypts when it runs; "
                + "Flagstaff cannot decrypt it, so it is not listed as a flag"))
    }

    @Test func theReaderFollowsTheLibrarysRules() {
        let text = """
            {"toggles": [
              {"variable": "a", "bool": "yes", "int": 3, "metadata": {}},
              {"variable": "d", "int": 1, "bool": true, "metadata": {}},
              {"variable": "b", "metadata": {}},
              {"variable": "c", "string": "x"},
              {"bool": true, "metadata": {}},
              {"variable": "a", "bool": false, "metadata": {}}
            ]}
            """
        let (entries, diagnostics) = TogglesReader.read(text, file: "T.json")
        // A key that holds another kind is passed over for the next, as the library's `try?` does.
        #expect(entries?.map(\.variable) == ["a", "d", "c"])
        #expect(entries?.first?.value == .integer(3))
        // With several, the library takes `bool` first, whatever the order in the file.
        #expect(entries?[1].value == .bool(true))
        #expect(diagnostics.map(\.description) == [
            "T.json:4:16: error: 'b' has no value; give one of \"bool\", \"int\", \"number\", \"string\" or \"object\"",
            "T.json:5:16: error: 'c' has no \"metadata\"; the Toggles library refuses a toggle without one",
            "T.json:6:3: error: a toggle without a \"variable\" string; name it: \"variable\": \"new_checkout\"",
            "T.json:7:16: error: duplicate variable 'a'; it is first given at line 2, column 16; the first is kept",
        ])
        #expect(TogglesReader.read("[]", file: "T.json").entries == nil)
        #expect(TogglesReader.read("{\"toggles\": [", file: "T.json").entries == nil)
    }
}
