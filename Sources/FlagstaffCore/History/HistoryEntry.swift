/// A commit as history names it: who made the change, when and why.
/// A release tag: its name and the day it was made.
public struct HistoryRelease: Hashable, Sendable, Codable {
    /// The tag, such as `v5.4`.
    public var tag: String
    /// The day the tag was made (an annotated tag's date, else its commit's).
    public var day: CalendarDate

    /// A release.
    public init(tag: String, day: CalendarDate) {
        self.tag = tag
        self.day = day
    }
}

public struct HistoryCommit: Hashable, Sendable, Codable {
    /// The full commit id.
    public var id: String
    /// When the commit was made on its branch (the committer date), in ISO 8601
    /// with the committer's offset, such as `2026-03-12T10:00:00+01:00`.
    public var time: String
    /// The day of `time`, in the committer's own time zone.
    public var day: CalendarDate
    /// The author's name.
    public var author: String
    /// The author's email address, as git records it.
    public var email: String
    /// The first line of the commit message.
    public var subject: String
    /// Whether the commit merges another branch (it has several parents).
    public var isMerge: Bool
    /// The first release tag (`history.release_tags`) whose history has the
    /// commit: the release that shipped it. `nil` when none does, or none is asked for.
    public var release: HistoryRelease?

    /// Creates a commit description.
    public init(id: String, time: String, day: CalendarDate, author: String, email: String, subject: String, isMerge: Bool = false) {
        self.id = id
        self.time = time
        self.day = day
        self.author = author
        self.email = email
        self.subject = subject
        self.isMerge = isMerge
    }

    /// The id as people quote it: its first 7 digits.
    public var shortID: String { String(id.prefix(7)) }
}

/// Values that cannot be read from a commit on: one tenant's, when its file does
/// not read, or every value, when what declares the flags or how to resolve them does not.
public struct UnknownValues: Hashable, Sendable, Codable {
    /// The tenant, or `nil` for every value of the workspace.
    public var tenant: String?
    /// Why, as the readers say it: the errors, each with its file and position.
    public var problems: [Diagnostic]

    /// Problems at one commit.
    public struct AtCommit: Hashable, Sendable, Codable {
        /// The commit.
        public var commit: HistoryCommit
        /// The errors, each with its file and position.
        public var problems: [Diagnostic]

        /// Creates problems at a commit.
        public init(commit: HistoryCommit, problems: [Diagnostic]) {
            self.commit = commit
            self.problems = problems
        }
    }

    /// Creates a note of unknown values.
    public init(tenant: String?, problems: [Diagnostic]) {
        self.tenant = tenant
        self.problems = problems
    }
}

/// What one commit changes in the values the app gets, or where history starts.
public struct HistoryEntry: Sendable, Codable {
    /// What kind of entry it is.
    public enum Kind: Hashable, Sendable, Codable {
        /// The first commit whose workspace could be read: the values since then are
        /// the earliest history knows (`flags`, `tenants`, `environments` count them).
        case start(flags: Int, tenants: Int, environments: Int)
        /// A commit that changes something.
        case change
        /// What the working tree (or, on a site, the sources it is built from)
        /// changes after the last commit history covers; it has no commit.
        case pending
    }

    /// What kind of entry it is.
    public var kind: Kind
    /// The commit; `nil` for a pending entry.
    public var commit: HistoryCommit?
    /// The cells whose value or deciding layer changes, in flag, environment and tenant order.
    public var cells: [MatrixChanges.Cell] = []
    /// Flags added and removed, with their values on the side that has them.
    public var addedFlags: [MatrixChanges.FlagValues] = [], removedFlags: [MatrixChanges.FlagValues] = []
    /// Flags whose key changes while their Swift case stays.
    public var renamedFlags: [MatrixChanges.Rename] = []
    /// Tenants added, removed and renamed.
    public var addedTenants: [String] = [], removedTenants: [String] = []
    /// Tenants whose file moved to another id.
    public var renamedTenants: [MatrixChanges.Rename] = []
    /// Environments added and removed.
    public var addedEnvironments: [String] = [], removedEnvironments: [String] = []
    /// Changes of the Remote Config templates that move devices without changing a cell's value.
    public var remoteChanges: [RemoteTemplateChange] = []
    /// The template version of each environment where a remote value changes, or
    /// its template does, as of this commit, when the template names one.
    public var templateVersions: [String: RemoteTemplateVersion] = [:]
    /// Values that cannot be read from this commit on.
    public var unknown: [UnknownValues] = []
    /// Values that can be read again from this commit on: tenant ids, or `nil` for
    /// every value; the cells compare them with the last values read.
    public var readableAgain: [String?] = []
    /// The configuration the values are read with from this entry on, where that
    /// changes, and at the start when it is not the commit's own; `nil` otherwise.
    public var readWith: ConfigurationUsed?

    /// Which configuration a stretch of history is read with.
    public enum ConfigurationUsed: Hashable, Sendable, Codable {
        /// Each commit's own.
        case own
        /// Another one, named as the output names it ("the working tree's flagstaff.yml"):
        /// the commits have none (they are older than it), or the user asked for it.
        case borrowed(String)
    }

    /// Creates an entry.
    public init(kind: Kind, commit: HistoryCommit?) {
        self.kind = kind
        self.commit = commit
    }

    /// Whether the entry is where history starts.
    public var isStart: Bool {
        if case .start = kind { return true }
        return false
    }

    /// Whether the entry says nothing: no change of any kind.
    public var isEmpty: Bool {
        if isStart { return false }
        return cells.isEmpty && addedFlags.isEmpty && removedFlags.isEmpty && renamedFlags.isEmpty && addedTenants.isEmpty
            && removedTenants.isEmpty && renamedTenants.isEmpty && addedEnvironments.isEmpty && removedEnvironments.isEmpty
            && remoteChanges.isEmpty && unknown.isEmpty && readableAgain.isEmpty && readWith == nil
    }

    /// The cells whose value changes, grouped: tenants that share a flag, an
    /// environment, both values and both layers, in order of their first cell.
    public var valueChanges: [CellGroup] { CellGroup.grouping(cells.filter(\.changesValue)) }

    /// The cells that keep their value but get it from another layer, grouped the same way.
    public var layerChanges: [CellGroup] { CellGroup.grouping(cells.filter { !$0.changesValue }) }
}

/// Tenants of one flag whose cell changes the same way (same values, same
/// layers, same change of cases) in one or more environments: one change, said once.
public struct CellGroup: Hashable, Sendable {
    /// The flag key.
    public var flag: String
    /// The environments, in the order of the cells.
    public var environments: [String]
    /// The tenant ids, in the order of the cells.
    public var tenants: [String]
    /// The value before and after, as `CellPresentation.word` writes them.
    public var old: String, new: String
    /// The ids of the deciding layer before and after.
    public var oldLayer: String, newLayer: String
    /// What changes in the cases the value varies by, in words; `nil` when they do not.
    public var detail: String?

    /// The cells grouped, in order of each group's first cell: first the tenants of
    /// each environment, then the environments whose tenants change alike.
    public static func grouping(_ cells: [MatrixChanges.Cell]) -> [CellGroup] {
        var byEnvironment: [CellGroup] = []
        var positions: [[String?]: Int] = [:]
        for cell in cells {
            let key: [String?] = [cell.flag, cell.environment, cell.old, cell.new, cell.oldLayer, cell.newLayer, cell.detail]
            if let position = positions[key] {
                byEnvironment[position].tenants.append(cell.tenant)
            } else {
                positions[key] = byEnvironment.count
                byEnvironment.append(
                    CellGroup(
                        flag: cell.flag, environments: [cell.environment], tenants: [cell.tenant], old: cell.old, new: cell.new,
                        oldLayer: cell.oldLayer, newLayer: cell.newLayer, detail: cell.detail))
            }
        }
        var groups: [CellGroup] = []
        var merged: [[String?]: Int] = [:]
        for group in byEnvironment {
            let key: [String?] = [group.flag, group.old, group.new, group.oldLayer, group.newLayer, group.detail] + group.tenants
            if let position = merged[key] {
                groups[position].environments += group.environments
            } else {
                merged[key] = groups.count
                groups.append(group)
            }
        }
        return groups
    }
}
