import FlagstaffCore

/// Reads the Swift compilation conditions an Xcode build configuration file
/// (`.xcconfig`) sets: the words of `SWIFT_ACTIVE_COMPILATION_CONDITIONS` and
/// each `-D NAME` (or `-DNAME`) of `OTHER_SWIFT_FLAGS`.
///
/// Written by hand: no library reads the format on Linux. It follows Xcode's
/// rules as far as conditions need: `//` starts a comment anywhere on a line;
/// `#include "file"` (relative to the including file) reads another file at that
/// point and `#include? "file"` does so only when it exists; a later assignment
/// replaces an earlier one, and `$(inherited)` (or `${inherited}`) in it stands
/// for the earlier value; `$(NAME)` stands for another setting's value so far.
/// A setting for one build configuration (`NAME[config=Debug] = …`) counts for
/// the configuration of that name, case ignored; settings for an SDK or an
/// architecture only (`[sdk=…]`, `[arch=…]`) are left out. Includes are capped
/// (`InputLimits.xcconfigIncludes` in all, `InputLimits.xcconfigIncludeDepth`
/// deep), so that files that include each other many times cannot run for ever.
public enum XcconfigReader {
    /// What asking for a file's text gave.
    public enum FileText: Sendable {
        /// The file's text.
        case text(String)
        /// Nothing is there, or it cannot be read.
        case unreadable
        /// The file may not be read (it leads outside the workspace): why, and what to do.
        case refused(message: String, hint: String)
    }

    /// The conditions a file and its includes set for the build configuration
    /// named `configuration`; `text` gives a file's text by path. `location` is
    /// where the path is named, for an error when the file itself cannot be read.
    public static func conditions(
        of path: String, configuration: String, namedAt location: SourceLocation?, text: @escaping (String) -> FileText
    ) -> (conditions: Set<String>, diagnostics: [Diagnostic]) {
        var reading = Reading(textOf: text, configuration: configuration.lowercased())
        switch text(path) {
        case .text(let contents): reading.read(contents, file: path, chain: [path])
        case .unreadable: reading.diagnostics.append(Diagnostic.error("cannot read the build configuration file '\(path)'", at: location))
        case .refused(let message, let hint): reading.diagnostics.append(Diagnostic.error(message, at: location, hint: hint))
        }
        var conditions = Set(words(reading.settings["SWIFT_ACTIVE_COMPILATION_CONDITIONS"] ?? ""))
        let flags = words(reading.settings["OTHER_SWIFT_FLAGS"] ?? "")
        for (index, flag) in flags.enumerated() {
            if flag == "-D", index + 1 < flags.count { conditions.insert(flags[index + 1]) }
            else if flag.hasPrefix("-D"), flag.count > 2 { conditions.insert(String(flag.dropFirst(2))) }
        }
        return (conditions.filter { !$0.isEmpty && !$0.hasPrefix("$") }, reading.diagnostics)
    }

    private static func words(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }

    private struct Reading {
        let textOf: (String) -> FileText
        /// The build configuration's name, lowercased.
        let configuration: String
        var settings: [String: String] = [:]
        var diagnostics: [Diagnostic] = []
        /// How many `#include`s have been followed.
        var includes = 0
        /// Whether an include limit was reached, after which nothing more is read.
        var stopped = false

        mutating func read(_ text: String, file: String, chain: [String]) {
            let lines = TextLines(text)
            for number in stride(from: 1, through: lines.count, by: 1) where !stopped {
                var line = lines.text(ofLine: number)
                if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
                let trimmed = line.trimmingCharacters(in: " \t")
                guard !trimmed.isEmpty else { continue }
                let at = SourceLocation(file: file, line: number, column: line.utf8.count - line.drop { $0 == " " || $0 == "\t" }.utf8.count + 1)
                if trimmed.hasPrefix("#include") {
                    include(trimmed, from: file, chain: chain, at: at)
                    continue
                }
                // The `=` of `NAME[config=Debug] = value` is the one after the selector.
                let nameEnd = trimmed.firstIndex(of: "]") ?? trimmed.startIndex
                guard let equals = trimmed[nameEnd...].firstIndex(of: "=") else {
                    diagnostics.append(.warning("a line Flagstaff cannot read: \(trimmed)", at: at, hint: "write NAME = value"))
                    continue
                }
                var name = trimmed[..<equals].trimmingCharacters(in: " \t")
                if let open = name.firstIndex(of: "[") {
                    let selector = name[name.index(after: open)...].dropLast().lowercased()
                    guard selector == "config=\(configuration)" else { continue }
                    name = String(name[..<open]).trimmingCharacters(in: " \t")
                }
                guard !name.isEmpty else { continue }
                let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: " \t")
                settings[name] = expanded(value, name: name)
            }
        }

        /// `#include "path"`: the file's settings, in place; a cycle or a missing file is an error.
        mutating func include(_ line: String, from file: String, chain: [String], at location: SourceLocation) {
            let optional = line.hasPrefix("#include?")
            guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else {
                diagnostics.append(.error("an #include without a quoted path", at: location, hint: "write #include \"Other.xcconfig\""))
                return
            }
            let target = String(line[line.index(after: open)..<close])
            let path = target.hasPrefix("/") ? target : Self.resolved(target, from: file)
            if chain.contains(path) {
                diagnostics.append(
                    .error(
                        "#include cycle: \((chain + [path]).joined(separator: " → "))", at: location,
                        hint: "remove the #include that leads back to a file that includes it"))
                return
            }
            if let problem = limitProblem(depth: chain.count + 1) {
                diagnostics.append(.error(problem, at: location, hint: "see Limits in the README"))
                stopped = true
                return
            }
            includes += 1
            switch textOf(path) {
            case .text(let text): read(text, file: path, chain: chain + [path])
            case .unreadable where optional: return
            case .unreadable:
                diagnostics.append(.error("cannot read '\(path)', which this file includes", at: location, hint: "use #include? for a file that may be absent"))
            case .refused(let message, let hint): diagnostics.append(.error(message, at: location, hint: hint))
            }
        }

        /// Why one more `#include`, `depth` files deep, is past a limit; `nil` when it is not.
        func limitProblem(depth: Int) -> String? {
            if includes >= InputLimits.xcconfigIncludes {
                return "this #include is past the \(InputLimits.xcconfigIncludes.grouped) includes Flagstaff follows for one build configuration"
            }
            if depth > InputLimits.xcconfigIncludeDepth {
                return "this #include nests files \(depth) deep, deeper than the \(InputLimits.xcconfigIncludeDepth) Flagstaff follows"
            }
            return nil
        }

        /// An included path relative to the including file's folder, without `.`
        /// parts and with each `..` applied to the part before it.
        static func resolved(_ target: String, from file: String) -> String {
            var parts = file.split(separator: "/", omittingEmptySubsequences: false).dropLast().map(String.init)
            for part in target.split(separator: "/") {
                if part == "." { continue }
                if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(String(part)) }
            }
            return parts.joined(separator: "/")
        }

        /// A value with `$(inherited)` and `$(NAME)` replaced.
        func expanded(_ value: String, name: String) -> String {
            var output = ""
            var rest = Substring(value)
            while let start = rest.firstIndex(of: "$") {
                output += rest[..<start]
                let after = rest[rest.index(after: start)...]
                guard let open = after.first, open == "(" || open == "{",
                    let close = after.firstIndex(of: open == "(" ? ")" : "}")
                else {
                    output += "$"
                    rest = after
                    continue
                }
                let reference = after[after.index(after: after.startIndex)..<close]
                output += reference == "inherited" ? settings[name] ?? "" : settings[String(reference)] ?? ""
                rest = after[after.index(after: close)...]
            }
            return output + rest
        }
    }
}
