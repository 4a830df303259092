import FlagstaffCore

/// What several kinds of page share: links to flags and tenants, badges, and a
/// cell's reason in words.
extension SiteRenderer {
    /// The id of a flag page's value cell, `t-<tenant slug>.<environment slug>`, which
    /// matrix cells link to; a slug never holds a `.`, so the id cannot be ambiguous.
    func anchor(_ tenant: Tenant, _ environment: String) -> String {
        "t-\(tenantSlugs[tenant.id]!).\(environmentSlugs[environment]!)"
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

    /// A matrix row's badges: the compile condition, then the lifecycle statuses.
    func badges(_ flag: Flag) -> [Badge] {
        Self.conditionBadges(flag) + (lifecycle.entry(for: flag.key)?.statuses ?? []).map { Badge(kind: $0.rawValue, label: $0.label) }
    }

    /// Why a cell has its value, in words, when the deciding layer says more than
    /// its mark: "remote: condition 'CHL'; the app ships on (base)".
    static func why(_ resolution: Resolution, briefly: Bool) -> String? {
        if briefly, resolution.isVarying { return "\(resolution.layer.id): depends on the device or the user" }
        guard let explanation = resolution.explanation else { return nil }
        if briefly { return "\(resolution.layer.id): \(explanation)" }
        guard !resolution.isVarying, let hidden = resolution.hidden else { return "\(resolution.layer.id): \(explanation)" }
        return "\(resolution.layer.id): \(explanation); \(CellPresentation.shipped(hidden))"
    }
}
