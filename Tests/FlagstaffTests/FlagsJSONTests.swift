import Flagstaff
import FlagstaffCore
import FlagstaffRenderers
import Foundation
import Testing

/// `flags.json` is a complete export: a tool that reads it the way the README
/// says gets back every cell of the resolved matrix.
@Suite("flags.json")
struct FlagsJSONTests {
    @Test(arguments: ["remote", "small", "lifecycle"])
    func everyCellReadsBackAsResolved(_ fixture: String) throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration(fixture)).matrix)
        try expectReadsBack(MatrixSlice(matrix))
    }

    @Test func aSliceReadsBackItsOwnCells() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration("remote")).matrix)
        let model = matrix.model
        try expectReadsBack(MatrixSlice(matrix, environments: ["prod"], tenants: [model.tenants[2], model.tenants[0]].sorted { $0.id < $1.id }))
    }

    @Test func theRemoteFixtureHasEveryKindOfExtra() throws {
        let matrix = try #require(try Workspace.load(configurationPath: Fixtures.configuration("remote")).matrix)
        let export = try JSONDecoder().decode(Export.self, from: Data(FlagsJSONRenderer.utf8(MatrixSlice(matrix))))
        let extras = export.flags.flatMap { $0.extras.values.flatMap(\.values) }
        #expect(extras.contains { $0.file != nil && $0.reason != nil && $0.bundled != nil })
        #expect(extras.contains { $0.varies != nil })
        #expect(export.flags.contains { flag in flag.lines.values.contains { $0.contains(0) } }, "a fallback cell has line 0")
    }

    /// Decodes the export of a slice and compares each cell with the matrix.
    private func expectReadsBack(_ slice: MatrixSlice) throws {
        let export = try JSONDecoder().decode(Export.self, from: Data(FlagsJSONRenderer.utf8(slice)))
        #expect(export.schemaVersion == 3)
        #expect(export.environments == slice.environments)
        #expect(export.tenants.map(\.id) == slice.tenants.map(\.id))
        #expect(export.flags.map(\.key) == slice.matrix.model.flags.map(\.key))
        var compared = 0
        for (flag, entry) in zip(slice.matrix.model.flags, export.flags) {
            #expect(entry.case == flag.caseName && entry.group == flag.group && entry.type == slice.matrix.type(of: flag).rawValue)
            for (column, tenant) in slice.tenants.enumerated() {
                for environment in slice.environments {
                    let expected = Cell(slice.matrix.resolution(flag, tenant, environment))
                    #expect(export.cell(entry, tenant: column, environment: environment) == expected, "\(flag.key) × \(tenant.id) × \(environment)")
                    compared += 1
                }
            }
        }
        #expect(compared == slice.matrix.model.flags.count * slice.tenants.count * slice.environments.count)
    }
}

/// The fields of a version 3 export this test reads.
private struct Export: Decodable {
    struct TenantEntry: Decodable { var id: String, name: String, file: String }
    struct FlagEntry: Decodable {
        var key: String, `case`: String, group: String?, type: String
        var values: [String: [Scalar]], layers: [String: String], lines: [String: [Int]]
        var extras: [String: [String: Extra]]
    }
    struct Extra: Decodable {
        var file: String?, reason: String?, bundled: Placed?, varies: [Placed]?
    }

    var schemaVersion: Int
    var environments: [String]
    var layerCodes: [String: String]
    var tenants: [TenantEntry]
    var flags: [FlagEntry]

    /// A cell, read as the README's "Reading a cell" says.
    func cell(_ flag: FlagEntry, tenant column: Int, environment: String) -> Cell? {
        guard let values = flag.values[environment], let codes = flag.layers[environment], let lines = flag.lines[environment],
            let layer = layerCodes[String(Array(codes)[column])]
        else { return nil }
        let extra = flag.extras[environment]?[tenants[column].id]
        let line = lines[column]
        return Cell(
            value: values[column], layer: layer, file: extra?.file ?? (line > 0 ? tenants[column].file : nil), line: line > 0 ? line : nil,
            reason: extra?.reason, bundled: extra?.bundled, varies: extra?.varies ?? [])
    }
}

/// A JSON scalar.
private enum Scalar: Decodable, Equatable {
    case bool(Bool), number(Double), string(String), null

    init(_ value: FlagValue?) {
        switch value {
        case .bool(let value)?: self = .bool(value)
        case .integer(let value)?: self = .number(Double(value))
        case .decimal(let text)?: self = .number(Double(text) ?? .nan)
        case .string(let text)?: self = .string(text)
        case .structured(let value)?: self = .string(value.description)
        case nil: self = .null
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try container.decode(String.self))
        }
    }
}

/// A value with its layer and place: a bundled value or one case of a varying cell.
private struct Placed: Decodable, Equatable {
    var when: String?, value: Scalar, source: String, file: String?, line: Int?

    init(when: String?, value: FlagValue?, layer: LayerDescription, location: FlagstaffCore.SourceLocation?) {
        self.when = when
        self.value = Scalar(value)
        source = layer.id
        file = location?.file
        line = location?.line
    }
}

/// Everything the export says about one cell.
private struct Cell: Equatable {
    var value: Scalar, layer: String, file: String?, line: Int?, reason: String?, bundled: Placed?, varies: [Placed]

    init(value: Scalar, layer: String, file: String?, line: Int?, reason: String?, bundled: Placed?, varies: [Placed]) {
        self.value = value
        self.layer = layer
        self.file = file
        self.line = line
        self.reason = reason
        self.bundled = bundled
        self.varies = varies
    }

    /// The cell as the matrix resolved it.
    init(_ resolution: Resolution) {
        let location = resolution.isVarying ? nil : resolution.location
        self.init(
            value: resolution.isVarying ? .null : Scalar(resolution.value), layer: resolution.layer.id, file: location?.file,
            line: location?.line, reason: resolution.reason,
            bundled: resolution.isVarying ? nil : resolution.hidden.map { Placed(when: nil, value: $0.value, layer: $0.layer, location: $0.location) },
            varies: resolution.variants.map { Placed(when: $0.condition, value: $0.value, layer: $0.layer, location: $0.location) })
    }
}
