/// What a flag is for, from the catalog's `Type` column. The names follow
/// Unleash's flag types.
public enum FlagKind: String, CaseIterable, Hashable, Sendable {
    /// Guards a feature while it rolls out; removed once it is on everywhere.
    case release
    /// An A/B test or trial; removed once the result is in.
    case experiment
    /// An operational switch for a migration or an incident; short-lived.
    case ops
    /// A permanent switch that turns a feature off in an emergency.
    case killSwitch = "kill-switch"
    /// A permanent switch for who may use a feature, such as a market or a role.
    case permission
    /// A value the app is configured with, such as a limit, a text or a list: permanent.
    case configuration

    /// Kill switches, permissions and configuration values are meant to stay: never stale, never due.
    public var isPermanent: Bool { self == .killSwitch || self == .permission || self == .configuration }
}

/// When a flag should be gone: by a day, or by an app version.
public enum RemovalTarget: Hashable, Sendable, CustomStringConvertible {
    case date(CalendarDate)
    case version(AppVersion)

    /// The date or version as written.
    public var description: String {
        switch self {
        case .date(let date): date.description
        case .version(let version): version.description
        }
    }
}

/// The lifecycle columns of one catalog row. Every field is optional.
public struct FlagLifecycle: Hashable, Sendable {
    /// Who answers for the flag: a person or a team, as Markdown.
    public var owner: String?
    /// What the flag is for, as its catalog row says; a flag without one takes the
    /// policy's default type (`LifecyclePolicy.kind(of:type:)`).
    public var kind: FlagKind?
    /// When the flag was added, from the `Added` column.
    public var added: CalendarDate?
    /// When the flag should be gone.
    public var removeBy: RemovalTarget?
    /// Where the `Remove by` cell is, for diagnostics about it.
    public var removeByLocation: SourceLocation?
    /// The ticket that tracks the flag, as Markdown (usually a link).
    public var ticket: String?

    /// Creates lifecycle data.
    public init(
        owner: String? = nil, kind: FlagKind? = nil, added: CalendarDate? = nil, removeBy: RemovalTarget? = nil,
        removeByLocation: SourceLocation? = nil, ticket: String? = nil
    ) {
        self.owner = owner
        self.kind = kind
        self.added = added
        self.removeBy = removeBy
        self.removeByLocation = removeByLocation
        self.ticket = ticket
    }
}

/// The names of the catalog's optional lifecycle columns, matched without regard to case.
public enum LifecycleColumns {
    /// The column names, as the README documents them.
    public static let owner = "Owner", type = "Type", added = "Added", removeBy = "Remove by", ticket = "Ticket"
    /// The column names, lowercased, for telling lifecycle columns from other catalog columns.
    public static let all: Set<String> = Set([owner, type, added, removeBy, ticket].map { $0.lowercased() })
    /// The columns that can say where a flag is in its life ("in development", "A/B
    /// test", "scheduled"), the first the catalog has first: `Phase`, else `Type`.
    public static let phases = ["Phase", type]
}
