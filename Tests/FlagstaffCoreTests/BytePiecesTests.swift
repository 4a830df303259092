import FlagstaffCore
import Testing

/// Byte strings end to end in one buffer, as rows and key tables keep them.
@Suite("Byte pieces")
struct BytePiecesTests {
    @Test func eachPieceIsAppendedWholeAndAlone() {
        var pieces = BytePieces()
        let numbers = ["", "a", "◆ é", "", "<td class=\""].map { pieces.add($0.utf8) }
        #expect(numbers == [0, 1, 2, 3, 4])
        #expect(pieces.count == 5)
        #expect((0..<5).map(pieces.size) == [0, 1, 6, 0, 11])
        var output = Array("x".utf8)
        pieces.read { reader in
            for number in [2, 0, 4, 1, 3, 2] { reader.append(number, to: &output) }
        }
        #expect(String(decoding: output, as: UTF8.self) == "x◆ é<td class=\"a◆ é")
    }

    @Test func aRowOfPiecesIsAppendedAtOnceAsOneByOne() {
        var pieces = BytePieces()
        for text in ["", "a", "◆ é", "", "<td class=\"", "off |"] { pieces.add(text.utf8) }
        let row: [Int32] = [2, 0, 4, 1, 3, 2, 5, 5]
        var oneByOne = Array("x".utf8), atOnce = Array("x".utf8)
        pieces.read { reader in
            for number in row { reader.append(Int(number), to: &oneByOne) }
            row.withUnsafeBufferPointer { reader.append($0, to: &atOnce) }
            // A second row goes after the first, and an empty row adds nothing.
            row[..<2].withUnsafeBufferPointer { reader.append($0, to: &atOnce) }
            [Int32]().withUnsafeBufferPointer { reader.append($0, to: &atOnce) }
        }
        #expect(String(decoding: atOnce, as: UTF8.self) == String(decoding: oneByOne, as: UTF8.self) + "◆ é")
    }

    /// Pieces of every length from 0 to 40, copied by words or not, at the start,
    /// middle and end of the pieces, give the same row as pieces appended one by one.
    @Test func piecesOfEveryLengthAreCopiedExactly() {
        var pieces = BytePieces()
        for length in 0...40 { pieces.add((0..<length).map { UInt8(ascii: "a") + UInt8(($0 + length) % 26) }) }
        let rows: [[Int]] = [Array(0...40), Array((0...40).reversed()), [40, 40, 17, 16, 15, 0, 8, 9, 39], [16], [40]]
        for row in rows {
            var oneByOne: [UInt8] = [], atOnce: [UInt8] = []
            pieces.read { reader in
                for number in row { reader.append(number, to: &oneByOne) }
                row.withUnsafeBufferPointer { reader.append($0, to: &atOnce) }
            }
            #expect(atOnce == oneByOne)
            #expect(atOnce.count == row.reduce(0, +))
        }
    }
}
