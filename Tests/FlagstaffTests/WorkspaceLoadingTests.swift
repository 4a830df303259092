import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// The loader indexes each tenant's settings while it reads the file, once the
/// enum is read; what it hands the matrix must be what indexing the finished
/// model gives.
@Suite("Workspace loading")
struct WorkspaceLoadingTests {
    /// Everything an indexed tenant holds, in a comparable form.
    func summary(_ settings: IndexedSettings) -> [String] {
        func entries(_ entries: [IndexedSettings.Entry], _ place: String) -> [String] {
            entries.map { "\(place) \($0.flag) \($0.value) \(settings.location(of: $0))" }.sorted()
        }
        return [settings.file] + entries(settings.base, "base")
            + settings.overrides.enumerated().flatMap { entries($1, "environment \($0)") }
            + settings.unknown.map { "unknown \($0.key) \($0.environment ?? "base") \($0.setting.location)" }.sorted()
    }

    @Test(arguments: ["small", "remote", "lifecycle", "xss", "example"])
    func settingsIndexedWhileReadingAreThoseOfTheModel(_ workspace: String) throws {
        let path = workspace == "example"
            ? Fixtures.repositoryRoot.appendingPathComponent("flagstaff.yml").path : Fixtures.configuration(workspace)
        let loaded = try Workspace.load(configurationPath: path)
        let model = try #require(loaded.model)
        let matrix = try #require(loaded.matrix)
        #expect(matrix.settings.count == model.tenants.count)
        #expect(!model.tenants.isEmpty)
        for (position, tenant) in model.tenants.enumerated() {
            #expect(summary(matrix.settings[position]) == summary(IndexedSettings(tenant, in: model)), "\(tenant.id)")
        }
    }

    @Test func flagKeysFindTheFirstFlagOfEachKey() {
        let flags = ["A", "B", "A", "é"].enumerated().map { position, key in
            Flag(key: key, caseName: "case\(position)", location: .start(of: "F.swift"))
        }
        let keys = FlagKeys(flags: flags, environments: ["dev", "prod"])
        #expect(keys.count == 3)
        #expect(keys.position(of: "A") == 0)
        #expect(keys.position(of: "B") == 1)
        #expect(keys.position(of: "e\u{301}") == 3, "keys compare as Swift strings do")
        #expect(keys.position(of: "C") == nil)
        #expect(keys.repeatedFlags == [2: 0])
        #expect(keys.environments == ["dev", "prod"])
    }
}
