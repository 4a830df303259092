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
    /// Escaped text per presentation id: the class, the word (flag pages), and the word with its mark (tenant pages).
    private let css: [String], word: [String], text: [String]
    /// The deciding layer's id per presentation id, escaped.
    private let source: [String]
    /// The start of a tooltip per layer position, escaped: "base, set in ".
    private let setIn: [String]

    init(matrix: ResolvedMatrix, flagSlugs: [String], tenantSlugs: [String], environmentSlugs: [String]) {
        self.matrix = matrix
        self.flagSlugs = flagSlugs.map(\.htmlEscaped)
        self.tenantSlugs = tenantSlugs.map(\.htmlEscaped)
        self.environmentSlugs = environmentSlugs.map(\.htmlEscaped)
        let presentations = (0..<matrix.presentationCount).map(matrix.presentation(id:))
        css = presentations.map(\.cssClass.htmlEscaped)
        word = presentations.map(\.word.htmlEscaped)
        text = presentations.map(\.text.htmlEscaped)
        source = (0..<matrix.presentationCount).map { matrix.layers[$0 % matrix.layers.count].id.htmlEscaped }
        setIn = matrix.layers.map { "\($0.id), set in ".htmlEscaped }
    }

    /// A flag page's rows, one per tenant: the tenant, then per environment the
    /// value and the deciding layer, with why and where in the cell's `title`.
    func flagRows(flag: Int) -> String {
        let model = matrix.model
        var html = ""
        var lastFile = (name: "", escaped: "")
        html.reserveCapacity(model.tenants.count * (80 + model.environments.count * 110))
        for (tenant, item) in model.tenants.enumerated() {
            if tenant > 0 { html += "\n" }
            html += "<tr id=\"t-\(tenantSlugs[tenant])\"><th scope=\"row\"><a href=\"../tenants/\(tenantSlugs[tenant]).html\">"
            html += item.name.htmlEscaped
            html += "</a></th>"
            for environment in model.environments.indices {
                html += "<td id=\"t-\(tenantSlugs[tenant]).\(environmentSlugs[environment])\" class=\""
                if let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment), !isDetailed(flag, tenant, environment) {
                    let cell = matrix.cell(flag: flag, tenant: tenant, environment: environment)
                    html += css[id]
                    html += "\" title=\""
                    if let location = matrix.location(of: cell) {
                        // The common case, written piece by piece: "base, set in FILE:LINE".
                        html += setIn[Int(cell.layer)]
                        if location.file != lastFile.name { lastFile = (location.file, location.file.htmlEscaped) }
                        html += lastFile.escaped
                        html += ":"
                        html += String(location.line)
                    } else {
                        html += Self.detail(layer: matrix.layers[Int(cell.layer)], location: nil).htmlEscaped
                    }
                    html += "\"><span class=\"value\">"
                    html += word[id]
                    html += "</span> <span class=\"source\">"
                    html += source[id]
                } else {
                    let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                    let presentation = CellPresentation(resolution)
                    html += presentation.cssClass.htmlEscaped
                    html += "\" title=\""
                    html += Self.detail(resolution).htmlEscaped
                    html += "\"><span class=\"value\">"
                    html += presentation.word.htmlEscaped
                    html += "</span> <span class=\"source\">"
                    html += (resolution.isVarying ? "varies" : resolution.layer.id).htmlEscaped
                }
                html += "</span></td>"
            }
            html += "</tr>"
        }
        return html
    }

    /// A tenant page's rows, in MARK groups: each flag with its badges, then per
    /// environment the value with its mark, and why when the layer says more.
    /// `on` says which rows the "only flags that are on" filter keeps.
    func tenantRows(tenant: Int, groups: [(name: String?, positions: Range<Int>)], badges: (Int) -> [Badge], on: (Int) -> Bool) -> String {
        let model = matrix.model
        var html = ""
        html.reserveCapacity(model.flags.count * (120 + model.environments.count * 30))
        for (index, group) in groups.enumerated() {
            if index > 0 { html += "\n" }
            html += "<tbody>\n"
            if let name = group.name {
                html += "<tr class=\"group\"><th colspan=\"\(model.environments.count + 1)\" scope=\"rowgroup\">\(name.htmlEscaped)</th></tr>"
            }
            html += "\n"
            for flag in group.positions {
                let key = model.flags[flag].key.htmlEscaped
                html += "<tr data-k=\"\(key)\"\(on(flag) ? " data-on=\"1\"" : "")><th scope=\"row\"><a href=\"../flags/\(flagSlugs[flag]).html\" title=\"\(key)\">\(key)</a>"
                html += Self.html(of: badges(flag))
                html += "</th>"
                for environment in model.environments.indices {
                    if let id = matrix.presentationID(flag: flag, tenant: tenant, environment: environment), !isDetailed(flag, tenant, environment) {
                        html += "<td class=\"\(css[id])\">\(text[id])</td>"
                    } else {
                        let resolution = matrix.resolution(flag: flag, tenant: tenant, environment: environment)
                        let presentation = CellPresentation(resolution)
                        html += "<td class=\"\(presentation.cssClass.htmlEscaped)\">\(presentation.text.htmlEscaped)"
                        if let why = SiteRenderer.why(resolution, briefly: false) { html += "<br><span class=\"why\">\(why.htmlEscaped)</span>" }
                        html += "</td>"
                    }
                }
                html += "</tr>\n"
            }
            html += "</tbody>"
        }
        return html
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
