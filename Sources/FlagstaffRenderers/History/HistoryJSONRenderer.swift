import FlagstaffCore

/// `flagstaff history --format json`: the history for tools, newest entry first,
/// in a fixed key order.
public enum HistoryJSONRenderer {
    /// The history as JSON. Problems keep the paths the sources give.
    public static func render(_ history: ValueHistory, scope: HistoryScope) -> String {
        @Sendable func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }
        @Sendable func commit(_ commit: HistoryCommit?) -> JSONValue {
            guard let commit else { return .null }
            return .object([
                .init("id", .string(commit.id)), .init("shortId", .string(commit.shortID)), .init("time", .string(commit.time)),
                .init("date", .string(commit.day.description)), .init("author", .string(commit.author)), .init("email", .string(commit.email)),
                .init("subject", .string(commit.subject)), .init("merge", .bool(commit.isMerge)),
            ])
        }
        @Sendable func groups(_ groups: [CellGroup]) -> JSONValue {
            .array(groups.map { group in
                .object([
                    .init("flag", .string(group.flag)), .init("environments", strings(group.environments)), .init("tenants", strings(group.tenants)),
                    .init("old", .string(group.old)), .init("new", .string(group.new)),
                    .init("oldLayer", .string(group.oldLayer)), .init("newLayer", .string(group.newLayer)), .init("detail", .optional(group.detail)),
                ])
            })
        }
        let values = DiffJSONRenderer.flagValues
        let renames = DiffJSONRenderer.renames
        @Sendable func readWith(_ used: HistoryEntry.ConfigurationUsed?) -> JSONValue {
            switch used {
            case .borrowed(let name)?: .object([.init("configuration", .string("borrowed")), .init("name", .string(name))])
            case .own?: .object([.init("configuration", .string("own")), .init("name", .null)])
            case nil: .null
            }
        }
        @Sendable func version(_ version: RemoteTemplateVersion) -> JSONValue {
            .object([
                .init("number", .optional(version.number)), .init("updateTime", .optional(version.updateTime)),
                .init("updatedBy", .optional(version.updatedBy)), .init("description", .optional(version.description)),
            ])
        }
        // Entries are made on every core: grouping each one's cells is most of the work.
        let newestFirst = Array(history.entries.reversed())
        let entries = Parallel.map(newestFirst.count) { position -> JSONValue in
            let entry = newestFirst[position]
            let kind: String
            var start: JSONValue = .null
            switch entry.kind {
            case .start(let flags, let tenants, let environments):
                kind = "start"
                start = .object([.init("flags", .integer(flags)), .init("tenants", .integer(tenants)), .init("environments", .integer(environments))])
            case .change: kind = "change"
            case .pending: kind = "pending"
            }
            return .object([
                .init("kind", .string(kind)), .init("commit", commit(entry.commit)), .init("start", start),
                .init("valueChanges", groups(entry.valueChanges)), .init("layerChanges", groups(entry.layerChanges)),
                .init("flagsAdded", values(entry.addedFlags)), .init("flagsRemoved", values(entry.removedFlags)),
                .init("flagsRenamed", renames(entry.renamedFlags)),
                .init("tenantsAdded", strings(entry.addedTenants)), .init("tenantsRemoved", strings(entry.removedTenants)),
                .init("tenantsRenamed", renames(entry.renamedTenants)),
                .init("environmentsAdded", strings(entry.addedEnvironments)), .init("environmentsRemoved", strings(entry.removedEnvironments)),
                .init("remoteChanges", .array(entry.remoteChanges.map { change in
                    .object([.init("environments", strings(change.environments))] + DiffJSONRenderer.remoteChange(change))
                })),
                .init("templateVersions", .object(entry.templateVersions.sorted { $0.key < $1.key }.map { .init($0.key, version($0.value)) })),
                .init("unknown", .array(entry.unknown.map { unknown in
                    .object([.init("tenant", .optional(unknown.tenant)), .init("problems", strings(unknown.problems.map(\.description)))])
                })),
                .init("readableAgain", .array(entry.readableAgain.map(JSONValue.optional))),
                .init("readWith", readWith(entry.readWith)),
            ])
        }
        return JSONValue.object([
            .init("schemaVersion", .integer(1)),
            .init("revision", .string(scope.revision)),
            .init("flags", strings(scope.flags)), .init("tenants", strings(scope.tenants)), .init("environments", strings(scope.environments)),
            .init("from", commit(history.start?.commit)), .init("to", commit(history.end)),
            .init("shallowFrom", commit(history.shallowFrom)),
            .init("unreadBeforeStart", history.unreadBeforeStart.map { unread in
                .object([.init("commit", commit(unread.commit)), .init("problems", strings(unread.problems.map(\.description)))])
            } ?? .null),
            .init("entries", .array(entries)),
        ]).serialized()
    }
}
