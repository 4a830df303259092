import FlagstaffCore
import FlagstaffReaders
import Testing

/// The ways real apps use a flag in code (issue 35), each counted by hand in the
/// snippet it tests.
@Suite("Uses in code")
struct CodeUseShapesTests {
    static func flag(_ key: String, _ caseName: String) -> Flag {
        Flag(key: key, caseName: caseName, location: SourceLocation(file: "Flags.swift", line: 1, column: 1))
    }

    static func uses(_ text: String, flags: [Flag], enumName: String) -> [String: [String]] {
        let (references, diagnostics) = CodeReferenceScanner.scan([.init(path: "App.swift", text: text)], flags: flags, typeNames: [enumName])
        #expect(diagnostics.isEmpty)
        return references.mapValues { $0.map { "\($0.location.line):\($0.kind.rawValue)" } }
    }

    /// Runway's factories on a generic flag type: `SettingsFeatureFlag<Bool>.newProfile()`.
    @Test func aFactoryOnAGenericFlagTypeIsAUse() {
        let text = """
            let profile = SettingsFeatureFlag<Bool>.newProfile()
            if flags.isOn(SettingsFeatureFlag<Bool>.newProfile()) { show() }
            let other = Other<Bool>.newProfile()
            """
        #expect(Self.uses(text, flags: [Self.flag("new-user-profile", "newProfile")], enumName: "SettingsFeatureFlag")
            == ["new-user-profile": ["1:qualified", "2:qualified"]])
    }

    /// JustTweak's accessor: constants that hold the feature and the variable, passed to
    /// `@TweakProperty(feature:variable:)`. The constant's own declaration is not a use.
    @Test func constantsThatHoldAKeyOrAVariableAreUses() {
        let text = """
            enum Features { static let uiCustomization = "ui_customization" }
            enum Variables {
                static let displayRedView = "display_red_view"
                static let labelText = "label_text"
            }
            final class TweakAccessor {
                @TweakProperty(feature: Features.uiCustomization, variable: Variables.displayRedView)
                var canShowRedView: Bool
                let key = "ENABLE_X"
                func check() -> Bool { remote[key] }
            }
            """
        let flags = [
            Self.flag("ui_customization.display_red_view", "canShowRedView"), Self.flag("ui_customization.label_text", "labelText"),
            Self.flag("ENABLE_X", "x"), Self.flag("ui_customization.display_green_view", "canShowGreenView"),
        ]
        #expect(Self.uses(text, flags: flags, enumName: "JustTweak") == [
            "ui_customization.display_red_view": ["7:constant"], "ENABLE_X": ["9:string", "10:constant"],
        ])
    }

    /// The Firebase article's property wrapper: `@FeatureFlag(.onboardingExtraScreen) var showExtra`.
    @Test func aPropertyWrapperTakingTheFlagIsAUse() {
        let text = "struct V {\n    @FeatureFlag(.onboardingExtraScreen) var showExtra: Bool\n}\n"
        #expect(Self.uses(text, flags: [Self.flag("onboarding_extra_screen", "onboardingExtraScreen")], enumName: "RemoteFlag")
            == ["onboarding_extra_screen": ["2:member"]])
    }
}
