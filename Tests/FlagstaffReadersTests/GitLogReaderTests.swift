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
}
