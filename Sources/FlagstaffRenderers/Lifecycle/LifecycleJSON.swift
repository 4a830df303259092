import FlagstaffCore

/// The lifecycle fields as JSON: one object per flag inside `flags.json`, and
/// the whole report for `flagstaff due --format json`.
public enum LifecycleJSON {
    /// The schema version of `due --format json`. Its own: the lifecycle fields
    /// stayed the same when `flags.json` moved to version 3.
    public static let schemaVersion = 2

    /// The report's flags (or the filtered `entries`) with their lifecycle data.
    public static func render(_ report: LifecycleReport, entries: [LifecycleEntry]) -> String {
        JSONValue.object([
            .init("schemaVersion", .integer(schemaVersion)),
            .init("asOf", .string(report.asOf.description)),
            .init("policy", policy(report)),
            .init("addedDatesNote", .optional(report.addedDatesNote)),
            .init("counts", .object(report.shownStatuses.map { status in
                .init(status.rawValue, .integer(entries.filter { $0.has(status) }.count))
            })),
            .init("flags", .array(entries.map { .object([.init("key", .string($0.flag.key))] + members(of: $0)) })),
        ]).serialized()
    }

    /// The thresholds a report used.
    static func policy(_ report: LifecycleReport) -> JSONValue {
        .object([
            .init("dueSoonDays", .integer(report.policy.dueSoonDays)),
            .init("currentVersion", .optional(report.policy.currentVersion?.description)),
            .init("expectedLifetimeDays", .object(FlagKind.allCases.map { kind in
                .init(kind.rawValue, report.policy.expectedLifetime(of: kind).map(JSONValue.integer) ?? .null)
            })),
        ])
    }

    /// One flag's lifecycle object.
    public static func object(_ entry: LifecycleEntry) -> JSONValue { .object(members(of: entry)) }

    private static func members(of entry: LifecycleEntry) -> [JSONValue.Member] {
        let lifecycle = entry.lifecycle
        let removeBy: JSONValue
        switch lifecycle.removeBy {
        case .date(let date)?:
            removeBy = .object([.init("date", .string(date.description)), .init("daysLeft", entry.daysUntilRemoval.map(JSONValue.integer) ?? .null)])
        case .version(let version)?:
            removeBy = .object([.init("version", .string(version.description))])
        case nil:
            removeBy = .null
        }
        return [
            .init("owner", .optional(lifecycle.owner)),
            .init("type", .optional(lifecycle.kind?.rawValue)),
            .init("added", entry.added.map { .object([.init("date", .string($0.date.description)), .init("source", .string($0.source.rawValue))]) } ?? .null),
            .init("removeBy", removeBy),
            .init("ticket", .optional(lifecycle.ticket)),
            .init("statuses", .array(entry.findings.map {
                .object([.init("status", .string($0.status.rawValue)), .init("reason", .string($0.reason))])
            })),
            .init("references", .array(entry.references.map { reference in
                .object([
                    .init("file", .string(reference.location.file)), .init("line", .integer(reference.location.line)),
                    .init("column", .integer(reference.location.column)), .init("kind", .string(reference.kind.rawValue)),
                ])
            })),
        ]
    }
}
