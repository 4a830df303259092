/// Left-aligned columns for terminal output, padded by character count.
public enum TextTable {
    /// The rows as lines, each column as wide as its widest cell, separated by two spaces.
    public static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
            }.joined(separator: "  ")
        }.map { $0 + "\n" }.joined()
    }
}
