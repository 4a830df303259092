import FlagstaffCore
import Testing

/// The chain's rules on an in-memory model; the fixture workspace is checked cell by cell in FlagstaffTests.
@Suite("Resolution chain")
struct ResolutionChainTests {
    let tenant = Tenant(
        id: "T", name: "T", file: "t.json", base: ["B": Build.setting(.bool(true), line: 2)],
        overrides: ["dev": ["B": Build.setting(.bool(false), line: 4), "K": Build.setting(.bool(true), line: 5)]])

    /// The chain of a workspace of tenant files and nothing more.
    static let bundled = ResolutionChain.standard(for: Build.model(flags: [Build.flag("B")], tenants: []))

    func resolve(_ key: String, _ environment: String, _ type: FlagType = .bool, chain: ResolutionChain = ResolutionChainTests.bundled) -> Resolution {
        chain.resolve(Build.flag(key), type: type, tenant: tenant, environment: environment)
    }

    @Test func theOverrideWinsOverTheBase() {
        #expect(resolve("B", "dev") == Resolution(value: .bool(false), layer: EnvironmentOverrideLayer.layer, location: SourceLocation(file: "t.json", line: 4, column: 1)))
        #expect(resolve("B", "prod") == Resolution(value: .bool(true), layer: BaseValueLayer.layer, location: SourceLocation(file: "t.json", line: 2, column: 1)))
    }

    @Test func noOpinionPassesOnAndIsNotFalse() {
        #expect(resolve("K", "dev").layer == EnvironmentOverrideLayer.layer)
        #expect(resolve("K", "prod") == Resolution(value: .bool(false), layer: FallbackLayer.layer, location: nil))
        #expect(resolve("N", "prod", .number).value == .integer(0))
        #expect(resolve("S", "prod", .string).value == .string(""))
    }

    @Test func theDebugOverrideIsInTheChainButNeverDecidesABuild() {
        #expect(Self.bundled.descriptions.map(\.id) == ["debug", "override", "base", "fallback"])
        #expect(Self.bundled.shownLayers.map(\.id) == ["override", "base", "fallback"])
        let explained = Self.bundled.explain(Build.flag("B"), type: .bool, tenant: tenant, environment: "dev")
        #expect(explained.map(\.layer.id) == ["debug", "override", "base", "fallback"])
        #expect(explained.map { $0.opinion?.value } == [nil, .bool(false), .bool(true), .bool(false)])
    }

    /// A layer is a value in a list: a new one takes effect where it is placed, and no view needs a new case.
    struct Everything: ResolutionLayer {
        static let layer = LayerDescription(id: "test", mark: "★", code: "t", legend: "set by the test")
        var layer: LayerDescription { Self.layer }
        func opinion(on flag: Flag, type: FlagType, tenant: Tenant, environment: String) -> Opinion? {
            flag.key == "B" ? Opinion(value: .bool(true), location: nil) : nil
        }
    }

    @Test func aNewLayerDecidesWhereItIsPlaced() {
        let chain = ResolutionChain([EnvironmentOverrideLayer(), Everything(), BaseValueLayer(), FallbackLayer()])
        #expect(resolve("B", "dev", chain: chain).layer == EnvironmentOverrideLayer.layer)
        #expect(resolve("B", "prod", chain: chain).layer.id == "test")
        #expect(resolve("K", "prod", chain: chain).layer == FallbackLayer.layer)
        let cell = CellPresentation(resolve("B", "prod", chain: chain))
        #expect(cell.text == "on ★")
        #expect(cell.cssClass == "yt")
    }

    @Test func theMatrixResolvesEveryCellInModelOrder() throws {
        let other = Tenant(id: "A", name: "A", file: "a.json", base: ["K": Build.setting(.integer(3))])
        let model = Build.model(flags: [Build.flag("B"), Build.flag("K")], tenants: [tenant, other])
        let matrix = ResolvedMatrix(model: model)
        #expect(model.tenants.map(\.id) == ["A", "T"])
        #expect(matrix.resolution(flag: 1, tenant: 0, environment: 1).value == .integer(3))
        #expect(matrix.resolution(key: "B", tenant: "T", environment: "dev")?.value == .bool(false))
        #expect(matrix.resolution(key: "B", tenant: "T", environment: "qa") == nil)
        #expect(matrix.resolution(key: "X", tenant: "T", environment: "dev") == nil)
        #expect(matrix.types == ["B": .bool, "K": .number])
        #expect(matrix.differsBetweenTenants(flag: 0, environment: 1))
        #expect(matrix.values(of: Build.flag("B")) == [.bool(true), .bool(false)])
    }
}

@Suite("Layer marks")
struct LayerMarkTests {
    /// Each value file's values read apart: its mark is its own, and no built-in layer's.
    @Test func everyValueFileHasAMarkNoOtherLayerHas() {
        let files = (1...9).map { number in
            ValueFileLayer(ValueSource(id: "file\(number)", file: "f\(number).json", settings: [:]), number: number, environments: ["prod"]).layer.mark
        }
        let builtIn = [RemoteConfigLayer.layer.mark, EnvironmentOverrideLayer.layer.mark, CodeDefaultLayer.layer.mark, FallbackLayer.layer.mark,
            CellPresentation.varyingMark]
        #expect(Set(files).count == files.count)
        #expect(files.allSatisfy { !$0.isEmpty && !builtIn.contains($0) })
    }
}

@Suite("Cell presentation")
struct CellPresentationTests {
    func cell(_ value: FlagValue, _ layer: LayerDescription) -> CellPresentation {
        CellPresentation(Resolution(value: value, layer: layer, location: nil))
    }

    @Test func boolValuesReadAsOnAndOff() {
        let on = cell(.bool(true), EnvironmentOverrideLayer.layer)
        #expect((on.word, on.symbol, on.mark, on.cssClass, on.text, on.markdown) == ("on", "✅", "◆", "yo", "on ◆", "✅ ◆"))
        let off = cell(.bool(false), BaseValueLayer.layer)
        #expect((off.word, off.symbol, off.cssClass, off.text, off.markdown) == ("off", "❌", "nb", "off", "❌"))
        #expect(cell(.bool(false), FallbackLayer.layer).text == "off ○")
    }

    @Test func otherValuesAreShownAsWrittenAndEscapedForMarkdown() {
        #expect(cell(.string(""), BaseValueLayer.layer).word == "(empty)")
        #expect(cell(.integer(42), BaseValueLayer.layer).cssClass == "xb")
        #expect(cell(.decimal("1.50"), BaseValueLayer.layer).word == "1.50")
        #expect(cell(.string("a|b_c"), FallbackLayer.layer).markdown == "a\\|b\\_c ○")
        #expect(cell(.string("a|b_c"), FallbackLayer.layer).text == "a|b_c ○")
    }
}

/// A tenant's settings by flag position.
@Suite("Indexed settings")
struct IndexedSettingsTests {
    /// A base value covers every environment; an override only its own.
    @Test func unsetEnvironmentsListsWhereEachFlagFallsBack() {
        let flags = ["A", "B", "C", "D"].map { Build.flag($0) }
        let tenant = Tenant(
            id: "T", name: "T", file: "t.json", base: ["A": Build.setting(.bool(true)), "X": Build.setting(.bool(true))],
            overrides: ["uat": ["B": Build.setting(.bool(true))], "prod": ["B": Build.setting(.bool(false)), "A": Build.setting(.bool(false))]])
        let model = Build.model(flags: flags, tenants: [tenant], environments: ["dev", "uat", "prod"])
        let settings = IndexedSettings(tenant, in: model)
        #expect(settings.unsetEnvironments(flagCount: 4) == [[], [0], [0, 1, 2], [0, 1, 2]])
        #expect(settings.unknown.map(\.key) == ["X"])
        #expect(IndexedSettings(Tenant(id: "E", name: "E", file: "e.json"), in: model).unsetEnvironments(flagCount: 4) == Array(repeating: [0, 1, 2], count: 4))
    }
}
