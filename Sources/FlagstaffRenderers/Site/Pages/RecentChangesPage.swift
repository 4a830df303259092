import FlagstaffCore

/// `recent-changes.html`: every change to the values of the last days (90 unless
/// the configuration says otherwise), newest first, in a PM's words, with a filter
/// by tenant and environment. Only a site that shows history has it.
struct RecentChangesPage: SitePage {
    static let template = "recent-changes"
    static let section: SiteSection? = .recentChanges

    var days: Int
    /// The first day counted, in words.
    var since: String
    /// Which commits the history covers, in words.
    var covers: String
    var hasEntries: Bool
    var entries: [RecentEntry]
    /// The tenants the filter offers: those of the site, then those history names only.
    var tenants: [TenantItem]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        guard let history = site.history else { return [] }
        return [PagePlan(path: "recent-changes.html", title: "Recent changes") { RecentChangesPage(site, history) }]
    }

    init(_ site: SiteRenderer, _ history: SiteHistory) {
        days = history.recentDays
        since = HistoryWords.day(history.recentSince)
        covers = FlagHistorySection.covers(history.history)
        entries = RecentEntry.list(history.history.entries(since: history.recentSince), site: site)
        hasEntries = !entries.isEmpty
        let current = site.model.tenants.map { TenantItem(id: $0.id, name: $0.name, slug: site.tenantSlugs[$0.id]!) }
        let named = Set(entries.flatMap { $0.changes.flatMap { $0.tenants.split(separator: " ").map(String.init) } })
        tenants = current + named.subtracting(current.map(\.id)).sorted().map { TenantItem(id: $0, name: site.historyWords.tenant($0), slug: "") }
    }
}

/// One commit's changes, or those after the last commit the history covers.
struct RecentEntry: Sendable, TemplateContext {
    /// The element's id: `c-<short id>`, or `pending`.
    var anchor: String
    /// `2 Feb 2026`, or what a pending entry is.
    var date: String
    /// The commit's message, or what a pending entry is.
    var title: String
    /// `Ana Lopez · 3130487`, with ` · a merge` for one; `nil` for a pending entry.
    var byline: String?
    var changes: [RecentChangeItem]

    /// The entries as a page lists them, newest first as given.
    static func list(_ entries: [HistoryEntry], site: SiteRenderer) -> [RecentEntry] {
        entries.map { entry in
            let tenantCount = entry.isStart ? 0 : site.model.tenants.count
            var changes = site.historyWords.changes(entry, tenantCount: tenantCount).map { change in
                RecentChangeItem(
                    lead: change.lead, flagKey: change.flag, flagSlug: change.flag.flatMap { site.flagSlugs[$0] }, text: change.text,
                    detail: change.detail, tenants: change.tenants.joined(separator: " "), environments: change.environments.joined(separator: " "))
            }
            if case .start(let flags, let tenants, let environments) = entry.kind, entry.unknown.allSatisfy({ $0.tenant != nil }) {
                changes.insert(
                    RecentChangeItem(
                        lead: "", flagKey: nil, flagSlug: nil,
                        text: "The history starts here, with \(flags.counted("flag")), \(tenants.counted(site.words.tenant)) and "
                            + "\(environments.counted("environment"))",
                        detail: nil, tenants: "", environments: ""), at: 0)
            }
            guard let commit = entry.commit else {
                return RecentEntry(
                    anchor: "pending", date: "Not in the history yet", title: "Changes after the last commit the history covers", byline: nil,
                    changes: changes)
            }
            return RecentEntry(
                anchor: "c-\(commit.shortID)", date: HistoryWords.day(commit.day), title: commit.subject,
                byline: "\(commit.author) · \(commit.shortID)" + (commit.isMerge ? " · a merge" : ""), changes: changes)
        }
    }
}

/// One change, as a sentence that may name a flag, with the tenants and
/// environments it concerns (space-separated ids; empty for all) for the filter.
struct RecentChangeItem: Sendable, TemplateContext {
    var lead: String
    var flagKey: String?
    /// The flag's page without `.html`; `nil` for a flag the site no longer has.
    var flagSlug: String?
    var text: String
    /// What an engineer needs, such as the error that made values unknown.
    var detail: String?
    var tenants: String
    var environments: String
}
