import FlagstaffCore

/// The flags as read from the sources, for `flagstaff list`: key, case, group,
/// whether the catalog has a row, deprecation and `#if` condition.
public enum FlagListRenderer {
    /// An aligned table with a one-line summary above it.
    public static func text(_ model: FlagModel) -> String {
        var text = "enum \(model.flagEnum.name): \(model.flags.count.counted("flag"))"
        text += model.flagEnum.hasStringRawValues ? "\n" : " (no String raw type: keys are the case names)\n"
        let rows = [["KEY", "CASE", "GROUP", "CATALOG"]] + model.flags.map { flag in
            [
                flag.key + (flag.isDeprecated ? " (deprecated)" : "") + (flag.condition.map { " (#if \($0))" } ?? ""),
                flag.caseName, flag.group ?? "-", model.catalog.entry(for: flag.key) == nil ? "MISSING" : "yes",
            ]
        }
        return text + TextTable.render(rows)
    }

    /// The same as JSON: `enum`, `stringRawValues` and `flags`.
    public static func json(_ model: FlagModel) -> String {
        let flags = model.flags.map { flag in
            JSONValue.object([
                .init("key", .string(flag.key)), .init("case", .string(flag.caseName)),
                .init("group", .optional(flag.group)), .init("inCatalog", .bool(model.catalog.entry(for: flag.key) != nil)),
                .init("deprecated", .optional(flag.deprecation)), .init("condition", .optional(flag.condition)),
            ])
        }
        return JSONValue.object([
            .init("enum", .string(model.flagEnum.name)),
            .init("stringRawValues", .bool(model.flagEnum.hasStringRawValues)),
            .init("flags", .array(flags)),
        ]).serialized()
    }
}
