/// "Did you mean …?" hints for mistyped names.
public enum Suggestion {
    /// Names longer than this many characters get no suggestion: no flag key,
    /// tenant id or setting is that long, and comparing such a name with every
    /// candidate would cost time in proportion to its length.
    public static let longestComparedName = 200

    /// The candidate closest to a misspelt name, when it is close enough to be a typo.
    ///
    /// A candidate is a typo of the name when at most a quarter of the shorter one's
    /// characters (at least one) differ. Candidates whose length alone rules that
    /// out are skipped, and the table of distances only fills the band of cells
    /// that can stay within it, so each comparison costs about the name's length
    /// times the allowed distance, never the product of the two lengths.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        guard name.utf8.count <= longestComparedName * 4 else { return nil }
        let lowered = Array(name.lowercased())
        guard lowered.count <= longestComparedName else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates where candidate.utf8.count <= longestComparedName * 4 {
            let other = Array(candidate.lowercased())
            let allowed = max(1, min(lowered.count, other.count) / 4)
            let limit = min(allowed, (best?.distance ?? .max) - 1)
            guard abs(lowered.count - other.count) <= limit,
                let distance = editDistance(lowered, other, atMost: limit)
            else { continue }
            best = (candidate, distance)
        }
        return best?.candidate
    }

    /// `did you mean 'X'?` for the closest candidate, or `nil`.
    public static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String? {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The edit distance between two strings, counted in characters, where
    /// swapping two neighbouring characters counts as one edit (optimal string alignment).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        return editDistance(left, right, atMost: max(left.count, right.count))!
    }

    /// The edit distance when it is at most `limit`, else `nil`. Only cells within
    /// `limit` of the diagonal can stay within it, so only those are computed.
    static func editDistance(_ left: [Character], _ right: [Character], atMost limit: Int) -> Int? {
        guard limit >= 0, abs(left.count - right.count) <= limit else { return nil }
        if left.isEmpty || right.isEmpty { return max(left.count, right.count) }
        let outside = limit + 1
        // Three rows of the table: i - 2, i - 1 and i; cells outside the band hold `outside`.
        var older = [Int](repeating: outside, count: right.count + 1)
        var previous = (0...right.count).map { $0 <= limit ? $0 : outside }
        var current = [Int](repeating: outside, count: right.count + 1)
        for i in 1...left.count {
            let low = max(1, i - limit), high = min(right.count, i + limit)
            current[0] = i <= limit ? i : outside
            if low > 1 { current[low - 1] = outside }
            var rowMinimum = current[0]
            for j in low...high {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    value = min(value, older[j - 2] + 1)
                }
                current[j] = min(value, outside)
                rowMinimum = min(rowMinimum, current[j])
            }
            if high < right.count { current[high + 1] = outside }
            guard rowMinimum <= limit else { return nil }
            (older, previous, current) = (previous, current, older)
        }
        let distance = previous[right.count]
        return distance <= limit ? distance : nil
    }
}
