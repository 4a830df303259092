/// "Did you mean …?" hints for mistyped names.
public enum Suggestion {
    /// The candidate closest to a misspelt name, when it is close enough to be a typo.
    public static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let lowered = name.lowercased()
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(lowered, candidate.lowercased())
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(1, min(name.count, best.candidate.count) / 4)
        return best.distance <= allowed ? best.candidate : nil
    }

    /// `did you mean 'X'?` for the closest candidate, or `nil`.
    public static func didYouMean(_ name: String, in candidates: some Sequence<String>) -> String? {
        closest(to: name, in: candidates).map { "did you mean '\($0)'?" }
    }

    /// The edit distance between two strings, counted in characters, where
    /// swapping two neighbouring characters counts as one edit (optimal string alignment).
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs), right = Array(rhs)
        if left.isEmpty { return right.count }
        if right.isEmpty { return left.count }
        var table = [[Int]](repeating: [Int](repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in 0...left.count { table[i][0] = i }
        for j in 0...right.count { table[0][j] = j }
        for i in 1...left.count {
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[left.count][right.count]
    }
}
