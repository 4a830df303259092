import FlagstaffCore

/// One titled part of a diff report: a heading and one line per item.
struct DiffSection: Equatable {
    /// The heading, with the item count where it helps.
    var title: String
    /// The items, one sentence each.
    var lines: [String]
}

/// How the sentences of a diff report mark code and values: plain for the
/// terminal (coloured on a TTY), Markdown for a pull-request comment.
struct DiffStyle {
    /// Whether a value gets better or worse for the eye: `on` green, `off` red.
    enum Tone { case on, off, plain }

    /// A flag key, tenant id or environment name.
    var code: (String) -> String
    /// Any other text from the sources.
    var text: (String) -> String
    /// The words that say what happens to a value.
    var emphasis: (String, Tone) -> String
    /// A heading.
    var heading: (String) -> String

    /// Plain text, with ANSI colours when `colour` is on.
    static func terminal(colour: Bool) -> DiffStyle {
        func paint(_ paint: TerminalColour, _ text: String) -> String { colour ? paint.paint(text) : text }
        return DiffStyle(
            code: { $0 }, text: { $0 },
            emphasis: { text, tone in
                switch tone {
                case .on: paint(.green, text)
                case .off: paint(.red, text)
                case .plain: paint(.yellow, text)
                }
            },
            heading: { paint(.bold, $0) })
    }

    /// GitHub-flavoured Markdown: keys as code, values in bold, the sources' text escaped.
    static var markdown: DiffStyle {
        DiffStyle(
            code: { $0.markdownCode }, text: { $0.markdownEscaped },
            emphasis: { text, _ in "**\(text.markdownEscaped)**" }, heading: { $0 })
    }
}

/// The sentences of a diff report, shared by the text and Markdown renderers.
enum DiffSections {
    /// The sections in reading order. The head's errors come first when it has
    /// any; provenance changes are listed only with `all`, and counted otherwise.
    static func make(_ diff: WorkspaceDiff, style: DiffStyle, all: Bool, pathPrefix: String) -> [DiffSection] {
        var sections: [DiffSection] = []
        func add(_ title: String, _ lines: [String]) {
            if !lines.isEmpty { sections.append(DiffSection(title: title, lines: lines)) }
        }
        let shown = { (diagnostic: Diagnostic) -> String in
            var shown = diagnostic
            shown.location?.file = pathPrefix + (diagnostic.location?.file ?? "")
            return style.text(shown.description)
        }
        if !diff.hasBase { add("The base has \(diff.baseErrors.count.counted("error"))", diff.baseErrors.map(shown)) }
        add("The head has \(diff.headErrors.count.counted("error"))", diff.headErrors.map(shown))
        add(
            "Values the app gets (\(diff.changedFlags.count.counted("flag")))",
            diff.valueChanges.map { valueSentence($0, diff: diff, style: style) })
        if all {
            add(
                "Same value, another layer (\(diff.provenanceChanges.reduce(0) { $0 + $1.tenants.count }.counted("cell")))",
                diff.provenanceChanges.map { change in
                    "\(style.code(change.flag)) in \(style.code(change.environment)) for \(tenants(change.tenants, diff: diff, style: style)): "
                        + "\(style.text(change.value)), now from \(change.newLayer) (was \(change.oldLayer))"
                })
        }
        let wording = TenantWording(isSingleApp: diff.isSingleApp)
        add("Flags added (\(diff.addedFlags.count))", diff.addedFlags.map { valuesSentence($0, style: style, wording: wording) })
        add("Flags removed (\(diff.removedFlags.count))", diff.removedFlags.map { valuesSentence($0, style: style, wording: wording) })
        add(
            "Flags renamed (\(diff.renamedFlags.count))",
            diff.renamedFlags.map { "\(style.code($0.old)) is now \(style.code($0.new)), the same case in the code" })
        add(
            "Tenants",
            diff.addedTenants.map { "added \(style.code($0))" } + diff.removedTenants.map { "removed \(style.code($0))" }
                + diff.renamedTenants.map { "renamed \(style.code($0.old)) to \(style.code($0.new)), with the same settings" })
        add(
            "Environments",
            diff.addedEnvironments.map { "added \(style.code($0))" } + diff.removedEnvironments.map { "removed \(style.code($0))" })
        add(
            "Catalog (\(diff.catalogChanges.count.counted("cell")))",
            diff.catalogChanges.map { change in
                "\(style.code(change.flag)) \(change.column): \(style.text(change.new ?? "(empty)")) (was \(style.text(change.old ?? "(empty)")))"
            })
        add("Remote Config (\(diff.remoteChanges.count.counted("change")))", diff.remoteChanges.map { remoteSentence($0, style: style) })
        add(
            "Lifecycle",
            diff.lifecycleChanges.map { change in
                "\(style.code(change.flag)) is now \(style.emphasis(change.status.label, .plain)): \(style.text(change.reason))"
            })
        let errors = Set(diff.headErrors)
        add("New diagnostics", diff.newDiagnostics.filter { !errors.contains($0) }.map(shown))
        return sections
    }

    /// What to say before the sections: whether a side could not be compared,
    /// whether the base had errors, and the provenance changes left unlisted.
    static func notes(_ diff: WorkspaceDiff, base: String, style: DiffStyle, all: Bool) -> [String] {
        var notes: [String] = []
        if diff.borrowsConfiguration.head {
            notes.append("The head has no configuration of its own; it is read with the working tree's.")
        }
        if diff.borrowsConfiguration.base {
            notes.append("The base (\(style.code(base))) has no configuration of its own; it is read with the head's.")
        }
        if !diff.hasBase {
            notes.append("The base (\(style.code(base))) could not be resolved (\(diff.baseErrorCount.counted("error")), listed below), so nothing is compared.")
        } else if diff.baseErrorCount > 0 {
            notes.append("The base (\(style.code(base))) had \(diff.baseErrorCount.counted("error")); the diff compares what it could resolve.")
        }
        if !diff.hasHead {
            notes.append("The head could not be resolved (\(diff.headErrors.count.counted("error")), listed below), so nothing is compared.")
        }
        let moved = diff.provenanceChanges.reduce(0) { $0 + $1.tenants.count }
        if !all && moved > 0 {
            notes.append("\(moved.counted("cell")) keep their value but get it from another layer; `--all` lists them.")
        }
        if diff.hasBase && diff.hasHead && diff.isEmpty { notes.append("No flag changes.") }
        return notes
    }

    /// `3 flags change: 12 cells in prod, 40 in uat; 1 flag added, 0 removed`.
    static func summary(_ diff: WorkspaceDiff) -> String {
        let cells = diff.environments.map { ($0, diff.changedCells(in: $0)) }.filter { $0.1 > 0 }.enumerated().map { index, item in
            "\(index == 0 ? item.1.counted("cell") : String(item.1)) in \(item.0)"
        }
        let flags = diff.changedFlags.count
        return (flags == 1 ? "1 flag changes" : "\(flags) flags change")
            + (cells.isEmpty ? "" : ": " + cells.joined(separator: ", "))
            + "; \(diff.addedFlags.count.counted("flag")) added, \(diff.removedFlags.count) removed"
    }

    /// `ENABLE_X turns on in prod for CHL, JLC (was off)`, or for a change of the
    /// cases a value varies by, `ENABLE_X: share raised from 10% to 50% for CHL in prod`.
    static func valueSentence(_ change: WorkspaceDiff.ValueChange, diff: WorkspaceDiff, style: DiffStyle) -> String {
        let who = tenants(change.tenants, diff: diff, style: style)
        if let detail = change.detail {
            return "\(style.code(change.flag)): \(style.emphasis(detail, .plain)) for \(who) in \(style.code(change.environment))"
        }
        let verb: String
        switch (change.old, change.new) {
        case ("off", "on"): verb = style.emphasis("turns on", .on)
        case ("on", "off"): verb = style.emphasis("turns off", .off)
        default: verb = "becomes " + style.emphasis(change.new, .plain)
        }
        return "\(style.code(change.flag)) \(verb) in \(style.code(change.environment)) for \(who) (was \(style.text(change.old)))"
    }

    /// `ENABLE_D (Bool): prod: on for CHL; off for JLC, WL · dev: off for all 3 tenants`,
    /// or `ENABLE_D (Bool) in every environment: …` when every environment has the same values.
    static func valuesSentence(_ values: MatrixChanges.FlagValues, style: DiffStyle, wording: TenantWording) -> String {
        func groups(_ environment: MatrixChanges.FlagValues.Environment) -> String {
            environment.groups.map { group in
                let who = environment.groups.count == 1 ? wording.all(group.tenants.count) : group.tenants.map(style.code).joined(separator: ", ")
                return "\(style.text(group.value)) for \(who)"
            }.joined(separator: "; ")
        }
        let head = "\(style.code(values.flag)) (\(values.type))"
        guard let first = values.environments.first else { return head }
        if values.environments.allSatisfy({ $0.groups == first.groups }) {
            return head + " in every environment: " + groups(first)
        }
        return head + ": " + values.environments.map { "\(style.code($0.name)): " + groups($0) }.joined(separator: " · ")
    }

    /// `prod: condition 'Beta' now reads app.customSignal['beta'].exactlyMatches(['yes']) (was …)`.
    static func remoteSentence(_ change: RemoteTemplateChange, style: DiffStyle) -> String {
        let flags = change.flags.flatMap { $0.isEmpty ? nil : $0 }
        return kindSentence(change, style: style) + (change.words.map { "; it now tests " + style.text($0) } ?? "")
            + (flags.map { " — " + ($0.count == 1 ? "flag " : "flags ") + $0.map(style.code).joined(separator: ", ") } ?? "")
    }

    /// The change's kind in words, where it applies first.
    private static func kindSentence(_ change: RemoteTemplateChange, style: DiffStyle) -> String {
        let place = change.environments.map(style.code).joined(separator: ", ") + ": "
        func share(_ percent: Double?) -> String { percent.map { "\($0.percentText)%" } ?? "an unstated share" }
        switch change.kind {
        case .version(let old, let new):
            let now = new.map { style.text($0.summary) } ?? "no version"
            return place + "the template is now \(now)" + " (was \(old.map { style.text($0.number.map { "version \($0)" } ?? "unnumbered") } ?? "no version"))"
        case .conditionAdded(let name, let expression):
            return place + "condition \(style.code(name)) is added: \(style.code(expression))"
        case .conditionRemoved(let name, let expression):
            return place + "condition \(style.code(name)) is removed (it read \(style.code(expression)))"
        case .expressionChanged(let name, let old, let new):
            return place + "condition \(style.code(name)) now reads \(style.code(new)) (was \(style.code(old)))"
        case .conditionsReordered(let old, let new):
            return place + "the conditions are " + style.emphasis("reordered", .plain) + ", and the first that holds decides: "
                + new.map(style.code).joined(separator: ", ") + " (was " + old.map(style.code).joined(separator: ", ") + ")"
        case .shareChanged(let flag, let condition, let what, let old, let new):
            let slot = condition.map { "under condition \(style.code($0))" } ?? "as the default value"
            return place + "\(style.code(flag))'s \(style.text(what)) \(slot) reaches " + style.emphasis(share(new), .plain) + " of devices (was \(share(old)))"
        }
    }

    /// `CHL, JLC`, or `all 14 tenants` when the change applies to every tenant compared (three or more).
    private static func tenants(_ ids: [String], diff: WorkspaceDiff, style: DiffStyle) -> String {
        if diff.isSingleApp { return "the app" }
        return ids.count > 2 && ids.count == diff.comparedTenants.count
            ? ids.count.everyOne("tenant") : ids.map(style.code).joined(separator: ", ")
    }
}
