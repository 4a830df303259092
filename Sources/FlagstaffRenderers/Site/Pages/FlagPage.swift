import FlagstaffCore

/// `flags/<key>.html`: a flag's values for every tenant and environment, what
/// the catalog and the code say about it, and its lifecycle.
struct FlagPage: SitePage {
    static let template = "flag"
    static let section: SiteSection? = nil

    var flag: FlagDetails
    var lifecycle: FlagLifecycleDetails?
    /// The History section, when the site shows history.
    var history: FlagHistorySection?
    /// Every Remote Config rule that can decide the flag, when a template has its parameter.
    var remoteRules: FlagRemoteRulesSection?

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        site.model.flags.enumerated().map { position, flag in
            PagePlan(
                path: "flags/\(site.flagSlugs[flag.key]!).html", title: flag.key,
                html: { [site.rows.flagRows(flag: position), site.rows.writtenItems(flag: position, tenant: site.words.tenant)] }
            ) {
                FlagPage(site, position)
            }
        }
    }

    init(_ site: SiteRenderer, _ position: Int) {
        let (model, matrix) = (site.model, site.matrix)
        let flag = model.flags[position]
        let entry = model.catalog.entry(for: flag.key)
        let links = MarkdownHTML.Links(flag: { key in site.flagSlugs[key].map { "\($0).html" } })
        let catalog: [CatalogFact] = model.catalog.extraColumns.compactMap { column in
            guard !LifecycleColumns.all.contains(column.lowercased()), let text = entry?.value(column) else { return nil }
            return CatalogFact(name: column, html: MarkdownHTML.renderInline(text, links: links))
        }
        self.flag = FlagDetails(
            key: flag.key, caseName: flag.caseName, group: flag.group, type: Self.typeWord(matrix.type(of: flag)),
            deprecated: flag.isDeprecated,
            deprecation: flag.deprecation.map { $0.isEmpty ? "The Swift case is marked deprecated." : "The Swift case is marked deprecated, with the message “\($0)”." } ?? "",
            condition: flag.condition, hasDocumentation: flag.documentation != nil,
            documentation: LinkedText.parts(flag.documentation ?? ""),
            descriptionHTML: entry.map { MarkdownHTML.render($0.description, links: links) } ?? "<p>This flag has no catalog row yet.</p>",
            catalog: catalog, declaringType: model.flagEnums.count > 1 ? model.flagEnum(declaringFlagAt: position).name : nil,
            declaredAt: "\(flag.location.file):\(flag.location.line)",
            builds: flag.condition.map { $0 == "DEBUG" ? "Debug builds only: an App Store build does not have this flag." : "Only builds where \($0) holds have this flag." },
            parameter: model.remoteParameter(of: flag),
            notRead: site.lifecycle.entry(for: flag.key)?.has(.unusedInCode) ?? false,
            rowsHTML: WrittenHTML.marker(0), writtenHTML: WrittenHTML.marker(1),
            defaultsFileExample: model.isSingleApp ? nil : model.tenants.first.map { "for \($0.name), \($0.file)" })
        lifecycle = site.lifecycle.entry(for: flag.key).map { FlagLifecycleDetails(site, $0, links: links) }
        history = site.history.map { FlagHistorySection(site, history: $0, flag: position) }
        remoteRules = FlagRemoteRulesSection(site, flag: position)
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
}

/// What the flag page says about the flag.
struct FlagDetails: Sendable, TemplateContext {
    var key: String
    var caseName: String
    var group: String?
    /// "on/off", "number" or "text".
    var type: String
    var deprecated: Bool
    var deprecation: String
    var condition: String?
    /// Whether the case has a doc comment, and the comment with its web addresses as links.
    var hasDocumentation: Bool
    var documentation: [LinkedText.Part]
    var descriptionHTML: String
    /// The catalog's other columns, lifecycle columns excepted.
    var catalog: [CatalogFact]
    /// The type that declares the flag, where several types declare flags.
    var declaringType: String?
    /// `file:line` of the case.
    var declaredAt: String
    /// Which builds have the flag, in words, when the code compiles it only under a condition.
    var builds: String?
    /// The Remote Config parameter the flag reads, when it reads one.
    var parameter: String?
    /// Whether the app's code does not read the flag (code folders were searched and none uses it).
    var notRead: Bool
    /// Where the values table's rows go, one per tenant (`TableRowsHTML` writes them; see `WrittenHTML`).
    var rowsHTML: String
    /// Where the engineers' list of where values are written goes, one item per tenant that differs from most.
    var writtenHTML: String
    /// The first tenant's defaults file, as an example of where a tenant's values are: "for AVR, tenants/AVR.json".
    var defaultsFileExample: String?
}

/// One catalog column of a flag.
struct CatalogFact: Sendable, TemplateContext {
    var name: String
    var html: String
}

/// The lifecycle section of a flag page.
struct FlagLifecycleDetails: Sendable, TemplateContext {
    var asOf: String
    var hasFindings: Bool
    var findings: [FindingItem]
    var type: String
    var permanent: Bool
    var ownerHTML: String
    var added: String
    var removeBy: String
    /// The Swift deprecation's own message, which may name a removal ("remove in 3.0")
    /// the catalog does not have; `nil` when the case is not deprecated or has no message.
    var deprecationWords: String?
    var ticketHTML: String?
    /// Whether code roots were searched, and which.
    var searched: Bool
    var roots: String
    var uses: String
    /// Whether the app's code reads the flag, in words: "yes, in 2 places", "no", or unknown.
    var readWords: String
    var hasReferences: Bool
    var references: [ReferenceItem]

    init(_ site: SiteRenderer, _ entry: LifecycleEntry, links: MarkdownHTML.Links) {
        let (lifecycle, catalog) = (site.lifecycle, site.model.catalog)
        let data = entry.lifecycle
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
        asOf = lifecycle.asOf.description
        // Stale is for the lifecycle page and `flagstaff due`, where it helps; here it is noise.
        let findings = entry.findings.filter { $0.status != .stale }
        hasFindings = !findings.isEmpty
        self.findings = findings.map { FindingItem(status: $0.status.rawValue, label: SiteRenderer.badgeLabel($0.status), reason: $0.reason) }
        let kind = lifecycle.policy.kind(of: data, type: site.matrix.type(of: entry.flag))
        type = data.kind == nil ? "Not set (treated as \(kind.rawValue))" : kind.rawValue
        permanent = kind.isPermanent
        ownerHTML = data.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? noOwner
        self.added = added
        self.removeBy = removeBy
        deprecationWords = entry.flag.deprecation.flatMap { $0.isEmpty ? nil : $0 }
        ticketHTML = data.ticket.map { MarkdownHTML.renderInline($0, links: links) }
        searched = !lifecycle.codeRoots.isEmpty
        roots = lifecycle.codeRoots.joined(separator: ", ")
        uses = LifecycleText.uses(entry, in: lifecycle)
        readWords =
            lifecycle.codeRoots.isEmpty ? "not known: Flagstaff searches no code for this site"
            : !entry.references.isEmpty ? "yes, in \(entry.references.count.counted("place"))"
            : lifecycle.usesAreKnown ? "no" : "not known: Flagstaff found no flag read in the code in a way it knows"
        hasReferences = !entry.references.isEmpty
        references = entry.references.map { reference in
            ReferenceItem(place: "\(reference.location.file):\(reference.location.line)", kind: Self.referenceKind(reference.kind))
        }
    }

    private static func referenceKind(_ kind: CodeReference.Kind) -> String {
        switch kind {
        case .member: "the case, as .name"
        case .qualified: "the case, with the enum's name"
        case .string: "the key, in a string"
        case .constant: "a constant that holds the key"
        case .instance: "a property of the settings object"
        }
    }
}

/// A status with its reason.
struct FindingItem: Sendable, TemplateContext {
    var status: String
    var label: String
    var reason: String
}

/// A place in code that uses the flag.
struct ReferenceItem: Sendable, TemplateContext {
    var place: String
    var kind: String
}
