/// Where a flag's `Added` date came from.
public struct AddedDate: Hashable, Sendable {
    /// Where the date came from.
    public enum Source: String, Hashable, Sendable {
        /// The catalog's `Added` column.
        case catalog
        /// The first commit whose model has the flag, as `flagstaff history` reads the commits.
        case git
    }

    /// The date.
    public var date: CalendarDate
    /// Where it came from.
    public var source: Source

    /// Creates an added date.
    public init(_ date: CalendarDate, from source: Source) {
        self.date = date
        self.source = source
    }
}

/// One flag's lifecycle as of a day: its data, its statuses and its uses in code.
public struct LifecycleEntry: Hashable, Sendable {
    /// The flag.
    public var flag: Flag
    /// The catalog's lifecycle columns for it.
    public var lifecycle: FlagLifecycle
    /// When it was added, when known.
    public var added: AddedDate?
    /// Its statuses in `LifecycleStatus` order, each with a reason.
    public var findings: [LifecycleFinding]
    /// Its uses in the code roots, in file and line order; empty when none or not scanned.
    public var references: [CodeReference]
    /// Days from the as-of date to a `Remove by` date (negative once passed).
    public var daysUntilRemoval: Int?

    /// Its statuses in order.
    public var statuses: [LifecycleStatus] { findings.map(\.status) }

    /// Whether it has a status.
    public func has(_ status: LifecycleStatus) -> Bool { findings.contains { $0.status == status } }
}

/// The lifecycle of every flag as of one day. Pure: the date, the git dates and
/// the code references are passed in, so the same inputs always give the same report.
public struct LifecycleReport: Sendable {
    /// The day the statuses are computed for.
    public let asOf: CalendarDate
    /// The thresholds used.
    public let policy: LifecyclePolicy
    /// The code roots searched for references; empty when none are configured.
    public let codeRoots: [String]
    /// Why some `Added` dates could not be taken from git, said once; `nil` when nothing was missed.
    public let addedDatesNote: String?
    /// Why no flag is called unused in code, when the code roots were searched but
    /// no flag's use was found: the app reads its flags in a way the scan does not
    /// know, and "unused" would be a guess.
    public let usesNote: String?

    /// Whether the code roots were searched and the scan knows how the app reads its
    /// flags, so that a count of uses means something (0 is "unused").
    public var usesAreKnown: Bool { !codeRoots.isEmpty && usesNote == nil }

    /// The notes a report prints, in order.
    public var notes: [String] { [addedDatesNote, usesNote].compactMap { $0 } }
    /// One entry per flag, in enum order.
    public let entries: [LifecycleEntry]
    /// How the report speaks of the tenants ("every tenant", or the single app).
    public let wording: TenantWording
    /// Each entry's index in `entries`, by flag key, for the renderers' per-flag lookups.
    private let indexByKey: [String: Int]

    /// Computes the report.
    /// - Parameters:
    ///   - matrix: the resolved matrix, for "rolled out" and "dead"; its model's catalog gives the lifecycle columns.
    ///   - gitAddedDates: dates of the first commit that added each key, for flags without `Added`.
    ///   - references: code references by flag key; `nil` when no code roots are configured.
    ///   - codeRoots: the folders that were searched, named in "unused in code" reasons.
    ///   - addedDatesNote: why git dates are missing, if they are.
    ///   - uncommitted: the keys of flags the working tree declares and the last
    ///     commit does not: added and not committed yet, so never dead.
    public init(
        matrix: ResolvedMatrix, gitAddedDates: [String: CalendarDate] = [:],
        references: [String: [CodeReference]]?, codeRoots: [String] = [], asOf: CalendarDate,
        policy: LifecyclePolicy, addedDatesNote: String? = nil, uncommitted: Set<String> = []
    ) {
        self.asOf = asOf
        self.policy = policy
        self.codeRoots = references == nil ? [] : codeRoots
        self.addedDatesNote = addedDatesNote
        // Code roots in which no flag at all is used: the scan does not know how the
        // app reads its flags, so no flag is called unused.
        let knowsUses = references.map { found in found.values.contains { !$0.isEmpty } } ?? false
        usesNote =
            references != nil && !knowsUses && !matrix.model.flags.isEmpty
            ? "no flag's use was found in \(codeRoots.joined(separator: ", ")) with the ways of checking a flag Flagstaff knows "
                + "(.caseName, \(matrix.model.flagEnums.map { "\($0.name).caseName" }.joined(separator: ", ")), factories, property wrappers, "
                + "settings.property for instance properties, the key as a string or a constant holding it), "
                + "so the app reads its flags another way and no flag is called unused in code"
            : nil
        wording = TenantWording(matrix.model)
        let rules = Rules(asOf: asOf, policy: policy, matrix: matrix, codeRoots: codeRoots, uncommitted: uncommitted)
        // Each flag's entry reads every cell of its row: at thousands of flags and
        // hundreds of tenants, that is worth every core.
        let flags = matrix.model.flags
        entries = Parallel.map(flags.count) { position in
            let flag = flags[position]
            let lifecycle = matrix.model.lifecycle(of: flag.key)
            let added =
                lifecycle.added.map { AddedDate($0, from: .catalog) }
                ?? gitAddedDates[flag.key].map { AddedDate($0, from: .git) }
            var daysUntilRemoval: Int?
            if case .date(let date)? = lifecycle.removeBy { daysUntilRemoval = asOf.days(until: date) }
            let flagReferences = references?[flag.key]?.sorted() ?? []
            let findings = [
                rules.removal(lifecycle.removeBy, daysUntilRemoval: daysUntilRemoval),
                rules.uniformValue(flag, lifecycle, added: added),
                rules.stale(flag, lifecycle, added: added),
                rules.incomplete(flag, lifecycle),
                flag.deprecation.map { message in
                    LifecycleFinding(
                        .deprecatedInCode,
                        "the Swift case is marked deprecated" + (message.isEmpty ? "" : ": \(message)"))
                },
                !knowsUses || !flagReferences.isEmpty ? nil : rules.unused(flag, enumName: matrix.model.flagEnum(declaringFlagAt: position).name),
            ].compactMap { $0 }
            return LifecycleEntry(
                flag: flag, lifecycle: lifecycle, added: added, findings: findings.sorted { $0.status < $1.status },
                references: flagReferences, daysUntilRemoval: daysUntilRemoval)
        }
        indexByKey = Dictionary(entries.enumerated().map { ($1.flag.key, $0) }) { first, _ in first }
    }

    /// The entry of a flag key, if the model has the flag.
    public func entry(for key: String) -> LifecycleEntry? { indexByKey[key].map { entries[$0] } }

    /// How many flags have each status.
    public func count(of status: LifecycleStatus) -> Int { entries.filter { $0.has(status) }.count }

    /// The statuses views list, in order: every status, but "not on yet", "not in
    /// production", "off in remote config" and "partly seen" only when a flag has them, so that
    /// workspaces without such flags read as before.
    public var shownStatuses: [LifecycleStatus] {
        LifecycleStatus.allCases.filter { ![.notOnYet, .notInProduction, .offInRemoteConfig, .partlySeen].contains($0) || count(of: $0) > 0 }
    }

    /// The entries with one of `statuses` (with any status when it is empty)
    /// whose owner contains `owner`, ignoring case (any owner when `nil`).
    public func entries(withAnyOf statuses: [LifecycleStatus], ownerContaining owner: String? = nil) -> [LifecycleEntry] {
        let wanted = owner?.lowercased()
        return entries.filter { entry in
            let statusMatches = statuses.isEmpty ? !entry.findings.isEmpty : statuses.contains { entry.has($0) }
            let ownerMatches = wanted.map { entry.lifecycle.owner?.lowercased().contains($0) ?? false } ?? true
            return statusMatches && ownerMatches
        }
    }
}

/// The status rules, one function per rule.
private struct Rules {
    let asOf: CalendarDate
    let policy: LifecyclePolicy
    let matrix: ResolvedMatrix
    let codeRoots: [String]
    /// The keys of flags not in the last commit yet.
    let uncommitted: Set<String>

    /// Overdue or due soon, from the `Remove by` date or version.
    func removal(_ target: RemovalTarget?, daysUntilRemoval: Int?) -> LifecycleFinding? {
        switch target {
        case .date(let date)?:
            guard let days = daysUntilRemoval else { return nil }
            if days < 0 {
                return LifecycleFinding(.overdue, "the removal date \(date) passed \((-days).counted("day")) ago")
            }
            guard days <= policy.dueSoonDays else { return nil }
            return LifecycleFinding(
                .dueSoon, days == 0 ? "the removal date \(date) is today" : "the removal date \(date) is in \(days.counted("day"))")
        case .version(let target)?:
            guard let current = policy.currentVersion, current >= target else { return nil }
            return LifecycleFinding(
                .overdue,
                current == target
                    ? "the app is at version \(current), the version it was to be removed in"
                    : "the app is at version \(current), past \(target), the version it was to be removed in")
        case nil:
            return nil
        }
    }

    /// Rolled out or dead: the same Bool value for every tenant, as the app really
    /// gets it (remote config included; a cell that varies never counts). Either in
    /// every environment, or in production (the last configured environment) when
    /// remote config decides it there for every tenant, whatever the bundle ships.
    func uniformValue(_ flag: Flag, _ lifecycle: FlagLifecycle, added: AddedDate?) -> LifecycleFinding? {
        guard !kind(of: flag, lifecycle).isPermanent, matrix.type(of: flag) == .bool, !matrix.model.tenants.isEmpty,
            let production = matrix.model.environments.last
        else { return nil }
        // A flag its code leaves out of the production build has no value there to be uniform.
        if flag.absentIn.contains(production) {
            return LifecycleFinding(
                .notInProduction, "not in the \(production) build, which #if \(flag.condition ?? "…") leaves it out of: a flag for test builds, never rolled out or dead")
        }
        let tenants = TenantWording(matrix.model).all(matrix.model.tenants.count)
        let remoteDecidesProduction = matrix.model.tenants.allSatisfy { tenant in
            let cell = matrix.resolution(flag, tenant, production)
            return cell.hidden != nil && !cell.isVarying
        }
        let (values, scope) =
            remoteDecidesProduction
            ? (matrix.values(of: flag, in: [production]), "for \(tenants) in \(production), set by remote config")
            : (matrix.values(of: flag), "for \(tenants) in every environment")
        // A source Flagstaff cannot see may change what it sees: a uniform value is
        // then said to be uniform as far as it sees, and nothing more.
        let unseen = matrix.chain.layers.filter { $0.mayChangeUnseen(flag.key) }.compactMap(\.layer.unseenSourceName)
        if !unseen.isEmpty {
            let known = values.compactMap { $0 }
            guard let first = known.first, known.allSatisfy({ $0 == first }), case .bool(let on) = first else { return nil }
            let names = unseen.joined(separator: " and ")
            return LifecycleFinding(
                .partlySeen,
                "\(on ? "on" : "off") \(scope) as far as Flagstaff can see, but \(names) may change it: "
                    + "not called \(on ? "rolled out" : "dead") until \(names) is known not to")
        }
        // A Remote Config condition from a day still to come will change what the app
        // gets: the flag is scheduled, not rolled out or dead.
        if let (condition, day, starts) = scheduledCondition(flag) {
            guard values == [.bool(false)], starts else { return nil }
            return LifecycleFinding(.notOnYet, "off \(scope) until \(day), when remote config's condition '\(condition)' starts to hold: scheduled, not on yet")
        }
        // A flag in development may be on in a test build already; off in production, it is not on yet.
        if let phase = developmentPhase(flag), matrix.values(of: flag, in: [production]) == [.bool(false)], values != [.bool(false)] {
            return LifecycleFinding(
                .notOnYet, "off for \(tenants) in \(production) and on only in earlier environments, as its \(phase): not on yet")
        }
        if values == [.bool(true)] {
            return LifecycleFinding(.rolledOut, "on \(scope): remove the flag and keep the code it turns on")
        }
        // Off in production because Remote Config says so is a switch someone turned
        // off in the console, and may turn on again: not code to delete.
        if values == [.bool(false)], remoteDecidesProduction {
            let since = switchedOffDay(flag, in: production).map { " since \($0)" } ?? ""
            return LifecycleFinding(
                .offInRemoteConfig,
                "off in Remote Config\(since), for \(tenants) in \(production): someone switched it off in the console "
                    + "and may switch it on again, so the code it guards stays")
        }
        if values == [.bool(false)] {
            if let reason = notReleasedYet(flag, lifecycle, added: added) { return LifecycleFinding(.notOnYet, "off \(scope), \(reason)") }
            return LifecycleFinding(.dead, "off \(scope): remove the flag and the code it guards")
        }
        return nil
    }

    /// The first condition, by name, that gives the flag's parameter a value in some
    /// template and starts (`dateTime >= dateTime('2026-12-01T00:00:00')`) or stops
    /// (`dateTime < …`) holding on a day after the as-of day, with that day.
    private func scheduledCondition(_ flag: Flag) -> (name: String, day: CalendarDate, starts: Bool)? {
        guard let parameter = matrix.model.remoteParameter(of: flag), let remote = matrix.model.remoteConfig else { return nil }
        for (_, template) in remote.templates.sorted(by: { $0.key < $1.key }) {
            for value in template.parameter(named: parameter)?.conditionalValues ?? [] {
                guard let condition = template.conditions.first(where: { $0.name == value.condition }) else { continue }
                for part in condition.expression.parts {
                    guard case .dateTime(let test) = part.kind, asOf.days(until: test.day) > 0 else { continue }
                    return (condition.name, test.day, test.comparison.hasPrefix(">"))
                }
            }
        }
        return nil
    }

    /// The day the flag went off in an environment's template, when the template
    /// says: the latest day before the as-of day on which a condition that turned
    /// it on stopped holding (`dateTime < dateTime('2024-03-04T00:00:00')`).
    private func switchedOffDay(_ flag: Flag, in environment: String) -> CalendarDate? {
        guard let parameter = matrix.model.remoteParameter(of: flag),
            let template = matrix.model.remoteConfig?.templates[environment]
        else { return nil }
        var latest: CalendarDate?
        for value in template.parameter(named: parameter)?.conditionalValues ?? [] {
            guard let text = value.value.text, FlagValue(remote: text, as: .bool) == .bool(true),
                let condition = template.conditions.first(where: { $0.name == value.condition })
            else { continue }
            for part in condition.expression.parts {
                guard case .dateTime(let test) = part.kind, test.comparison.hasPrefix("<"), asOf.days(until: test.day) <= 0 else { continue }
                if latest.map({ $0 < test.day }) ?? true { latest = test.day }
            }
        }
        return latest
    }

    /// Why a flag that is off everywhere is not released yet: added in the working
    /// tree and not committed, added within its type's expected lifetime, or in a
    /// phase or of a type marked as in development.
    private func notReleasedYet(_ flag: Flag, _ lifecycle: FlagLifecycle, added: AddedDate?) -> String? {
        if uncommitted.contains(flag.key) { return "added in the working tree and not committed yet: not on yet" }
        if let phase = developmentPhase(flag) { return "as its \(phase): not on yet" }
        if let added, let lifetime = policy.expectedLifetime(of: kind(of: flag, lifecycle)) {
            let age = added.date.days(until: asOf)
            if age >= 0, age <= lifetime { return "added \(added.date), \(age.counted("day")) ago: not on yet" }
        }
        return nil
    }

    /// "phase 'beta' is in development" when the catalog's `Phase` (or else `Type`)
    /// of the flag is one `lifecycle.in_development` names; `nil` otherwise.
    private func developmentPhase(_ flag: Flag) -> String? {
        let entry = matrix.model.catalog.entry(for: flag.key)
        for column in LifecycleColumns.phases {
            if let value = entry?.value(column), policy.inDevelopment.contains(value.trimmingBackticks.lowercased()) {
                return "\(column.lowercased()) '\(value.trimmingBackticks)' is in development"
            }
        }
        return nil
    }

    /// The type the rules use for a flag: its `Type`, else the policy's default.
    func kind(of flag: Flag, _ lifecycle: FlagLifecycle) -> FlagKind {
        policy.kind(of: lifecycle, type: matrix.type(of: flag))
    }

    /// Stale: older than the expected lifetime of its kind.
    func stale(_ flag: Flag, _ lifecycle: FlagLifecycle, added: AddedDate?) -> LifecycleFinding? {
        let kind = kind(of: flag, lifecycle)
        guard let added, let lifetime = policy.expectedLifetime(of: kind) else { return nil }
        let age = added.date.days(until: asOf)
        guard age > lifetime else { return nil }
        let kindName = lifecycle.kind == nil ? "a flag without a Type (treated as \(kind.rawValue))" : "\(article(kind)) \(kind.rawValue) flag"
        return LifecycleFinding(
            .stale, "added \(added.date), \(age.counted("day")) ago; \(kindName) is expected to live \(lifetime.counted("day"))")
    }

    /// Incomplete: a temporary flag without an owner or a removal target. Only
    /// the columns the catalog has count, so a team that does not track lifecycle
    /// in its catalog gets no "incomplete" on every flag.
    func incomplete(_ flag: Flag, _ lifecycle: FlagLifecycle) -> LifecycleFinding? {
        guard !kind(of: flag, lifecycle).isPermanent else { return nil }
        let catalog = matrix.model.catalog
        let missing = [
            lifecycle.owner == nil && catalog.hasColumn(LifecycleColumns.owner) ? "an owner" : nil,
            lifecycle.removeBy == nil && catalog.hasColumn(LifecycleColumns.removeBy) ? "a Remove by date or version" : nil,
        ].compactMap { $0 }
        guard !missing.isEmpty else { return nil }
        return LifecycleFinding(.incomplete, "a temporary flag without \(missing.joined(separator: " or "))")
    }

    /// Unused in code: no reference in the code roots outside the enum.
    func unused(_ flag: Flag, enumName: String) -> LifecycleFinding {
        LifecycleFinding(
            .unusedInCode,
            "nothing in \(codeRoots.joined(separator: ", ")) uses .\(flag.caseName) or \"\(flag.key)\" outside enum \(enumName)")
    }

    func article(_ kind: FlagKind) -> String {
        kind == .experiment || kind == .ops ? "an" : "a"
    }
}

extension String {
    /// The text without backticks around it, as a catalog cell may write a value.
    fileprivate var trimmingBackticks: String {
        var text = Substring(self)
        while text.count >= 2, text.first == "`", text.last == "`" { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
