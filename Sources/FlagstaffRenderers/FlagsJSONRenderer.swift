import FlagstaffCore

/// Renders `flags.json`, the versioned export other tools read. See the README
/// for the schema; bump `schemaVersion` on any incompatible change.
public enum FlagsJSONRenderer {
    /// The schema version this renderer writes.
    public static let schemaVersion = 2

    /// The export of a slice of the matrix, with each flag's lifecycle when a report is given.
    public static func render(_ slice: MatrixSlice, lifecycle: LifecycleReport? = nil) -> String {
        let model = slice.matrix.model
        let catalogColumns = model.catalog.extraColumns
        let flags: [JSONValue] = model.flags.map { flag in
            let entry = model.catalog.entry(for: flag.key)
            let catalog = catalogColumns.map { column in
                JSONValue.Member(column, .optional(entry?.value(column)))
            }
            let values = slice.tenants.map { tenant in
                JSONValue.Member(
                    tenant.id,
                    .object(
                        slice.environments.map { environment in
                            JSONValue.Member(environment, cell(slice.matrix.resolution(flag, tenant, environment)))
                        }))
            }
            let lifecycleMember = lifecycle?.entry(for: flag.key).map { [JSONValue.Member("lifecycle", LifecycleJSON.object($0))] } ?? []
            return .object([
                .init("key", .string(flag.key)),
                .init("case", .string(flag.caseName)),
                .init("group", .optional(flag.group)),
                .init("type", .string(slice.matrix.type(of: flag).rawValue)),
                .init("description", .optional(entry?.description)),
                .init("documentation", .optional(flag.documentation)),
                .init("deprecated", .optional(flag.deprecation)),
                .init("condition", .optional(flag.condition)),
                .init("catalog", .object(catalog)),
            ] + lifecycleMember + [.init("values", .object(values))])
        }
        let document = JSONValue.object([
            .init("schemaVersion", .integer(schemaVersion)),
            .init("title", .string(model.title)),
        ] + (lifecycle.map { [.init("asOf", .string($0.asOf.description)), .init("lifecyclePolicy", LifecycleJSON.policy($0))] } ?? []) + [
            .init("environments", .array(slice.environments.map(JSONValue.string))),
            .init(
                "tenants",
                .array(slice.tenants.map { .object([.init("id", .string($0.id)), .init("name", .string($0.name))]) })),
            .init("flags", .array(flags)),
        ])
        return document.serialized()
    }

    /// One cell: the value and the deciding layer, where it is written, why, the
    /// bundled value remote config hides, and for a varying cell every value it can take.
    static func cell(_ resolution: Resolution) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init("value", resolution.isVarying ? .null : resolution.value.json), .init("source", .string(resolution.layer.id)),
        ]
        if !resolution.isVarying { members += place(resolution.location) }
        if let reason = resolution.reason { members.append(.init("reason", .string(reason))) }
        if let hidden = resolution.hidden, !resolution.isVarying {
            members.append(.init("bundled", .object([.init("value", hidden.value.json), .init("source", .string(hidden.layer.id))] + place(hidden.location))))
        }
        if resolution.isVarying {
            members.append(.init("varies", .array(resolution.variants.map { variant in
                .object([
                    .init("when", .string(variant.condition)), .init("value", variant.value?.json ?? .null),
                    .init("source", .string(variant.layer.id)),
                ] + place(variant.location))
            })))
        }
        return .object(members)
    }

    private static func place(_ location: SourceLocation?) -> [JSONValue.Member] {
        location.map { [.init("file", .string($0.file)), .init("line", .integer($0.line))] } ?? []
    }
}
