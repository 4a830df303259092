import FlagstaffCore
import Foundation

/// Renders the HTML site: home, matrix, lifecycle, one page per flag and per
/// tenant, the guide, a 404 page and the theme's assets. Every piece of input text
/// reaches HTML through Mustache's escaping `{{…}}` or through cmark's safe mode.
public struct SiteRenderer {
    let matrix: ResolvedMatrix
    let lifecycle: LifecycleReport
    let guide: [ExpandedGuidePage]
    let warnings: [Diagnostic]
    let theme: Theme
    let flagSlugs: [String: String]
    let tenantSlugs: [String: String]
    let environmentSlugs: [String: String]
    /// The rows of flag and tenant pages.
    let rows: TableRowsHTML

    /// Prepares a renderer.
    public init(
        matrix: ResolvedMatrix, lifecycle: LifecycleReport, guide: [ExpandedGuidePage], warnings: [Diagnostic], theme: Theme
    ) {
        self.matrix = matrix
        self.lifecycle = lifecycle
        self.guide = guide.sorted { ($0.page.order, $0.page.fileName) < ($1.page.order, $1.page.fileName) }
        self.warnings = warnings
        self.theme = theme
        let (flagSlugs, tenantSlugs, environmentSlugs) = (
            Slug.unique(matrix.model.flags.map(\.key)), Slug.unique(matrix.model.tenants.map(\.id)), Slug.unique(matrix.model.environments)
        )
        (self.flagSlugs, self.tenantSlugs, self.environmentSlugs) = (flagSlugs, tenantSlugs, environmentSlugs)
        rows = TableRowsHTML(
            matrix: matrix, flagSlugs: matrix.model.flags.map { flagSlugs[$0.key]! }, tenantSlugs: matrix.model.tenants.map { tenantSlugs[$0.id]! },
            environmentSlugs: matrix.model.environments.map { environmentSlugs[$0]! }, groups: MatrixSlice(matrix).groupPositions,
            badges: { [model = matrix.model] in Self.conditionBadges(model.flags[$0]) })
    }

    var model: FlagModel { matrix.model }

    /// The id of a flag page's value cell, `t-<tenant slug>.<environment slug>`, which
    /// matrix cells link to; a slug never holds a `.`, so the id cannot be ambiguous.
    func anchor(_ tenant: Tenant, _ environment: String) -> String {
        "t-\(tenantSlugs[tenant.id]!).\(environmentSlugs[environment]!)"
    }

    /// A piece of the site's work, which renders one or more files. The site is
    /// cut into many, one per page or data file, so they run on every core.
    public typealias Job = () throws(Theme.Problem) -> [OutputFile]

    /// Every file of the site, handed to `sink` as soon as it is rendered, one at a
    /// time, so a large site is never whole in memory and files are written while
    /// others render. `first` jobs (a build's exports, which are the longest) start
    /// before the site's own. Files arrive in no fixed order; their bytes are the
    /// same on every run.
    public func render(first: [Job] = [], into sink: (OutputFile) -> Void) throws(Theme.Problem) {
        var jobs = first + matrixJobs()
        jobs.append { theme.assets }
        jobs.append(pageJob("index.html", "index", title: "Home", homePage))
        jobs.append(pageJob("lifecycle.html", "lifecycle", title: "Lifecycle", lifecyclePage))
        jobs.append(pageJob("404.html", "404", title: "Page not found", NotFoundPage.init))
        jobs.append(pageJob("how-to-read.html", "how-to-read", title: "How to read this site", howToPage))
        jobs.append(pageJob("tenants/index.html", "tenants", title: "Tenants", tenantsPage))
        jobs.append(pageJob("guide/index.html", "guide-index", title: "Product guide") { GuideIndexPage(pages: guide.map(guideLink)) })
        for index in guide.indices {
            jobs.append(pageJob("guide/\(guide[index].page.slug).html", "guide", title: guide[index].page.title) { guidePage(index) })
        }
        for (position, flag) in model.flags.enumerated() {
            jobs.append(pageJob("flags/\(flagSlugs[flag.key]!).html", "flag", title: flag.key, html: { rows.flagRows(flag: position) }) {
                flagPage(position)
            })
        }
        for (position, tenant) in model.tenants.enumerated() {
            jobs.append(pageJob("tenants/\(tenantSlugs[tenant.id]!).html", "tenant", title: tenant.name, html: { tenantRows(position) }) {
                tenantPage(position)
            })
        }
        try Parallel.each(jobs.count, { (index) throws(Theme.Problem) in try jobs[index]() }) { files in files.forEach(sink) }
    }

    /// The job that renders one page; its content, and the HTML written for it
    /// (see `WrittenHTML`), are worked out when the job runs.
    func pageJob(
        _ path: String, _ template: String, title: String, html: (() -> [UInt8])? = nil, _ content: @escaping () -> some TemplateContext
    ) -> Job {
        { () throws(Theme.Problem) in [try page(path, template, title: title, content(), html: html?())] }
    }

    /// One page: its template rendered with its content inside the layout, and
    /// `html` put where the content holds `WrittenHTML.marker`. Pages in a
    /// subfolder reach the root through `../`, one per folder.
    func page(
        _ path: String, _ template: String, title: String, _ content: some TemplateContext, html: [UInt8]? = nil
    ) throws(Theme.Problem) -> OutputFile {
        let layout = PageLayout(
            siteTitle: model.title, pageTitle: title, root: String(repeating: "../", count: path.count { $0 == "/" }),
            navMatrix: template.hasPrefix("matrix"), navTenants: template == "tenants" || template == "tenant",
            navLifecycle: template == "lifecycle", navGuide: template.hasPrefix("guide"), navHowTo: template == "how-to-read",
            hasGuide: !guide.isEmpty, singleApp: model.isSingleApp,
            environments: model.environments.map(EnvironmentItem.init),
            legend: matrix.chain.legend.map { entry in
                LegendItem(hasMark: !entry.mark.isEmpty, mark: entry.mark, label: entry.label, text: entry.text)
            },
            valuesNote: valuesNote)
        let text = try theme.render(template, content, layout: layout)
        guard let html else { return OutputFile(path: path, text: text) }
        return OutputFile(path: path, contents: WrittenHTML.place(html, in: text))
    }

    /// What the values include, said once in every footer.
    private var valuesNote: String {
        guard let remote = model.remoteConfig else {
            return "Values shown are what ships in the app; remote config and debug overrides can still change them on a device."
        }
        let templates = remote.templatesByFile(environments: model.environments).map { template, environments in
            environments.joined(separator: " and ") + (template.version?.number.map { " (version \($0))" } ?? "")
        }
        return "Values include Firebase Remote Config, from the templates of \(templates.joined(separator: ", ")); "
            + "a debug override on a test device can still change them."
    }

    // MARK: - Pages

    func homePage() -> HomePage {
        let unset = unsetNotices()
        let remoteChanges = model.environments.filter { model.remoteConfig?.templates[$0] != nil }.map { environment in
            RemoteChangeCount(
                environment: environment, count: matrix.flags(changedBy: RemoteConfigLayer.layer, in: environment).count,
                template: model.remoteConfig?.templates[environment]?.version?.summary)
        }
        return HomePage(
            flagCount: model.flags.count, tenantCount: model.tenants.count, environmentCount: model.environments.count,
            environmentList: model.environments.joined(separator: ", "), warningCount: warnings.count,
            hasWarnings: !warnings.isEmpty, unsetNotices: unset.notices,
            otherWarnings: warnings.count > unset.warningCount ? (warnings.count - unset.warningCount).counted("other warning") : nil, warnings: warnings.map(\.description),
            flags: model.flags.map { FlagSuggestion(key: $0.key, href: "flags/\(flagSlugs[$0.key]!).html") },
            asOf: lifecycle.asOf.description, overdueCount: lifecycle.count(of: .overdue), dueSoonCount: lifecycle.count(of: .dueSoon),
            remoteChanges: remoteChanges, hasTemplateVersions: remoteChanges.contains { $0.template != nil })
    }

    /// The validator's "does not set" warnings in a PM's words, one line per tenant:
    /// "BRAVO does not set 4 flags, so they are off". The validator warns once per
    /// tenant and flag that falls back, so `warningCount` says how many warnings
    /// these lines stand for.
    private func unsetNotices() -> (notices: [UnsetNotice], warningCount: Int) {
        var notices: [UnsetNotice] = []
        var warningCount = 0
        for (position, tenant) in model.tenants.enumerated() {
            var everywhere: [Flag] = [], somewhere: [Flag] = []
            for (flag, unsetIn) in matrix.settings[position].unsetEnvironments(flagCount: model.flags.count).enumerated() {
                if unsetIn.count == model.environments.count { everywhere.append(model.flags[flag]) } else if !unsetIn.isEmpty { somewhere.append(model.flags[flag]) }
            }
            guard !everywhere.isEmpty || !somewhere.isEmpty else { continue }
            warningCount += everywhere.count + somewhere.count
            var parts: [String] = []
            if !everywhere.isEmpty {
                parts.append("does not set \(everywhere.count.counted("flag")), so \(everywhere.count == 1 ? "it is" : "they are") \(fallbackWords(everywhere))")
            }
            if !somewhere.isEmpty {
                parts.append(
                    "leaves \(somewhere.count.counted("flag")) unset in some environments, so \(somewhere.count == 1 ? "it is" : "they are") "
                        + "\(fallbackWords(somewhere)) there")
            }
            let flags = everywhere + somewhere
            notices.append(
                UnsetNotice(
                    tenantName: tenant.name, tenantSlug: tenantSlugs[tenant.id]!, text: parts.joined(separator: ", and "),
                    flags: flags.prefix(5).map { FlagLink(key: $0.key, slug: flagSlugs[$0.key]!) },
                    moreCount: flags.count > 5 ? flags.count - 5 : nil))
        }
        return (notices, warningCount)
    }

    /// What flags that nobody sets resolve to: "off", or each fallback when the types differ.
    private func fallbackWords(_ flags: [Flag]) -> String {
        var words: [String] = []
        for flag in flags {
            let word = CellPresentation.word(for: matrix.type(of: flag).fallbackValue)
            if !words.contains(word) { words.append(word) }
        }
        return words.count == 1 ? words[0] : "off, 0 or (empty), by type"
    }

    func tenantItems() -> [TenantItem] {
        model.tenants.map { TenantItem(id: $0.id, name: $0.name, slug: tenantSlugs[$0.id]!) }
    }

    /// "debug builds only" for a flag compiled only under `#if DEBUG`, "only if <condition>" for another condition.
    static func conditionBadges(_ flag: Flag) -> [Badge] {
        guard let condition = flag.condition else { return [] }
        return [Badge(kind: "condition", label: condition == "DEBUG" ? "debug builds only" : "only if \(condition)")]
    }

    func flagPage(_ position: Int) -> FlagPage {
        let flag = model.flags[position]
        let entry = model.catalog.entry(for: flag.key)
        let links = MarkdownHTML.Links(flag: { key in flagSlugs[key].map { "\($0).html" } })
        let catalog: [CatalogFact] = model.catalog.extraColumns.compactMap { column in
            guard !LifecycleColumns.all.contains(column.lowercased()), let text = entry?.value(column) else { return nil }
            return CatalogFact(name: column, html: MarkdownHTML.renderInline(text, links: links))
        }
        let details = FlagDetails(
            key: flag.key, caseName: flag.caseName, group: flag.group, type: Self.typeWord(matrix.type(of: flag)),
            deprecated: flag.isDeprecated,
            deprecation: flag.deprecation.map { $0.isEmpty ? "The Swift case is marked deprecated." : "The Swift case is marked deprecated, with the message “\($0)”." } ?? "",
            condition: flag.condition, hasDocumentation: flag.documentation != nil,
            documentation: LinkedText.parts(flag.documentation ?? ""),
            descriptionHTML: entry.map { MarkdownHTML.render($0.description, links: links) } ?? "<p>This flag has no catalog row yet.</p>",
            catalog: catalog, declaredAt: "\(flag.location.file):\(flag.location.line)", rowsHTML: WrittenHTML.marker)
        return FlagPage(flag: details, lifecycle: lifecycle.entry(for: flag.key).map { flagLifecycle($0, links: links) })
    }

    /// A tenant page's rows, for `WrittenHTML`.
    func tenantRows(_ position: Int) -> [UInt8] {
        let environments = model.environments.indices
        return rows.tenantRows(
            tenant: position,
            on: { flag in
                environments.contains { environment in
                    let cell = matrix.cell(flag: flag, tenant: position, environment: environment)
                    guard cell.hasDetails else { return Self.isOnOrSet(matrix.values[Int(cell.value)]) }
                    return matrix.resolution(flag: flag, tenant: position, environment: environment).possibleValues.contains(where: Self.isOnOrSet)
                }
            })
    }

    func tenantPage(_ position: Int) -> TenantPage {
        let tenant = model.tenants[position]
        let environments = model.environments.indices
        let boolFlags = model.flags.indices.filter { matrix.flagTypes[$0] == .bool }
        let onCount = boolFlags.filter { flag in
            environments.contains { matrix.values[Int(matrix.cell(flag: flag, tenant: position, environment: $0).value)].isOn }
        }.count
        return TenantPage(
            tenant: TenantDetails(id: tenant.id, name: tenant.name, file: tenant.file, onCount: onCount),
            flagCount: boolFlags.count,
            groupsHTML: WrittenHTML.marker)
    }

    func tenantsPage() -> TenantsPage {
        TenantsPage(
            tenants: model.tenants.enumerated().map { position, tenant in
                TenantSummary(
                    id: tenant.id, name: tenant.name, slug: tenantSlugs[tenant.id]!,
                    onCounts: model.environments.indices.map { environment in
                        OnCount(count: model.flags.indices.filter {
                            matrix.values[Int(matrix.cell(flag: $0, tenant: position, environment: environment).value)].isOn
                        }.count)
                    })
            })
    }

    func howToPage() -> HowToPage {
        HowToPage(
            flagCount: model.flags.count, tenantCount: model.tenants.count, environmentCount: model.environments.count,
            environmentList: model.environments.joined(separator: ", "), defaultEnvironment: model.environments.last ?? "",
            tenants: tenantItems(),
            layers: matrix.chain.descriptions.map { layer in
                ChainLayer(hasMark: !layer.mark.isEmpty, mark: layer.mark, label: layer.id, text: layer.legend, known: layer.isKnownAtBuildTime)
            },
            example: howToExample(),
            statuses: lifecycle.shownStatuses.map { status in
                StatusMeaning(id: status.rawValue, title: LifecycleText.title(status), meaning: LifecycleText.meaning(status), count: lifecycle.count(of: status))
            },
            hasRemote: model.remoteConfig != nil, hasConditions: model.flags.contains { $0.condition != nil })
    }

    /// The first cell, in the default environment, that a layer with a mark decides
    /// (an override, say), so the example shows what a mark means; else the first cell.
    private func howToExample() -> HowToExample? {
        guard let environment = model.environments.last, let first = model.flags.first, let firstTenant = model.tenants.first else { return nil }
        let cells = model.flags.lazy.flatMap { flag in self.model.tenants.lazy.map { (flag, $0) } }
        let (flag, tenant) = cells.first { flag, tenant in
            let resolution = self.matrix.resolution(flag, tenant, environment)
            return !resolution.isVarying && !resolution.layer.mark.isEmpty
        } ?? (first, firstTenant)
        let resolution = matrix.resolution(flag, tenant, environment)
        let presentation = CellPresentation(resolution)
        return HowToExample(
            key: flag.key, href: "flags/\(flagSlugs[flag.key]!).html#\(anchor(tenant, environment))", tenantName: tenant.name,
            environmentName: environment, css: presentation.cssClass, cellText: presentation.text, layerLabel: resolution.layer.id,
            layerText: resolution.layer.legend)
    }

    private func guideLink(_ entry: ExpandedGuidePage) -> GuideLink {
        GuideLink(slug: entry.page.slug, title: entry.page.title)
    }

    func guidePage(_ index: Int) -> GuideArticlePage {
        let slugsByFile = Dictionary(guide.map { ($0.page.fileName, $0.page.slug) }) { first, _ in first }
        let links = MarkdownHTML.Links(
            flag: { key in flagSlugs[key].map { "../flags/\($0).html" } },
            url: { url in
                let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                guard let slug = slugsByFile[String(parts[0])] else { return nil }
                return "\(slug).html" + (parts.count > 1 ? "#\(parts[1])" : "")
            })
        return GuideArticlePage(
            html: MarkdownHTML.render(guide[index].markdown, links: links),
            next: index + 1 < guide.count ? guideLink(guide[index + 1]) : nil,
            pages: guide.enumerated().map { position, item in
                GuideNavItem(slug: item.page.slug, title: item.page.title, current: position == index)
            })
    }

    // MARK: - Lifecycle

    func lifecyclePage() -> LifecyclePage {
        let links = MarkdownHTML.Links(flag: { key in flagSlugs[key].map { "flags/\($0).html" } })
        let statuses = lifecycle.shownStatuses.map { status in
            let entries = lifecycle.entries.filter { $0.has(status) }
            return StatusSection(
                id: status.rawValue, title: LifecycleText.title(status), meaning: LifecycleText.meaning(status),
                count: entries.count, hasFlags: !entries.isEmpty,
                owners: LifecycleText.byOwner(entries).map { group in
                    OwnerGroup(
                        ownerHTML: group.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? "No owner",
                        flags: group.entries.map { entry in
                            LifecycleRow(
                                key: entry.flag.key, slug: flagSlugs[entry.flag.key]!, type: entry.lifecycle.kind?.rawValue ?? "–",
                                removeBy: entry.lifecycle.removeBy?.description ?? "–",
                                reason: entry.findings.first { $0.status == status }?.reason ?? "",
                                uses: LifecycleText.uses(entry, in: lifecycle))
                        })
                })
        }
        let healthy = lifecycle.entries.filter(\.findings.isEmpty)
        return LifecyclePage(
            asOf: lifecycle.asOf.description, policy: LifecycleText.policySummary(lifecycle.policy), note: lifecycle.addedDatesNote,
            statuses: statuses, healthyCount: healthy.count,
            healthy: healthy.map { FlagLink(key: $0.flag.key, slug: flagSlugs[$0.flag.key]!) })
    }

    private func flagLifecycle(_ entry: LifecycleEntry, links: MarkdownHTML.Links) -> FlagLifecycleDetails {
        let data = entry.lifecycle
        let catalog = model.catalog
        var removeBy = catalog.hasColumn(LifecycleColumns.removeBy) ? "Not set in the catalog" : "The catalog has no Remove by column"
        switch data.removeBy {
        case .date(let date)?:
            let days = entry.daysUntilRemoval ?? 0
            removeBy = "\(date) (" + (days == 0 ? "today" : days > 0 ? "in \(days.counted("day"))" : "\((-days).counted("day")) ago") + ")"
        case .version(let version)?:
            removeBy = "version \(version)" + (lifecycle.policy.currentVersion.map { " (the app is at \($0))" } ?? "")
        case nil: break
        }
        var added = "Unknown"
        if let date = entry.added {
            added = "\(date.date) (" + (date.source == .catalog ? "from the catalog" : "from git history") + ")"
        }
        let noOwner = catalog.hasColumn(LifecycleColumns.owner) ? "No owner in the catalog" : "The catalog has no Owner column"
        return FlagLifecycleDetails(
            asOf: lifecycle.asOf.description, hasFindings: !entry.findings.isEmpty,
            findings: entry.findings.map { FindingItem(status: $0.status.rawValue, label: $0.status.label, reason: $0.reason) },
            type: data.kind?.rawValue ?? "Not set (treated as release)", permanent: data.kind?.isPermanent ?? false,
            ownerHTML: data.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? noOwner, added: added,
            removeBy: removeBy, deprecationWords: entry.flag.deprecation.flatMap { $0.isEmpty ? nil : $0 },
            ticketHTML: data.ticket.map { MarkdownHTML.renderInline($0, links: links) },
            searched: !lifecycle.codeRoots.isEmpty, roots: lifecycle.codeRoots.joined(separator: ", "),
            uses: LifecycleText.uses(entry, in: lifecycle), hasReferences: !entry.references.isEmpty,
            references: entry.references.map { reference in
                ReferenceItem(place: "\(reference.location.file):\(reference.location.line)", kind: referenceKind(reference.kind))
            })
    }

    /// Whether a tenant page's "only flags that are on" filter keeps a value: on,
    /// a number other than zero, or a text that is not empty.
    static func isOnOrSet(_ value: FlagValue) -> Bool {
        switch value {
        case .bool(let on): on
        case .integer(let number): number != 0
        case .decimal(let text): Double(text) != 0
        case .string(let text): !text.isEmpty
        case .structured(let value): value != .array([]) && value != .object([])
        }
    }

    /// A value type in the site's words: "on/off", "number" or "text".
    static func typeWord(_ type: FlagType) -> String {
        switch type {
        case .bool: "on/off"
        case .number: "number"
        case .string: "text"
        case .structured: "list or dictionary"
        }
    }

    private func referenceKind(_ kind: CodeReference.Kind) -> String {
        switch kind {
        case .member: "case, type implied"
        case .qualified: "case, with the enum's name"
        case .string: "raw value in a string"
        }
    }

    // MARK: - Cells

    /// Why a cell has its value, in words, when the deciding layer says more than
    /// its mark: "remote: condition 'CHL'; the app ships on (base)".
    static func why(_ resolution: Resolution, briefly: Bool) -> String? {
        if briefly, resolution.isVarying {
            let how =
                resolution.layer.canVary ? "depends on the device or the user"
                : resolution.variants.contains(where: \.isDecidedInCode) ? "the app works it out when it runs; the flag's page shows how"
                : "depends on how the app is built; the flag's page shows each case"
            return "\(resolution.layer.id): \(how)"
        }
        guard let explanation = resolution.explanation else { return nil }
        if briefly { return "\(resolution.layer.id): \(explanation)" }
        guard !resolution.isVarying, let hidden = resolution.hidden else { return "\(resolution.layer.id): \(explanation)" }
        return "\(resolution.layer.id): \(explanation); \(CellPresentation.shipped(hidden))"
    }
}
