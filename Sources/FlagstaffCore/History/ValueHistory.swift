/// A branch's history of the values the app gets: the commits that change them,
/// oldest first, from the first commit whose workspace could be read.
///
/// Pure: `flagstaff history` walks git to make one; views filter it and read
/// each cell's timeline from it.
public struct ValueHistory: Sendable, Codable {
    /// The entries, oldest first: a `start` entry first when any commit had a
    /// workspace, then one per commit that changes something, then a pending entry, if any.
    public var entries: [HistoryEntry]
    /// The last commit the history covers; `nil` when the branch has none.
    public var end: HistoryCommit?
    /// When the clone is shallow, its oldest commit: nothing before it is known,
    /// so the `start` entry may be later than the workspace's real beginning.
    public var shallowFrom: HistoryCommit?
    /// The last commit before the start (or the last commit, when history never
    /// starts) whose flag sources a configuration borrowed from today could not
    /// read, and why: what keeps history from starting earlier.
    public var unreadBeforeStart: UnknownValues.AtCommit?

    /// Creates a history.
    public init(entries: [HistoryEntry], end: HistoryCommit?, shallowFrom: HistoryCommit? = nil) {
        self.entries = entries
        self.end = end
        self.shallowFrom = shallowFrom
    }

    /// The entry where history starts, if any.
    public var start: HistoryEntry? {
        entries.first(where: \.isStart)
    }

    /// The day each flag (by its key in the last commit's model, which must have it) was added: the first commit whose
    /// model has it, renames followed back, a removal and a later return counted from
    /// the first addition. A flag already there when history starts gets that day,
    /// unless the clone is shallow (its start is not the workspace's); a flag the
    /// history never saw added gets none. Nor does one there at the start when
    /// earlier commits could not be read (`unreadBeforeStart`): it may be older.
    public func addedDays(of keys: [String]) -> [String: CalendarDate] {
        var days: [String: CalendarDate] = [:]
        let newestFirst = entries.reversed().filter { $0.commit != nil }
        for key in keys {
            var (name, present, day) = (key, true, CalendarDate?.none)
            for entry in newestFirst {
                let commit = entry.commit!
                if entry.isStart {
                    if present && shallowFrom == nil && unreadBeforeStart == nil { day = commit.day }
                    break
                }
                if let rename = entry.renamedFlags.first(where: { $0.new == name }) { name = rename.old }
                if entry.addedFlags.contains(where: { $0.flag == name }) {
                    (day, present) = (commit.day, false)
                } else if entry.removedFlags.contains(where: { $0.flag == name }) {
                    present = true
                }
            }
            if let day { days[key] = day }
        }
        return days
    }

    /// Every flag key and tenant id that appears anywhere in the history, for
    /// checking what a user asks for.
    public var names: (flags: Set<String>, tenants: Set<String>, environments: Set<String>) {
        var flags = Set<String>(), tenants = Set<String>(), environments = Set<String>()
        for entry in entries {
            for cell in entry.cells {
                flags.insert(cell.flag)
                tenants.insert(cell.tenant)
                environments.insert(cell.environment)
            }
            for values in entry.addedFlags + entry.removedFlags {
                flags.insert(values.flag)
                for environment in values.environments {
                    environments.insert(environment.name)
                    for group in environment.groups { tenants.formUnion(group.tenants) }
                }
            }
            for rename in entry.renamedFlags { flags.formUnion([rename.old, rename.new]) }
            for rename in entry.renamedTenants { tenants.formUnion([rename.old, rename.new]) }
            tenants.formUnion(entry.addedTenants + entry.removedTenants + entry.unknown.compactMap(\.tenant))
            environments.formUnion(entry.addedEnvironments + entry.removedEnvironments)
            for change in entry.remoteChanges { environments.formUnion(change.environments) }
        }
        return (flags, tenants, environments)
    }

    /// The history of some flags, tenants and environments only (`nil` for all of
    /// them), with the names each had before a rename: entries that say nothing
    /// about them are left out, except the start.
    public func filtered(flags: Set<String>?, tenants: Set<String>?, environments: Set<String>?) -> ValueHistory {
        var flagNames = flags, tenantNames = tenants
        var kept: [HistoryEntry] = []
        for var entry in entries.reversed() {
            // Renames are followed backwards: before this commit the flag had its old key.
            for rename in entry.renamedFlags where flagNames?.contains(rename.new) == true { flagNames?.insert(rename.old) }
            for rename in entry.renamedTenants where tenantNames?.contains(rename.new) == true { tenantNames?.insert(rename.old) }
            let flagOK = { (key: String) in flagNames?.contains(key) ?? true }
            let tenantOK = { (id: String) in tenantNames?.contains(id) ?? true }
            let environmentOK = { (name: String) in environments?.contains(name) ?? true }
            entry.cells = entry.cells.filter { flagOK($0.flag) && tenantOK($0.tenant) && environmentOK($0.environment) }
            entry.addedFlags = entry.addedFlags.filter { flagOK($0.flag) }.map { Self.filtered($0, tenants: tenantOK, environments: environmentOK) }
            entry.removedFlags = entry.removedFlags.filter { flagOK($0.flag) }.map { Self.filtered($0, tenants: tenantOK, environments: environmentOK) }
            entry.renamedFlags = entry.renamedFlags.filter { flagOK($0.new) || flagOK($0.old) }
            entry.addedTenants = entry.addedTenants.filter(tenantOK)
            entry.removedTenants = entry.removedTenants.filter(tenantOK)
            entry.renamedTenants = entry.renamedTenants.filter { tenantOK($0.new) || tenantOK($0.old) }
            entry.addedEnvironments = entry.addedEnvironments.filter(environmentOK)
            entry.removedEnvironments = entry.removedEnvironments.filter(environmentOK)
            entry.remoteChanges = entry.remoteChanges.compactMap { change in
                // With some flags asked for, only a change about one of them is kept.
                if case .shareChanged(let flag, _, _, _, _) = change.kind {
                    if !flagOK(flag) { return nil }
                } else if let using = change.flags, flags != nil {
                    // A condition some asked-for flag has a value under.
                    if !using.contains(where: flagOK) { return nil }
                } else if flags != nil {
                    return nil
                }
                // A change that can reach only some tenants is kept for them.
                if let reached = change.tenants, !reached.contains(where: tenantOK) { return nil }
                var change = change
                change.environments = change.environments.filter(environmentOK)
                return change.environments.isEmpty ? nil : change
            }
            let remoteEnvironments = Set(entry.cells.compactMap { cell in
                cell.oldLayer == RemoteConfigLayer.kind.id || cell.newLayer == RemoteConfigLayer.kind.id ? cell.environment : nil
            }).union(entry.remoteChanges.flatMap(\.environments))
            entry.templateVersions = entry.templateVersions.filter { environmentOK($0.key) && remoteEnvironments.contains($0.key) }
            entry.unknown = entry.unknown.filter { $0.tenant.map(tenantOK) ?? true }
            entry.readableAgain = entry.readableAgain.filter { $0.map(tenantOK) ?? true }
            if !entry.isEmpty { kept.append(entry) }
        }
        var filtered = ValueHistory(entries: kept.reversed(), end: end, shallowFrom: shallowFrom)
        filtered.unreadBeforeStart = unreadBeforeStart
        return filtered
    }

    private static func filtered(
        _ values: MatrixChanges.FlagValues, tenants: (String) -> Bool, environments: (String) -> Bool
    ) -> MatrixChanges.FlagValues {
        var values = values
        values.environments = values.environments.filter { environments($0.name) }.map { environment in
            var environment = environment
            environment.groups = environment.groups.compactMap { group in
                var group = group
                group.tenants = group.tenants.filter(tenants)
                return group.tenants.isEmpty ? nil : group
            }
            return environment
        }
        return values
    }

    /// The entries from a day on (its commits made that day or later, and a pending
    /// entry), newest first; the start entry only when it is that recent.
    public func entries(since day: CalendarDate) -> [HistoryEntry] {
        entries.filter { entry in entry.commit.map { $0.day >= day } ?? true }.reversed()
    }
}
