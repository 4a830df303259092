import FlagstaffCore

/// Which of a type's declarations are flags when the type mixes them with other
/// things (`swift.flag_marks`): Element X's `AppSettings` keeps its feature flags
/// under `// MARK: - Feature Flags`, among user settings that are not flags.
enum FlagScope {
    /// Keeps the flags under the named MARK groups, and only those groups' marks;
    /// returns the case names of the members left out. With no groups named,
    /// every flag stays.
    static func limit(_ flagEnum: inout FlagEnum, to groups: [String]) -> Set<String> {
        guard !groups.isEmpty else { return [] }
        let inScope = { (flag: Flag) in flag.group.map(groups.contains) ?? false }
        let outOfScope = Set(flagEnum.flags.filter { !inScope($0) }.map(\.caseName))
        flagEnum.flags.removeAll { !inScope($0) }
        flagEnum.marks.removeAll { !groups.contains($0.name) }
        return outOfScope
    }

    /// An error for each group `swift.flag_marks` names that no declaring type has
    /// a MARK for, with the groups it has.
    static func unmatchedMarks(_ settings: SwiftSettings, marks: [FlagEnum.Mark]) -> [Diagnostic] {
        let found = marks.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        return settings.flagMarks.filter { !found.contains($0) }.map { group in
            .error(
                "swift.flag_marks names '\(group)', but no declaring type has a `// MARK: - \(group)`",
                at: settings.locations[.flagMarks],
                hint: Suggestion.didYouMean(group, in: found) ?? (found.isEmpty ? "the types have no MARK comments" : "groups found: \(found.joined(separator: ", "))"))
        }
    }
}
