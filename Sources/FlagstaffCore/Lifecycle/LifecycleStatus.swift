/// A reason to look at a flag again. A flag can have several at once.
public enum LifecycleStatus: String, CaseIterable, Hashable, Sendable, Comparable {
    /// The `Remove by` date has passed, or the app has reached the target version.
    case overdue
    /// The `Remove by` date is within the due-soon window.
    case dueSoon = "due-soon"
    /// On for every tenant everywhere, or in production by remote config: remove the flag, keep the new path.
    case rolledOut = "rolled-out"
    /// Off for every tenant everywhere, or in production by remote config: remove the flag and the code it guards.
    case dead
    /// Off everywhere because its work is not released yet: added recently, or
    /// in a phase or of a type the team marks as in development. Never dead.
    case notOnYet = "not-on-yet"
    /// Its `#if` leaves it out of the production build (the last environment): a
    /// flag for test builds only, which has no value in production. Never rolled out or dead.
    case notInProduction = "not-in-production"
    /// Off for every tenant in production because remote config sets it off: a
    /// switch someone turned off in the console and may turn on again. Never dead.
    case offInRemoteConfig = "off-in-remote-config"
    /// The same value everywhere Flagstaff can see, but a source it cannot see
    /// (`external`) may change the flag: never called rolled out or dead.
    case partlySeen = "partly-seen"
    /// Older than the expected lifetime of its type.
    case stale
    /// A temporary flag without an owner or a `Remove by`, in a catalog with those columns.
    case incomplete
    /// The Swift case is marked `@available(*, deprecated…)`.
    case deprecatedInCode = "deprecated-in-code"
    /// No code outside the enum uses the flag.
    case unusedInCode = "unused-in-code"

    /// The status in plain words, e.g. "due soon".
    public var label: String { rawValue.replacingDashes() }

    public static func < (lhs: LifecycleStatus, rhs: LifecycleStatus) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// One status of one flag, with the reason a person can read.
public struct LifecycleFinding: Hashable, Sendable {
    /// The status.
    public var status: LifecycleStatus
    /// Why, in one plain sentence without a trailing period.
    public var reason: String

    /// Creates a finding.
    public init(_ status: LifecycleStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }
}

extension String {
    fileprivate func replacingDashes() -> String {
        String(map { $0 == "-" ? " " : $0 })
    }
}
