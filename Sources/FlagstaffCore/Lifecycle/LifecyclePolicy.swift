/// The thresholds of the status rules. The defaults follow Unleash: release and
/// experiment flags are expected to live 40 days, ops flags 7, permanent types forever.
public struct LifecyclePolicy: Hashable, Sendable {
    /// A removal date this many days away or fewer is "due soon".
    public var dueSoonDays: Int
    /// How many days a flag of each temporary kind is expected to live.
    public var expectedLifetimes: [FlagKind: Int]
    /// The app version being built, for version targets; without one they are never due.
    public var currentVersion: AppVersion?
    /// The phases or types (lowercased) the team marks as in development: a flag
    /// of one that is off everywhere is not on yet, not dead.
    public var inDevelopment: Set<String> = []
    /// The type of a flag whose catalog row gives none, by the flag's value type
    /// (`lifecycle.default_type`); a value type without one is `release`.
    public var defaultKinds: [FlagType: FlagKind] = [:]

    /// The default due-soon window, in days.
    public static let defaultDueSoonDays = 30
    /// The default expected lifetimes, in days.
    public static let defaultLifetimes: [FlagKind: Int] = [.release: 40, .experiment: 40, .ops: 7]

    /// Creates a policy; every argument has the documented default.
    public init(
        dueSoonDays: Int = LifecyclePolicy.defaultDueSoonDays,
        expectedLifetimes: [FlagKind: Int] = LifecyclePolicy.defaultLifetimes, currentVersion: AppVersion? = nil
    ) {
        self.dueSoonDays = dueSoonDays
        self.expectedLifetimes = expectedLifetimes
        self.currentVersion = currentVersion
    }

    /// The type the status rules use for a flag: its row's `Type`, else the default
    /// for its value type, else `release`.
    public func kind(of lifecycle: FlagLifecycle, type: FlagType) -> FlagKind {
        lifecycle.kind ?? defaultKinds[type] ?? .release
    }

    /// The expected lifetime of a kind; `nil` for permanent kinds.
    public func expectedLifetime(of kind: FlagKind) -> Int? {
        kind.isPermanent ? nil : expectedLifetimes[kind] ?? LifecyclePolicy.defaultLifetimes[kind]
    }
}
