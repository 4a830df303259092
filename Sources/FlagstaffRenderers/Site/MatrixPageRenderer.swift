import FlagstaffCore

/// `matrix.html` and what it draws from: the compact data file its grid reads
/// (`matrix-data.js`, one global), and static tables for reading without
/// JavaScript, in pages of whole MARK groups (a group too large for one page
/// split into parts) so that no page grows past about 1 MB at any size of workspace.
extension SiteRenderer {
    /// At most this many bytes of rows go on one static table page.
    static let staticTableBytes = 900_000

    /// The jobs that render `matrix-data.js`, `matrix.html` and each static table page.
    func matrixJobs() -> [Job] {
        let cells = MatrixCells(self)
        let writer = StaticTableRows(self, cells: cells)
        let tables = staticTables(cells, rows: writer)
        return [
            { [OutputFile(path: "matrix-data.js", text: matrixData(cells))] },
            pageJob("matrix.html", "matrix", title: "Matrix") { matrixPage(tables: tables) },
        ] + tables.flatMap(\.parts).map { part in
            pageJob(part.path, "matrix-table", title: part.title, html: { writer.rows(of: part) }) { part.page }
        }
    }

    func matrixPage(tables: [StaticTables]) -> MatrixPage {
        MatrixPage(
            environments: model.environments.map(EnvironmentItem.init), tenants: tenantItems(), hasRemote: model.remoteConfig != nil,
            tables: tables.map { table in
                StaticTableList(
                    environment: table.environment,
                    pages: table.parts.map { StaticTableLink(href: $0.path, title: $0.linkTitle, flagCount: $0.flagCount) })
            })
    }

    // MARK: - The data file

    /// `window.FLAGSTAFF_MATRIX = {…};`: environments, tenants, groups, the table
    /// of cell looks and, per flag, its search text, badges, a digit per environment
    /// (1: values differ between tenants, 2: remote config decides a cell) and a
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
                .init("marks", .string(String((0..<environmentCount).map { environment in
                    let index = position * environmentCount + environment
                    return Character(String((cells.differs[index] ? 1 : 0) + (cells.remote[index] ? 2 : 0)))
                }))),
                .init("cells", .array((0..<environmentCount).map { .string(cells.encoded(flag: position, environment: $0)) })),
            ])
        }
        let data = JSONValue.object([
            .init("environments", .array(model.environments.map { .object([.init("name", .string($0)), .init("slug", .string(environmentSlugs[$0]!))]) })),
            .init("tenants", .array(model.tenants.map {
                .object([.init("id", .string($0.id)), .init("name", .string($0.name)), .init("slug", .string(tenantSlugs[$0.id]!))])
            })),
            .init("groups", .array(cells.groups.map { .optional($0.name) })),
            .init("looks", .array(cells.looks.map { look in
                .array([.string(look.css), .string(look.text), .optional(look.why), .bool(look.remote)])
            })),
            .init("alphabet", .string(String(MatrixCells.alphabet))), .init("width", .integer(cells.width)),
            .init("flags", .array(flags)),
        ])
        return "// The matrix for matrix.html's grid, written by flagstaff build.\nwindow.FLAGSTAFF_MATRIX = "
            + scriptSafe(data.serialized()) + ";\n"
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
    /// description, owner, condition and lifecycle statuses.
    private func searchText(_ flag: Flag) -> String {
        let entry = model.catalog.entry(for: flag.key)
        let statuses = lifecycle.entry(for: flag.key)?.statuses.map(\.label) ?? []
        let words = [flag.key, flag.caseName, flag.group ?? "", entry?.description ?? "", entry?.lifecycle.owner ?? ""]
            + Self.conditionBadges(flag).map(\.label) + statuses
        return words.joined(separator: " ").lowercased()
    }

    /// A matrix row's badges: the compile condition, then the lifecycle statuses.
    func badges(_ flag: Flag) -> [Badge] {
        Self.conditionBadges(flag) + (lifecycle.entry(for: flag.key)?.statuses ?? []).map { Badge(kind: $0.rawValue, label: $0.label) }
    }

    // MARK: - Static tables

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

    private func staticTables(_ cells: MatrixCells, rows: StaticTableRows) -> [StaticTables] {
        let names = cells.groupNames
        var groupSlugs: [String] = []
        for name in names {
            let base = Slug.make(name)
            var slug = base, suffix = 1
            while groupSlugs.contains(slug) { suffix += 1; slug = "\(base)-\(suffix)" }
            groupSlugs.append(slug)
        }
        return Parallel.map(model.environments.count) { environment in
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
            pieces.add(("<td class=\"\(look.css.htmlEscaped)\"" + (look.why.map { " title=\"\($0.htmlEscaped)\"" } ?? "") + ">\(look.text.htmlEscaped)</td>").utf8)
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
                    for tenant in 0..<tenantCount { pieces.append(cells.look(flag: flag, tenant: tenant, environment: part.environment), to: &html) }
                    html += Self.rowEnd
                }
            }
        }
        return html
    }

    private static let rowEnd = Array("</tr>\n".utf8)
}

/// Every cell of the matrix as a position in a table of distinct looks (class,
/// text, why), with each flag's "differs" and "remote" marks per environment.
struct MatrixCells {
    /// One way a cell is shown.
    struct Look: Hashable {
        var css: String
        var text: String
        var why: String?
        /// Whether remote config decides the cell.
        var remote: Bool
    }

    /// The characters a cell string is written in: printable ASCII without `"`,
    /// `\` and `<`, so a cell string needs no escaping in JSON or a script.
    static let alphabet: [Character] = (0x23...0x7E).compactMap { code in
        code == 0x3C || code == 0x5C ? nil : Character(Unicode.Scalar(UInt8(code)))
    }

    private(set) var looks: [Look] = []
    private var lookPositions: [Look: Int] = [:]
    /// The look of each cell, flag-major, then environment, then tenant.
    private var cells: [Int32] = []
    /// Per flag and environment (flag-major): whether values differ between tenants.
    private(set) var differs: [Bool] = []
    /// Per flag and environment (flag-major): whether remote config decides a cell.
    private(set) var remote: [Bool] = []
    /// The runs of MARK groups, and each flag's run.
    let groups: [(name: String?, positions: Range<Int>)]
    let groupOfFlag: [Int]

    /// Each group's name as a static table shows it; flags before the first MARK
    /// are "Other flags", or "All flags" when there is no MARK at all.
    var groupNames: [String] {
        let named = groups.contains { $0.name != nil }
        return groups.map { $0.name ?? (named ? "Other flags" : "All flags") }
    }
    private let tenantCount: Int, environmentCount: Int
    /// How many characters one cell takes in a cell string.
    private(set) var width = 1
    /// Each look's characters in a cell string, most significant first.
    private var codes: [[UInt8]] = []

    init(_ site: SiteRenderer) {
        let matrix = site.matrix
        let model = matrix.model
        (tenantCount, environmentCount) = (model.tenants.count, model.environments.count)
        groups = MatrixSlice(matrix).groupPositions
        var groupOfFlag = [Int](repeating: 0, count: model.flags.count)
        for (index, group) in groups.enumerated() { for position in group.positions { groupOfFlag[position] = index } }
        self.groupOfFlag = groupOfFlag
        let remoteLayer = matrix.layers.firstIndex(of: RemoteConfigLayer.layer)
        var byPresentation = [Int?](repeating: nil, count: matrix.presentationCount)
        cells.reserveCapacity(model.flags.count * environmentCount * tenantCount)
        for flag in model.flags.indices {
            for environment in 0..<environmentCount {
                var anyRemote = false
                for tenant in 0..<tenantCount {
                    let packed = matrix.cell(flag: flag, tenant: tenant, environment: environment)
                    let isRemote = remoteLayer == Int(packed.layer)
                    anyRemote = anyRemote || isRemote
                    if !packed.hasDetails, let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment) {
                        if let known = byPresentation[id] {
                            cells.append(Int32(known))
                        } else {
                            let presentation = matrix.presentation(id: id)
                            let look = intern(Look(css: presentation.cssClass, text: presentation.text, why: nil, remote: isRemote))
                            byPresentation[id] = look
                            cells.append(Int32(look))
                        }
                    } else {
                        let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                        let presentation = CellPresentation(resolution)
                        let why = SiteRenderer.why(resolution, briefly: true)
                        cells.append(Int32(intern(Look(css: presentation.cssClass, text: presentation.text, why: why, remote: isRemote))))
                    }
                }
                differs.append(matrix.differsBetweenTenants(flag: flag, environment: environment))
                remote.append(anyRemote)
            }
        }
        var capacity = Self.alphabet.count
        while capacity < looks.count { width += 1; capacity *= Self.alphabet.count }
        let (base, width) = (Self.alphabet.count, width)
        codes = looks.indices.map { look in
            (0..<width).reversed().map { place in
                var digit = look
                for _ in 0..<place { digit /= base }
                return Self.alphabet[digit % base].asciiValue!
            }
        }
    }

    private mutating func intern(_ look: Look) -> Int {
        if let known = lookPositions[look] { return known }
        looks.append(look)
        lookPositions[look] = looks.count - 1
        return looks.count - 1
    }

    /// The position of a cell's look.
    func look(flag: Int, tenant: Int, environment: Int) -> Int {
        Int(cells[(flag * environmentCount + environment) * tenantCount + tenant])
    }

    /// One flag's cells in one environment, `width` characters per tenant.
    func encoded(flag: Int, environment: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tenantCount * width)
        for tenant in 0..<tenantCount { bytes += codes[look(flag: flag, tenant: tenant, environment: environment)] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
