import FlagstaffCore
@testable import FlagstaffReaders
import Testing

/// The configuration's checks of `chain` take the layer ids from the registered
/// kinds: a kind registered once is a name `chain` may use, with its requirement.
@Suite("Layer kinds in the configuration")
struct LayerKindConfigurationTests {
    static func kind(_ id: String, requirement: LayerKind.Requirement? = nil) -> [LayerKind] {
        LayerKind.registered + [LayerKind(id: id, requirement: requirement) { _ in [] }]
    }

    /// A configuration with tenant files and no Remote Config, whose `chain` names `ids`.
    static func chain(_ ids: [String]) -> Configuration {
        var configuration = Configuration()
        configuration.environments = ["dev", "prod"]
        configuration.tenants = "tenants"
        configuration.layers.chain = ids.enumerated().map { ($1, SourceLocation(file: "flagstaff.yml", line: 3, column: 9 + 2 * $0)) }
        return configuration
    }

    @Test func aRegisteredKindsIDIsANameTheChainMayUse() {
        let configuration = Self.chain(["debug", "test", "base", "fallback"])
        let unknown = configuration.layers.problems(in: configuration)
        #expect(unknown.map(\.message) == ["the chain names layer 'test', which the workspace does not have"])
        #expect(configuration.layers.problems(in: configuration, kinds: Self.kind("test")).isEmpty)
        #expect(configuration.layers.layerIDs(kinds: Self.kind("test")).contains("test"))
    }

    @Test func aKindsRequirementIsChecked() {
        let configuration = Self.chain(["test", "fallback"])
        #expect(
            configuration.layers.problems(in: configuration, kinds: Self.kind("test", requirement: .remoteConfig)).map(\.message)
                == ["the chain names layer 'test', but there is no 'remote_config'"])
        #expect(configuration.layers.problems(in: configuration, kinds: Self.kind("test", requirement: .tenantFiles)).isEmpty)
        var singleApp = configuration
        singleApp.tenants = ""
        #expect(
            singleApp.layers.problems(in: singleApp, kinds: Self.kind("test", requirement: .tenantFiles)).map(\.message)
                == ["the chain names layer 'test', but a single app has no tenant files"])
    }

    @Test func aValueFileMayNotTakeARegisteredKindsID() {
        var configured = Self.chain(["debug", "test", "fallback"])
        configured.layers.values = [LayerSettings.ValueFile(id: "test", path: "local.json", location: SourceLocation(file: "flagstaff.yml", line: 4, column: 9))]
        #expect(configured.layers.problems(in: configured).isEmpty)
        #expect(
            configured.layers.problems(in: configured, kinds: Self.kind("test")).map(\.message)
                .contains("'test' is the name of a built-in layer"))
    }
}
