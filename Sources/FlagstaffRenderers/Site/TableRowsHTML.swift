import FlagstaffCore

/// The rows of the site's biggest tables, written straight into HTML text.
///
/// A workspace of 2,000 flags × 200 tenants × 6 environments puts 2.4 million
/// cells on flag pages and as many on tenant pages. Mustache looks every name up
/// by reflection, which costs microseconds a cell and minutes a build, so these
/// rows are appended here and the templates place them with `{{{rowsHTML}}}`.
/// Every piece of input text goes through `htmlEscaped`, as Mustache's `{{…}}` would.
struct TableRowsHTML {
    let matrix: ResolvedMatrix
    /// The HTML-escaped slug of each flag and tenant, by position in the model.
    let flagSlugs: [String], tenantSlugs: [String], environmentSlugs: [String]
    /// Escaped UTF-8 per presentation id: the class, and the word with its mark.
    private let cssBytes: [[UInt8]], textBytes: [[UInt8]]
    /// The start of a tooltip per layer position, escaped: "base, set in ".
    private let setIn: [[UInt8]]
    /// Per tenant, the start of its row on a flag page, and the start of its cell
    /// in each environment up to the class: `<td id="t-wl.prod" class="`.
    private let rowStarts: [[UInt8]], cellStarts: [[[UInt8]]]

    init(matrix: ResolvedMatrix, flagSlugs: [String], tenantSlugs: [String], environmentSlugs: [String]) {
        self.matrix = matrix
        self.flagSlugs = flagSlugs.map(\.htmlEscaped)
        self.tenantSlugs = tenantSlugs.map(\.htmlEscaped)
        self.environmentSlugs = environmentSlugs.map(\.htmlEscaped)
        let presentations = (0..<matrix.presentationCount).map(matrix.presentation(id:))
        cssBytes = presentations.map { Array($0.cssClass.htmlEscaped.utf8) }
        textBytes = presentations.map { Array($0.text.htmlEscaped.utf8) }
        setIn = matrix.layers.map { Array("\($0.id), set in ".htmlEscaped.utf8) }
        rowStarts = zip(matrix.model.tenants, self.tenantSlugs).map { tenant, slug in
            Array("<tr id=\"t-\(slug)\"><th scope=\"row\"><a href=\"../tenants/\(slug).html\">\(tenant.name.htmlEscaped)</a></th>".utf8)
        }
        let environments = self.environmentSlugs
        cellStarts = self.tenantSlugs.map { tenant in environments.map { Array("<td id=\"t-\(tenant).\($0)\" class=\"".utf8) } }
    }

    /// A flag page's rows, one per tenant: the tenant, then per environment the
    /// value with its mark, and the deciding layer, why and where in the cell's
    /// `title`. Written as bytes from pieces made once: a large site has millions
    /// of these cells.
    func flagRows(flag: Int) -> String {
        let model = matrix.model
        var html: [UInt8] = []
        var lastFile = (name: "", escaped: [UInt8]())
        html.reserveCapacity(model.tenants.count * (90 + model.environments.count * 110))
        for tenant in model.tenants.indices {
            if tenant > 0 { html.append(UInt8(ascii: "\n")) }
            html += rowStarts[tenant]
            for environment in model.environments.indices {
                html += cellStarts[tenant][environment]
                if let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment), !isDetailed(flag, tenant, environment) {
                    let cell = matrix.cell(flag: flag, tenant: tenant, environment: environment)
                    html += cssBytes[id]
                    html += #"" title=""#.utf8
                    if let location = matrix.location(of: cell) {
                        // The common case, written piece by piece: "base, set in FILE:LINE".
                        html += setIn[Int(cell.layer)]
                        if location.file != lastFile.name { lastFile = (location.file, Array(location.file.htmlEscaped.utf8)) }
                        html += lastFile.escaped
                        html.append(UInt8(ascii: ":"))
                        html += String(location.line).utf8
                    } else {
                        html += Self.detail(layer: matrix.layers[Int(cell.layer)], location: nil).htmlEscaped.utf8
                    }
                    html += #"">"#.utf8
                    html += textBytes[id]
                } else {
                    let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                    let presentation = CellPresentation(resolution)
                    html += presentation.cssClass.htmlEscaped.utf8
                    html += #"" title=""#.utf8
                    html += Self.detail(resolution).htmlEscaped.utf8
                    html += #"">"#.utf8
                    html += presentation.text.htmlEscaped.utf8
                }
                html += "</td>".utf8
            }
            html += "</tr>".utf8
        }
        return String(decoding: html, as: UTF8.self)
    }

    /// A tenant page's rows, in MARK groups: each flag with its badges, then per
    /// environment the value with its mark, and why when the layer says more.
    /// `on` says which rows the "only flags that are on" filter keeps.
    func tenantRows(tenant: Int, groups: [(name: String?, positions: Range<Int>)], badges: (Int) -> [Badge], on: (Int) -> Bool) -> String {
        let model = matrix.model
        var html: [UInt8] = []
        html.reserveCapacity(model.flags.count * (120 + model.environments.count * 30))
        for (index, group) in groups.enumerated() {
            if index > 0 { html.append(UInt8(ascii: "\n")) }
            html += "<tbody>\n".utf8
            if let name = group.name {
                html += "<tr class=\"group\"><th colspan=\"\(model.environments.count + 1)\" scope=\"rowgroup\">\(name.htmlEscaped)</th></tr>".utf8
            }
            html.append(UInt8(ascii: "\n"))
            for flag in group.positions {
                let key = model.flags[flag].key.htmlEscaped
                html += "<tr data-k=\"\(key)\"\(on(flag) ? " data-on=\"1\"" : "")><th scope=\"row\"><a href=\"../flags/\(flagSlugs[flag]).html\" title=\"\(key)\">\(key)</a>".utf8
                html += Self.html(of: badges(flag)).utf8
                html += "</th>".utf8
                for environment in model.environments.indices {
                    html += #"<td class=""#.utf8
                    if let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment), !isDetailed(flag, tenant, environment) {
                        html += cssBytes[id]
                        html += #"">"#.utf8
                        html += textBytes[id]
                    } else {
                        let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                        let presentation = CellPresentation(resolution)
                        html += "\(presentation.cssClass.htmlEscaped)\">\(presentation.text.htmlEscaped)".utf8
                        if let why = SiteRenderer.why(resolution, briefly: false) { html += "<br><span class=\"why\">\(why.htmlEscaped)</span>".utf8 }
                    }
                    html += "</td>".utf8
                }
                html += "</tr>\n".utf8
            }
            html += "</tbody>".utf8
        }
        return String(decoding: html, as: UTF8.self)
    }

    /// Badges after a flag's name, as every table writes them.
    static func html(of badges: [Badge]) -> String {
        badges.map { " <b class=\"badge \($0.kind.htmlEscaped)\">\($0.label.htmlEscaped)</b>" }.joined()
    }

    private func isDetailed(_ flag: Int, _ tenant: Int, _ environment: Int) -> Bool {
        matrix.cell(flag: flag, tenant: tenant, environment: environment).hasDetails
    }

    /// A plain cell's tooltip: "base, set in FILE:LINE", or the layer's legend for
    /// the fallback. `flagRows` writes the first form piece by piece; keep them alike.
    static func detail(layer: Layer, location: SourceLocation?) -> String {
        guard let location else { return "\(layer.id): \(layer.legend)" }
        return "\(layer.id), set in \(location.file):\(location.line)"
    }

    /// Everything a flag page's cell does not show, for its tooltip: the deciding
    /// layer and why, where the value is written, and what the app ships underneath.
    /// "remote: condition 'CHL' (remote/prod.json:12); the app ships on (base)".
    static func detail(_ resolution: Resolution) -> String {
        if resolution.isVarying { return "varies: " + (resolution.explanation ?? "") }
        var text = detail(layer: resolution.layer, location: resolution.location)
        if let reason = resolution.reason {
            text = "\(resolution.layer.id): \(reason)" + (resolution.location.map { " (\($0.file):\($0.line))" } ?? "")
        }
        if let hidden = resolution.hidden { text += "; \(CellPresentation.shipped(hidden))" }
        return text
    }
}

extension String {
    /// The text with `&`, `<`, `>`, `"` and `'` replaced by entities, exactly as
    /// Mustache's `{{…}}` escapes, so it is safe in element content and in quoted attributes.
    var htmlEscaped: String {
        guard utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }) else { return self }
        var escaped = ""
        escaped.reserveCapacity(utf8.count + 16)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
