import FlagstaffCore
@testable import FlagstaffRenderers
import Testing

/// swift-mustache renders a name it cannot find as nothing. The page contexts are
/// typed, so Swift catches a misspelt key there; this test catches one in a template.
@Suite("Templates and their contexts")
struct TemplateContextTests {
    /// A site with every optional part present: groups, conditions, docs, a
    /// deprecation, catalog columns, lifecycle data with uses, a git note, guide
    /// pages and a Remote Config template whose value varies.
    static func renderer() throws -> SiteRenderer {
        let flag = Flag(
            key: "ENABLE_A", caseName: "a", group: "Media", documentation: "Docs.", deprecation: "Use B", condition: "DEBUG",
            location: .start(of: "F.swift"))
        let lifecycle = FlagLifecycle(
            owner: "Ann", kind: .release, added: CalendarDate(parsing: "2026-01-01"), removeBy: .date(CalendarDate(parsing: "2026-02-01")!),
            ticket: "[T-1](https://example.com)")
        let entry = CatalogEntry(
            key: "ENABLE_A", description: "A *flag*.",
            columns: [
                .init(name: "Notes", cell: .init(text: "More", location: .start(of: "c.md"))),
                .init(name: "Phase", cell: .init(text: "beta", location: .start(of: "c.md"))),
            ],
            location: .start(of: "c.md"), lifecycle: lifecycle)
        let tenant = Tenant(id: "WL", name: "White Label", file: "t.json", base: ["ENABLE_A": Build.setting(.bool(true))])
        var model = FlagModel(
            title: "T", environments: ["dev", "prod"], flagEnums: [FlagEnum(name: "FeatureFlag", hasStringRawValues: true, flags: [flag])],
            catalog: Catalog(columns: ["Flag", "Description", "Notes", "Owner", "Phase"], entries: [entry], location: .start(of: "c.md")),
            tenants: [tenant, Tenant(id: "B", name: "B", file: "b.json")], remoteConfig: Self.remoteConfig)
        model.tenantFacts = [TenantFacts(tenant: "WL", facts: [.init(name: "Country", value: "Chile")], location: .start(of: "flagstaff.yml"))]
        let matrix = ResolvedMatrix(model: model)
        let report = LifecycleReport(
            matrix: matrix, references: ["ENABLE_A": [CodeReference(kind: .member, location: .start(of: "app/A.swift"))]],
            codeRoots: ["app"], asOf: CalendarDate(parsing: "2026-03-01")!, policy: LifecyclePolicy(), addedDatesNote: "git is not installed")
        let pages = ["first", "second"].enumerated().map { index, name in
            ExpandedGuidePage(
                page: GuidePage(slug: name, title: name, order: index, markdown: "# \(name)", fileName: "\(name).md", file: "g/\(name).md", firstLine: 1),
                markdown: "# \(name)")
        }
        return SiteRenderer(
            matrix: matrix, lifecycle: report, guide: pages, warnings: [.warning("w", at: .start(of: "t.json"))], theme: try Theme(),
            history: Self.history)
    }

    /// A history with a start and one change that turns `ENABLE_A` off in prod for WL,
    /// within the recent days, so the Recent changes page, a tenant's recent changes
    /// and the flag's History all have something to show.
    static let history: SiteHistory = {
        let day = { (text: String) in CalendarDate(parsing: text)! }
        let commit = { (id: String, date: String) in
            HistoryCommit(id: id + String(repeating: "0", count: 33), time: date + "T10:00:00Z", day: day(date), author: "Ann", email: "ann@x", subject: "S")
        }
        var change = HistoryEntry(kind: .change, commit: commit("bbbbbbb", "2026-02-20"))
        change.cells = [.init(flag: "ENABLE_A", environment: "prod", tenant: "WL", old: "on", new: "off", oldLayer: "base", newLayer: "override")]
        let entries = [HistoryEntry(kind: .start(flags: 1, tenants: 2, environments: 2), commit: commit("aaaaaaa", "2026-01-10")), change]
        return SiteHistory(history: ValueHistory(entries: entries, end: entries.last?.commit), recentDays: 90, asOf: day("2026-03-01"))
    }()

    /// A prod template where ten percent of devices get `ENABLE_A` off.
    static let remoteConfig: RemoteConfig = {
        let here = SourceLocation.start(of: "prod.json")
        let percent = RemoteExpression(text: "percent <= 10", parts: [.init(kind: .percent(.init(above: nil, upTo: 10)), text: "percent <= 10", location: here)])
        let parameter = RemoteParameter(
            name: "ENABLE_A", defaultValue: RemoteValue(.useInAppDefault, at: here),
            conditionalValues: [.init(condition: "Ten percent", value: RemoteValue(.value("false"), at: here), location: here)], location: here)
        return RemoteConfig(
            templates: ["prod": RemoteTemplate(file: "prod.json", conditions: [RemoteCondition(name: "Ten percent", expression: percent, location: here)], parameters: [parameter])])
    }()

    /// Every stored property name in a value, its nested values, arrays and optionals included.
    static func names(in value: Any, into names: inout Set<String>) {
        for child in Mirror(reflecting: value).children {
            if let label = child.label { names.insert(label) }
            Self.names(in: child.value, into: &names)
        }
    }

    /// The variable names a template uses: `{{x}}`, `{{{x}}}`, `{{#x}}`, `{{^x}}`, each part of `a.b`.
    static func variables(in template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.range(of: "{{"), let close = rest[open.upperBound...].range(of: "}}") {
            var tag = rest[open.upperBound..<close.lowerBound].trimmingPrefix("{")
            rest = rest[close.upperBound...]
            guard let first = tag.first, !"/>!=".contains(first) else { continue }
            if "#^&".contains(first) { tag = tag.dropFirst() }
            for part in tag.split(separator: ".") where !part.trimmingPrefix(" ").isEmpty {
                names.insert(String(part.filter { $0 != " " }))
            }
        }
        return names
    }

    /// The contexts of every page of one kind, with the kind's template.
    static func pages<Page: SitePage>(_ kind: Page.Type, in renderer: SiteRenderer) -> (template: String, contexts: [any TemplateContext]) {
        (Page.template, Page.pages(in: renderer).map { $0.content() })
    }

    /// Every registered kind's template and the contexts of its pages.
    static func everyPage(_ renderer: SiteRenderer) -> [(template: String, contexts: [any TemplateContext])] {
        SiteRenderer.pageKinds.map { pages($0, in: renderer) }
    }

    @Test func everyNameATemplateUsesExistsInItsContext() throws {
        let renderer = try Self.renderer()
        let kinds = Self.everyPage(renderer)
        var layoutNames = Set<String>()
        let layout = PageLayout(
            siteTitle: "", pageTitle: "", root: "", navigation: [NavigationLink(label: "", path: "", current: false)], hasGuide: true, singleApp: true, hasRemoteConfig: false,
            environments: [EnvironmentItem(name: "")], legend: [LegendItem(hasMark: true, mark: "", label: "", text: "", term: "")], valuesNote: "",
            dataAsOf: "", words: SiteWords(), environmentLabelsCSS: "")
        Self.names(in: layout, into: &layoutNames)
        // The partials every page includes (the head and the foot) may use only the
        // layout's names; the others are checked as part of each page that includes them.
        let partials = DefaultTheme.files.filter { $0.key.hasPrefix("partials/") }
        let everywhere = partials.filter { partial in
            kinds.allSatisfy { DefaultTheme.files["\($0.template).mustache"]?.contains("{{> \(partial.key.dropLast(".mustache".count))}}") == true }
        }
        let layoutUses = everywhere.values.reduce(into: Set<String>()) { $0.formUnion(Self.variables(in: $1)) }
        #expect(layoutUses.isSubset(of: layoutNames), "partials use \(layoutUses.subtracting(layoutNames).sorted())")
        for (template, instances) in kinds {
            #expect(!instances.isEmpty, "the sample site has no \(template) page")
            var text = try #require(DefaultTheme.files["\(template).mustache"], "no template \(template)")
            for (name, partial) in partials where everywhere[name] == nil && text.contains("{{> \(name.dropLast(".mustache".count))}}") { text += partial }
            var known = layoutNames
            for instance in instances { Self.names(in: instance, into: &known) }
            let unknown = Self.variables(in: text).subtracting(known)
            #expect(unknown.isEmpty, "\(template).mustache uses \(unknown.sorted()), which its context lacks")
        }
        #expect(Set(kinds.map(\.template)) == Set(DefaultTheme.files.keys.filter { $0.hasSuffix(".mustache") && !$0.hasPrefix("partials/") }
            .map { String($0.dropLast(".mustache".count)) }), "every page template belongs to a registered kind of page")
    }

    struct Note: TemplateContext {
        var text: String
        var note: String?

        func field(named name: String) -> TemplateValue? {
            switch name {
            case "text": TemplateValue(text)
            case "note": TemplateValue(note)
            default: nil
            }
        }
    }

    struct Notes: TemplateContext {
        var note = "outer"
        var items: [Note]

        func field(named name: String) -> TemplateValue? {
            switch name {
            case "note": TemplateValue(note)
            case "items": TemplateValue(items)
            default: nil
            }
        }

        /// An item with a note and one without.
        static let sample = Notes(items: [Note(text: "a", note: "inner"), Note(text: "b", note: nil)])
        /// A layout with nothing in it.
        static let layout = PageLayout(
            siteTitle: "", pageTitle: "", root: "", navigation: [], hasGuide: true, singleApp: true, hasRemoteConfig: false, environments: [], legend: [], valuesNote: "", dataAsOf: "",
            words: SiteWords(), environmentLabelsCSS: "")
    }

    /// Every context value in a page, nested ones included, with the page itself.
    static func contexts(in value: Any, into found: inout [any TemplateContext]) {
        if let context = value as? any TemplateContext { found.append(context) }
        for child in Mirror(reflecting: value).children { contexts(in: child.value, into: &found) }
    }

    /// Contexts are read by hand-written switches, not by reflection: every stored
    /// property must be in its struct's switch, giving that property's value, or a
    /// template would render it as nothing.
    @Test func everyContextFindsEachOfItsPropertiesByName() throws {
        let renderer = try Self.renderer()
        let pages: [any TemplateContext] = Self.everyPage(renderer).flatMap(\.contexts)
            + [renderer.layout(path: "a/b.html", title: "B", section: .matrix), LinkedText.Part(text: "a", href: "https://example.com")]
        var contexts: [any TemplateContext] = []
        for page in pages { Self.contexts(in: page, into: &contexts) }
        var checkedTypes = Set<String>()
        for context in contexts {
            checkedTypes.insert(String(describing: type(of: context)))
            for child in Mirror(reflecting: context).children {
                let name = try #require(child.label)
                let found = context.field(named: name)?.value
                #expect(found != nil, "\(type(of: context)).field(named:) misses '\(name)'")
                guard let found else { continue }
                #expect(Self.shown(found) == Self.shown(child.value), "\(type(of: context)).'\(name)' gives another value")
            }
            #expect(context.field(named: "nonsense") == nil)
        }
        #expect(checkedTypes.count >= 35, "only \(checkedTypes.sorted()) were checked")
    }

    /// A value as text, with contexts and empty optionals seen through, to compare
    /// a field with the property it reads.
    static func shown(_ value: Any) -> String {
        switch value {
        case let node as TemplateNode: return shown(node.context)
        case let nodes as [TemplateNode]: return "[" + nodes.map { shown($0.context) }.joined(separator: ", ") + "]"
        case is EmptyValue: return "nil"
        case let text as TemplateText: return text.text
        default:
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return mirror.children.first.map { shown($0.value) } ?? "nil" }
            if mirror.displayStyle == .collection { return "[" + mirror.children.map { shown($0.value) }.joined(separator: ", ") + "]" }
            return String(describing: value)
        }
    }

    /// Text with `<` (a tenant named `<b>Bold</b> & co`) cannot end the data
    /// file's script early, and every cell string decodes to a look.
    @Test func theMatrixDataFileCannotEndItsScript() throws {
        let matrix = Build.hostileMatrix()
        let report = LifecycleReport(
            matrix: matrix, references: nil, codeRoots: [], asOf: CalendarDate(parsing: "2026-03-01")!, policy: LifecyclePolicy(), addedDatesNote: nil)
        let renderer = SiteRenderer(matrix: matrix, lifecycle: report, guide: [], warnings: [], theme: try Theme())
        var files: [String: String] = [:]
        try renderer.render { files[$0.path] = String(decoding: $0.contents, as: UTF8.self) }
        let data = try #require(files["matrix-data.js"])
        #expect(!data.contains("<"))
        #expect(data.contains(#""name": "\u003cb>Bold\u003c/b> & co""#))
        #expect(data.contains(#""cells": ["#))
    }

    @Test func anEmptyOptionalEndsTheLookupAtItsOwnItem() throws {
        let theme = try Theme(overrides: ["notes.mustache": "{{#items}}{{text}}{{#note}}({{note}}){{/note}}{{^note}}-{{/note}};{{/items}}"])
        #expect(try theme.render("notes", Notes.sample, layout: Notes.layout) == "a(inner);b-;")
    }

    @Test func anEmptyOptionalRendersAsNothingNotFalse() throws {
        let theme = try Theme(overrides: ["notes.mustache": "{{#items}}{{text}}<{{note}}>{{/items}}"])
        #expect(try theme.render("notes", Notes.sample, layout: Notes.layout) == "a<inner>b<>")
    }

    @Test func theCheckFindsAMisspeltName() {
        #expect(Self.variables(in: "{{#flag.grup}}x{{/flag.grup}} {{{descriptionHTML}}} {{> partials/head}} {{^x}}{{/x}} {{.}}")
            == ["flag", "grup", "descriptionHTML", "x"])
    }
}
