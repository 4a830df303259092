import Flagstaff
import FlagstaffCore
import Foundation
import Testing

/// An app whose only flag source is Remote Config's in-app defaults plist
/// (issue 34): the `firebase-only` fixture with `enum` naming the plist.
/// Expected values are read from `Config/RemoteConfigDefaults.plist`.
@Suite("Remote Config defaults as declarations")
struct RemoteConfigDefaultsDeclarationsTests {
    static func load(keepingTheTemplate: Bool) throws -> ResolvedMatrix {
        try withCopy(of: "firebase-only") { root in
            let configuration = root.appendingPathComponent("flagstaff.yml")
            var text = try String(contentsOf: configuration, encoding: .utf8)
                .replacingOccurrences(of: "enum: Config/RemoteConfigKey.swift", with: "enum: { path: Config/RemoteConfigDefaults.plist, format: firebase_defaults }")
            if !keepingTheTemplate { text = text.replacingOccurrences(of: "remote_config:\n  templates: { release: remote/template.json }\n", with: "") }
            try text.write(to: configuration, atomically: true, encoding: .utf8)
            let workspace = try Workspace.load(configurationPath: configuration.path)
            #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
            return try #require(workspace.matrix)
        }
    }

    @Test func everyKeyOfThePlistIsAFlagThatRemoteConfigMayChange() throws {
        let matrix = try Self.load(keepingTheTemplate: false)
        #expect(matrix.model.flags.map { "\($0.key) \($0.caseName)" } == [
            "price_prefix pricePrefix", "loading_phrase loadingPhrase", "is_promotion_on isPromotionOn", "price price", "discount discount",
        ])
        let bundled = ["price_prefix": "Your price is $", "loading_phrase": "Checking your price...", "is_promotion_on": "off", "price": "100", "discount": "0"]
        for (key, word) in bundled {
            let cell = try #require(matrix.resolution(key: key, tenant: Tenant.singleAppID, environment: "release"))
            #expect(cell.variants.map { "\($0.condition): \($0.word) (\($0.layer.id))" } == [
                "may be changed by remote config: not known here (remote)", "otherwise: \(word) (defaults)",
            ], "\(key)")
            #expect(matrix.model.remoteParameter(of: try #require(matrix.model.flag(key))) == key)
        }
    }

    @Test func withTheTemplateRemoteConfigDecidesAsItDoesForTheEnum() throws {
        let declared = try Self.load(keepingTheTemplate: true)
        let original = try #require(try Workspace.load(configurationPath: Fixtures.configuration("firebase-only")).matrix)
        for key in ["price_prefix", "loading_phrase", "is_promotion_on", "price", "discount"] {
            let flag = try #require(original.model.flags.first { $0.key == key })
            let mine = try #require(declared.resolution(key: key, tenant: Tenant.singleAppID, environment: "release"))
            let theirs = original.resolution(flag, original.model.tenants[0], "release")
            #expect(CellPresentation(mine).word == CellPresentation(theirs).word && mine.layer.id == theirs.layer.id, "\(key)")
        }
    }
}
