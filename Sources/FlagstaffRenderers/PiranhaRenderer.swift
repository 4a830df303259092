import FlagstaffCore

/// The cleanup of stale flags' code for Polyglot Piranha (`pip install
/// polyglot-piranha`, Swift supported): a `rules.toml` that replaces the app's
/// flag-check call (`flags.isEnabled(.caseName)` or `isEnabled(Enum.caseName)`)
/// with a Bool literal, after which Piranha's built-in cleanup deletes the dead
/// branches; and, for each flag, the exact Python call with its substitutions.
/// A rolled-out flag is treated as true, a dead flag as false.
public enum PiranhaRenderer {
    /// One flag to clean up.
    public struct Cleanup: Hashable, Sendable {
        /// The flag.
        public var flag: Flag
        /// The value its checks become.
        public var treated: Bool
        /// The files that use it, as paths from the folder the command ran in.
        public var files: [String]

        /// Creates a cleanup.
        public init(flag: Flag, treated: Bool, files: [String]) {
            self.flag = flag
            self.treated = treated
            self.files = files
        }
    }

    /// The folder the rules are saved to, as the commands name it.
    public static let configurationFolder = "piranha"

    /// The rolled-out and dead flags among the entries, each with the files that use it.
    public static func cleanups(_ entries: [LifecycleEntry], pathPrefix: String = "") -> [Cleanup] {
        entries.filter { $0.has(.rolledOut) || $0.has(.dead) }.map { entry in
            let files = entry.references.map { pathPrefix + $0.location.file }.reduce(into: [String]()) { files, file in
                if files.last != file { files.append(file) }
            }
            return Cleanup(flag: entry.flag, treated: entry.has(.rolledOut), files: files)
        }
    }

    /// A `rules.toml` whose leading comments give the Python call for each flag.
    /// `flagCheck` is the name of the app's check method; `typeNames` those of the types that declare the flags.
    public static func render(_ cleanups: [Cleanup], flagCheck: String, typeNames: [String]) -> String {
        var text = "# Polyglot Piranha rules for the app's `\(flagCheck)(_:)` flag checks (pip install polyglot-piranha).\n"
        text += "# Save this file as \(configurationFolder)/rules.toml, then run the call under each flag from the same folder.\n"
        text += "# A rolled-out flag is treated as true, a dead flag as false.\n"
        if cleanups.isEmpty { text += "#\n# No rolled-out or dead flag to clean up.\n" }
        for cleanup in cleanups {
            text += "#\n# \(cleanup.flag.key) (.\(cleanup.flag.caseName)), treated as \(cleanup.treated):\n"
            if cleanup.files.isEmpty {
                text += "#   no uses in code outside the enum; nothing for Piranha to do\n"
                continue
            }
            text += "#   " + pythonCall(cleanup) + "\n"
        }
        return text + "\n" + rules(flagCheck: flagCheck, typeNames: typeNames)
    }

    /// The shell command that runs Piranha on the files that use a flag.
    public static func pythonCall(_ cleanup: Cleanup) -> String {
        let paths = cleanup.files.map { "\"\(pythonEscaped($0))\"" }.joined(separator: ", ")
        let substitutions = "{\"stale_flag\": \"\(cleanup.flag.caseName)\", \"treated\": \"\(cleanup.treated)\", "
            + "\"treated_complement\": \"\(!cleanup.treated)\"}"
        let program = "from polyglot_piranha import execute_piranha, PiranhaArguments; "
            + "execute_piranha(PiranhaArguments(language=\"swift\", paths_to_codebase=[\(paths)], "
            + "path_to_configurations=\"\(configurationFolder)\", substitutions=\(substitutions)))"
        return "python3 -c " + shellQuoted(program)
    }

    /// The rules: a check of the stale flag becomes `@treated`, a negated check `@treated_complement`.
    static func rules(flagCheck: String, typeNames: [String]) -> String {
        func rule(_ name: String, receiver: String, predicate: String, replace: String) -> String {
            """
            [[rules]]
            name = "\(name)"
            query = \"\"\"(
            (call_expression
                (navigation_expression
                    target: \(receiver) @receiver
                    suffix: (navigation_suffix suffix: (simple_identifier) @method))
                (call_suffix (value_arguments (value_argument value: (_) @argument)))) @check
            (#eq? @method "\(flagCheck)")
            (\(predicate) @receiver "^!")
            (#match? @argument "^(\(typeNames.joined(separator: "|")))?\\\\\\\\.@stale_flag$")
            )\"\"\"
            replace_node = "check"
            replace = "@\(replace)"
            holes = ["stale_flag", "\(replace)"]
            groups = ["replace_expression_with_boolean_literal"]

            """
        }
        return rule("replace_flag_check", receiver: "(_)", predicate: "#not-match?", replace: "treated") + "\n"
            + rule("replace_negated_flag_check", receiver: "(prefix_expression)", predicate: "#match?", replace: "treated_complement")
    }

    /// The text as one shell word: as it is when safe, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./+-@%:".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    static func pythonEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }
}
