import FlagstaffCore
import Foundation

/// Renders the HTML site: home, matrix, one page per flag and per tenant, the
/// guide, a 404 page and the theme's assets. Every piece of input text reaches
/// HTML through Mustache's escaping `{{…}}` or through cmark's safe mode.
public struct SiteRenderer {
    /// A guide page with its variables already filled in.
    public struct ExpandedGuidePage: Sendable {
        /// The page.
        public var page: GuidePage
        /// Its Markdown after variable expansion.
        public var markdown: String

        /// Creates an expanded page.
        public init(page: GuidePage, markdown: String) {
            self.page = page
            self.markdown = markdown
        }
    }

    let matrix: ResolvedMatrix
    let lifecycle: LifecycleReport
    let guide: [ExpandedGuidePage]
    let warnings: [Diagnostic]
    let theme: Theme
    let flagSlugs: [String: String]
    let tenantSlugs: [String: String]
    /// The flags split into MARK groups once, for the matrix and every tenant page.
    let groups: [(name: String?, flags: [Flag])]

    /// Prepares a renderer.
    public init(
        matrix: ResolvedMatrix, lifecycle: LifecycleReport, guide: [ExpandedGuidePage], warnings: [Diagnostic], theme: Theme
    ) {
        self.matrix = matrix
        self.lifecycle = lifecycle
        self.guide = guide.sorted { ($0.page.order, $0.page.fileName) < ($1.page.order, $1.page.fileName) }
        self.warnings = warnings
        self.theme = theme
        flagSlugs = Slug.unique(matrix.model.flags.map(\.key))
        tenantSlugs = Slug.unique(matrix.model.tenants.map(\.id))
        groups = MatrixSlice(matrix).groups
    }

    var model: FlagModel { matrix.model }

    /// Every file of the site.
    public func render() throws(Theme.Problem) -> [OutputFile] {
        var files = theme.assets
        files.append(OutputFile(path: "index.html", text: try page("index", title: "Home", root: "", extra: homeContext())))
        files.append(OutputFile(path: "matrix.html", text: try page("matrix", title: "Matrix", root: "", extra: matrixContext())))
        files.append(OutputFile(path: "lifecycle.html", text: try page("lifecycle", title: "Lifecycle", root: "", extra: lifecycleContext())))
        files.append(OutputFile(path: "404.html", text: try page("404", title: "Page not found", root: "", extra: [:])))
        files.append(OutputFile(path: "tenants/index.html", text: try page("tenants", title: "Tenants", root: "../", extra: tenantsContext())))
        for flag in model.flags {
            files.append(OutputFile(path: "flags/\(flagSlugs[flag.key]!).html", text: try page("flag", title: flag.key, root: "../", extra: flagContext(flag))))
        }
        for tenant in model.tenants {
            files.append(OutputFile(path: "tenants/\(tenantSlugs[tenant.id]!).html", text: try page("tenant", title: tenant.name, root: "../", extra: tenantContext(tenant))))
        }
        files.append(OutputFile(path: "guide/index.html", text: try page("guide-index", title: "Product guide", root: "../", extra: guideIndexContext())))
        for (index, entry) in guide.enumerated() {
            files.append(OutputFile(path: "guide/\(entry.page.slug).html", text: try page("guide", title: entry.page.title, root: "../", extra: guideContext(index))))
        }
        return files
    }

    private func page(_ template: String, title: String, root: String, extra: [String: Any]) throws(Theme.Problem) -> String {
        var context: [String: Any] = [
            "siteTitle": model.title, "pageTitle": title, "root": root,
            "navMatrix": template == "matrix", "navTenants": template == "tenants" || template == "tenant",
            "navGuide": template.hasPrefix("guide"), "navLifecycle": template == "lifecycle", "environments": model.environments.map { ["name": $0] },
        ]
        context.merge(extra) { _, new in new }
        return try theme.render(template, context)
    }

    // MARK: - Contexts

    private func homeContext() -> [String: Any] {
        [
            "flagCount": model.flags.count, "tenantCount": model.tenants.count,
            "environmentCount": model.environments.count, "environmentList": model.environments.joined(separator: ", "),
            "warningCount": warnings.count, "hasWarnings": !warnings.isEmpty,
            "warnings": warnings.map { ["location": $0.location?.description ?? "", "message": $0.message] },
            "flags": model.flags.map { ["key": $0.key, "href": "flags/\(flagSlugs[$0.key]!).html"] },
            "asOf": lifecycle.asOf.description, "overdueCount": lifecycle.count(of: .overdue),
            "dueSoonCount": lifecycle.count(of: .dueSoon),
        ]
    }

    private func tenantItems() -> [[String: Any]] {
        model.tenants.map {
            ["id": $0.id, "name": $0.name, "showId": $0.name != $0.id, "slug": tenantSlugs[$0.id]!]
        }
    }

    private func matrixContext() -> [String: Any] {
        let columns = model.tenants.count + 1
        var index: [JSONValue.Member] = []
        for flag in model.flags {
            let entry = model.catalog.entry(for: flag.key)
            let statuses = lifecycle.entry(for: flag.key)?.statuses.map(\.label) ?? []
            let words = [flag.key, flag.caseName, flag.group ?? "", entry?.description ?? "", entry?.value("Owner") ?? ""] + statuses
            index.append(.init(flag.key, .string(words.joined(separator: " ").lowercased())))
        }
        let environments: [[String: Any]] = model.environments.map { environment in
            [
                "name": environment,
                "groups": groupItems(columns: columns) { flag in
                    [
                        "key": flag.key, "slug": flagSlugs[flag.key]!,
                        "differs": matrix.differsBetweenTenants(flag, in: environment),
                        "badges": badges(for: flag),
                        "cells": model.tenants.map { tenant -> [String: Any] in
                            let resolution = matrix.resolution(flag, tenant, environment)
                            return ["css": css(resolution), "text": cellText(resolution), "slug": flagSlugs[flag.key]!]
                        },
                    ]
                },
            ]
        }
        return [
            "environments": environments, "tenants": tenantItems(),
            "searchIndex": scriptSafe(JSONValue.object(index).serialized()),
        ]
    }

    private func groupItems(columns: Int, row: (Flag) -> [String: Any]) -> [[String: Any]] {
        groups.map { group in
            ["name": group.name ?? false, "columns": columns, "rows": group.flags.map(row)]
        }
    }

    /// The flag's lifecycle statuses as badges.
    private func badges(for flag: Flag) -> [[String: String]] {
        (lifecycle.entry(for: flag.key)?.statuses ?? []).map { ["kind": $0.rawValue, "label": $0.label] }
    }

    private func flagContext(_ flag: Flag) -> [String: Any] {
        let entry = model.catalog.entry(for: flag.key)
        let links = MarkdownHTML.Links(flag: { key in flagSlugs[key].map { "\($0).html" } })
        let catalog: [[String: Any]] = model.catalog.extraColumns.compactMap { column in
            guard !LifecycleColumns.all.contains(column.lowercased()), let text = entry?.value(column) else { return nil }
            return ["name": column, "html": MarkdownHTML.renderInline(text, links: links)]
        }
        let tenants: [[String: Any]] = model.tenants.map { tenant in
            [
                "id": tenant.id, "name": tenant.name, "showId": tenant.name != tenant.id, "slug": tenantSlugs[tenant.id]!,
                "cells": model.environments.map { environment -> [String: Any] in
                    let resolution = matrix.resolution(flag, tenant, environment)
                    return [
                        "css": css(resolution), "text": valueText(resolution.value), "source": resolution.provenance.rawValue,
                        "location": resolution.location.map { "\($0.file):\($0.line)" } ?? false,
                    ]
                },
            ]
        }
        let flagItem: [String: Any] = [
            "key": flag.key, "caseName": flag.caseName, "group": flag.group ?? false,
            "type": matrix.type(of: flag).description, "deprecated": flag.isDeprecated,
            "deprecation": flag.deprecation.map { $0.isEmpty ? "The Swift case is marked deprecated." : $0 } ?? "",
            "condition": flag.condition ?? false, "documentation": flag.documentation ?? false,
            "descriptionHTML": entry.map { MarkdownHTML.render($0.description, links: links) }
                ?? "<p>This flag has no catalog row yet.</p>",
            "catalog": catalog, "declaredAt": "\(flag.location.file):\(flag.location.line)", "tenants": tenants,
        ]
        return ["flag": flagItem, "lifecycle": lifecycle.entry(for: flag.key).map { flagLifecycleItem($0, links: links) } ?? false]
    }

    // MARK: - Lifecycle

    private func lifecycleContext() -> [String: Any] {
        let links = MarkdownHTML.Links(flag: { key in flagSlugs[key].map { "flags/\($0).html" } })
        let statuses: [[String: Any]] = LifecycleStatus.allCases.map { status in
            let entries = lifecycle.entries.filter { $0.has(status) }
            return [
                "id": status.rawValue, "title": LifecycleText.title(status), "meaning": LifecycleText.meaning(status),
                "count": entries.count, "hasFlags": !entries.isEmpty,
                "owners": LifecycleText.byOwner(entries).map { group -> [String: Any] in
                    [
                        "ownerHTML": group.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? "No owner",
                        "flags": group.entries.map { entry -> [String: Any] in
                            [
                                "key": entry.flag.key, "slug": flagSlugs[entry.flag.key]!,
                                "type": entry.lifecycle.kind?.rawValue ?? "–",
                                "removeBy": entry.lifecycle.removeBy?.description ?? "–",
                                "reason": entry.findings.first { $0.status == status }?.reason ?? "",
                                "uses": LifecycleText.uses(entry, in: lifecycle),
                            ]
                        },
                    ]
                },
            ]
        }
        let healthy = lifecycle.entries.filter(\.findings.isEmpty)
        return [
            "asOf": lifecycle.asOf.description, "policy": LifecycleText.policySummary(lifecycle.policy),
            "note": lifecycle.addedDatesNote ?? false, "statuses": statuses, "healthyCount": healthy.count,
            "healthy": healthy.map { ["key": $0.flag.key, "slug": flagSlugs[$0.flag.key]!] },
        ]
    }

    private func flagLifecycleItem(_ entry: LifecycleEntry, links: MarkdownHTML.Links) -> [String: Any] {
        let data = entry.lifecycle
        var removeBy = "Not set"
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
        return [
            "asOf": lifecycle.asOf.description, "hasFindings": !entry.findings.isEmpty,
            "findings": entry.findings.map { ["status": $0.status.rawValue, "label": $0.status.label, "reason": $0.reason] },
            "type": data.kind?.rawValue ?? "Not set (treated as release)",
            "permanent": data.kind?.isPermanent ?? false,
            "ownerHTML": data.owner.map { MarkdownHTML.renderInline($0, links: links) } ?? "No owner",
            "added": added, "removeBy": removeBy,
            "ticketHTML": data.ticket.map { MarkdownHTML.renderInline($0, links: links) } ?? false,
            "searched": !lifecycle.codeRoots.isEmpty, "roots": lifecycle.codeRoots.joined(separator: ", "),
            "uses": LifecycleText.uses(entry, in: lifecycle), "hasReferences": !entry.references.isEmpty,
            "references": entry.references.map { reference in
                ["place": "\(reference.location.file):\(reference.location.line)", "kind": referenceKind(reference.kind)]
            },
        ]
    }

    private func referenceKind(_ kind: CodeReference.Kind) -> String {
        switch kind {
        case .member: "case, type implied"
        case .qualified: "case, with the enum's name"
        case .string: "raw value in a string"
        }
    }

    private func tenantContext(_ tenant: Tenant) -> [String: Any] {
        let columns = model.environments.count + 1
        let boolFlags = model.flags.filter { matrix.type(of: $0) == .bool }
        let onCount = boolFlags.filter { flag in model.environments.contains { matrix.resolution(flag, tenant, $0).value.isOn } }.count
        return [
            "tenant": [
                "id": tenant.id, "name": tenant.name, "showId": tenant.name != tenant.id, "file": tenant.file,
                "onCount": onCount,
            ] as [String: Any],
            "flagCount": boolFlags.count,
            "groups": groupItems(columns: columns) { flag in
                let resolutions = model.environments.map { matrix.resolution(flag, tenant, $0) }
                return [
                    "key": flag.key, "slug": flagSlugs[flag.key]!,
                    "on": resolutions.contains { $0.value.isOn } || matrix.type(of: flag) != .bool,
                    "cells": resolutions.map { ["css": css($0), "text": cellText($0)] },
                ]
            },
        ]
    }

    private func tenantsContext() -> [String: Any] {
        let tenants: [[String: Any]] = model.tenants.map { tenant in
            [
                "id": tenant.id, "name": tenant.name, "slug": tenantSlugs[tenant.id]!,
                "onCounts": model.environments.map { environment in
                    ["count": model.flags.filter { matrix.resolution($0, tenant, environment).value.isOn }.count]
                },
            ]
        }
        return ["tenants": tenants]
    }

    private func guideIndexContext() -> [String: Any] {
        ["pages": guide.map { ["slug": $0.page.slug, "title": $0.page.title, "summary": false] as [String: Any] }]
    }

    private func guideContext(_ index: Int) -> [String: Any] {
        let entry = guide[index]
        let slugsByFile = Dictionary(guide.map { ($0.page.fileName, $0.page.slug) }) { first, _ in first }
        let links = MarkdownHTML.Links(
            flag: { key in flagSlugs[key].map { "../flags/\($0).html" } },
            url: { url in
                let parts = url.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                guard let slug = slugsByFile[String(parts[0])] else { return nil }
                return "\(slug).html" + (parts.count > 1 ? "#\(parts[1])" : "")
            })
        let next: Any = index + 1 < guide.count ? ["slug": guide[index + 1].page.slug, "title": guide[index + 1].page.title] : false
        return [
            "html": MarkdownHTML.render(entry.markdown, links: links), "next": next,
            "pages": guide.enumerated().map { position, item in
                ["slug": item.page.slug, "title": item.page.title, "current": position == index] as [String: Any]
            },
        ]
    }

    // MARK: - Cells

    private func css(_ resolution: Resolution) -> String {
        // Two letters keep the 3,000-cell matrix page small: the value (y on,
        // n off, x other), then the source (o override, b base, f fallback).
        let value: String
        switch resolution.value {
        case .bool(let on): value = on ? "y" : "n"
        default: value = "x"
        }
        let source: String
        switch resolution.provenance {
        case .override: source = "o"
        case .base: source = "b"
        case .fallback: source = "f"
        }
        return value + source
    }

    private func cellText(_ resolution: Resolution) -> String {
        let value = valueText(resolution.value)
        switch resolution.provenance {
        case .override: return value + " " + MatrixMarkdownRenderer.overrideMarker
        case .fallback: return value + " " + MatrixMarkdownRenderer.fallbackMarker
        case .base: return value
        }
    }

    private func valueText(_ value: FlagValue) -> String {
        switch value {
        case .bool(let on): on ? "on" : "off"
        case .string(let text) where text.isEmpty: "(empty)"
        default: value.description
        }
    }

    /// JSON that cannot end a `<script>` element early.
    private func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c")
    }
}
