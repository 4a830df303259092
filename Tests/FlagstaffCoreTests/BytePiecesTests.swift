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
}
