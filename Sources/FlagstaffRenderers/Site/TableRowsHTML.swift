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
    /// Each tenant's defaults file, by tenant position: a value written there is named by its line alone.
    private let tenantFiles: [String]
    /// Every fixed piece of a row, made once; `first` says where each kind starts.
    private let pieces: BytePieces
    private let first: (css: Int, text: Int, layer: Int, flagRow: Int, tenantRow: Int, tenantCell: Int, group: Int, sourceRow: Int)

    /// Prepares the pieces of every row: per presentation id its class and its
    /// word with the mark; per layer its name for the engineers' table; per flag
    /// the start of its tenant-page row, with the badges, without and with
    /// `data-on`; per tenant the start of its flag-page row, of its cell in each
    /// environment up to the class (`<td id="t-wl.prod" class="`), and of its
    /// row in the engineers' table; and each MARK group's heading on tenant pages.
    init(
        matrix: ResolvedMatrix, reasons: CellReasons, flagSlugs: [String], tenantSlugs: [String], environmentSlugs: [String],
        groups: [(name: String?, positions: Range<Int>)], badges: (Int) -> [Badge]
    ) {
        self.matrix = matrix
        self.groups = groups
        self.reasons = reasons
        let model = matrix.model
        tenantFiles = model.tenants.map(\.file)
        let (tenantSlugs, environmentSlugs) = (tenantSlugs.map(\.htmlEscaped), environmentSlugs.map(\.htmlEscaped))
        let presentations = (0..<matrix.presentationCount).map(matrix.presentation(id:))
        var pieces = BytePieces()
        let css = pieces.count
        for presentation in presentations { pieces.add(presentation.cssClass.htmlEscaped.utf8) }
        let text = pieces.count
        for presentation in presentations { pieces.add(presentation.text.htmlEscaped.utf8) }
        let layer = pieces.count
        for layer in matrix.layers { pieces.add("<td>\(layer.id.htmlEscaped)".utf8) }
        let flagRow = pieces.count
        for (flag, slug) in zip(model.flags.indices, flagSlugs.map(\.htmlEscaped)) {
            let key = model.flags[flag].key.htmlEscaped
            for on in ["", " data-on=\"1\""] {
                pieces.add("<tr data-k=\"\(key)\"\(on)><th scope=\"row\"><a href=\"../flags/\(slug).html\">\(key)</a>\(Self.html(of: badges(flag)))</th>".utf8)
            }
        }
        let tenantRow = pieces.count
        for (tenant, slug) in zip(model.tenants, tenantSlugs) {
            pieces.add("<tr id=\"t-\(slug)\"><th scope=\"row\"><a href=\"../tenants/\(slug).html\">\(tenant.name.htmlEscaped)</a></th>".utf8)
        }
        let tenantCell = pieces.count
        for tenant in tenantSlugs {
            for environment in environmentSlugs { pieces.add("<td id=\"t-\(tenant).\(environment)\" class=\"".utf8) }
        }
        let group = pieces.count
        for (index, group) in groups.enumerated() {
            var heading = (index > 0 ? "\n" : "") + "<tbody>\n"
            if let name = group.name {
                heading += "<tr class=\"group\"><th colspan=\"\(model.environments.count + 1)\" scope=\"rowgroup\">\(name.htmlEscaped)</th></tr>"
            }
            pieces.add((heading + "\n").utf8)
        }
        let sourceRow = pieces.count
        for tenant in model.tenants {
            if model.isSingleApp {
                // A single app has no defaults file: its values are in the code.
                pieces.add("<tr><th scope=\"row\">\(tenant.name.htmlEscaped)</th>".utf8)
                continue
            }
            let name = tenant.name == tenant.id ? "" : "\(tenant.name.htmlEscaped) "
            pieces.add("<tr><th scope=\"row\">\(name)<span class=\"id\">\(tenant.id.htmlEscaped)</span></th><td><code>\(tenant.file.htmlEscaped)</code></td>".utf8)
        }
        self.pieces = pieces
        first = (css, text, layer, flagRow, tenantRow, tenantCell, group, sourceRow)
    }

    /// A flag page's rows, one per tenant: the tenant, then per environment the
    /// value with its mark and, when the layer says more than its mark, why, in
    /// words. Written as bytes from pieces made once: a large site has millions
    /// of these cells.
    func flagRows(flag: Int) -> [UInt8] {
        let model = matrix.model
        let environmentCount = model.environments.count
        var html: [UInt8] = []
        html.reserveCapacity(model.tenants.count * (90 + environmentCount * 50))
        pieces.read { pieces in
            for tenant in model.tenants.indices {
                if tenant > 0 { html.append(UInt8(ascii: "\n")) }
                pieces.append(first.tenantRow + tenant, to: &html)
                for environment in 0..<environmentCount {
                    pieces.append(first.tenantCell + tenant * environmentCount + environment, to: &html)
                    cell(flag: flag, tenant: tenant, environment: environment, pieces: pieces, into: &html)
                }
                html += "</tr>".utf8
            }
        }
        return html
    }

    /// The engineers' table of a flag page, one row per tenant: its id, its
    /// defaults file, and per environment the deciding layer and where it is
    /// written (`base :12`, `remote content/remote/prod.json:40`).
    func sourceRows(flag: Int) -> [UInt8] {
        let environmentCount = matrix.model.environments.count
        var html: [UInt8] = []
        html.reserveCapacity(tenantFiles.count * (120 + environmentCount * 24))
        var lastFile = (name: "", escaped: [UInt8]())
        pieces.read { pieces in
            for position in tenantFiles.indices {
                if position > 0 { html.append(UInt8(ascii: "\n")) }
                pieces.append(first.sourceRow + position, to: &html)
                for environment in 0..<environmentCount {
                    let cell = matrix.cell(flag: flag, tenant: position, environment: environment)
                    pieces.append(first.layer + Int(cell.layer), to: &html)
                    let location = cell.hasDetails
                        ? matrix.resolution(flag: flag, tenant: position, environment: environment).location : matrix.location(of: cell)
                    if let location {
                        html.append(UInt8(ascii: " "))
                        if location.file != tenantFiles[position] {
                            if location.file != lastFile.name { lastFile = (location.file, Array(location.file.htmlEscaped.utf8)) }
                            html += lastFile.escaped
                        }
                        html.append(UInt8(ascii: ":"))
                        html += String(location.line).utf8
                    }
                    html += "</td>".utf8
                }
                html += "</tr>".utf8
            }
        }
        return html
    }

    /// A tenant page's rows, in MARK groups: each flag with its badges, then per
    /// environment the value with its mark, and why when the layer says more.
    /// `on` says which rows the "only flags that are on" filter keeps.
    func tenantRows(tenant: Int, on: (Int) -> Bool) -> [UInt8] {
        let model = matrix.model
        var html: [UInt8] = []
        html.reserveCapacity(model.flags.count * (120 + model.environments.count * 30))
        pieces.read { pieces in
            for (index, group) in groups.enumerated() {
                pieces.append(first.group + index, to: &html)
                for flag in group.positions {
                    pieces.append(first.flagRow + 2 * flag + (on(flag) ? 1 : 0), to: &html)
                    for environment in model.environments.indices {
                        html += #"<td class=""#.utf8
                        cell(flag: flag, tenant: tenant, environment: environment, pieces: pieces, into: &html)
                    }
                    html += "</tr>\n".utf8
                }
                html += "</tbody>".utf8
            }
        }
        return html
    }

    /// One cell from its class on: `yb">on</td>`, or with its reason,
    /// `vr">on/off ≈<span class="why">on for “EU guests” (…); otherwise off</span></td>`.
    private func cell(flag: Int, tenant: Int, environment: Int, pieces: BytePieces.Reader, into html: inout [UInt8]) {
        if let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment),
            !matrix.cell(flag: flag, tenant: tenant, environment: environment).hasDetails
        {
            pieces.append(first.css + id, to: &html)
            html += #"">"#.utf8
            pieces.append(first.text + id, to: &html)
        } else {
            let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
            let presentation = CellPresentation(resolution)
            html += "\(presentation.cssClass.htmlEscaped)\">\(presentation.text.htmlEscaped)".utf8
            if let why = reasons.reason(resolution, environment: matrix.model.environments[environment], flag: matrix.model.flags[flag]) {
                html += "<span class=\"why\">\(why.htmlEscaped)</span>".utf8
            }
        }
        html += "</td>".utf8
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
