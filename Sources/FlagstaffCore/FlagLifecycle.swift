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

    /// Kill switches and permissions are meant to stay: never stale, never due.
    public var isPermanent: Bool { self == .killSwitch || self == .permission }
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
    /// What the flag is for; a flag without one is treated as a release flag.
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

    /// The kind the status rules use: the `Type`, or `release` when there is none.
    public var effectiveKind: FlagKind { kind ?? .release }

    /// Whether the flag is meant to go away one day.
    public var isTemporary: Bool { !effectiveKind.isPermanent }
}

/// Reads the optional lifecycle columns of the catalog: `Owner`, `Type`,
/// `Added`, `Remove by` and `Ticket`, matched without regard to case.
public enum LifecycleColumns {
    /// The column names, as the README documents them.
    public static let owner = "Owner", type = "Type", added = "Added", removeBy = "Remove by", ticket = "Ticket"
    /// The column names, lowercased, for telling lifecycle columns from other catalog columns.
    public static let all: Set<String> = Set([owner, type, added, removeBy, ticket].map { $0.lowercased() })

    /// Each row's lifecycle by flag key (the first row wins for a duplicated key),
    /// and an error for every bad date, unknown type or unparsable version.
    public static func read(_ catalog: Catalog) -> (lifecycles: [String: FlagLifecycle], diagnostics: [Diagnostic]) {
        var lifecycles: [String: FlagLifecycle] = [:]
        var diagnostics: [Diagnostic] = []
        for entry in catalog.entries where lifecycles[entry.key] == nil {
            var lifecycle = FlagLifecycle(owner: entry.value(owner), ticket: entry.value(ticket))
            if let cell = entry.cell(type) {
                let text = plain(cell.text).lowercased()
                if let kind = FlagKind(rawValue: text) {
                    lifecycle.kind = kind
                } else {
                    let names = FlagKind.allCases.map(\.rawValue)
                    diagnostics.append(
                        .error(
                            "unknown flag type '\(plain(cell.text))'", at: cell.location,
                            hint: Suggestion.didYouMean(text, in: names) ?? "use one of \(names.joined(separator: ", "))"))
                }
            }
            if let cell = entry.cell(added) {
                if let date = CalendarDate(parsing: plain(cell.text)) {
                    lifecycle.added = date
                } else {
                    diagnostics.append(
                        .error("'\(added)' is not a valid date: '\(plain(cell.text))'", at: cell.location, hint: "write it as YYYY-MM-DD, e.g. 2026-03-31"))
                }
            }
            if let cell = entry.cell(removeBy) {
                let text = plain(cell.text)
                lifecycle.removeByLocation = cell.location
                if let date = CalendarDate(parsing: text) {
                    lifecycle.removeBy = .date(date)
                } else if let version = AppVersion(parsing: text) {
                    lifecycle.removeBy = .version(version)
                } else if text.contains("-") || text.contains("/") {
                    diagnostics.append(
                        .error("'\(removeBy)' is not a valid date: '\(text)'", at: cell.location, hint: "write a date as YYYY-MM-DD, e.g. 2026-03-31"))
                } else {
                    diagnostics.append(
                        .error(
                            "'\(removeBy)' is neither a date nor an app version: '\(text)'", at: cell.location,
                            hint: "write a date as YYYY-MM-DD or a version as numbers and dots, e.g. 3.0"))
                }
            }
            lifecycles[entry.key] = lifecycle
        }
        return (lifecycles, diagnostics)
    }

    /// A version target cannot be compared without `current_version`: one warning, at the first such cell.
    public static func versionWithoutCurrentVersion(_ lifecycles: [String: FlagLifecycle], catalog: Catalog) -> Diagnostic? {
        for entry in catalog.entries {
            guard let lifecycle = lifecycles[entry.key], case .version(let version)? = lifecycle.removeBy else { continue }
            return .warning(
                "'\(removeBy)' \(version) is an app version, but flagstaff.yml sets no current_version, so version targets are never due",
                at: lifecycle.removeByLocation, hint: "add current_version: \"x.y\" to flagstaff.yml")
        }
        return nil
    }

    /// The cell's text (already trimmed by the reader) without surrounding backticks.
    private static func plain(_ text: String) -> String {
        var text = Substring(text)
        while text.first == "`" && text.last == "`" && text.count >= 2 { text = text.dropFirst().dropLast() }
        return String(text)
    }
}
