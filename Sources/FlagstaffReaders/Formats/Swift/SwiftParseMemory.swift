import SwiftParser
import SwiftSyntax
import Synchronization

/// The last tree each Swift declaration file was parsed into, so that the next
/// version of the same file is parsed again only where it changed. A history
/// walk reads the file that declares the flags once per commit that changes it,
/// a few lines at a time; parsed whole each time, it was a quarter of `due` on a
/// real app (Element X: 90 versions of a 20 KB file).
///
/// swift-syntax's incremental parser reuses the nodes of the last tree that the
/// edit and the parser's lookahead leave alone, and gives the same tree a parse
/// from nothing would (`SwiftParseMemoryTests` checks it on every version of
/// real files). The edit is found here as the one range between the bytes the
/// two versions start and end with.
enum SwiftParseMemory {
    /// The tree of a file's text, from the last tree of a file with that path when there is one.
    static func parse(_ text: String, path: String) -> SourceFileSyntax {
        let last = memory.withLock { $0[path] }
        if let last, last.text == text { return last.result.tree }
        let transition = last.flatMap { last in edit(from: last.text, to: text).map { (last.result, $0) } }.map { result, edit in
            IncrementalParseTransition(previousIncrementalParseResult: result, edits: ConcurrentEdits(fromSequential: [edit]))
        }
        let result = Parser.parseIncrementally(source: text, parseTransition: transition)
        memory.withLock { memory in
            // A process that reads many workspaces (the tests) keeps only a few files' trees.
            if memory.count >= limit && memory[path] == nil { memory.removeAll() }
            memory[path] = Remembered(text: text, result: result)
        }
        return result.tree
    }

    /// The one edit that turns `old` into `new`: what lies between the bytes both
    /// start with and the bytes both end with; `nil` when the texts are the same.
    static func edit(from old: String, to new: String) -> SourceEdit? {
        var (old, new) = (old, new)
        return old.withUTF8 { before in
            new.withUTF8 { after in
                let shorter = min(before.count, after.count)
                var start = 0
                while start < shorter && before[start] == after[start] { start += 1 }
                if start == before.count && start == after.count { return nil }
                var end = 0
                while end < shorter - start && before[before.count - 1 - end] == after[after.count - 1 - end] { end += 1 }
                return SourceEdit(
                    range: AbsolutePosition(utf8Offset: start)..<AbsolutePosition(utf8Offset: before.count - end),
                    replacement: Array(after[start..<(after.count - end)]))
            }
        }
    }

    private struct Remembered: Sendable {
        var text: String
        var result: IncrementalParseResult
    }

    /// How many files' trees are kept at most.
    private static let limit = 16

    private static let memory = Mutex<[String: Remembered]>([:])
}
