import Flagstaff
import FlagstaffCore
import Testing

/// The bundled chain, and a declared one, cell by cell, on the `small` fixture.
@Suite("Resolution of the small fixture")
struct ResolutionTests {
    struct Cell: CustomTestStringConvertible, Sendable {
        var key: String, tenant: String, environment: String
        var value: FlagValue, layer: String, line: Int?
        var testDescription: String { "\(key) × \(tenant) × \(environment)" }
    }

    /// The cells of rows that give a flag's value, layer and line for a tenant in dev, uat and prod.
    static func cells(_ rows: [(String, String, [(FlagValue, String, Int?)])]) -> [Cell] {
        rows.flatMap { key, tenant, values in
            zip(["dev", "uat", "prod"], values).map { environment, value in
                Cell(key: key, tenant: tenant, environment: environment, value: value.0, layer: value.1, line: value.2)
            }
        }
    }

    static let expected = cells([
        // key, tenant, [dev, uat, prod]
        ("ENABLE_MEDIA_LIBRARY", "AAA", [(.bool(false), "base", 2), (.bool(true), "override", 8), (.bool(false), "base", 2)]),
        ("ENABLE_MEDIA_LIBRARY", "BBB", [(.bool(true), "base", 2), (.bool(true), "base", 2), (.bool(false), "override", 7)]),
        ("ENABLE_MEDIA_LIBRARY", "WL", [(.bool(false), "base", 2), (.bool(false), "base", 2), (.bool(false), "base", 2)]),
        ("ENABLE_CAMPAIGNS", "AAA", [(.bool(true), "base", 3), (.bool(true), "base", 3), (.bool(true), "base", 3)]),
        ("ENABLE_CAMPAIGNS", "BBB", [(.bool(false), "fallback", nil), (.bool(false), "fallback", nil), (.bool(false), "fallback", nil)]),
        ("ONBOARDING_VARIANT", "AAA", [(.string("carousel"), "base", 4), (.string("carousel"), "base", 4), (.string("carousel"), "base", 4)]),
        ("ONBOARDING_VARIANT", "BBB", [(.string("video"), "base", 3), (.string("video"), "base", 3), (.string("video"), "base", 3)]),
        ("MAX_WISHLIST_ITEMS", "AAA", [(.integer(50), "base", 5), (.integer(50), "base", 5), (.integer(100), "override", 9)]),
        ("MAX_WISHLIST_ITEMS", "BBB", [(.integer(200), "base", 4), (.integer(200), "base", 4), (.integer(200), "base", 4)]),
        ("darkMode", "BBB", [(.bool(true), "override", 6), (.bool(false), "fallback", nil), (.bool(false), "fallback", nil)]),
        ("darkMode", "WL", [(.bool(false), "base", 6), (.bool(false), "base", 6), (.bool(false), "base", 6)]),
    ])

    /// Loaded once for every cell; a load that throws fails each test instead of crashing the run.
    static let matrix = Result { () throws(FlagstaffError) -> ResolvedMatrix? in
        try Workspace.load(configurationPath: Fixtures.configuration("small")).matrix
    }

    @Test(arguments: expected)
    func cell(_ cell: Cell) throws {
        try Self.check(cell, in: try #require(try Self.matrix.get()))
    }

    // MARK: - A declared chain that asks the base value before the override

    static let baseFirst = "chain: [base, override, fallback]"

    /// Every cell of the fixture: the base value wherever the tenant file has one,
    /// its override only where it has none (BBB's darkMode in dev), else the fallback.
    static let expectedWithBaseFirst = cells([
        ("ENABLE_MEDIA_LIBRARY", "AAA", [(.bool(false), "base", 2), (.bool(false), "base", 2), (.bool(false), "base", 2)]),
        ("ENABLE_MEDIA_LIBRARY", "BBB", [(.bool(true), "base", 2), (.bool(true), "base", 2), (.bool(true), "base", 2)]),
        ("ENABLE_MEDIA_LIBRARY", "WL", [(.bool(false), "base", 2), (.bool(false), "base", 2), (.bool(false), "base", 2)]),
        ("ENABLE_CAMPAIGNS", "AAA", [(.bool(true), "base", 3), (.bool(true), "base", 3), (.bool(true), "base", 3)]),
        ("ENABLE_CAMPAIGNS", "BBB", [(.bool(false), "fallback", nil), (.bool(false), "fallback", nil), (.bool(false), "fallback", nil)]),
        ("ENABLE_CAMPAIGNS", "WL", [(.bool(false), "base", 3), (.bool(false), "base", 3), (.bool(false), "base", 3)]),
        ("ONBOARDING_VARIANT", "AAA", [(.string("carousel"), "base", 4), (.string("carousel"), "base", 4), (.string("carousel"), "base", 4)]),
        ("ONBOARDING_VARIANT", "BBB", [(.string("video"), "base", 3), (.string("video"), "base", 3), (.string("video"), "base", 3)]),
        ("ONBOARDING_VARIANT", "WL", [(.string("carousel"), "base", 4), (.string("carousel"), "base", 4), (.string("carousel"), "base", 4)]),
        ("MAX_WISHLIST_ITEMS", "AAA", [(.integer(50), "base", 5), (.integer(50), "base", 5), (.integer(50), "base", 5)]),
        ("MAX_WISHLIST_ITEMS", "BBB", [(.integer(200), "base", 4), (.integer(200), "base", 4), (.integer(200), "base", 4)]),
        ("MAX_WISHLIST_ITEMS", "WL", [(.integer(50), "base", 5), (.integer(50), "base", 5), (.integer(50), "base", 5)]),
        ("darkMode", "AAA", [(.bool(false), "base", 6), (.bool(false), "base", 6), (.bool(false), "base", 6)]),
        ("darkMode", "BBB", [(.bool(true), "override", 6), (.bool(false), "fallback", nil), (.bool(false), "fallback", nil)]),
        ("darkMode", "WL", [(.bool(false), "base", 6), (.bool(false), "base", 6), (.bool(false), "base", 6)]),
    ])

    /// The fixture with `baseFirst` added to its configuration, loaded once.
    static let workspaceWithBaseFirst = Result { () throws -> Workspace in
        try withCopy(of: "small") { folder in
            let path = folder.appendingPathComponent("flagstaff.yml")
            try (String(contentsOf: path, encoding: .utf8) + baseFirst + "\n").write(to: path, atomically: true, encoding: .utf8)
            return try Workspace.load(configurationPath: path.path)
        }
    }

    @Test func theDeclaredChainIsTheMatrixChain() throws {
        let workspace = try Self.workspaceWithBaseFirst.get()
        #expect(!workspace.diagnostics.containsErrors, "\(workspace.diagnostics)")
        #expect(try #require(workspace.matrix).chain.descriptions.map(\.id) == ["base", "override", "fallback"])
    }

    @Test(arguments: expectedWithBaseFirst)
    func cellWithBaseFirst(_ cell: Cell) throws {
        try Self.check(cell, in: try #require(try Self.workspaceWithBaseFirst.get().matrix))
    }

    /// Expects a cell's value, layer and place in its tenant's file.
    static func check(_ cell: Cell, in matrix: ResolvedMatrix) throws {
        let resolution = try #require(matrix.resolution(key: cell.key, tenant: cell.tenant, environment: cell.environment))
        #expect(resolution.value == cell.value)
        #expect(resolution.layer.id == cell.layer)
        #expect(resolution.location?.line == cell.line)
        if cell.layer != "fallback" {
            #expect(resolution.location?.file == "tenants/\(cell.tenant)/FeatureFlags.defaults.json")
        }
    }

    @Test func typesAreInferredFromTenantValues() throws {
        #expect(try #require(try Self.matrix.get()).types == [
            "ENABLE_MEDIA_LIBRARY": .bool, "ENABLE_CAMPAIGNS": .bool, "ONBOARDING_VARIANT": .string,
            "MAX_WISHLIST_ITEMS": .number, "darkMode": .bool,
        ])
    }
}
