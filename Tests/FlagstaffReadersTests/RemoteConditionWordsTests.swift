import FlagstaffCore
import FlagstaffReaders
import Testing

/// Conditions in words a PM reads, from expressions as the parser reads them.
@Suite("Remote conditions in plain words")
struct RemoteConditionWordsTests {
    static let remote = RemoteConfig(
        templates: [:],
        recognitions: [
            "CSO": TenantRecognition(appID: "1:700:ios:cso"), "URB": TenantRecognition(appID: "1:700:ios:urb"),
            "PCO": TenantRecognition(signal: .value("partner-collection"), userProperty: .value("pc")),
        ],
        tenantSignal: "brand", tenantUserProperty: "hotel_brand")
    static let words = RemoteConditionWords(
        remote: remote, tenants: [("CSO", "Casa Solana"), ("PCO", "Partner Collection"), ("URB", "Urbano")])

    static func describe(_ text: String) -> String {
        words.describe(RemoteConditionParser.parse(text, at: .start(of: "prod.json")))
    }

    @Test(arguments: [
        ("device.country in ['DE', 'FR', 'ES', 'IT', 'NL', 'PT']", "phones set to Germany, France, Spain, Italy, the Netherlands or Portugal"),
        ("device.country in ['us']", "phones set to the United States"),
        ("device.country in ['XX']", "phones set to XX"),
        ("percent <= 25", "a random 25% of devices"),
        ("percent < 10", "depending on a random percentage of devices"),
        ("percent > 75", "a random 25% of devices"),
        ("percent('seed') between 10 and 35", "a random 25% of devices"),
        ("app.id == '1:700:ios:cso'", "Casa Solana's app"),
        ("app.id in ['1:700:ios:cso', '1:700:ios:urb']", "Casa Solana's app or Urbano's app"),
        ("app.id != '1:700:ios:cso'", "every app but Casa Solana's app"),
        ("app.id == '1:9:ios:zzz'", "the app with Firebase ID 1:9:ios:zzz"),
        ("app.customSignal['brand'].exactlyMatches(['partner-collection'])", "the Partner Collection app"),
        ("app.customSignal['brand'].exactlyMatches(['other'])", "the app that sets 'brand' to 'other'"),
        ("app.customSignal['tier'].contains(['gold', 'plat'])", "devices whose 'tier' signal contains 'gold' or 'plat'"),
        ("app.customSignal['visits'] >= 3", "devices whose 'visits' signal is at least 3"),
        ("device.os == 'ios'", "iOS devices"),
        ("device.language in ['de-DE', 'fr']", "phones in German (Germany) or French"),
        ("app.version.>=(['2.4'])", "app versions 2.4 or later"),
        ("app.build.<(['245'])", "app builds before 245"),
        ("app.userProperty['hotel_brand'].exactlyMatches(['pc'])", "users of the Partner Collection app"),
        ("app.userProperty['beta_tester'].exactlyMatches(['true'])", "users whose 'beta_tester' property is 'true'"),
        ("app.audiences.inAtLeastOne(['Big spenders'])", "users in the audience “Big spenders”"),
        ("dateTime < dateTime('2026-12-01T09:00:00', 'Europe/Paris')", "before 1 Dec 2026, 09:00 (Europe/Paris)"),
        ("dateTime >= dateTime('2026-12-01T00:00:00', 'Europe/Berlin')", "from 1 Dec 2026 (Europe/Berlin)"),
        ("true", "everyone"),
        ("app.id == '1:700:ios:cso' && percent <= 50", "Casa Solana's app and a random 50% of devices"),
        ("app.customSignal['brand'].exactlyMatches(['partner-collection']) && app.userProperty['tier'] >= 3", "the Partner Collection app and users whose 'tier' property is at least 3"),
    ])
    func aConditionReadsAsAPMWouldSayIt(expression: String, words: String) {
        #expect(Self.describe(expression) == words)
    }

    /// A shape the words do not cover keeps the parser's own words, and one the
    /// parser cannot read says so, with its text: never a guess.
    @Test func unknownShapesAreSaidHonestly() {
        #expect(Self.describe("app.firstOpenTimestamp <= ('2026-01-01')") == "depending on when the user first opened the app")
        #expect(Self.describe("device.country in ['DE'] && device.madeUp == 'x'").hasPrefix("phones set to Germany and a rule Flagstaff cannot read ("))
        #expect(Self.describe("device.madeUp == 'x'") == "a rule Flagstaff cannot read (device.madeUp == 'x')")
    }

    @Test func listsReadAsEnglish() {
        #expect(RemoteConditionWords.list([], joinedBy: "or") == "")
        #expect(RemoteConditionWords.list(["a"], joinedBy: "or") == "a")
        #expect(RemoteConditionWords.list(["a", "b"], joinedBy: "and") == "a and b")
        #expect(RemoteConditionWords.list(["a", "b", "c"], joinedBy: "or") == "a, b or c")
    }
}
