import FlagstaffCore

/// `lifecycle.html`: the lifecycle report for PMs, status by status, each status's flags by owner.
struct LifecyclePage: SitePage {
    static let template = "lifecycle"
    static let section: SiteSection? = .lifecycle

    var asOf: String
    var policy: String
    var note: String?
    /// Why no flag is called unused in code, when the scan found no use of any.
    var usesNote: String?
    var statuses: [StatusSection]
    var healthyCount: Int
    var healthy: [FlagLink]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "lifecycle.html", title: "Lifecycle") { LifecyclePage(site) }]
    }

    init(_ site: SiteRenderer) {
        let lifecycle = site.lifecycle
        let links = MarkdownHTML.Links(flag: { key in site.flagSlugs[key].map { "flags/\($0).html" } })
        statuses = lifecycle.shownStatuses.map { status in
            let entries = lifecycle.entries.filter { $0.has(status) }
            return StatusSection(
                id: status.rawValue, title: LifecycleText.title(status), meaning: LifecycleText.meaning(status, lifecycle.wording),
                count: entries.count, hasFlags: !entries.isEmpty, open: [.overdue, .dueSoon, .rolledOut, .dead].contains(status),
                owners: LifecycleText.byOwner(entries).map { group in
                    OwnerGroup(
                        ownerHTML: group.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? "No owner",
                        flags: group.entries.map { entry in
                            LifecycleRow(
                                key: entry.flag.key, slug: site.flagSlugs[entry.flag.key]!, type: entry.lifecycle.kind?.rawValue ?? "–",
                                removeBy: entry.lifecycle.removeBy?.description ?? "–",
                                reason: entry.findings.first { $0.status == status }?.reason ?? "",
                                uses: LifecycleText.uses(entry, in: lifecycle))
                        })
                })
        }
        let healthy = lifecycle.entries.filter(\.findings.isEmpty)
        asOf = lifecycle.asOf.description
        policy = LifecycleText.policySummary(lifecycle.policy)
        note = lifecycle.addedDatesNote
        usesNote = lifecycle.usesNote
        healthyCount = healthy.count
        self.healthy = healthy.map { FlagLink(key: $0.flag.key, slug: site.flagSlugs[$0.flag.key]!) }
    }
}

/// One status's flags, by owner.
struct StatusSection: Sendable, TemplateContext {
    var id: String
    var title: String
    var meaning: String
    var count: Int
    var hasFlags: Bool
    /// Whether the section opens folded out: statuses that ask for action now do.
    var open: Bool
    var owners: [OwnerGroup]
}

/// One owner's flags under a status.
struct OwnerGroup: Sendable, TemplateContext {
    var ownerHTML: String
    var flags: [LifecycleRow]
}

/// One flag in a status table.
struct LifecycleRow: Sendable, TemplateContext {
    var key: String
    var slug: String
    var type: String
    var removeBy: String
    var reason: String
    var uses: String
}
