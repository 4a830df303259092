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

    @Test func theEditIsWhatLiesBetweenTheSameStartAndEnd() {
        func edit(_ old: String, _ new: String) -> String? {
            SwiftParseMemory.edit(from: old, to: new).map { "\($0.range.lowerBound.utf8Offset)..<\($0.range.upperBound.utf8Offset) \($0.replacement)" }
        }
        #expect(edit("let a = 1", "let a = 1") == nil)
        #expect(edit("let a = 1", "let b = 1") == "4..<5 b")
        #expect(edit("case a\n", "case a\ncase b\n") == "7..<7 case b\n")
        #expect(edit("case a\ncase b\n", "case b\n") == "5..<12 ")
        #expect(edit("abca", "a") == "1..<4 ", "the end is not looked for inside the start")
        #expect(edit("aaa", "aaaa") == "3..<3 a")
        #expect(edit("x = \"é\"", "x = \"è\"") == "6..<7 \u{FFFD}", "bytes, not characters: é and è share their first byte")
        #expect(edit("", "case a") == "0..<0 case a")
        #expect(edit("case a", "") == "0..<6 ")
    }

    @Test func aFileWithAnotherTextIsNotTheLastTree() {
        let path = "SwiftParseMemoryTests/same-path.swift"
        #expect(SwiftParseMemory.parse("enum F { case a }", path: path).description == "enum F { case a }")
        #expect(SwiftParseMemory.parse("enum F { case b }", path: path).description == "enum F { case b }")
        #expect(SwiftParseMemory.parse("enum F { case b }", path: path).description == "enum F { case b }")
    }
}
