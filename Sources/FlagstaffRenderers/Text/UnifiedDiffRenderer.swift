/// A unified diff of two texts, as `diff -u` and git print it, with three lines of context.
public enum UnifiedDiffRenderer {
    /// The diff of `old` (`nil` for a new file) and `new` under a path; empty when they are equal.
    public static func render(path: String, old: String?, new: String, context: Int = 3) -> String {
        guard old != new else { return "" }
        let before = lines(old ?? ""), after = lines(new)
        let operations = diff(before, after)
        var text = "--- \(old == nil ? "/dev/null" : "a/" + path)\n+++ b/\(path)\n"
        let changes = operations.indices.filter { operations[$0].kind != .same }
        var groups: [ClosedRange<Int>] = []
        for change in changes {
            if let last = groups.last, change - last.upperBound <= 2 * context + 1 {
                groups[groups.count - 1] = last.lowerBound...change
            } else {
                groups.append(change...change)
            }
        }
        for group in groups {
            let start = max(0, group.lowerBound - context), end = min(operations.count, group.upperBound + context + 1)
            let hunk = operations[start..<end]
            let oldStart = hunk.first?.oldLine ?? 0, newStart = hunk.first?.newLine ?? 0
            let oldCount = hunk.filter { $0.kind != .added }.count, newCount = hunk.filter { $0.kind != .removed }.count
            text += "@@ -\(range(oldStart, oldCount)) +\(range(newStart, newCount)) @@\n"
            for operation in hunk {
                let line: Line
                switch operation.kind {
                case .same: text += " "; line = before[operation.oldLine - 1]
                case .removed: text += "-"; line = before[operation.oldLine - 1]
                case .added: text += "+"; line = after[operation.newLine - 1]
                }
                text += line.text + "\n"
                if !line.terminated { text += "\\ No newline at end of file\n" }
            }
        }
        return text
    }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(count == 0 ? start - 1 : start),\(count)"
    }

    struct Line: Equatable {
        var text: String
        var terminated: Bool
    }

    struct Operation {
        enum Kind { case same, removed, added }
        var kind: Kind
        /// 1-based line numbers in the old and new text; for an addition, the old line it follows (+1), and so on.
        var oldLine: Int
        var newLine: Int
    }

    static func lines(_ text: String) -> [Line] {
        guard !text.isEmpty else { return [] }
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false).map { Line(text: String($0), terminated: true) }
        if parts.last?.text.isEmpty == true { parts.removeLast() } else { parts[parts.count - 1].terminated = false }
        return parts
    }

    /// The edit script of the standard library's difference (Myers' algorithm,
    /// in time proportional to the texts' length times the lines changed): in
    /// order, each line kept, removed or added, removals before additions.
    static func diff(_ a: [Line], _ b: [Line]) -> [Operation] {
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in b.difference(from: a) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var operations: [Operation] = []
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, removed.contains(i) {
                operations.append(Operation(kind: .removed, oldLine: i + 1, newLine: j + 1))
                i += 1
            } else if j < b.count, inserted.contains(j) {
                operations.append(Operation(kind: .added, oldLine: i + 1, newLine: j + 1))
                j += 1
            } else {
                operations.append(Operation(kind: .same, oldLine: i + 1, newLine: j + 1))
                i += 1
                j += 1
            }
        }
        return operations
    }
}
