import FlagstaffCore

/// `matrix/<environment>/<groups>.html`: MARK groups' rows (or a part of one
/// group's) in one environment, as a plain table, for reading without
/// JavaScript. Pages hold whole groups (a group too large for one page split
/// into parts), so that no page grows past about 1 MB at any size of workspace.
struct MatrixTablePage: SitePage {
    static let template = "matrix-table"
    static let section: SiteSection? = .matrix

    var environment: String
    /// The group's name, with "part 2 of 3" when it is split.
    var group: String
    var tenants: [TenantItem]
    /// Where the rows go (`StaticTableRows` writes them; see `WrittenHTML`).
    var rowsHTML: String

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        let (tables, writer) = site.plannedStaticTables
        return tables.flatMap(\.parts).map { part in
            PagePlan(path: part.path, title: part.title, html: { [writer.rows(of: part)] }) { part.page }
        }
    }
}

extension SiteRenderer {
    /// At most this many bytes of rows go on one static table page.
    static let staticTableBytes = 900_000

    /// One environment's static table pages.
    struct StaticTables {
        var environment: String
        var parts: [StaticTablePart]
    }

    /// One static table page.
    struct StaticTablePart {
        var path: String
        var title: String
        var linkTitle: String
        var flagCount: Int
        var page: MatrixTablePage
        /// The environment's position, and each group's flags on the page by
        /// position: `StaticTableRows` writes them when the page's job runs, so
        /// the rows of every table are never held at once.
        var environment: Int
        var groups: [(group: Int, flags: Range<Int>)]
    }

    /// Every environment's static tables. Consecutive MARK groups share a page,
    /// each under a heading row, while their rows fit in `staticTableBytes`; a
    /// group too large for one page gets pages of its own, split into parts. A
    /// small workspace so has one page per environment, a large one pages of a
    /// few groups each. Pages are planned from the rows' sizes alone.
    func staticTables(_ cells: MatrixCells) -> [StaticTables] {
        staticTables(cells, rows: StaticTableRows(self, cells: cells))
    }

    func staticTables(_ cells: MatrixCells, rows: StaticTableRows) -> [StaticTables] {
        let names = cells.groupNames
        var groupSlugs: [String] = []
        for name in names {
            let base = Slug.make(name)
            var slug = base, suffix = 1
            while groupSlugs.contains(slug) { suffix += 1; slug = "\(base)-\(suffix)" }
            groupSlugs.append(slug)
        }
        return Parallel.map(model.environments.count) { [groupSlugs] environment in
            // Each group's rows in chunks of at most the budget, then pages of chunks.
            var pages: [[(group: Int, flags: Range<Int>, bytes: Int, part: (number: Int, of: Int)?)]] = []
            for (groupIndex, group) in cells.groups.enumerated() {
                let heading = rows.headingSize(groupIndex)
                var chunks: [(flags: Range<Int>, bytes: Int)] = [(group.positions.lowerBound..<group.positions.lowerBound, 0)]
                for position in group.positions {
                    let size = rows.size(flag: position, environment: environment)
                    if !chunks[chunks.count - 1].flags.isEmpty, heading + chunks[chunks.count - 1].bytes + size > Self.staticTableBytes {
                        chunks.append((position..<position, 0))
                    }
                    chunks[chunks.count - 1].flags = chunks[chunks.count - 1].flags.lowerBound..<(position + 1)
                    chunks[chunks.count - 1].bytes += size
                }
                if chunks.count == 1, let last = pages.last, last.allSatisfy({ $0.part == nil }),
                    last.reduce(0, { $0 + rows.headingSize($1.group) + $1.bytes }) + heading + chunks[0].bytes <= Self.staticTableBytes
                {
                    pages[pages.count - 1].append((groupIndex, chunks[0].flags, chunks[0].bytes, nil))
                } else {
                    for (number, chunk) in chunks.enumerated() {
                        pages.append([(groupIndex, chunk.flags, chunk.bytes, chunks.count == 1 ? nil : (number + 1, chunks.count))])
                    }
                }
            }
            let name = model.environments[environment]
            let parts = pages.map { items in
                let (first, last) = (items[0].group, items[items.count - 1].group)
                let part = items[0].part.map { ", part \($0.number) of \($0.of)" } ?? ""
                let title = (first == last ? names[first] : "\(names[first]) to \(names[last])") + part
                let file = (first == last ? groupSlugs[first] : "\(groupSlugs[first])-to-\(groupSlugs[last])")
                    + (items[0].part.map { "-\($0.number)" } ?? "")
                return StaticTablePart(
                    path: "matrix/\(environmentSlugs[name]!)/\(file).html", title: "\(title) in \(name)", linkTitle: title,
                    flagCount: items.reduce(0) { $0 + $1.flags.count },
                    page: MatrixTablePage(environment: name, group: title, tenants: tenantItems(), rowsHTML: WrittenHTML.marker),
                    environment: environment, groups: items.map { ($0.group, $0.flags) })
            }
            return StaticTables(environment: name, parts: parts)
        }
    }
}

/// The rows of static matrix tables, from pieces made once: each look's cell,
/// each flag's row start (key and badges) and each group's heading row.
struct StaticTableRows {
    private let cells: MatrixCells
    private let tenantCount: Int
    private let pieces: BytePieces
    /// Where each kind of piece starts in `pieces`: looks, flags, then groups.
    private let firstFlag: Int, firstGroup: Int
    private let sizes: [Int]

    init(_ site: SiteRenderer, cells: MatrixCells) {
        let model = site.model
        self.cells = cells
        tenantCount = model.tenants.count
        var pieces = BytePieces()
        for look in cells.looks {
            pieces.add(TableRowsHTML.cell(css: look.css, text: look.text, why: look.why).utf8)
        }
        firstFlag = pieces.count
        for flag in model.flags {
            pieces.add(("<tr data-k=\"\(flag.key.htmlEscaped)\"><th scope=\"row\"><a href=\"../../flags/\(site.flagSlugs[flag.key]!).html\">"
                + flag.key.htmlEscaped + "</a>" + TableRowsHTML.html(of: site.badges(flag)) + "</th>").utf8)
        }
        firstGroup = pieces.count
        for name in cells.groupNames {
            pieces.add("<tr class=\"group\"><th colspan=\"\(model.tenants.count + 1)\" scope=\"rowgroup\">\(name.htmlEscaped)</th></tr>\n".utf8)
        }
        self.pieces = pieces
        sizes = (0..<pieces.count).map(pieces.size)
    }

    /// The bytes of a group's heading row.
    func headingSize(_ group: Int) -> Int { sizes[firstGroup + group] }

    /// The bytes of a flag's row in an environment.
    func size(flag: Int, environment: Int) -> Int {
        (0..<tenantCount).reduce(sizes[firstFlag + flag] + Self.rowEnd.count) { $0 + sizes[cells.look(flag: flag, tenant: $1, environment: environment)] }
    }

    /// A page's rows, each group under its heading when the page holds more than one.
    func rows(of part: SiteRenderer.StaticTablePart) -> [UInt8] {
        var html: [UInt8] = []
        pieces.read { pieces in
            for (group, flags) in part.groups {
                if part.groups.count > 1 { pieces.append(firstGroup + group, to: &html) }
                for flag in flags {
                    pieces.append(firstFlag + flag, to: &html)
                    // The looks are the first pieces, so a look is its piece's number.
                    cells.withLooks(flag: flag, environment: part.environment) { pieces.append($0, to: &html) }
                    html += Self.rowEnd
                }
            }
        }
        return html
    }

    private static let rowEnd = Array("</tr>\n".utf8)
}

