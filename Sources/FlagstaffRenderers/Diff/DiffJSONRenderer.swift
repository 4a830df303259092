import FlagstaffCore

/// `flagstaff diff --format json`: the diff for tools, in a fixed key order.
public enum DiffJSONRenderer {
    /// The diff as JSON. Diagnostics keep the paths the sources give.
    public static func render(_ diff: WorkspaceDiff, base: String, head: String) -> String {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        let (values, renames) = (Self.flagValues, Self.renames)
        func diagnostics(_ list: [Diagnostic]) -> JSONValue {
            .array(list.map { diagnostic in
                .object([
                    .init("severity", .string(diagnostic.severity.rawValue)), .init("file", .optional(diagnostic.location?.file)),
                    .init("line", diagnostic.location.map { .integer($0.line) } ?? .null),
                    .init("column", diagnostic.location.map { .integer($0.column) } ?? .null),
                    .init("message", .string(diagnostic.message)), .init("hint", .optional(diagnostic.hint)),
                ])
            })
        }
        return JSONValue.object([
            .init("schemaVersion", .integer(1)),
            .init("base", .object([
                .init("revision", .string(base)), .init("resolved", .bool(diff.hasBase)), .init("errors", .integer(diff.baseErrorCount)),
                .init("configuration", .string(diff.borrowsConfiguration.base ? "head" : "own")),
            ])),
            .init("head", .object([
                .init("revision", .string(head)), .init("resolved", .bool(diff.hasHead)), .init("errors", .integer(diff.headErrors.count)),
                .init("configuration", .string(diff.borrowsConfiguration.head ? "working tree" : "own")),
            ])),
            .init("summary", .string(DiffSections.summary(diff))),
            .init("environments", strings(diff.environments)),
            .init("changedCells", .object(diff.environments.map { .init($0, .integer(diff.changedCells(in: $0))) })),
            .init("valueChanges", .array(diff.valueChanges.map { change in
                .object([
                    .init("flag", .string(change.flag)), .init("environment", .string(change.environment)),
                    .init("tenants", strings(change.tenants)), .init("old", .string(change.old)), .init("new", .string(change.new)),
                    .init("detail", .optional(change.detail)),
                ])
            })),
            .init("provenanceChanges", .array(diff.provenanceChanges.map { change in
                .object([
                    .init("flag", .string(change.flag)), .init("environment", .string(change.environment)),
                    .init("tenants", strings(change.tenants)), .init("value", .string(change.value)),
                    .init("oldLayer", .string(change.oldLayer)), .init("newLayer", .string(change.newLayer)),
                ])
            })),
            .init("flagsAdded", values(diff.addedFlags)),
            .init("flagsRemoved", values(diff.removedFlags)),
            .init("flagsRenamed", renames(diff.renamedFlags)),
            .init("tenantsAdded", strings(diff.addedTenants)),
            .init("tenantsRemoved", strings(diff.removedTenants)),
            .init("tenantsRenamed", renames(diff.renamedTenants)),
            .init("environmentsAdded", strings(diff.addedEnvironments)),
            .init("environmentsRemoved", strings(diff.removedEnvironments)),
            .init("catalogChanges", .array(diff.catalogChanges.map { change in
                .object([
                    .init("flag", .string(change.flag)), .init("column", .string(change.column)),
                    .init("old", .optional(change.old)), .init("new", .optional(change.new)),
                ])
            })),
            .init("lifecycleChanges", .array(diff.lifecycleChanges.map { change in
                .object([.init("flag", .string(change.flag)), .init("status", .string(change.status.rawValue)), .init("reason", .string(change.reason))])
            })),
            .init("remoteChanges", .array(diff.remoteChanges.map { change in
                .object([.init("environments", strings(change.environments))] + remoteChange(change))
            })),
            .init("baseErrors", diagnostics(diff.baseErrors)),
            .init("headErrors", diagnostics(diff.headErrors)),
            .init("newDiagnostics", diagnostics(diff.newDiagnostics)),
        ]).serialized()
    }

    /// One Remote Config change's members: `kind` and what it names.
    /// A Remote Config change's members: its kind's, then the flags it concerns and
    /// its words when it has them.
    static func remoteChange(_ change: RemoteTemplateChange) -> [JSONValue.Member] {
        remoteChange(change.kind) + (change.flags.map { [.init("flags", .array($0.map(JSONValue.string)))] } ?? [])
            + (change.words.map { [.init("words", .string($0))] } ?? [])
    }

    static func remoteChange(_ kind: RemoteTemplateChange.Kind) -> [JSONValue.Member] {
        func version(_ version: RemoteTemplateVersion?) -> JSONValue {
            guard let version else { return .null }
            return .object([
                .init("number", .optional(version.number)), .init("updateTime", .optional(version.updateTime)),
                .init("updatedBy", .optional(version.updatedBy)), .init("description", .optional(version.description)),
            ])
        }
        func number(_ value: Double?) -> JSONValue { value.flatMap { $0.isFinite ? .number($0.percentText) : nil } ?? .null }
        switch kind {
        case .version(let old, let new):
            return [.init("kind", .string("version")), .init("old", version(old)), .init("new", version(new))]
        case .conditionAdded(let name, let expression):
            return [.init("kind", .string("conditionAdded")), .init("condition", .string(name)), .init("expression", .string(expression))]
        case .conditionRemoved(let name, let expression):
            return [.init("kind", .string("conditionRemoved")), .init("condition", .string(name)), .init("expression", .string(expression))]
        case .expressionChanged(let name, let old, let new):
            return [
                .init("kind", .string("expressionChanged")), .init("condition", .string(name)), .init("old", .string(old)), .init("new", .string(new)),
            ]
        case .conditionsReordered(let old, let new):
            return [
                .init("kind", .string("conditionsReordered")), .init("old", .array(old.map(JSONValue.string))),
                .init("new", .array(new.map(JSONValue.string))),
            ]
        case .shareChanged(let flag, let condition, let what, let old, let new):
            return [
                .init("kind", .string("shareChanged")), .init("flag", .string(flag)), .init("condition", .optional(condition)),
                .init("what", .string(what)), .init("oldPercent", number(old)), .init("newPercent", number(new)),
            ]
        }
    }

    /// Flags or tenants renamed, each as its old and new id: what `diff` and `history` both write.
    static func renames(_ renames: [MatrixChanges.Rename]) -> JSONValue {
        .array(renames.map { .object([.init("old", .string($0.old)), .init("new", .string($0.new))]) })
    }

    /// Flags added or removed with their values, per environment and value the
    /// tenants that have it: what `diff` and `history` both write.
    static func flagValues(_ flags: [MatrixChanges.FlagValues]) -> JSONValue {
        func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        return .array(flags.map { flag in
            .object([
                .init("flag", .string(flag.flag)), .init("type", .string(flag.type.rawValue)),
                .init("environments", .array(flag.environments.map { environment in
                    .object([
                        .init("environment", .string(environment.name)),
                        .init("values", .array(environment.groups.map { .object([.init("value", .string($0.value)), .init("tenants", strings($0.tenants))]) })),
                    ])
                })),
            ])
        })
    }
}
