/// File names made from flag keys, tenant ids and page names: lowercase ASCII
/// letters, digits, `-` and `_`, so they are safe on every disk and in URLs.
public enum Slug {
    /// The safe form of a name; never empty, never `.` or `..`.
    public static func make(_ name: String) -> String {
        var slug = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-" {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        let trimmed = slug.trimmingDashes()
        return trimmed.isEmpty ? "page" : trimmed
    }

    /// A unique slug for each name. Names whose safe forms collide (for example
    /// `darkMode` and `DARKMODE` on a case-insensitive disk) each get a suffix made
    /// from a hash of the exact name, so a name's file never depends on the others' order.
    public static func unique(_ names: [String]) -> [String: String] {
        var byBase: [String: [String]] = [:]
        for name in names { byBase[make(name), default: []].append(name) }
        var slugs: [String: String] = [:]
        for (base, group) in byBase {
            for name in group {
                slugs[name] = group.count == 1 ? base : "\(base)-\(hash(name))"
            }
        }
        return slugs
    }

    /// FNV-1a, 32 bits, as 8 hex digits: stable across runs and platforms, unlike `Hasher`.
    static func hash(_ text: String) -> String {
        var value: UInt32 = 0x811C_9DC5
        for byte in text.utf8 {
            value ^= UInt32(byte)
            value = value &* 0x0100_0193
        }
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}

extension String {
    fileprivate func trimmingDashes() -> String {
        var text = Substring(self)
        while text.hasPrefix("-") { text = text.dropFirst() }
        while text.hasSuffix("-") { text = text.dropLast() }
        return String(text)
    }
}
