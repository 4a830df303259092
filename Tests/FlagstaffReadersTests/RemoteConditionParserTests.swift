import FlagstaffCore
import FlagstaffReaders
import Testing

/// The hand-written condition parser: every form Flagstaff decides, every
/// documented element that varies, and anything else refused, never guessed.
@Suite("Remote Config condition parser")
struct RemoteConditionParserTests {
    static func kinds(_ text: String) -> [RemoteExpression.Kind] {
        RemoteConditionParser.parse(text, at: SourceLocation(file: "t.json", line: 3, column: 20)).parts.map(\.kind)
    }

    @Test(arguments: [
        ("true", RemoteExpression.Kind.constant(true)),
        ("false", .constant(false)),
        ("app.id == '1:1:ios:a'", .appID(isIn: true, ["1:1:ios:a"])),
        ("app.id != \"1:1:ios:a\"", .appID(isIn: false, ["1:1:ios:a"])),
        ("app.id in ['a', 'b']", .appID(isIn: true, ["a", "b"])),
        ("app.id in []", .appID(isIn: true, [])),
        ("device.os == 'ios'", .operatingSystem(isIn: true, ["ios"])),
        ("device.os in ['android']", .operatingSystem(isIn: true, ["android"])),
        ("app.customSignal['tenant'].exactlyMatches(['chl', 'jlc'])", .customSignal(key: "tenant", test: .exactlyMatches(["chl", "jlc"]))),
        ("app.customSignal['tenant'].contains(['ch'])", .customSignal(key: "tenant", test: .contains(["ch"]))),
        ("app.customSignal['tenant'].notContains(['ch'])", .customSignal(key: "tenant", test: .notContains(["ch"]))),
        ("app.customSignal['tenant'].matches(['^c.*'])", .customSignal(key: "tenant", test: .matches(["^c.*"]))),
        ("app.customSignal['tier'] >= 2.5", .customSignal(key: "tier", test: .compare(">=", 2.5))),
        ("app.customSignal['tier'] < 3", .customSignal(key: "tier", test: .compare("<", 3))),
        ("app.id == 'it\\'s'", .appID(isIn: true, ["it's"])),
    ])
    func partsFlagstaffDecides(_ text: String, _ kind: RemoteExpression.Kind) {
        #expect(Self.kinds(text) == [kind])
    }

    @Test(arguments: [
        ("percent <= 10", "a random percentage of devices"),
        ("percent('seed') between 0 and 10", "a random percentage of devices"),
        ("device.country in ['FR']", "the device's country"),
        ("device.language in ['fr-FR']", "the device's language"),
        ("app.version.>(['2.0'])", "the installed app version"),
        ("app.build.==(['100'])", "the installed app build"),
        ("app.userProperty['beta'].exactlyMatches(['yes'])", "a user property in Google Analytics"),
        ("app.audiences.inAtLeastOne(['Buyers'])", "the user's Google Analytics audiences"),
        ("dateTime < dateTime('2026-01-01T00:00:00')", "the date and time of the fetch"),
        ("app.firstOpenTimestamp <= ('2026-01-01T00:00:00')", "when the user first opened the app"),
        ("app.firebaseInstallationId in ['abc']", "the app installation"),
    ])
    func partsThatDependOnTheDeviceOrUserVary(_ text: String, _ meaning: String) {
        #expect(Self.kinds(text) == [.varying(meaning)])
    }

    @Test func andSplitsOnlyAtTheTopLevel() {
        let expression = RemoteConditionParser.parse(
            "app.id == 'a&&b' && device.os == 'ios'&&percent <= 5", at: SourceLocation(file: "t.json", line: 3, column: 20))
        #expect(expression.parts.map(\.text) == ["app.id == 'a&&b'", "device.os == 'ios'", "percent <= 5"])
        #expect(expression.parts.map(\.location.column) == [20, 40, 60])
        #expect(expression.parts.map(\.location.line) == [3, 3, 3])
    }

    @Test(arguments: [
        ("", "the expression is empty"),
        ("app.id = 'a'", "expected ==, != or in after app.id"),
        ("app.id == 'a' || app.id == 'b'", "unexpected '|| app.id == 'b''"),
        ("app.id == 'a", "a string is not closed"),
        ("app.id in ['a' 'b']", "expected ',' or ']' in the list"),
        ("device.model == 'iPhone'", "unknown element 'device.model'"),
        ("trueish", "unexpected 'ish'"),
        ("app.customSignal['t'].startsWith(['a'])", "unknown custom signal operator; use exactlyMatches, contains, notContains or matches"),
        ("app.customSignal['t'] == 'a'", "a custom signal compared with == needs a number; compare strings with exactlyMatches"),
        ("app.customSignal.tenant", "expected ['key'] after app.customSignal"),
    ])
    func anythingElseIsUnparsedWithAReason(_ text: String, _ message: String) {
        #expect(Self.kinds(text) == [.unparsed(message)])
    }

    @Test func anEmptyPartBetweenAndsIsUnparsed() {
        #expect(Self.kinds("true && && false") == [.constant(true), .unparsed("an empty part between '&&'"), .constant(false)])
    }
}

/// Whether a condition holds for a tenant, part by part.
@Suite("Remote Config condition truth")
struct ConditionTruthTests {
    static func truth(_ text: String, appID: String? = nil, signal: String? = nil, tenantSignal: String? = "tenant") -> ConditionTruth.Value {
        RemoteConditionParser.parse(text, at: .start(of: "t.json"))
            .truth(for: "CHL", identity: TenantIdentity(appID: appID, signal: signal), tenantSignal: tenantSignal).value
    }

    @Test func appIDsAreKnown() {
        #expect(Self.truth("app.id == 'a'", appID: "a") == .yes)
        #expect(Self.truth("app.id == 'a'", appID: "b") == .no)
        #expect(Self.truth("app.id != 'a'", appID: "b") == .yes)
        #expect(Self.truth("app.id in ['b', 'a']", appID: "a") == .yes)
        #expect(Self.truth("app.id == 'a'") == .no, "a tenant without an app id matches no app id")
    }

    @Test func theTenantSignalIsKnownAndAnUnsetSignalIsFalse() {
        #expect(Self.truth("app.customSignal['tenant'].exactlyMatches(['chl'])", signal: "chl") == .yes)
        #expect(Self.truth("app.customSignal['tenant'].exactlyMatches(['chl'])", signal: "jlc") == .no)
        #expect(Self.truth("app.customSignal['tenant'].exactlyMatches(['chl'])") == .no)
        #expect(Self.truth("app.customSignal['tenant'].notContains(['x'])", signal: "chl") == .yes)
        #expect(Self.truth("app.customSignal['tenant'].matches(['^c'])", signal: "chl") == .yes)
        #expect(Self.truth("app.customSignal['tenant'].matches(['['])", signal: "chl") == .no, "a bad pattern matches nothing")
        #expect(Self.truth("app.customSignal['tenant'] >= 2", signal: "3") == .yes)
        #expect(Self.truth("app.customSignal['tenant'] >= 2", signal: "chl") == .no, "a number test on text fails")
    }

    /// Each number comparison with a value below, equal to and above its target,
    /// so `<` made `<=` (or any other swap) fails here.
    @Test(arguments: [
        ("==", [false, true, true, false]), ("!=", [true, false, false, true]), ("<", [true, false, false, false]),
        ("<=", [true, true, true, false]), (">", [false, false, false, true]), (">=", [false, true, true, true]),
    ])
    func eachNumberComparisonBelowAtAndAboveItsTarget(_ comparison: String, _ expected: [Bool]) {
        for (signal, holds) in zip(["1.5", "2", "2.0", "2.5"], expected) {
            #expect(
                Self.truth("app.customSignal['tenant'] \(comparison) 2", signal: signal) == (holds ? .yes : .no),
                "\(signal) \(comparison) 2")
        }
    }

    @Test func otherSignalsVary() {
        #expect(Self.truth("app.customSignal['beta'].exactlyMatches(['yes'])", signal: "chl") == .varies)
        #expect(Self.truth("app.customSignal['tenant'].exactlyMatches(['chl'])", signal: "chl", tenantSignal: nil) == .varies)
    }

    @Test func theOperatingSystemIsIOS() {
        #expect(Self.truth("device.os == 'ios'") == .yes)
        #expect(Self.truth("device.os == 'IOS'") == .yes)
        #expect(Self.truth("device.os == 'android'") == .no)
        #expect(Self.truth("device.os != 'android'") == .yes)
    }

    @Test func aKnownFalsePartRulesOutAConditionThatOtherwiseVaries() {
        #expect(Self.truth("percent <= 10 && app.id == 'a'", appID: "b") == .no)
        #expect(Self.truth("percent <= 10 && app.id == 'a'", appID: "a") == .varies)
        #expect(Self.truth("app.id == 'a' && true", appID: "a") == .yes)
        #expect(Self.truth("app.id == 'a' && false", appID: "a") == .no)
    }

    @Test func anUnparsedPartVariesAndIsNeverGuessed() {
        #expect(Self.truth("app.id = 'a'", appID: "a") == .varies)
        #expect(Self.truth("app.id = 'a' && false", appID: "a") == .no)
    }
}
