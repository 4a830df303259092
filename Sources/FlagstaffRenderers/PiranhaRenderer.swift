import FlagstaffCore
import Foundation

/// Arguments for Uber Piranha's Swift tool (`cleanup-stale-flags`), which deletes
/// a stale flag's code: one line per rolled-out or dead flag and file that uses it.
public enum PiranhaRenderer {
    /// The lines for the rolled-out and dead flags among `entries`. Paths get
    /// `pathPrefix`, so they work from the folder the command ran in.
    public static func render(_ entries: [LifecycleEntry], pathPrefix: String = "") -> String {
        var text = "# Uber Piranha (Swift) arguments: piranha cleanup-stale-flags -c <config.json> <line>\n"
        text += "# A rolled-out flag is treated as on (--treated); a dead flag as off.\n"
        for entry in entries where entry.has(.rolledOut) || entry.has(.dead) {
            let treated = entry.has(.rolledOut) ? " --treated" : ""
            let files = entry.references.map(\.location.file).reduce(into: [String]()) { files, file in
                if files.last != file { files.append(file) }
            }
            if files.isEmpty {
                text += "# \(entry.flag.key) (.\(entry.flag.caseName)): no uses outside the enum; delete the case by hand\n"
            }
            for file in files {
                text += "--source-file \(shellQuoted(pathPrefix + file)) --flag \(entry.flag.caseName)\(treated)\n"
            }
        }
        return text
    }

    /// The text as one shell word: as it is when safe, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./+-@%:".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
