import FlagstaffCore
import Testing

/// A layer kind is one file and one registration: registered, it takes its place
/// in the chain, in the legend and in a declared order, with no other change.
@Suite("Layer kinds")
struct LayerKindTests {
    /// A layer only tests know: on for every flag, set by "the test".
    struct TestLayer: ResolutionLayer {
        static let kind = LayerKind(id: "test") { _ in [TestLayer()] }
        static let layer = LayerDescription(id: kind.id, mark: "★", code: "t", legend: "set by the test")
        var layer: LayerDescription { Self.layer }
        func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? { Opinion(value: .bool(true), location: nil) }
    }

    /// The registered kinds with the test's before the code's defaults.
    static let kinds = LayerKind.registered.flatMap { $0.id == CodeDefaultLayer.kind.id ? [TestLayer.kind, $0] : [$0] }

    let tenant = Tenant(id: "T", name: "T", file: "t.json", base: ["B": Build.setting(.bool(false), line: 2)])

    @Test func aRegisteredKindTakesItsPlaceInTheStandardChain() {
        let model = Build.model(flags: [Build.flag("B")], tenants: [tenant])
        #expect(ResolutionChain.standard(for: model).descriptions.map(\.id) == ["debug", "override", "base", "fallback"])
        let chain = ResolutionChain.standard(for: model, kinds: Self.kinds)
        #expect(chain.descriptions.map(\.id) == ["debug", "override", "base", "test", "fallback"])
        #expect(chain.legend.map(\.label) == ["override", "base", "test", "fallback"])
        #expect(chain.legend.first { $0.label == "test" }?.mark == "★")
        // Below the base value, it decides only what the tenant leaves open.
        let matrix = ResolvedMatrix(model: model, chain: chain)
        #expect(matrix.resolution(key: "B", tenant: "T", environment: "dev")?.layer.id == "base")
    }

    @Test func aDeclaredOrderPlacesItWhereItIsNamed() {
        var model = Build.model(flags: [Build.flag("B")], tenants: [tenant])
        model.layerSources = LayerSources(order: ["test", "base"])
        #expect(ResolutionChain.standard(for: model).descriptions.map(\.id) == ["base", "fallback"])
        let chain = ResolutionChain.standard(for: model, kinds: Self.kinds)
        #expect(chain.descriptions.map(\.id) == ["test", "base", "fallback"])
        #expect(ResolvedMatrix(model: model, chain: chain).resolution(key: "B", tenant: "T", environment: "dev")?.layer.id == "test")
    }

    @Test func aDeclaredOrderKeepsTheFirstAndLastKindsInPlace() {
        var flag = Build.flag("B")
        flag.absentIn = ["prod"]
        var model = Build.model(flags: [flag], tenants: [tenant])
        model.layerSources = LayerSources(order: ["fallback", "base", "absent"])
        #expect(ResolutionChain.standard(for: model).descriptions.map(\.id) == ["absent", "base", "fallback"])
    }

    /// A layer that replaces what the layers below give, and shows it.
    struct HidingLayer: ResolutionLayer {
        static let layer = LayerDescription(id: "hiding", mark: "☂", code: "h", legend: "replaces the value the app ships", showsHiddenValue: true)
        var layer: LayerDescription { Self.layer }
        func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? { Opinion(value: .bool(true), location: nil) }
    }

    @Test func aLayerThatShowsTheValueItHidesKeepsItInTheMatrix() {
        let model = Build.model(flags: [Build.flag("B")], tenants: [tenant])
        let cell = ResolvedMatrix(model: model, chain: ResolutionChain([HidingLayer(), BaseValueLayer(), FallbackLayer()]))
            .resolution(key: "B", tenant: "T", environment: "dev")
        #expect(cell?.value == .bool(true))
        #expect(cell?.hidden?.value == .bool(false))
        #expect(cell?.hidden?.layer == BaseValueLayer.layer)
    }

    @Test func theBuiltInIDsAreTheNamedKinds() {
        #expect(LayerKind.builtInIDs() == ["debug", "remote", "override", "base", "code", "fallback"])
        #expect(LayerKind.builtInIDs(of: Self.kinds) == ["debug", "remote", "override", "base", "test", "code", "fallback"])
    }

    @Test func everyRegisteredKindHasItsOwnID() {
        let ids = LayerKind.registered.map(\.id)
        #expect(Set(ids).count == ids.count, "\(ids)")
    }
}

/// Each capability a view asks a layer, rather than asking which layer it is.
@Suite("Layer capabilities")
struct LayerCapabilityTests {
    let source = ExternalSource(id: "ld", name: "LaunchDarkly", flags: ["A"])

    @Test func onlyASourceFlagstaffCannotSeeDecidesLazilyAndChangesFlagsUnseen() {
        let external = ExternalLayer(source, number: 1)
        #expect(external.decidesLazily)
        #expect(external.mayChangeUnseen("A"))
        #expect(!external.mayChangeUnseen("B"))
        #expect(external.layer.unseenSourceName == "LaunchDarkly")
        let seen: [any ResolutionLayer] = [
            DebugOverrideLayer(), EnvironmentOverrideLayer(), BaseValueLayer(), CodeDefaultLayer(), NotInBuildLayer(), FallbackLayer(),
        ]
        for layer in seen {
            #expect(!layer.decidesLazily, "\(layer.layer.id)")
            #expect(!layer.mayChangeUnseen("A"), "\(layer.layer.id)")
            #expect(layer.layer.unseenSourceName == nil, "\(layer.layer.id)")
        }
    }

    @Test func onlyTheFallbackMeansNothingSetsTheFlag() {
        #expect(FallbackLayer.layer.meansUnset)
        #expect(FallbackLayer.appLayer.meansUnset)
        for layer in [RemoteConfigLayer.layer, EnvironmentOverrideLayer.layer, BaseValueLayer.layer, CodeDefaultLayer.layer, NotInBuildLayer.layer] {
            #expect(!layer.meansUnset, "\(layer.id)")
        }
        #expect(!ExternalLayer(source, number: 1).layer.meansUnset)
    }

    @Test func aReasonNamesRemoteConfigInWordsAndOtherLayersByID() {
        #expect(RemoteConfigLayer.layer.reasonWord == "remote config")
        #expect(EnvironmentOverrideLayer.layer.reasonWord == "override")
        #expect(ExternalLayer(source, number: 1).layer.reasonWord == "ld")
    }
}

/// Cells a source Flagstaff cannot see may change are counted as not known.
@Suite("Cells not known, counted")
struct CellsNotKnownCountTests {
    /// Thirty-five flags (three tiles of storage), four tenants and three
    /// environments, with a source Flagstaff cannot see below the tenants' values:
    /// a cell is not known only where that source may change its flag and the
    /// tenant sets no value in that environment. The count read from storage is the count cell by cell.
    @Test func theCountFromStorageIsTheCountCellByCell() {
        let flags = (0..<35).map { Build.flag("F\($0)") }
        let source = ExternalSource(id: "ld", name: "LaunchDarkly", flags: Set(flags.indices.filter { $0 % 3 != 1 }.map { "F\($0)" }))
        let tenants = (0..<4).map { tenant in
            let base = flags.indices.filter { ($0 + tenant) % 4 == 0 }.map { ("F\($0)", Build.setting(.bool(true))) }
            let prod = flags.indices.filter { ($0 * tenant) % 5 == 1 }.map { ("F\($0)", Build.setting(.bool(false))) }
            return Tenant(
                id: "T\(tenant)", name: "T\(tenant)", file: "T\(tenant).json", base: SettingTable(uniqueKeysWithValues: base),
                overrides: ["prod": SettingTable(uniqueKeysWithValues: prod)])
        }
        let model = Build.model(flags: flags, tenants: tenants, environments: ["dev", "uat", "prod"])
        let chain = ResolutionChain([EnvironmentOverrideLayer(), BaseValueLayer(), ExternalLayer(source, number: 1), FallbackLayer()])
        let matrix = ResolvedMatrix(model: model, chain: chain)
        var expected = 0
        for flag in flags.indices {
            for tenant in tenants.indices {
                for environment in model.environments.indices where matrix.resolution(flag: flag, tenant: tenant, environment: environment).hasUnknownValue {
                    expected += 1
                }
            }
        }
        #expect(expected > 100 && expected < 35 * 4 * 3, "the fixture has cells of both kinds")
        #expect(matrix.cellsNotKnown == expected)
    }
}
