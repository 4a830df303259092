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
        ("app.userProperty['maison'].exactlyMatches(['chl'])", .userProperty(key: "maison", test: .exactlyMatches(["chl"]))),
        ("app.userProperty['age'] >= 21", .userProperty(key: "age", test: .compare(">=", 21))),
        ("app.version.>(['2.0'])", .appVersion(.compareVersions(">", "2.0"))),
        ("app.version.contains(['beta'])", .appVersion(.contains(["beta"]))),
        ("app.build.==(['100'])", .appBuild(.compareVersions("==", "100"))),
        ("app.build.exactlyMatches(['100', '101'])", .appBuild(.exactlyMatches(["100", "101"]))),
        ("percent <= 10", .percent(.init(above: nil, upTo: 10))),
        ("percent > 90", .percent(.init(above: 90, upTo: nil))),
        ("percent('seed') between 0 and 10", .percent(.init(above: 0, upTo: 10, seed: "seed"))),
        (
            "dateTime < dateTime('2026-01-01T00:00:00')",
            .dateTime(.init(comparison: "<", day: CalendarDate(year: 2026, month: 1, day: 1)!, moment: "2026-01-01T00:00:00", timeZone: nil))
        ),
        (
            "dateTime >= dateTime('2026-06-01T09:30:00', 'Europe/Paris')",
            .dateTime(
                .init(comparison: ">=", day: CalendarDate(year: 2026, month: 6, day: 1)!, moment: "2026-06-01T09:30:00", timeZone: "Europe/Paris"))
        ),
        ("version(app.customSignal['v']) >= '1.2.0'", .customSignal(key: "v", test: .compareVersions(">=", "1.2.0"))),
    ])
    func partsFlagstaffDecides(_ text: String, _ kind: RemoteExpression.Kind) {
        #expect(Self.kinds(text) == [kind])
    }

    @Test(arguments: [
        ("percent < 10", "a random percentage of devices"),
        ("device.country in ['FR']", "the device's country"),
        ("device.language in ['fr-FR']", "the device's language"),
        ("app.version == '2.0'", "the installed app version"),
        ("app.build.startsWith(['1'])", "the installed app build"),
        ("app.audiences.inAtLeastOne(['Buyers'])", "the user's Google Analytics audiences"),
        ("dateTime < '2026-01-01'", "the date and time of the fetch"),
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
        (
            "app.customSignal['t'].startsWith(['a'])",
            "unknown operator after app.customSignal['t']; use exactlyMatches, contains, notContains or matches with a list, or compare with a number (==, !=, <, <=, >, >=), or a version as version(app.customSignal['t']) >= '1.2.0'"
        ),
        (
            "app.customSignal['t'] == 'a'",
            "app.customSignal['t'] compared with == needs a number; compare text with exactlyMatches, and versions with version(app.customSignal['t']) == '1.2.0'"
        ),
        ("(app.id == 'a'", "expected an element such as app.id, not '('"),
        ("app.userProperty['m'] ~= 'a'", "expected an operator after app.userProperty['m']; use exactlyMatches, contains, notContains or matches with a list, or compare with a number (==, !=, <, <=, >, >=)"),
        ("app.customSignal.tenant", "expected ['key'] after app.customSignal"),
    ])
    func anythingElseIsUnparsedWithAReason(_ text: String, _ message: String) {
        #expect(Self.kinds(text) == [.unparsed(message)])
    }

    @Test func anEmptyPartBetweenAndsIsUnparsed() {
        #expect(Self.kinds("true && && false") == [.constant(true), .unparsed("an empty part between '&&'"), .constant(false)])
    }

    @Test func partsInParenthesesAreTheParts() {
        let expression = RemoteConditionParser.parse(
            "(app.id == '1:1:ios:a') && (device.os == 'ios' && (true))", at: SourceLocation(file: "t.json", line: 3, column: 20))
        #expect(expression.parts.map(\.kind) == [.appID(isIn: true, ["1:1:ios:a"]), .operatingSystem(isIn: true, ["ios"]), .constant(true)])
        #expect(expression.parts.map(\.text) == ["app.id == '1:1:ios:a'", "device.os == 'ios'", "true"])
        #expect(expression.parts.map(\.location.column) == [21, 48, 71])
        #expect(Self.kinds("()") == [.unparsed("empty parentheses")])
        #expect(Self.kinds("(app.id == 'a') (true)") == [.unparsed("expected an element such as app.id, not '('")])
    }
}

/// Whether a condition holds for a tenant, part by part. Expected answers follow
/// Firebase's rules: a rule on an unset signal or user property is false whatever
/// its operator (the Admin SDK's evaluator returns false before looking at the
/// operator), and versions compare number by number.
@Suite("Remote Config condition truth")
struct ConditionTruthTests {
    static func truth(
        _ text: String, appID: String? = nil, signal: String? = nil, tenantSignal: String? = "tenant", userProperty: String? = nil,
        tenantUserProperty: String? = "maison", version: String? = nil, build: String? = nil, asOf: String? = nil, platform: String = "ios"
    ) -> ConditionTruth.Value {
        let identity = TenantIdentity(
            appID: appID, signal: signal.map(TenantValue.value) ?? .unset, userProperty: userProperty.map(TenantValue.value) ?? .unset)
        let context = ConditionContext(
            tenant: "CHL", identity: identity, tenantSignal: tenantSignal, tenantUserProperty: tenantUserProperty, platform: platform,
            appVersion: version, appBuild: build, asOf: asOf.flatMap(CalendarDate.init(parsing:)))
        return RemoteConditionParser.parse(text, at: .start(of: "t.json")).truth(in: context).value
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
        #expect(Self.truth("app.customSignal['tenant'].exactlyMatches([' chl '])", signal: "chl") == .yes, "spaces around either are ignored")
        #expect(Self.truth("app.customSignal['tenant'].matches(['^c'])", signal: "chl") == .yes)
        #expect(Self.truth("app.customSignal['tenant'].matches(['['])", signal: "chl") == .no, "a bad pattern matches nothing")
        #expect(Self.truth("app.customSignal['tenant'] >= 2", signal: "3") == .yes)
        #expect(Self.truth("app.customSignal['tenant'] >= 2", signal: "chl") == .no, "a number test on text fails")
    }

    /// Every operator is false on an unset signal or user property, `notContains` and `!=` included.
    @Test(arguments: [
        "exactlyMatches(['x'])", "contains(['x'])", "notContains(['x'])", "matches(['.*'])",
    ])
    func everyOperatorIsFalseOnAnUnsetSignal(_ test: String) {
        #expect(Self.truth("app.customSignal['tenant'].\(test)") == .no)
        #expect(Self.truth("app.userProperty['maison'].\(test)") == .no)
    }

    @Test(arguments: ["==", "!=", "<", "<=", ">", ">="])
    func everyComparisonIsFalseOnAnUnsetSignal(_ comparison: String) {
        #expect(Self.truth("app.customSignal['tenant'] \(comparison) 5") == .no)
        #expect(Self.truth("app.userProperty['maison'] \(comparison) 5") == .no)
        #expect(Self.truth("version(app.customSignal['tenant']) \(comparison) '1.0'") == .no)
    }

    @Test func theTenantUserPropertyIsKnownAndOthersVary() {
        #expect(Self.truth("app.userProperty['maison'].exactlyMatches(['chl'])", userProperty: "chl") == .yes)
        #expect(Self.truth("app.userProperty['maison'].exactlyMatches(['chl'])", userProperty: "jlc") == .no)
        #expect(Self.truth("app.userProperty['maison'].notContains(['j'])", userProperty: "chl") == .yes)
        #expect(Self.truth("app.userProperty['tier'].exactlyMatches(['gold'])", userProperty: "chl") == .varies)
        #expect(Self.truth("app.userProperty['maison'].exactlyMatches(['chl'])", userProperty: "chl", tenantUserProperty: nil) == .varies)
    }

    /// `app.version` compares number by number (2.10 is after 2.9), missing numbers as zero.
    @Test func theAppVersionAndBuildAreKnownWhenConfigured() {
        #expect(Self.truth("app.version.>=(['2.4'])", version: "2.4") == .yes)
        #expect(Self.truth("app.version.>=(['2.4'])", version: "2.4.0") == .yes)
        #expect(Self.truth("app.version.>(['2.9'])", version: "2.10") == .yes)
        #expect(Self.truth("app.version.<(['2.4'])", version: "2.4") == .no)
        #expect(Self.truth("app.version.==(['2.4.1'])", version: "2.4") == .no)
        #expect(Self.truth("app.version.!=(['2.4.1'])", version: "2.4") == .yes)
        #expect(Self.truth("app.version.<=(['3'])", version: "2.4") == .yes)
        #expect(Self.truth("app.version.contains(['2.'])", version: "2.4") == .yes)
        #expect(Self.truth("app.version.exactlyMatches(['2.4.0'])", version: "2.4") == .no, "text operators compare text")
        #expect(Self.truth("app.version.>=(['2.4'])") == .varies, "no version configured")
        #expect(Self.truth("app.build.>(['244'])", build: "245") == .yes)
        #expect(Self.truth("app.build.>(['244'])", version: "2.4") == .varies, "the version says nothing of the build")
    }

    /// Versions of up to five numbers compare, as the Firebase Admin SDK's evaluator compares
    /// them; one of more than five passes no comparison, not even `!=`.
    @Test func versionsOfFiveNumbersCompareAndLongerOnesPassNothing() {
        #expect(Self.truth("app.version.>(['1.2.3.4.4'])", version: "1.2.3.4.5") == .yes)
        #expect(Self.truth("app.version.==(['1.2.3.4.5'])", version: "1.2.3.4.5") == .yes)
        #expect(Self.truth("app.build.<(['1.2.3.4.5'])", build: "1.2.3.4") == .yes, "the fifth number decides")
        #expect(Self.truth("app.version.==(['1.2.3.4.5.6'])", version: "1.2.3.4.5.6") == .no)
        #expect(Self.truth("app.version.!=(['1'])", version: "1.2.3.4.5.6") == .no)
    }

    /// Firebase's own tests: `percent <= 0` takes no device, `percent <= 100` every one.
    @Test func percentagesAtTheirBoundsAreDecided() {
        #expect(Self.truth("percent <= 0") == .no)
        #expect(Self.truth("percent <= 100") == .yes)
        #expect(Self.truth("percent > 100") == .no)
        #expect(Self.truth("percent > 0") == .yes)
        #expect(Self.truth("percent('s') between 0 and 100") == .yes)
        #expect(Self.truth("percent between 30 and 30") == .no)
        #expect(Self.truth("percent <= 10") == .varies)
        #expect(Self.truth("percent between 10 and 20") == .varies)
    }

    /// A moment more than two days from the as-of day is decided; nearer, the hour and time zone matter.
    @Test func dateTimeWindowsAgainstTheAsOfDay() {
        let after = "dateTime >= dateTime('2026-06-10T00:00:00', 'Europe/Paris')"
        let before = "dateTime < dateTime('2026-06-10T00:00:00')"
        #expect(Self.truth(after, asOf: "2026-06-20") == .yes)
        #expect(Self.truth(before, asOf: "2026-06-20") == .no)
        #expect(Self.truth(after, asOf: "2026-06-01") == .no)
        #expect(Self.truth(before, asOf: "2026-06-01") == .yes)
        #expect(Self.truth(after, asOf: "2026-06-13") == .yes)
        #expect(Self.truth(after, asOf: "2026-06-12") == .varies)
        #expect(Self.truth(after, asOf: "2026-06-08") == .varies)
        #expect(Self.truth(after, asOf: "2026-06-07") == .no)
        #expect(Self.truth(after) == .varies, "no as-of day")
    }

    @Test func theOperatingSystemFollowsThePlatform() {
        #expect(Self.truth("device.os == 'android'", platform: "android") == .yes)
        #expect(Self.truth("device.os == 'ios'", platform: "android") == .no)
    }

    @Test func reasonsAreSaidOnce() {
        let text = Array(repeating: "device.os == 'ios'", count: 50).joined(separator: " && ")
        let context = ConditionContext(tenant: "CHL", identity: TenantIdentity())
        #expect(RemoteConditionParser.parse(text, at: .start(of: "t.json")).truth(in: context).because == "the app runs on ios")
        let varying = Array(repeating: "percent <= 5", count: 50).joined(separator: " && ")
        #expect(RemoteConditionParser.parse(varying, at: .start(of: "t.json")).truth(in: context).because == "depends on a random percentage of devices")
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
