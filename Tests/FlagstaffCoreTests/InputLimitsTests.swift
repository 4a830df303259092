@testable import FlagstaffCore
import Testing

@Suite("Input limits")
struct InputLimitsTests {
    @Test func aFileAtTheLimitIsReadAndOneByteMoreIsNot() {
        #expect(InputLimits.problem(size: InputLimits.fileBytes, file: "f") == nil)
        #expect(InputLimits.problem(size: InputLimits.fileBytes + 1, file: "f")?.description
            == "f:1:1: error: the file is 8.1 MiB, larger than the 8 MiB Flagstaff reads; see Limits in the README")
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func theLongestLineIsMeasuredBetweenLineEndings(_ ending: String) {
        let atLimit = String(repeating: "x", count: InputLimits.lineBytes)
        #expect(InputLimits.problem(in: Array((atLimit + ending + atLimit + ending).utf8), file: "f") == nil)
        let problem = InputLimits.problem(in: Array(("a" + ending + ending + atLimit + "y").utf8), file: "f")
        #expect(problem?.location == SourceLocation(file: "f", line: 3, column: InputLimits.lineBytes + 1))
        #expect(problem?.message == "this line is longer than 1 MiB, the longest line Flagstaff reads")
    }

    /// A file no longer than the line limit is not scanned; one byte more is.
    @Test func aOneLineFileAtTheLineLimitIsReadAndOneByteMoreIsNot() {
        #expect(InputLimits.problem(in: Array(repeating: UInt8(ascii: "x"), count: InputLimits.lineBytes), file: "f") == nil)
        let problem = InputLimits.problem(in: Array(repeating: UInt8(ascii: "x"), count: InputLimits.lineBytes + 1), file: "f")
        #expect(problem?.location == SourceLocation(file: "f", line: 1, column: InputLimits.lineBytes + 1))
    }

    @Test func sizesAreWrittenInMebibytes() {
        #expect(InputLimits.megabytes(8 << 20) == "8 MiB")
        #expect(InputLimits.megabytes((8 << 20) + 1) == "8.1 MiB")
        #expect(InputLimits.megabytes(3 << 19) == "1.5 MiB")
    }
}
