import FlagstaffCore

/// What several kinds of page share: links to flags and tenants, badges, and a
/// cell's reason in words.
extension SiteRenderer {
    /// The id of a tenant's row on a flag page, `t-<tenant slug>`, which matrix cells link to.
    func anchor(_ tenant: Tenant) -> String {
        "t-\(tenantSlugs[tenant.id]!)"
    }

    /// Every tenant, for filters and headings.
    func tenantItems() -> [TenantItem] {
        model.tenants.map { TenantItem(id: $0.id, name: $0.name, slug: tenantSlugs[$0.id]!) }
    }

    /// "debug builds only" for a flag compiled only under `#if DEBUG`, "only if <condition>" for another condition.
    static func conditionBadges(_ flag: Flag) -> [Badge] {
        guard let condition = flag.condition else { return [] }
        return [Badge(kind: "condition", label: condition == "DEBUG" ? "debug builds only" : "only if \(condition)")]
    }

    /// What a badge says of a lifecycle status. Unused in code is said as what it
    /// means for the people who use the app.
    static func badgeLabel(_ status: LifecycleStatus) -> String {
        status == .unusedInCode ? notReadLabel : status.label
    }

    /// The badge of a flag no code reads, and the note on its page.
    static let notReadLabel = "the app's code does not read it"

    /// The badges a flag's name carries wherever its values are listed (tenant
    /// pages): its compile condition, and that the app's code does not read it.
    static func nameBadges(_ flag: Flag, lifecycle: LifecycleReport) -> [Badge] {
        conditionBadges(flag) + ((lifecycle.entry(for: flag.key)?.has(.unusedInCode) ?? false)
            ? [Badge(kind: LifecycleStatus.unusedInCode.rawValue, label: notReadLabel)] : [])
    }

    /// A matrix row's badges: the compile condition, then the lifecycle statuses.
    /// Stale is left to the lifecycle page and `flagstaff due`: on most flags of a
    /// real workspace, it says little in a list of values.
    func badges(_ flag: Flag) -> [Badge] {
        Self.conditionBadges(flag) + (lifecycle.entry(for: flag.key)?.statuses ?? []).filter { $0 != .stale }.map {
            Badge(kind: $0.rawValue, label: Self.badgeLabel($0))
        }
    }
}
