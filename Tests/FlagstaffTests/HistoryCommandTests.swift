@testable import Flagstaff
import FlagstaffCore
import Foundation
import Testing

@Suite("flagstaff history")
struct HistoryCommandTests {
    @Test func scratch() throws {
        let folder = URL(fileURLWithPath: "/tmp/h28-fixture")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try HistoryFixture.build(in: folder)
    }
}
