import Flagstaff
import FlagstaffCore
import Testing

/// The bundled chain, cell by cell, on the `small` fixture.
@Suite("Resolution of the small fixture")
struct ResolutionTests {
    struct Cell: CustomTestStringConvertible, Sendable {
        var key: String, tenant: String, environment: String
        var value: FlagValue, layer: String, line: Int?
        var testDescription: String { "\(key) × \(tenant) × \(environment)" }
    }

    static let expected: [Cell] = {
        let rows: [(String, String, [(FlagValue, String, Int?)])] = [
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
        ]
        return rows.flatMap { key, tenant, values in
            zip(["dev", "uat", "prod"], values).map { environment, value in
                Cell(key: key, tenant: tenant, environment: environment, value: value.0, layer: value.1, line: value.2)
            }
        }
    }()

    /// Loaded once for every cell; a load that throws fails each test instead of crashing the run.
    static let matrix = Result { () throws(FlagstaffError) -> ResolvedMatrix? in
        try Workspace.load(configurationPath: Fixtures.configuration("small")).matrix
    }

    @Test(arguments: expected)
    func cell(_ cell: Cell) throws {
        let matrix = try #require(try Self.matrix.get())
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
