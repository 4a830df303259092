import Foundation
import Testing

@testable import Flagstaff

/// A build reads its inputs in one step, each file once, and names its sources
/// in every page's footer by hashes taken as the files were first read.
@Suite("A build's inputs")
struct BuildInputsTests {
    @Test func aBuildReadsEachFileOnceAndDigestsTheSourcesAsItReadsThem() throws {
        let root = Fixtures.repositoryRoot
        let console = RecordingConsole()
        let inputs = try #require(
            try BuildInputs.read(
                configurationPath: root.appendingPathComponent("flagstaff.yml").path, strict: false, asOf: nil, templates: nil,
                console: console.console()),
            "\(console.error)")
        let reads = inputs.digests.reads
        // The sources flagstaff.yml names, listed from the folders on disk.
        func files(in folder: String, named name: (String) -> String?) throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path).compactMap(name).map { "\(folder)/\($0)" }
        }
        let tenants = try files(in: "content/tenants") { "\($0)/FeatureFlags.defaults.json" }
        let guide = try files(in: "content/guide") { $0.hasSuffix(".md") ? $0 : nil }
        let code = (FileManager.default.subpaths(atPath: root.appendingPathComponent("content/app").path) ?? [])
            .filter { $0.hasSuffix(".swift") && !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.map { "content/app/\($0)" }
        let sources = ["flagstaff.yml", "content/flags/FeatureFlag.swift", "content/flags/catalog.md", "content/remote/uat.json",
            "content/remote/prod.json", "content/history.json"] + tenants + guide
        #expect(tenants.count == 14 && guide.count == 7 && !code.isEmpty)
        for path in sources + code { #expect(reads[path] == 1, "\(path) was read \(reads[path] ?? 0) times") }
        #expect(reads.filter { $0.value != 1 }.isEmpty, "\(reads.filter { $0.value != 1 })")
        // The digest of hashes taken while reading is the one of the files read again; the app's code is no part of it.
        #expect(inputs.stamp.sourcesDigest != nil)
        #expect(inputs.stamp.sourcesDigest == SourceDigest.stamp(for: inputs.workspace, theme: inputs.theme).sourcesDigest)
        for path in code { #expect(inputs.digests.hash(of: path) == nil, "\(path)") }
    }
}
