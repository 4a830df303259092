import FlagstaffCore
import Foundation

/// `matrix.html`: the filters and the grid's frame, and the data file its grid
/// draws from (`matrix-data.js`, one global; `templates/assets/matrix.js` draws
/// it), with links to the static tables for reading without JavaScript.
struct MatrixPage: SitePage {
    static let template = "matrix"
    static let section: SiteSection? = .matrix

    /// The environments, for the environment filter.
    var environments: [EnvironmentItem]
    var tenants: [TenantItem]
    /// Whether the workspace has remote config, for its filter.
    var hasRemote: Bool
    /// The static tables, one list per environment, for reading without JavaScript.
    var tables: [StaticTableList]
    /// The catalog column that gives each flag's phase (`Phase`, else `Type`), for its
    /// column and filter; `nil` when the catalog has neither.
    var phaseColumn: String?
    /// Each phase a flag is in, in the order first met, with its flags, for the
    /// filter and for finding flags by phase without JavaScript.
    var phases: [PhaseItem]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        let tables = site.plannedStaticTables.tables
        return [PagePlan(path: "matrix.html", title: "Matrix") { MatrixPage(site, tables: tables) }]
    }

    static func files(in site: SiteRenderer) -> [SiteRenderer.Job] {
        let cells = site.matrixCells
        return [{ [OutputFile(path: "matrix-data.js", text: site.matrixData(cells))] }]
    }

    init(_ site: SiteRenderer, tables: [SiteRenderer.StaticTables]) {
        environments = site.model.environments.map(EnvironmentItem.init)
        tenants = site.tenantItems()
        hasRemote = site.model.remoteConfig != nil
        phaseColumn = site.phaseColumn
        var phases: [PhaseItem] = []
        for flag in site.model.flags {
            guard let phase = site.phase(of: flag) else { continue }
            let link = FlagLink(key: flag.key, slug: site.flagSlugs[flag.key]!)
            if let index = phases.firstIndex(where: { $0.name == phase }) { phases[index].flags.append(link) } else { phases.append(PhaseItem(name: phase, flags: [link])) }
        }
        self.phases = phases
        self.tables = tables.map { table in
            StaticTableList(
                environment: table.environment,
                pages: table.parts.map { StaticTableLink(href: $0.path, title: $0.linkTitle, flagCount: $0.flagCount) })
        }
    }
}

/// One phase and its flags.
struct PhaseItem: Sendable, TemplateContext {
    var name: String
    var flags: [FlagLink]
}

/// One environment's static table pages.
struct StaticTableList: Sendable, TemplateContext {
    var environment: String
    var pages: [StaticTableLink]
}

/// A link to one static table page.
struct StaticTableLink: Sendable, TemplateContext {
    var href: String
    var title: String
    var flagCount: Int
}

extension SiteRenderer {
    /// `window.FLAGSTAFF_MATRIX = {…};`: environments, tenants, groups, the table
    /// of cell looks (class, text with mark, reason, whether remote config decides
    /// it, value in words), the catalog column of phases when it has one, and, per
    /// flag, its search text, badges, phase (when it has one), a digit per
    /// environment (the sum of 1: values differ between tenants, 2: remote config
    /// decides a cell, 4: some tenant's value differs between environments) and a
    /// string per environment with `width` characters per tenant, each run of them
    /// naming a look in base `MatrixCells.alphabet.count`.
    func matrixData(_ cells: MatrixCells) -> String {
        let environmentCount = model.environments.count
        let flags: [JSONValue] = model.flags.indices.map { position in
            let flag = model.flags[position]
            let row = cells.groupOfFlag[position]
            return .object([
                .init("key", .string(flag.key)), .init("slug", .string(flagSlugs[flag.key]!)), .init("group", .integer(row)),
                .init("badges", .array(badges(flag).map { .array([.string($0.kind), .string($0.label)]) })),
                .init("search", .string(searchText(flag))),
            ] + (phase(of: flag).map { [.init("phase", .string($0))] } ?? []) + [
                .init("marks", .string(String((0..<environmentCount).map { environment in
                    let index = position * environmentCount + environment
                    return Character(String(
                        (cells.differs[index] ? 1 : 0) + (cells.remote[index] ? 2 : 0) + (cells.differsBetweenEnvironments[position] ? 4 : 0)))
                }))),
                .init("cells", .array((0..<environmentCount).map { .string(cells.encoded(flag: position, environment: $0)) })),
            ])
        }
        let data = JSONValue.object([
            .init("environments", .array(model.environments.map { .object([.init("name", .string($0))]) })),
            .init("tenants", .array(model.tenants.map {
                .object([.init("id", .string($0.id)), .init("name", .string($0.name)), .init("slug", .string(tenantSlugs[$0.id]!))])
            })),
            .init("groups", .array(cells.groups.map { .optional($0.name) })),
        ] + (phaseColumn.map { [.init("phaseColumn", .string($0))] } ?? []) + [
            .init("looks", .array(cells.looks.map { look in
                .array([.string(look.css), .string(look.text), .optional(look.why), .bool(look.remote), .string(look.word)])
            })),
            .init("alphabet", .string(String(MatrixCells.alphabet))), .init("width", .integer(cells.width)),
            .init("flags", .array(flags)),
        ])
        return "// The matrix for matrix.html's grid, written by flagstaff build.\nwindow.FLAGSTAFF_MATRIX = "
            + scriptSafe(data.serialized()) + ";\n"
    }

    /// The catalog column that says each flag's phase, the first of `LifecycleColumns.phases` it has.
    var phaseColumn: String? { LifecycleColumns.phases.first(where: model.catalog.hasColumn) }

    /// The flag's phase as the catalog writes it (code marks taken off); `nil` without one.
    func phase(of flag: Flag) -> String? {
        guard let column = phaseColumn, let text = model.catalog.entry(for: flag.key)?.value(column) else { return nil }
        let phase = text.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
        return phase.isEmpty ? nil : phase
    }

    /// JSON that cannot end a `<script>` element early: each `<` written as `\u003c`.
    private func scriptSafe(_ json: String) -> String {
        guard json.utf8.contains(UInt8(ascii: "<")) else { return json }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count + 64)
        for byte in json.utf8 {
            if byte == UInt8(ascii: "<") { bytes += #"\u003c"#.utf8 } else { bytes.append(byte) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What the matrix search looks in, lowercased: key, Swift case, group,
    /// description (or doc comment), owner, every other catalog cell (a title,
    /// a phase, a type), and the badges the row shows (condition and statuses,
    /// each also by its status's name: `unused in code`).
    private func searchText(_ flag: Flag) -> String {
        let entry = model.catalog.entry(for: flag.key)
        let description = entry?.description ?? ""
        let documentation = flag.documentation.flatMap { $0 == description ? nil : $0 } ?? ""
        let words = [flag.key, flag.caseName, flag.group ?? "", description, documentation, entry?.lifecycle.owner ?? ""]
            + (entry?.columns.map(\.cell.text) ?? [])
            + badges(flag).map(\.label) + (lifecycle.entry(for: flag.key)?.statuses ?? []).filter { $0 != .stale }.map(\.label)
        return words.joined(separator: " ").lowercased()
    }
}
