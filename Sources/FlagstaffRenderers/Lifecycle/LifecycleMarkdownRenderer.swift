import FlagstaffCore
import Foundation

/// Renders the lifecycle report as Markdown: `lifecycle.md` in the output folder
/// and `flagstaff due --format md`. Flags are grouped by status, then by owner.
public enum LifecycleMarkdownRenderer {
    /// The report of `entries` (all flags, or a filtered set).
    public static func render(_ report: LifecycleReport, entries: [LifecycleEntry]) -> String {
        var text = "# Flag lifecycle\n\n"
        text += "Statuses as of \(report.asOf). \(LifecycleText.policySummary(report.policy))\n"
        for note in report.notes { text += "\nNote: \(note).\n" }
        let flagged = entries.filter { !$0.findings.isEmpty }
        text += "\n| Status | Flags | Meaning |\n|---|---:|---|\n"
        for status in report.shownStatuses {
            text += "| \(LifecycleText.title(status)) | \(entries.filter { $0.has(status) }.count) | \(LifecycleText.meaning(status, report.wording)) |\n"
        }
        if flagged.count < entries.count {
            text += "| No findings | \(entries.count - flagged.count) | Nothing to do for now. |\n"
        }
        for status in LifecycleStatus.allCases {
            let group = entries.filter { $0.has(status) }
            guard !group.isEmpty else { continue }
            text += "\n## \(LifecycleText.title(status)) (\(group.count))\n"
            for (owner, ownerEntries) in LifecycleText.byOwner(group) {
                text += "\n### \(owner?.markdownEscaped ?? "No owner")\n\n"
                text += "| Flag | Type | Remove by | Why | Uses in code |\n|---|---|---|---|---|\n"
                for entry in ownerEntries {
                    let reason = entry.findings.first { $0.status == status }?.reason ?? ""
                    text += "| \(entry.flag.key.markdownCode) | \(entry.lifecycle.kind?.rawValue ?? "–") | \(entry.lifecycle.removeBy?.description ?? "–") "
                        + "| \(reason.markdownEscaped) | \(LifecycleText.uses(entry, in: report)) |\n"
                }
            }
        }
        let used = flagged.filter { !$0.references.isEmpty }
        if !used.isEmpty {
            text += "\n## Where the code still uses them\n\n"
            for entry in used {
                let places = entry.references.map { "\($0.location.file):\($0.location.line)".markdownCode }.joined(separator: ", ")
                text += "- \(entry.flag.key.markdownCode) (\(entry.references.count.counted("place"))): \(places)\n"
            }
        }
        return text
    }
}

/// Plain-language words for lifecycle statuses and thresholds, shared by every report.
public enum LifecycleText {
    /// "Overdue", "Due soon", …
    public static func title(_ status: LifecycleStatus) -> String {
        status.label.prefix(1).uppercased() + status.label.dropFirst()
    }

    /// What a status asks of the team, in one sentence.
    /// `wording` drops "for every tenant" in a single app.
    public static func meaning(_ status: LifecycleStatus, _ wording: TenantWording = TenantWording(isSingleApp: false)) -> String {
        let everyTenant = wording.isSingleApp ? "" : " for every tenant"
        return switch status {
        case .overdue: "The removal date has passed, or the app has reached the removal version."
        case .dueSoon: "The removal date is close."
        case .rolledOut: "On\(everyTenant) everywhere, or in production by remote config: remove the flag and keep the new behaviour."
        case .dead: "Off\(everyTenant) everywhere, or in production by remote config: remove the flag and the code behind it."
        case .notOnYet: "Off everywhere because its work is not released yet: added recently, not committed yet, or in a phase marked as in development."
        case .notInProduction: "Its code leaves it out of the production build (#if): a flag for test builds only, never rolled out or dead."
        case .offInRemoteConfig: "Off\(everyTenant) in production because someone switched it off in Remote Config; it may be switched on again, so the code stays."
        case .partlySeen: "The same everywhere Flagstaff can see, but a source it cannot see may change it, so it is not called rolled out or dead."
        case .stale: "Older than a flag of its type should live."
        case .incomplete: "A temporary flag without an owner or a Remove by date or version, in a catalog that has those columns."
        case .deprecatedInCode: "Engineers have marked the Swift case deprecated."
        case .unusedInCode: "No app code uses it any more."
        }
    }

    /// How many places in code use the flag ("2 places"), or "not searched" without code roots.
    public static func uses(_ entry: LifecycleEntry, in report: LifecycleReport) -> String {
        if report.usesAreKnown || !entry.references.isEmpty { return entry.references.count.counted("place") }
        return report.codeRoots.isEmpty ? "not searched" : "not known"
    }

    /// The thresholds in one sentence.
    public static func policySummary(_ policy: LifecyclePolicy) -> String {
        let lifetimes = FlagKind.allCases.compactMap { kind in
            policy.expectedLifetime(of: kind).map { "\(kind.rawValue) \($0.counted("day"))" }
        }
        var text = "Due soon means a removal date within \(policy.dueSoonDays.counted("day")). "
        let permanent = FlagKind.allCases.filter(\.isPermanent).map(\.rawValue)
        text += "Expected lifetimes: \(lifetimes.joined(separator: ", ")); \(permanent.dropLast().joined(separator: ", ")) and \(permanent.last ?? "") flags are permanent."
        let defaults = FlagType.allCases.compactMap { type in policy.defaultKinds[type].map { "\(type.rawValue) flags \($0.rawValue)" } }
        if !defaults.isEmpty { text += " Without a Type: \(defaults.joined(separator: ", "))." }
        if let version = policy.currentVersion { text += " Current app version: \(version)." }
        return text
    }

    /// Entries grouped by owner, owners in alphabetical order and flags without one last.
    public static func byOwner(_ entries: [LifecycleEntry]) -> [(owner: String?, entries: [LifecycleEntry])] {
        let owners = Set(entries.compactMap(\.lifecycle.owner)).sorted { ($0.lowercased(), $0) < ($1.lowercased(), $1) }
        var groups = owners.map { owner in (owner: Optional(owner), entries: entries.filter { $0.lifecycle.owner == owner }) }
        let unowned = entries.filter { $0.lifecycle.owner == nil }
        if !unowned.isEmpty { groups.append((nil, unowned)) }
        return groups
    }
}
