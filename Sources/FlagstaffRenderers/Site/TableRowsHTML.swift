import FlagstaffCore

/// The rows of the site's biggest tables, written straight into HTML text.
///
/// A workspace of 2,000 flags × 200 tenants × 6 environments puts 2.4 million
/// cells on flag pages and as many on tenant pages. Mustache looks every name up
/// by reflection, which costs microseconds a cell and minutes a build, so these
/// rows are appended here as UTF-8, and the templates place them with
/// `{{{rowsHTML}}}` (see `WrittenHTML`).
/// Every piece of input text goes through `htmlEscaped`, as Mustache's `{{…}}` would.
struct TableRowsHTML {
    let matrix: ResolvedMatrix
    /// The MARK groups of tenant pages.
    let groups: [(name: String?, positions: Range<Int>)]
    /// Why cells have their values, in words.
    let reasons: CellReasons
    /// Each tenant's defaults file as a position among the matrix's files, by
    /// tenant position: a value written there is named by its line alone.
    private let tenantFilePositions: [Int?]
    /// Every fixed piece of a row, made once; `first` says where each kind starts.
    private let pieces: BytePieces
    private let first: (cell: Int, wholeRow: Int, layer: Int, flagRow: Int, tenantRow: Int, tenantItem: Int, group: Int)

    /// Prepares the pieces of every row: per presentation id its cell
    /// (`<td class=yb>on`) and the same cell across every environment
    /// (`<td colspan=6 class=yb>on`); per layer its name for the column of
    /// where values are written; per flag the start of its tenant-page row,
    /// with the badges, without and with `data-on`; per tenant the start of its
    /// flag-page row and of its item in the list of where values are written;
    /// and each MARK group's heading on tenant pages. Rows leave
    /// out the end tags HTML does not need (`</th>`, `</td>`, `</tr>`): a large
    /// site has millions of cells.
    init(
        matrix: ResolvedMatrix, reasons: CellReasons, flagSlugs: [String], tenantSlugs: [String],
        groups: [(name: String?, positions: Range<Int>)], badges: (Int) -> [Badge]
    ) {
        self.matrix = matrix
        self.groups = groups
        self.reasons = reasons
        let model = matrix.model
        tenantFilePositions = model.tenants.map { matrix.filePosition(of: $0.file) }
        let tenantSlugs = tenantSlugs.map(\.htmlEscaped)
        let presentations = (0..<matrix.presentationCount).map(matrix.presentation(id:))
        var pieces = BytePieces()
        let cell = pieces.count
        for presentation in presentations { pieces.add(Self.cell(css: presentation.cssClass, text: presentation.text).utf8) }
        let wholeRow = pieces.count
        for presentation in presentations { pieces.add(Self.cell(css: presentation.cssClass, text: presentation.text, span: model.environments.count).utf8) }
        let layer = pieces.count
        for layer in matrix.layers { pieces.add(layer.id.htmlEscaped.utf8) }
        let flagRow = pieces.count
        for (flag, slug) in zip(model.flags.indices, flagSlugs.map(\.htmlEscaped)) {
            let key = model.flags[flag].key.htmlEscaped
            for on in ["", " data-on"] {
                pieces.add("<tr\(on)><th scope=\"row\"><a href=\"../flags/\(slug).html\">\(key)</a>\(Self.html(of: badges(flag)))".utf8)
            }
        }
        let tenantRow = pieces.count
        for (tenant, slug) in zip(model.tenants, tenantSlugs) {
            pieces.add("<tr id=t-\(slug)><th scope=\"row\"><a href=\"../tenants/\(slug).html\">\(tenant.name.htmlEscaped)</a>".utf8)
        }
        let tenantItem = pieces.count
        for tenant in model.tenants { pieces.add("\n<li><span class=\"id\">\(tenant.id.htmlEscaped)</span> ".utf8) }
        let group = pieces.count
        for (index, group) in groups.enumerated() {
            var heading = (index > 0 ? "\n" : "") + "<tbody>\n"
            if let name = group.name {
                heading += "<tr class=\"group\"><th colspan=\"\(model.environments.count + 1)\" scope=\"rowgroup\">\(name.htmlEscaped)</th></tr>"
            }
            pieces.add((heading + "\n").utf8)
        }
        self.pieces = pieces
        first = (cell, wholeRow, layer, flagRow, tenantRow, tenantItem, group)
    }

    /// The class of the look most cells have, off from a base value: value
    /// tables write it as no class at all, and the theme's CSS gives a value
    /// cell without a class that look (`table.values td:not([class])`).
    static let unwrittenClass = "nb"

    /// A value cell as every table of values writes it: the class unquoted when
    /// it can be (`<td class=yb>on`) and left out for `unwrittenClass`
    /// (`<td>off`), no end tag (HTML ends a cell at the next), and across
    /// `span` columns when the value is the same in all of them.
    static func cell(css: String, text: String, why: String? = nil, span: Int = 1) -> String {
        let plain = !css.isEmpty && css.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-") }
        let attribute = css == unwrittenClass ? "" : plain ? " class=\(css)" : " class=\"\(css.htmlEscaped)\""
        return "<td" + (span > 1 ? " colspan=\(span)" : "") + attribute + ">" + text.htmlEscaped
            + (why.map { "<span class=why>\($0.htmlEscaped)</span>" } ?? "")
    }

    /// A flag page's rows, one per tenant: the tenant, then per environment the
    /// value with its mark and, when the layer says more than its mark, why, in
    /// words. Written as bytes from pieces made once: a large site has millions
    /// of these cells.
    func flagRows(flag: Int) -> [UInt8] {
        let model = matrix.model
        var html: [UInt8] = []
        html.reserveCapacity(model.tenants.count * 100)
        pieces.read { pieces in
            for tenant in model.tenants.indices {
                if tenant > 0 { html.append(UInt8(ascii: "\n")) }
                pieces.append(first.tenantRow + tenant, to: &html)
                cells(flag: flag, tenant: tenant, pieces: pieces, into: &html)
            }
        }
        return html
    }

    /// Where a flag page's values are written, for engineers: one item per
    /// tenant whose values are not written where most tenants' are, then,
    /// when several share it, that most common place once (`<li>Every other tenant: base :2`), with
    /// `tenant` the site's word for a tenant.
    func writtenItems(flag: Int, tenant word: String) -> [UInt8] {
        let tenantCount = matrix.model.tenants.count
        var html: [UInt8] = []
        pieces.read { pieces in
            var lastFile = (position: -1, escaped: [UInt8]())
            var scratch = WrittenScratch()
            let places = (0..<tenantCount).map { WrittenText(bytes: writtenAt(flag: flag, tenant: $0, pieces: pieces, lastFile: &lastFile, scratch: &scratch)) }
            var counts: [WrittenText: Int] = [:]
            counts.reserveCapacity(tenantCount)
            for place in places { counts[place, default: 0] += 1 }
            let most = counts.values.max() ?? 0
            let common = places.first { counts[$0] == most }?.bytes ?? []
            // Said once only when more than one tenant shares it.
            let shared = most > 1
            for (tenant, place) in places.enumerated() where place.bytes != common || !shared {
                pieces.append(first.tenantItem + tenant, to: &html)
                html += place.bytes
            }
            if shared {
                html += "\n<li>Every \(most == tenantCount ? "" : "other ")\(word.htmlEscaped): ".utf8
                html += common
            }
        }
        return html
    }

    /// One tenant's item of where values are written, as HTML, hashed in one
    /// pass over its bytes: a flag page counts 200 of them, and hashing an
    /// array of bytes one byte at a time showed in a large build.
    private struct WrittenText: Hashable {
        let bytes: [UInt8]

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }

    /// Where one environment's value is written: the layer, and the position of
    /// the file among the matrix's (`nil` for the tenant's own) and the line
    /// when there is one. Positions rather than names: this is made for every
    /// cell of every flag page.
    private struct Place: Equatable {
        var layer: Int
        var file: Int?
        var line: Int?
    }

    /// The arrays `writtenAt` fills for each tenant, kept between tenants.
    private struct WrittenScratch {
        var places: [Place] = [], counts: [Int] = [], of: [Int] = []
    }

    /// Where a flag's values for a tenant are written: the deciding layer and
    /// the line (`base :12`, `remote content/remote/prod.json:40`) most of its
    /// environments share, then each other one with the environments it is for
    /// (`; prod: override :30`).
    private func writtenAt(
        flag: Int, tenant: Int, pieces: BytePieces.Reader, lastFile: inout (position: Int, escaped: [UInt8]), scratch: inout WrittenScratch
    ) -> [UInt8] {
        let environments = matrix.model.environments
        scratch.places.removeAll(keepingCapacity: true)
        scratch.counts.removeAll(keepingCapacity: true)
        scratch.of.removeAll(keepingCapacity: true)
        for environment in environments.indices {
            // A packed cell names where its value is written, details or not: what its whole resolution's `location` says.
            let cell = matrix.cell(flag: flag, tenant: tenant, environment: environment)
            let place = matrix.place(of: cell).map { ($0.file == tenantFilePositions[tenant] ? nil : $0.file, $0.line) }
            let written = Place(layer: Int(cell.layer), file: place?.0, line: place?.1)
            if let known = scratch.places.firstIndex(of: written) {
                scratch.counts[known] += 1
                scratch.of.append(known)
            } else {
                scratch.of.append(scratch.places.count)
                scratch.places.append(written)
                scratch.counts.append(1)
            }
        }
        let counts = scratch.counts
        let common = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) } ?? 0
        var html: [UInt8] = []
        func put(_ place: Place) {
            pieces.append(first.layer + place.layer, to: &html)
            guard let line = place.line else { return }
            html.append(UInt8(ascii: " "))
            if let file = place.file {
                if file != lastFile.position { lastFile = (file, Array(matrix.fileName(at: file).htmlEscaped.utf8)) }
                html += lastFile.escaped
            }
            html.append(UInt8(ascii: ":"))
            html += String(line).utf8
        }
        put(scratch.places[common])
        for (index, place) in scratch.places.enumerated() where index != common {
            html += "; ".utf8
            html += environments.indices.filter { scratch.of[$0] == index }.map { environments[$0].htmlEscaped }.joined(separator: ", ").utf8
            html += ": ".utf8
            put(place)
        }
        return html
    }

    /// A tenant page's rows, in MARK groups: each flag with its badges, then per
    /// environment the value with its mark, and why when the layer says more.
    /// `on` says which rows the "only flags that are on" filter keeps.
    func tenantRows(tenant: Int, on: (Int) -> Bool) -> [UInt8] {
        let model = matrix.model
        var html: [UInt8] = []
        html.reserveCapacity(model.flags.count * 120)
        pieces.read { pieces in
            for (index, group) in groups.enumerated() {
                pieces.append(first.group + index, to: &html)
                for flag in group.positions {
                    pieces.append(first.flagRow + 2 * flag + (on(flag) ? 1 : 0), to: &html)
                    cells(flag: flag, tenant: tenant, pieces: pieces, into: &html)
                    html.append(UInt8(ascii: "\n"))
                }
                html += "</tbody>".utf8
            }
        }
        return html
    }

    /// A row's value cells, one per environment, or one across them all when
    /// every environment has the same look and no reason to add: `yb` with
    /// `on`, or with its reason, `vr` with `on/off ≈` and
    /// `<span class=why>on for “EU guests” (…); otherwise off</span>`.
    private func cells(flag: Int, tenant: Int, pieces: BytePieces.Reader, into html: inout [UInt8]) {
        let count = matrix.model.environments.count
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { looks in
            var same = count > 1
            for environment in 0..<count {
                looks[environment] = plainLook(flag: flag, tenant: tenant, environment: environment) ?? -1
                if looks[environment] < 0 || looks[environment] != looks[0] { same = false }
            }
            if same {
                pieces.append(first.wholeRow + looks[0], to: &html)
                return
            }
            for environment in 0..<count {
                if looks[environment] >= 0 {
                    pieces.append(first.cell + looks[environment], to: &html)
                } else {
                    let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                    let why = reasons.reason(resolution, environment: matrix.model.environments[environment], flag: matrix.model.flags[flag])
                    let look = CellPresentation(resolution)
                    html += Self.cell(css: look.cssClass, text: look.text, why: why).utf8
                }
            }
        }
    }

    /// The presentation id of a cell whose look says all there is to say of it.
    private func plainLook(flag: Int, tenant: Int, environment: Int) -> Int? {
        let cell = matrix.cell(flag: flag, tenant: tenant, environment: environment)
        return cell.hasDetails ? nil : matrix.presentationID(of: cell)
    }

    /// Badges after a flag's name, as every table writes them.
    static func html(of badges: [Badge]) -> String {
        badges.map { " <b class=\"badge \($0.kind.htmlEscaped)\">\($0.label.htmlEscaped)</b>" }.joined()
    }
}

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by entities, exactly as
    /// Mustache's `{{…}}` escapes, so it is safe in element content and in quoted
    /// attributes; and with control characters as pictures (`withControlPictures`),
    /// as every text a template gets has them (`TemplateValue`).
    var htmlEscaped: String {
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 || Self.mayBeControl($0) }) else {
            return self
        }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(Self.controlPicture(of: scalar) ?? scalar)
            }
        }
        return escaped
    }

    /// The text with each control character HTML must not hold (C0 but tab, line
    /// feed and carriage return; delete) replaced by its Unicode control picture,
    /// `␛` for escape, so a reader sees that one was there.
    var withControlPictures: String {
        guard utf8.contains(where: Self.mayBeControl) else { return self }
        var shown = ""
        shown.reserveCapacity(utf8.count + 8)
        for scalar in unicodeScalars { shown.unicodeScalars.append(Self.controlPicture(of: scalar) ?? scalar) }
        return shown
    }

    /// Whether a UTF-8 byte is one of the controls `controlPicture(of:)` replaces.
    private static func mayBeControl(_ byte: UInt8) -> Bool {
        (byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D) || byte == 0x7F
    }

    /// The control picture of a control character HTML must not hold; `nil` for any other.
    private static func controlPicture(of scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard scalar.isASCII, mayBeControl(UInt8(scalar.value)) else { return nil }
        // U+2400 to U+241F picture the C0 controls in order; U+2421 pictures delete.
        return Unicode.Scalar(scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value)
    }
}
