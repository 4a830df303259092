import FlagstaffCore

/// The flags as read from the sources, for `flagstaff list`: key, case, group,
/// whether the catalog has a row, deprecation and `#if` condition.
public enum FlagListRenderer {
    /// For each declaring type, an aligned table with a one-line summary above
    /// it. Without a catalog (it could not be read), the catalog column says `?`.
    public static func text(_ flagEnums: [FlagEnum], catalog: Catalog?) -> String {
        flagEnums.map { text($0, catalog: catalog) }.joined(separator: "\n")
    }

    private static func text(_ flagEnum: FlagEnum, catalog: Catalog?) -> String {
        var text = "enum \(flagEnum.name): \(flagEnum.flags.count.counted("flag"))"
        text += flagEnum.hasStringRawValues ? "\n" : " (no String raw type: keys are the case names)\n"
        let rows = [["KEY", "CASE", "GROUP", "CATALOG"]] + flagEnum.flags.map { flag in
            [
                flag.key + (flag.isDeprecated ? " (deprecated)" : "") + (flag.condition.map { " (#if \($0))" } ?? ""),
                flag.caseName, flag.group ?? "-", catalog.map { $0.entry(for: flag.key) == nil ? "MISSING" : "yes" } ?? "?",
            ]
        }
        return text + TextTable.render(rows)
    }

    /// The same as JSON: `enum`, `stringRawValues` and `flags`, or, when several
    /// types declare flags, `types`, a list of such objects; `inCatalog` is
    /// `null` when the catalog could not be read.
    public static func json(_ flagEnums: [FlagEnum], catalog: Catalog?) -> String {
        guard flagEnums.count == 1 else { return JSONValue.object([.init("types", .array(flagEnums.map { json($0, catalog: catalog) }))]).serialized() }
        return json(flagEnums[0], catalog: catalog).serialized()
    }

    private static func json(_ flagEnum: FlagEnum, catalog: Catalog?) -> JSONValue {
        let flags = flagEnum.flags.map { flag in
            JSONValue.object([
                .init("key", .string(flag.key)), .init("case", .string(flag.caseName)),
                .init("group", .optional(flag.group)),
                .init("inCatalog", catalog.map { .bool($0.entry(for: flag.key) != nil) } ?? .null),
                .init("deprecated", .optional(flag.deprecation)), .init("condition", .optional(flag.condition)),
            ])
        }
        return JSONValue.object([
            .init("enum", .string(flagEnum.name)),
            .init("stringRawValues", .bool(flagEnum.hasStringRawValues)),
            .init("flags", .array(flags)),
        ])
    }
}
