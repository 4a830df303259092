import FlagstaffCore

/// The cleanup of stale flags' code for Polyglot Piranha (`pip install
/// polyglot-piranha`, Swift supported): a `rules.toml` that replaces each use of
/// the flag the code-use scan recognises with a Bool literal (a flag check
/// `flags.isEnabled(.caseName)`, `isEnabled(Enum.caseName)`, a property wrapper
/// `@FeatureFlag(.caseName) var x: Bool`, a static property `Flags.caseName`, an
/// instance property `settings.caseName`), after which Piranha's built-in cleanup
/// deletes the dead branches; and, for each flag, the exact Python call with its
/// substitutions. A rolled-out flag is treated as true, a dead flag as false. A
/// flag with a use no rule replaces gets no call, and the reason instead.
public enum PiranhaRenderer {
    /// One flag to clean up.
    public struct Cleanup: Hashable, Sendable {
        /// The flag.
        public var flag: Flag
        /// The value its uses become.
        public var treated: Bool
        /// The files that use it, as paths from the folder the command ran in.
        public var files: [String]
        /// Why the rules cannot clean this flag up: a use that no rule replaces with
        /// the flag's value, so running them would leave the flag half removed.
        /// `nil` when the rules cover every use.
        public var refusal: String?

        /// The cleanup of a flag with its uses; paths are shown after `pathPrefix`.
        public init(flag: Flag, treated: Bool, references: [CodeReference], pathPrefix: String = "") {
            self.flag = flag
            self.treated = treated
            files = references.map { pathPrefix + $0.location.file }.reduce(into: [String]()) { files, file in
                if files.last != file { files.append(file) }
            }
            refusal = PiranhaRenderer.refusal(of: flag, references: references, pathPrefix: pathPrefix)
        }
    }

    /// The folder the rules are saved to, as the commands name it.
    public static let configurationFolder = "piranha"

    /// The rolled-out and dead flags among the entries, each with its uses.
    public static func cleanups(_ entries: [LifecycleEntry], pathPrefix: String = "") -> [Cleanup] {
        entries.filter { $0.has(.rolledOut) || $0.has(.dead) }.map { entry in
            Cleanup(flag: entry.flag, treated: entry.has(.rolledOut), references: entry.references, pathPrefix: pathPrefix)
        }
    }

    /// A `rules.toml` whose leading comments give the Python call for each flag.
    /// `flagChecks` are the names of the app's check methods; `typeNames` those of the types that declare the flags.
    public static func render(_ cleanups: [Cleanup], flagChecks: [String], typeNames: [String]) -> String {
        var text = "# Polyglot Piranha rules for the app's flag checks (\(flagChecks.map { "`\($0)(_:)`" }.joined(separator: ", "))), "
            + "property wrappers and flag properties (pip install polyglot-piranha).\n"
        text += "# Save this file as \(configurationFolder)/rules.toml, then run the call under each flag from the same folder.\n"
        text += "# A rolled-out flag is treated as true, a dead flag as false.\n"
        if cleanups.isEmpty { text += "#\n# No rolled-out or dead flag to clean up.\n" }
        for cleanup in cleanups {
            text += "#\n# \(cleanup.flag.key) (.\(cleanup.flag.caseName)), treated as \(cleanup.treated):\n"
            if cleanup.files.isEmpty {
                text += "#   no uses in code outside the enum; nothing for Piranha to do\n"
            } else if let refusal = cleanup.refusal {
                text += "#   no cleanup: \(refusal)\n"
            } else {
                text += "#   " + pythonCall(cleanup) + "\n"
            }
        }
        return text + "\n" + rules(flagChecks: flagChecks, typeNames: typeNames)
    }

    /// Why the rules cannot replace every use of a flag: the first use no rule
    /// covers, and how many more there are; `nil` when they cover all.
    static func refusal(of flag: Flag, references: [CodeReference], pathPrefix: String) -> String? {
        let uncovered = references.filter { ![.check, .wrapper, .read].contains($0.role) }
        guard let first = uncovered.first else { return nil }
        let place = "\(pathPrefix)\(first.location.file):\(first.location.line):\(first.location.column)"
        let what: String
        switch (first.role, first.kind) {
        case (.factory, _): what = "gets the flag from a call of '\(flag.caseName)', whose value the app reads in its own way"
        case (.write, _): what = "sets '\(flag.caseName)', which a value cannot replace"
        case (_, .string): what = "names the key '\(flag.key)' as text"
        case (_, .constant): what = "reads the flag through a constant that holds its key"
        case (_, .instance): what = "names the property '\(flag.caseName)' other than as value.\(flag.caseName)"
        default: what = "names '.\(flag.caseName)' outside a flag check (flag_check) or a property wrapper that is the property's only attribute"
        }
        let more = uncovered.count > 1 ? " (and \((uncovered.count - 1).counted("other place")) like it)" : ""
        return "the rules cannot replace every use: \(place) \(what)\(more); change \(uncovered.count == 1 ? "it" : "them") by hand first"
    }

    /// The shell command that runs Piranha on the files that use a flag.
    public static func pythonCall(_ cleanup: Cleanup) -> String {
        // A JSON string literal is a Python one too, control characters escaped included.
        let paths = cleanup.files.map(\.jsonQuoted).joined(separator: ", ")
        let name = cleanup.flag.caseName
        let substitutions = "{\"stale_flag\": \"\(name)\", "
            + "\"stale_static\": \"\(cleanup.flag.form == .staticValue ? name : noName)\", "
            + "\"stale_property\": \"\(cleanup.flag.form == .instanceValue ? name : noName)\", "
            + "\"treated\": \"\(cleanup.treated)\", \"treated_complement\": \"\(!cleanup.treated)\"}"
        let program = "from polyglot_piranha import execute_piranha, PiranhaArguments; "
            + "execute_piranha(PiranhaArguments(language=\"swift\", paths_to_codebase=[\(paths)], "
            + "path_to_configurations=\"\(configurationFolder)\", substitutions=\(substitutions)))"
        return "python3 -c " + shellQuoted(program)
    }

    /// The substitution of a hole whose rule does not apply to the flag: no name equals it.
    static let noName = "-"

    /// The rules: each recognised use of the stale flag becomes `@treated`, and a
    /// negated one (`!flags.isEnabled(.x)`, which the grammar reads as a call on
    /// `!flags`) `@treated_complement`.
    static func rules(flagChecks: [String], typeNames: [String]) -> String {
        let methods = "^(" + flagChecks.joined(separator: "|") + ")$"
        let argument = "^(\(typeNames.joined(separator: "|")))?\\\\\\\\.@stale_flag$"
        func rule(_ name: String, query: String, replaceNode: String, replace: String, holes: [String], filter: String? = nil) -> String {
            var text = """
                [[rules]]
                name = "\(name)"
                query = \"\"\"(
                \(query)
                )\"\"\"
                replace_node = "\(replaceNode)"
                replace = "\(replace)"
                holes = [\(holes.map { "\"\($0)\"" }.joined(separator: ", "))]
                groups = ["replace_expression_with_boolean_literal"]

                """
            if let filter { text += "[[rules.filters]]\nenclosing_node = \"(source_file) @file\"\nnot_enclosing_node = \"\(filter)\"\n" }
            return text
        }
        func check(negated: Bool) -> String {
            """
            (call_expression
                (navigation_expression
                    target: (_) @receiver
                    suffix: (navigation_suffix suffix: (simple_identifier) @method))
                (call_suffix (value_arguments (value_argument value: (_) @argument)))) @check
            (#match? @method "\(methods)")
            (\(negated ? "#match?" : "#not-match?") @receiver "^!")
            (#match? @argument "\(argument)")
            """
        }
        func read(_ hole: String, target: String, negated: Bool) -> String {
            """
            (navigation_expression
                target: (_) @receiver
                suffix: (navigation_suffix suffix: (simple_identifier) @name)) @read
            (#eq? @name "@\(hole)")
            (\(negated ? "#match?" : "#not-match?") @receiver "^!")
            (#match? @receiver "\(target)")
            """
        }
        let unqualifiedCheck = """
            (call_expression
                (simple_identifier) @method
                (call_suffix (value_arguments (value_argument value: (_) @argument)))) @check
            (#match? @method "\(methods)")
            (#match? @argument "\(argument)")
            """
        let wrapper = """
            (property_declaration
                (modifiers . (attribute (user_type) (_) @argument) .)
                name: (pattern) @name
                (type_annotation) @type
                !value
                !computed_value) @declaration
            (#match? @argument "\(argument)")
            """
        let assigned = "(directly_assignable_expression) @assigned"
        let enumTarget = "^!?(\(typeNames.joined(separator: "|")))$"
        return [
            rule("replace_flag_check", query: check(negated: false), replaceNode: "check", replace: "@treated", holes: ["stale_flag", "treated"]),
            rule(
                "replace_negated_flag_check", query: check(negated: true), replaceNode: "check", replace: "@treated_complement",
                holes: ["stale_flag", "treated_complement"]),
            rule("replace_unqualified_flag_check", query: unqualifiedCheck, replaceNode: "check", replace: "@treated", holes: ["stale_flag", "treated"]),
            rule(
                "replace_flag_property_wrapper", query: wrapper, replaceNode: "declaration", replace: "var @name@type { @treated }",
                holes: ["stale_flag", "treated"]),
            rule(
                "replace_static_flag_read", query: read("stale_static", target: enumTarget, negated: false), replaceNode: "read",
                replace: "@treated", holes: ["stale_static", "treated"], filter: assigned),
            rule(
                "replace_negated_static_flag_read", query: read("stale_static", target: enumTarget, negated: true), replaceNode: "read",
                replace: "@treated_complement", holes: ["stale_static", "treated_complement"], filter: assigned),
            rule(
                "replace_instance_flag_read", query: read("stale_property", target: "", negated: false), replaceNode: "read",
                replace: "@treated", holes: ["stale_property", "treated"], filter: assigned),
            rule(
                "replace_negated_instance_flag_read", query: read("stale_property", target: "", negated: true), replaceNode: "read",
                replace: "@treated_complement", holes: ["stale_property", "treated_complement"], filter: assigned),
        ].joined(separator: "\n")
    }

    /// The text as one shell word: as it is when safe, else in single quotes.
    static func shellQuoted(_ text: String) -> String {
        let safe = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "_./+-@%:".contains($0)) }
        return safe && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
