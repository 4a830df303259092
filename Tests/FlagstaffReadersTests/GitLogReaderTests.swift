import FlagstaffCore
import FlagstaffReaders
import Testing

@Suite("git log reader")
struct GitLogReaderTests {
    @Test func theLogReaderFindsTheFirstAddedLine() {
        let log = "\0 2025-01-15\n\ndiff --git a/F.swift b/F.swift\n+++ b/F.swift\n+    case a = \"A\"\n+    case b, c\n"
            + "\0 2025-02-01\n-    case a = \"A\"\n+    case a = \"A\" // moved\n+    case bee\n"
        let flags = [
            Flag(key: "A", caseName: "a", location: .start(of: "F.swift")),
            Flag(key: "c", caseName: "c", location: .start(of: "F.swift")),
            Flag(key: "bee", caseName: "bee", location: .start(of: "F.swift")),
        ]
        let dates = GitLogReader.firstAdded(in: log.replacingOccurrences(of: "\0 ", with: "\0"), flags: flags)
        #expect(dates == [
            "A": CalendarDate(year: 2025, month: 1, day: 15)!, "c": CalendarDate(year: 2025, month: 1, day: 15)!,
            "bee": CalendarDate(year: 2025, month: 2, day: 1)!,
        ])
    }

    /// Kiwix's flags are static properties of a caseless enum; a factory's key is a quoted argument.
    @Test func staticMembersAndFactoryKeysAreDatedToo() {
        let log = "\02024-01-10\n+enum FeatureFlags {\n+    static let map: Bool = true\n+    let note = hasLibrary\n"
            + "\02024-03-02\n+    static let hasLibrary: Bool = !AppType.isCustom\n"
            + "\02024-04-20\n+    static func newProfile() -> SettingsFeatureFlag<Bool> {\n+        .init(key: \"new-user-profile\", defaultValue: false)\n"
            + "\02024-05-05\n+    @UserPreference(defaultValue: false)\n+    var threadsEnabled: Bool\n"
        let flags = [
            Flag(key: "map", caseName: "map", location: .start(of: "F.swift")),
            Flag(key: "hasLibrary", caseName: "hasLibrary", location: .start(of: "F.swift")),
            Flag(key: "new-user-profile", caseName: "newProfile", location: .start(of: "F.swift")),
            Flag(key: "threadsEnabled", caseName: "threadsEnabled", location: .start(of: "F.swift")),
        ]
        #expect(GitLogReader.firstAdded(in: log, flags: flags) == [
            "map": CalendarDate(year: 2024, month: 1, day: 10)!, "hasLibrary": CalendarDate(year: 2024, month: 3, day: 2)!,
            "new-user-profile": CalendarDate(year: 2024, month: 4, day: 20)!, "threadsEnabled": CalendarDate(year: 2024, month: 5, day: 5)!,
        ])
    }
}
