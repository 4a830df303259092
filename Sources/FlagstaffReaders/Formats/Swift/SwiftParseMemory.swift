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
/// from nothing would (`SwiftParseMemoryTests` checks it on versions made from
/// every fixture's Swift files). The edits are found here line by line.
enum SwiftParseMemory {
    /// The tree of a file's text, from the last tree of a file with that path when there is one.
    static func parse(_ text: String, path: String) -> SourceFileSyntax {
        let last = memory.withLock { $0[path] }
        if let last, last.text == text { return last.result.tree }
        let transition = last.map { last in
            IncrementalParseTransition(
                previousIncrementalParseResult: last.result, edits: ConcurrentEdits(fromSequential: edits(from: last.text, to: text)))
        }
        let result = Parser.parseIncrementally(source: text, parseTransition: transition)
        memory.withLock { memory in
            // A process that reads many workspaces (the tests) keeps only a few files' trees.
            if memory.count >= limit && memory[path] == nil { memory.removeAll() }
            memory[path] = Remembered(text: text, result: result)
        }
        return result.tree
    }

    /// The edits that turn `old` into `new`, in order: the lines that differ,
    /// between the lines both start with and the lines both end with. Two commits
    /// often change a type in two places far apart (a flag's case and its
    /// default); one edit over both would leave little of the last tree to reuse.
    /// Past `diffedLines` lines between, that part is one edit. Empty when the
    /// texts are the same. `hash` hashes a line (the tests give one that makes every two lines alike).
    static func edits(from old: String, to new: String, hash: (ArraySlice<UInt8>) -> UInt64 = fnv1a) -> [SourceEdit] {
        let (before, after) = (Lines(old), Lines(new))
        let shorter = min(before.count, after.count)
        var start = 0
        while start < shorter && before[start] == after[start] { start += 1 }
        var end = 0
        while end < shorter - start && before[before.count - 1 - end] == after[after.count - 1 - end] { end += 1 }
        let (removed, added) = (start..<(before.count - end), start..<(after.count - end))
        if removed.isEmpty && added.isEmpty { return [] }
        guard removed.count <= diffedLines && added.count <= diffedLines else {
            return [SourceEdit(range: before.range(of: removed), replacement: after.bytes(of: added))]
        }
        // Lines compared by a hash of their bytes: a dictionary of the lines
        // themselves made the comparison most of the parse. Lines the hashes pair
        // up are then compared byte for byte: two lines with the same hash would
        // otherwise make an edit the parser trusts wrong.
        let (old, new) = (removed.map { hash(before[$0]) }, added.map { hash(after[$0]) })
        let difference = new.difference(from: old)
        var (gone, put) = (Set<Int>(), Set<Int>())
        for change in difference {
            switch change {
            case .remove(let offset, _, _): gone.insert(offset)
            case .insert(let offset, _, _): put.insert(offset)
            }
        }
        let (kept, same) = (removed.filter { !gone.contains($0 - start) }, added.filter { !put.contains($0 - start) })
        guard zip(kept, same).allSatisfy({ before[$0] == after[$1] }) else {
            return [SourceEdit(range: before.range(of: removed), replacement: after.bytes(of: added))]
        }
        // Lines taken out last first, so each keeps its place in `old`; then lines
        // put in first first, each where `new` has it, as all before it are `new`'s by then.
        var edits: [SourceEdit] = []
        for case .remove(let offset, _, _) in difference.removals.reversed() {
            edits.append(SourceEdit(range: before.range(of: (start + offset)..<(start + offset + 1)), replacement: []))
        }
        for case .insert(let offset, _, _) in difference.insertions {
            let line = start + offset
            edits.append(SourceEdit(range: after.range(of: line..<line), replacement: after.bytes(of: line..<(line + 1))))
        }
        return edits
    }

    /// The FNV-1a hash of some bytes.
    static func fnv1a(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// How many lines that differ are compared line by line at most: the
    /// comparison costs their number times the lines that differ.
    static let diffedLines = 2_000

    /// A text's lines, each with its line break, as bytes.
    private struct Lines {
        let bytes: [UInt8]
        /// Where each line starts, and the text's end.
        let starts: [Int]

        init(_ text: String) {
            bytes = Array(text.utf8)
            var starts = [0]
            for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            if starts.last != bytes.count { starts.append(bytes.count) }
            self.starts = starts
        }

        var count: Int { starts.count - 1 }

        subscript(line: Int) -> ArraySlice<UInt8> { bytes[starts[line]..<starts[line + 1]] }

        /// The bytes of some lines, as a range of positions.
        func range(of lines: Range<Int>) -> Range<AbsolutePosition> {
            AbsolutePosition(utf8Offset: starts[lines.lowerBound])..<AbsolutePosition(utf8Offset: starts[lines.upperBound])
        }

        func bytes(of lines: Range<Int>) -> [UInt8] { Array(bytes[starts[lines.lowerBound]..<starts[lines.upperBound]]) }
    }

    private struct Remembered: Sendable {
        var text: String
        var result: IncrementalParseResult
    }

    /// How many files' trees are kept at most.
    private static let limit = 16

    private static let memory = Mutex<[String: Remembered]>([:])
}
