@testable import FlagstaffCore
import Testing

/// A packed cell keeps its value, file, line, column, layer and details bit in
/// 16 bytes; each part reads back as written, and setting one leaves the others.
@Suite struct PackedCellTests {
    typealias Cell = ResolvedMatrix.PackedCell

    @Test func sixteenBytesHoldEveryPart() {
        #expect(MemoryLayout<Cell>.size == 16)
        #expect(MemoryLayout<Cell>.stride == 16)
        // The largest line and column an input of `InputLimits.fileBytes` can have.
        let (line, column) = (UInt32(InputLimits.fileBytes), UInt32(InputLimits.fileBytes))
        for (layer, details) in [(UInt8(0), false), (UInt8.max, true), (UInt8.max - 1, false), (7, true)] {
            let cell = Cell(value: .max - 1, file: Cell.nowhere, line: line, column: column, layer: layer, hasDetails: details)
            #expect(cell.value == UInt32.max - 1)
            #expect(cell.file == Cell.nowhere)
            #expect((cell.line, cell.column) == (line, column))
            #expect(cell.layer == layer)
            #expect(cell.hasDetails == details)
        }
    }

    @Test func settingOnePartLeavesTheOthers() {
        var cell = Cell(value: 3, file: 2, line: 40, column: 9, layer: 5, hasDetails: false)
        cell.hasDetails = true
        #expect((cell.line, cell.column, cell.layer, cell.hasDetails) == (40, 9, 5, true))
        cell.layer = 255
        #expect((cell.line, cell.column, cell.layer, cell.hasDetails) == (40, 9, 255, true))
        cell.line = 1_000_000
        cell.column = 70_000
        #expect((cell.line, cell.column, cell.layer, cell.hasDetails) == (1_000_000, 70_000, 255, true))
        cell.hasDetails = false
        cell.layer = 0
        #expect((cell.line, cell.column, cell.layer, cell.hasDetails) == (1_000_000, 70_000, 0, false))
        #expect((cell.value, cell.file) == (3, 2))
    }

    /// A line or column past what the parts hold is clamped, never spilt into another part.
    @Test func anOversizedPlaceIsClamped() {
        let cell = Cell(value: 0, file: 0, line: .max, column: .max, layer: 1, hasDetails: false)
        #expect(cell.line == UInt32.max >> 1)
        #expect(cell.column == 0xFF_FFFF)
        #expect((cell.layer, cell.hasDetails) == (1, false))
    }
}
