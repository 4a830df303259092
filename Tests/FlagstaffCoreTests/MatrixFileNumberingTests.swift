@testable import FlagstaffCore
import Testing

/// Every cell names the file its value is written in, however each tenant's own
/// table numbered the files before the matrix merged them: tenants' files first,
/// then the others in the order cells first name them.
@Suite struct MatrixFileNumberingTests {
    func flag(_ key: String, defaultIn file: String, line: Int) -> Flag {
        var flag = Build.flag(key)
        flag.codeDefault = CodeDefault(.value(.bool(true), at: SourceLocation(file: file, line: line, column: 5)), environments: ["dev", "prod"])
        return flag
    }

    @Test func eachCellNamesItsOwnFile() {
        // P takes both defaults from code, A's file first; Q sets A itself, so the
        // first file it names past its own is B's.
        let flags = [flag("A", defaultIn: "A.swift", line: 3), flag("B", defaultIn: "B.swift", line: 7)]
        let tenants = [
            Tenant(id: "P", name: "P", file: "P.json"),
            Tenant(id: "Q", name: "Q", file: "Q.json", base: ["A": Tenant.Setting(value: .bool(false), location: SourceLocation(file: "Q.json", line: 2, column: 8))]),
        ]
        let matrix = ResolvedMatrix(model: Build.model(flags: flags, tenants: tenants))
        func place(_ flag: Int, _ tenant: Int) -> String? {
            matrix.resolution(flag: flag, tenant: tenant, environment: 1).location.map { "\($0.file):\($0.line)" }
        }
        #expect(place(0, 0) == "A.swift:3")
        #expect(place(1, 0) == "B.swift:7")
        #expect(place(0, 1) == "Q.json:2")
        #expect(place(1, 1) == "B.swift:7")
        let packed = matrix.cell(flag: 1, tenant: 1, environment: 0)
        #expect(matrix.place(of: packed).map { matrix.fileName(at: $0.file) } == "B.swift")
    }

    /// A last tile's cells past the last flag are written as open cells, also when
    /// no tenant needs renumbering: a pass over every cell reads them.
    @Test func aLastTilesPaddingIsOpen() {
        // 17 flags: the second tile holds one flag and 15 cells of padding.
        let flags = (0..<17).map { Build.flag("F\($0)") }
        let base = SettingTable(uniqueKeysWithValues: flags.enumerated().map { ($1.key, Build.setting(.bool($0 % 2 == 0), line: $0 + 1)) })
        let tenants = ["P", "Q"].map { Tenant(id: $0, name: $0, file: "t.json", base: base) }
        let matrix = ResolvedMatrix(model: Build.model(flags: flags, tenants: tenants))
        #expect(matrix.cells.count == 2 * 2 * 2 * ResolvedMatrix.tile)
        for environment in 0..<2 {
            for tenant in 0..<2 {
                let start = ResolvedMatrix.index(flag: 16, tenant: tenant, environment: environment, flags: 17, tenants: 2)
                #expect(matrix.cells[start + 1..<start + ResolvedMatrix.tile].allSatisfy { $0 == MatrixColumn.open })
                #expect(matrix.cells[start].layer != MatrixColumn.open.layer, "the one flag of the last tile is decided")
            }
        }
        #expect(matrix.cellsNotKnown == 0)
    }
}
