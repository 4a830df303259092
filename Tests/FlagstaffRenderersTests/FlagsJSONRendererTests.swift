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

    /// The command's pieces, written in runs of flags on every core, are the
    /// file's bytes: with more flags than a run holds, each flag keeps its place
    /// and its separator.
    @Test func thePiecesAreTheFileInOrder() throws {
        let flags = (0..<150).map { Flag(key: "FLAG_\($0)", caseName: "flag\($0)", location: .start(of: "F.swift")) }
        let base = Dictionary(uniqueKeysWithValues: flags.indices.filter { $0 % 3 == 0 }.map { (flags[$0].key, Build.setting(.integer($0), line: $0)) })
        let model = FlagModel(
            title: "Many", environments: ["dev", "prod"], flagEnums: [FlagEnum(name: "FeatureFlag", hasStringRawValues: true, flags: flags)],
            catalog: Catalog(columns: ["Flag"], entries: [], location: .start(of: "c.md")),
            tenants: [Tenant(id: "T", name: "T", file: "t.json", base: SettingTable(uniqueKeysWithValues: base.sorted { $0.key < $1.key }))])
        let slice = MatrixSlice(ResolvedMatrix(model: model))
        var pieces: [[UInt8]] = []
        FlagsJSONRenderer.write(slice) { pieces.append($0) }
        #expect(pieces.count == 5, "the opening, three runs of flags and the closing")
        #expect(Array(pieces.joined()) == FlagsJSONRenderer.utf8(slice))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(pieces.joined())) as? [String: Any])
        let written = try #require(object["flags"] as? [[String: Any]])
        #expect(written.map { $0["key"] as? String } == flags.map(\.key))
        #expect((written[129]["values"] as? [String: [Int]])?["prod"] == [129])
    }
}
