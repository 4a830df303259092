import Foundation
@testable import FlagstaffReaders
import SwiftParser
import SwiftSyntax
import Testing

/// A declaration file parsed from its last version's tree must give the tree a
/// parse from nothing gives, or a history would read other flags than the file has.
@Suite("Parsing a file again from its last version")
struct SwiftParseMemoryTests {
    /// Every Swift file of the fixture workspaces shaped like real apps.
    static let files: [URL] = {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let folders = [tests.appendingPathComponent("FlagstaffTests/Fixtures"), tests.appendingPathComponent("FlagstaffReadersTests/Fixtures")]
        return folders.flatMap { folder in
            (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.allObjects as? [URL] ?? [])
                .filter { $0.pathExtension == "swift" && !$0.path.contains("typecheck-stubs") }
        }.sorted { $0.path < $1.path }
    }()

    /// The versions a history might read one after another: lines taken out one
    /// at a time, a case and a member added, a string and a name changed, the file
    /// cut short, emptied, and whole again.
    static func versions(of text: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var versions = [text]
        // Eight lines of each file, spread over it.
        for index in stride(from: 0, to: lines.count, by: max(1, lines.count / 8)) {
            var fewer = lines
            fewer.remove(at: index)
            versions.append(fewer.joined(separator: "\n"))
        }
        let middle = lines.count / 2
        var more = lines
        more.insert("    case addedInThisCommit = \"added_in_this_commit\"", at: middle)
        versions.append(more.joined(separator: "\n"))
        more.insert("    static var addedLater: Bool { true }", at: 1)
        versions.append(more.joined(separator: "\n"))
        versions.append(text.replacingOccurrences(of: "\"", with: "\"é"))
        versions.append(text.replacingOccurrences(of: "enabled", with: "on", options: .caseInsensitive))
        versions.append(String(text.prefix(text.count / 2)))
        versions += ["", text, "#if DEBUG\n" + text, text]
        return versions
    }

    /// The tree as a parse from nothing prints it, trivia and all.
    static func structure(_ tree: SourceFileSyntax) -> String { tree.debugDescription(includeTrivia: true) }

    @Test(arguments: files)
    func eachVersionParsesAsFromNothing(_ file: URL) throws {
        let text = try String(contentsOf: file, encoding: .utf8)
        // A path of this test's own: other tests parse the fixtures' paths meanwhile.
        let path = "SwiftParseMemoryTests/" + file.path
        for (index, version) in Self.versions(of: text).enumerated() {
            let tree = SwiftParseMemory.parse(version, path: path)
            #expect(tree.description == version, "version \(index) of \(file.lastPathComponent) does not read back")
            #expect(Self.structure(tree) == Self.structure(Parser.parse(source: version)), "version \(index) of \(file.lastPathComponent)")
        }
    }

    /// Each edit as `start..<end replacement`, in the order they apply.
    static func edits(_ old: String, _ new: String) -> [String] {
        SwiftParseMemory.edits(from: old, to: new).map { "\($0.range.lowerBound.utf8Offset)..<\($0.range.upperBound.utf8Offset) \($0.replacement)" }
    }

    @Test func theEditsAreTheLinesThatDiffer() {
        #expect(Self.edits("let a = 1", "let a = 1") == [])
        #expect(Self.edits("let a = 1", "let b = 1") == ["0..<9 ", "0..<0 let b = 1"])
        #expect(Self.edits("case a\n", "case a\ncase b\n") == ["7..<7 case b\n"])
        #expect(Self.edits("case a\ncase b\n", "case b\n") == ["0..<7 "])
        // Two changes far apart are two edits, the later line taken out first.
        #expect(Self.edits("a\nb\nc\nd\ne\n", "a\nB\nc\nd\nE\n") == ["8..<10 ", "2..<4 ", "2..<2 B\n", "8..<8 E\n"])
        #expect(Self.edits("a\nb", "a\nb\n") == ["2..<3 ", "2..<2 b\n"], "a last line without its line break is another line")
        #expect(Self.edits("", "case a") == ["0..<0 case a"])
        #expect(Self.edits("case a", "") == ["0..<6 "])
    }

    /// Lines whose hashes are the same and whose bytes are not are no match:
    /// everything between the same start and end is then one edit.
    @Test func linesAlikeOnlyByTheirHashAreNoMatch() {
        let edits = SwiftParseMemory.edits(from: "a\nb\nc\nz\n", to: "a\nB\nc\nC\nz\n") { _ in 7 }
        #expect(edits.map { "\($0.range.lowerBound.utf8Offset)..<\($0.range.upperBound.utf8Offset) \($0.replacement)" } == ["2..<6 B\nc\nC\n"])
    }

    @Test func pastTheLimitTheLinesBetweenAreOneEdit() {
        let limit = SwiftParseMemory.diffedLines
        let (xs, ys) = (String(repeating: "x\n", count: limit), String(repeating: "y\n", count: limit))
        #expect(Self.edits("a\n" + xs + "z\n", "a\n" + ys + "z\n").count == 2 * limit, "at the limit, line by line")
        #expect(Self.edits("a\n" + xs + "x\nz\n", "a\n" + ys + "y\nz\n") == ["2..<\(2 + 2 * (limit + 1)) " + ys + "y\n"])
    }

    @Test func aFileWithAnotherTextIsNotTheLastTree() {
        let path = "SwiftParseMemoryTests/same-path.swift"
        #expect(SwiftParseMemory.parse("enum F { case a }", path: path).description == "enum F { case a }")
        #expect(SwiftParseMemory.parse("enum F { case b }", path: path).description == "enum F { case b }")
        #expect(SwiftParseMemory.parse("enum F { case b }", path: path).description == "enum F { case b }")
    }
}
