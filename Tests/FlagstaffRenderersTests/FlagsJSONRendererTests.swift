import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// The rows `flags.json` writes by hand: one per environment, one entry per tenant.
@Suite("flags.json rows")
struct FlagsJSONRendererTests {
    let text = String(decoding: FlagsJSONRenderer.utf8(MatrixSlice(Build.hostileMatrix())), as: UTF8.self)

    @Test func eachEnvironmentIsOneRowOfValuesLayerCodesAndLines() {
        #expect(text.contains("""
                  "values": {
                    "dev": [true,false],
                    "prod": [false,false]
                  },
                  "layers": {
                    "dev": "bf",
                    "prod": "of"
                  },
                  "lines": {
                    "dev": [1,0],
                    "prod": [3,0]
                  },
                  "extras": {}
                }
            """))
    }

    @Test func stringsAreEscapedAndDecimalsKeepTheirText() {
        #expect(text.contains(#"        "dev": ["x, \"y\"\nz|_w_",""],"#))
        #expect(text.contains(#"        "prod": [1.50,0]"#))
    }

    @Test func theWholeFileIsValidJSONAndTenantsNameTheirFile() throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let tenants = try #require(object["tenants"] as? [[String: String]])
        #expect(tenants.map { $0["file"] } == ["tenants/A|B.json", "tenants/Z.json"])
    }

    @Test func aSliceWithoutEnvironmentsOrTenantsIsValidJSONWithEmptyRows() throws {
        let empty = String(decoding: FlagsJSONRenderer.utf8(MatrixSlice(Build.hostileMatrix(), environments: [], tenants: [])), as: UTF8.self)
        #expect(empty.contains("      \"values\": {},\n      \"layers\": {},\n      \"lines\": {},\n      \"extras\": {}\n"))
        #expect(try JSONSerialization.jsonObject(with: Data(empty.utf8)) is [String: Any])
    }
}
