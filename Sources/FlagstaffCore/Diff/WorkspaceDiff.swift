/// What changes between two versions of a workspace, in the terms a reviewer
/// asks about: which values the app gets change, for which tenants, where.
///
/// Pure: both sides are resolved matrices (either may be missing when its
/// sources could not be read) with their diagnostics, and one as-of day for the
/// lifecycle rules of both.
public struct WorkspaceDiff: Sendable {
    /// Some tenants of one flag in one environment whose value changes the same way.
    public struct ValueChange: Hashable, Sendable {
        /// The flag key.
        public var flag: String
        /// The environment.
        public var environment: String
        /// The tenant ids, in id order.
        public var tenants: [String]
        /// The value before and after, as `CellPresentation.word` writes them: `on`, `off`, `42`, `on/off`.
        public var old: String, new: String
        /// What changes in the cases the value varies by, in words, when the word stays: "share raised from 10% to 50%".
        public var detail: String?
    }

    /// Some tenants of one flag in one environment that keep their value, but get
    /// it from another layer (a value moved from the base to an override).
    public struct ProvenanceChange: Hashable, Sendable {
        /// The flag key.
        public var flag: String
        /// The environment.
        public var environment: String
        /// The tenant ids, in id order.
        public var tenants: [String]
        /// The value, which does not change.
        public var value: String
        /// The ids of the deciding layer before and after.
        public var oldLayer: String, newLayer: String
    }

    /// The values of a flag that is added or removed, on the side that has it.
    public typealias FlagValues = MatrixChanges.FlagValues

    /// A tenant or flag whose id changes.
    public typealias Rename = MatrixChanges.Rename

    /// One catalog cell of a flag that changes.
    public struct CatalogChange: Hashable, Sendable {
        /// The flag key.
        public var flag: String
        /// The column: `Description`, `Owner`, `Type` or `Remove by`.
        public var column: String
        /// The cell's text before and after; `nil` when empty or absent.
        public var old: String?, new: String?
    }

    /// A lifecycle status a flag has on the head side and did not have on the base side.
    public struct LifecycleChange: Hashable, Sendable {
        /// The flag key.
        public var flag: String
        /// The new status.
        public var status: LifecycleStatus
        /// Why, as the lifecycle report says it.
        public var reason: String
    }

    /// The catalog columns whose changes are reported, in this order.
    public static let catalogColumns = ["Description", LifecycleColumns.owner, LifecycleColumns.type, LifecycleColumns.removeBy]
    /// The lifecycle statuses whose arrival is reported.
    public static let reportedStatuses: [LifecycleStatus] = [.overdue, .rolledOut, .dead]

    /// The environments in the order changes are listed: the protected ones
    /// (production) first, then the others from the last configured to the first.
    public let environments: [String]
    /// Changes of the value the app gets, by flag (head enum order), then environment, then tenants.
    public let valueChanges: [ValueChange]
    /// Changes of the deciding layer with the same value, in the same order.
    public let provenanceChanges: [ProvenanceChange]
    /// Flags only the head has, with their head values.
    public let addedFlags: [FlagValues]
    /// Flags only the base has, with their base values.
    public let removedFlags: [FlagValues]
    /// Flags whose key changes while their Swift case stays; their cells are compared under the new key.
    public let renamedFlags: [Rename]
    /// The ids of the tenants both sides have, whose cells are compared.
    public let comparedTenants: [String]
    /// Tenant ids only the head has, or only the base has, renamed tenants aside.
    public let addedTenants: [String], removedTenants: [String]
    /// Tenants whose file moved to another id with the same settings; their cells are compared.
    public let renamedTenants: [Rename]
    /// Environments only the head has, or only the base has.
    public let addedEnvironments: [String], removedEnvironments: [String]
    /// Catalog cells that change, for flags on both sides.
    public let catalogChanges: [CatalogChange]
    /// Statuses flags gain: newly overdue, rolled out or dead.
    public let lifecycleChanges: [LifecycleChange]
    /// Changes of the Remote Config templates that move devices between values without
    /// changing the values shown: versions, conditions, their order, rollout shares.
    public let remoteChanges: [RemoteTemplateChange]
    /// The head's diagnostics that the base does not have (same severity, file and message).
    public let newDiagnostics: [Diagnostic]
    /// The head's errors, every one, when it has any.
    public let headErrors: [Diagnostic]
    /// The base's errors, every one, when it has any; the diff still compares what it could resolve.
    public let baseErrors: [Diagnostic]
    /// Whether the head (or, without one, the base) is a single app, whose one tenant is "the app".
    public let isSingleApp: Bool
    /// Whether each side had a model to compare.
    public let hasBase: Bool, hasHead: Bool
    /// Whether each side has no configuration of its own and was read with another:
    /// the base with the head's, the head with the working tree's.
    public let borrowsConfiguration: (base: Bool, head: Bool)

    /// Compares two sides.
    /// - Parameters:
    ///   - protected: the environments listed first and gated on; the last head environment when empty.
    ///   - asOf: the day both sides' lifecycle statuses are computed for.
    ///   - borrowsConfiguration: whether the base, which has no configuration, was read with the head's, and the head with the working tree's.
    public init(
        base: ResolvedMatrix?, baseDiagnostics: [Diagnostic], head: ResolvedMatrix?, headDiagnostics: [Diagnostic],
        protected: [String] = [], asOf: CalendarDate, borrowsConfiguration: (base: Bool, head: Bool) = (false, false)
    ) {
        self.borrowsConfiguration = borrowsConfiguration
        hasBase = base != nil
        isSingleApp = (head ?? base)?.model.isSingleApp ?? false
        hasHead = head != nil
        baseErrors = baseDiagnostics.filter { $0.severity == .error }.sortedForDisplay()
        headErrors = headDiagnostics.filter { $0.severity == .error }.sortedForDisplay()
        let known = Set(baseDiagnostics.map(DiagnosticIdentity.init))
        newDiagnostics = headDiagnostics.filter { !known.contains(DiagnosticIdentity($0)) }.sortedForDisplay()

        let headEnvironments = head?.model.environments ?? []
        let baseEnvironments = base?.model.environments ?? []
        let order = Self.listingOrder(of: headEnvironments, protected: protected)
        environments = order
        // Environments are compared only when both sides are: an unresolved side has none to compare.
        let compared = base != nil && head != nil
        addedEnvironments = compared ? headEnvironments.filter { !baseEnvironments.contains($0) } : []
        removedEnvironments = compared ? baseEnvironments.filter { !headEnvironments.contains($0) } : []

        guard let base, let head else {
            (valueChanges, provenanceChanges, addedFlags, removedFlags) = ([], [], [], [])
            (comparedTenants, addedTenants, removedTenants, catalogChanges, lifecycleChanges) = ([], [], [], [], [])
            (renamedTenants, renamedFlags, remoteChanges) = ([], [], [])
            return
        }
        let commonEnvironments = order.filter(baseEnvironments.contains)
        let changes = MatrixChanges(base: base, head: head, environments: order)
        addedTenants = changes.addedTenants
        removedTenants = changes.removedTenants
        renamedTenants = changes.renamedTenants
        comparedTenants = changes.comparedTenants
        var valueChanges: [ValueChange] = []
        var provenanceChanges: [ProvenanceChange] = []
        for cell in changes.cells {
            if cell.changesValue {
                Self.add(
                    cell.tenant, to: &valueChanges,
                    matching: ValueChange(flag: cell.flag, environment: cell.environment, tenants: [], old: cell.old, new: cell.new, detail: cell.detail))
            } else {
                Self.add(
                    cell.tenant, to: &provenanceChanges,
                    matching: ProvenanceChange(
                        flag: cell.flag, environment: cell.environment, tenants: [], value: cell.new, oldLayer: cell.oldLayer, newLayer: cell.newLayer))
            }
        }
        self.valueChanges = valueChanges
        self.provenanceChanges = provenanceChanges
        addedFlags = changes.addedFlags
        removedFlags = changes.removedFlags
        renamedFlags = changes.renamedFlags

        catalogChanges = head.model.flags.filter { base.model.flag($0.key) != nil }.flatMap { flag in
            let before = base.model.catalog.entry(for: flag.key), after = head.model.catalog.entry(for: flag.key)
            return Self.catalogColumns.compactMap { column -> CatalogChange? in
                let old = Self.cell(column, of: before), new = Self.cell(column, of: after)
                return old == new ? nil : CatalogChange(flag: flag.key, column: column, old: old, new: new)
            }
        }

        remoteChanges = RemoteTemplateChange.between(base: base.model, head: head.model, environments: commonEnvironments)

        let baseLifecycle = LifecycleReport(matrix: base, references: nil, asOf: asOf, policy: base.model.policy)
        let headLifecycle = LifecycleReport(matrix: head, references: nil, asOf: asOf, policy: head.model.policy)
        lifecycleChanges = headLifecycle.entries.flatMap { entry in
            entry.findings.filter { finding in
                Self.reportedStatuses.contains(finding.status) && !(baseLifecycle.entry(for: entry.flag.key)?.has(finding.status) ?? false)
            }.map { LifecycleChange(flag: entry.flag.key, status: $0.status, reason: $0.reason) }
        }
    }

    /// Environments in the order changes are listed: the protected ones (the last
    /// environment when none is) first, then the others from the last to the first.
    public static func listingOrder(of environments: [String], protected: [String]) -> [String] {
        let first = protected.isEmpty ? Array(environments.suffix(1)) : protected.filter(environments.contains)
        return first + environments.reversed().filter { !first.contains($0) }
    }

    /// How many errors the base has.
    public var baseErrorCount: Int { baseErrors.count }

    /// Whether both sides could be resolved, so that something was compared.
    public var compared: Bool { hasBase && hasHead }

    /// The flags whose value changes somewhere.
    public var changedFlags: [String] {
        var flags: [String] = []
        for change in valueChanges where flags.last != change.flag { flags.append(change.flag) }
        return flags
    }

    /// How many cells change value in an environment.
    public func changedCells(in environment: String) -> Int {
        valueChanges.filter { $0.environment == environment }.reduce(0) { $0 + $1.tenants.count }
    }

    /// Whether nothing at all changes.
    public var isEmpty: Bool {
        valueChanges.isEmpty && provenanceChanges.isEmpty && addedFlags.isEmpty && removedFlags.isEmpty && renamedFlags.isEmpty
            && addedTenants.isEmpty
            && removedTenants.isEmpty && renamedTenants.isEmpty && addedEnvironments.isEmpty && removedEnvironments.isEmpty && catalogChanges.isEmpty
            && lifecycleChanges.isEmpty && remoteChanges.isEmpty && newDiagnostics.isEmpty
    }

    /// Adds a tenant to the same change of the same flag and environment, else appends a new change.
    private static func add<Change: TenantGroup>(_ tenant: String, to changes: inout [Change], matching change: Change) {
        if let index = changes.lastIndex(where: { $0.sameChange(as: change) }) {
            changes[index].tenants.append(tenant)
        } else {
            var change = change
            change.tenants = [tenant]
            changes.append(change)
        }
    }

    private static func cell(_ column: String, of entry: CatalogEntry?) -> String? {
        guard let entry else { return nil }
        if column == "Description" { return entry.description.isEmpty ? nil : entry.description }
        return entry.value(column)
    }
}

/// A diagnostic without its position, so one that only moved is not new.
private struct DiagnosticIdentity: Hashable {
    let severity: Diagnostic.Severity, file: String?, message: String

    init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity
        file = diagnostic.location?.file
        message = diagnostic.message
    }
}

/// A change that groups the tenants it applies to.
private protocol TenantGroup {
    var tenants: [String] { get set }
    var flagAndEnvironment: [String] { get }
    func sameChange(as other: Self) -> Bool
}

extension WorkspaceDiff.ValueChange: TenantGroup {
    var flagAndEnvironment: [String] { [flag, environment] }
    func sameChange(as other: Self) -> Bool {
        flagAndEnvironment == other.flagAndEnvironment && old == other.old && new == other.new && detail == other.detail
    }
}

extension WorkspaceDiff.ProvenanceChange: TenantGroup {
    var flagAndEnvironment: [String] { [flag, environment] }
    func sameChange(as other: Self) -> Bool {
        flagAndEnvironment == other.flagAndEnvironment && value == other.value && oldLayer == other.oldLayer && newLayer == other.newLayer
    }
}
