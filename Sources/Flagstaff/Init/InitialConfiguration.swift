import FlagstaffCore
import FlagstaffReaders

/// The `flagstaff.yml` that `flagstaff init` writes: each top-level key with its
/// value in YAML and a comment that says what was found and why, after a header
/// that lists what is left to decide.
struct InitialConfiguration {
    /// One top-level key of the file.
    struct Entry {
        var key: Configuration.Key
        /// The value in YAML flow style (`[debug, release]`), or block lines indented by two spaces.
        var value: String
        /// Why the key has this value, one comment line per element.
        var why: [String]
    }

    /// The top-level keys, in the order they are written.
    var entries: [Entry] = []
    /// What `init` was unsure of, in words; each names what to decide.
    var unsure: [String] = []

    /// Adds a top-level key with its value in YAML and the comment lines that say why.
    mutating func set(_ key: Configuration.Key, _ value: String, why: String...) {
        entries.append(Entry(key: key, value: value, why: why))
    }

    /// The file's text.
    var text: String {
        var lines = ["# Written by `flagstaff init` from what it found in this folder. Check it, then run `flagstaff validate`."]
        if unsure.isEmpty {
            lines.append("# Nothing was left to decide.")
        } else {
            lines.append("# Left to decide:")
            lines += unsure.map { "# - \($0)" }
        }
        for entry in entries {
            lines.append("")
            lines += entry.why.map { "# \($0)" }
            lines.append(entry.value.hasPrefix("\n") ? "\(entry.key.rawValue):\(entry.value)" : "\(entry.key.rawValue): \(entry.value)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Items for a sentence: the first five, then how many more.
    static func few(_ items: [String]) -> String {
        let shown = items.prefix(5) + (items.count > 5 ? ["\(items.count - 5) more"] : [])
        return RemoteConditionWords.list(Array(shown), joinedBy: "and")
    }

    /// A list of strings in flow style.
    static func list(_ items: [String]) -> String {
        "[" + items.map(YAMLScalar.written).joined(separator: ", ") + "]"
    }
}
