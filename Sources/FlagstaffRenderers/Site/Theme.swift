import Mustache

/// The templates and assets a site is rendered with: the default theme, with any
/// file a team provides replacing the default of the same path.
///
/// Wraps swift-mustache once, so that nothing fails silently: an unknown template
/// throws instead of rendering nothing.
public struct Theme: Sendable {
    /// A template that failed to parse, or a page whose template is missing.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What went wrong, naming the template.
        public var description: String
    }

    /// Every file of the theme by path, overrides applied.
    public let files: [String: String]
    /// The files a team provides, which replace the default theme's, by path.
    public let overrides: [String: String]
    private let library: MustacheLibrary

    /// The default theme with a team's files laid over it.
    public init(overrides: [String: String] = [:]) throws(Problem) {
        self.overrides = overrides
        files = DefaultTheme.files.merging(overrides) { _, custom in custom }
        let templates = files.filter { $0.key.hasSuffix(".mustache") }
        try TemplateCheck.check(
            Dictionary(uniqueKeysWithValues: templates.map { (String($0.key.dropLast(".mustache".count)), ($0.key, $0.value)) }))
        var library = MustacheLibrary()
        for (path, text) in templates.sorted(by: { $0.key < $1.key }) {
            do {
                library.register(try Self.template(text), named: String(path.dropLast(".mustache".count)))
            } catch let error as MustacheTemplate.ParserError {
                // The line the content type takes is not the author's.
                let (line, column) = (error.context.lineNumber - 1, error.context.columnNumber)
                throw Problem(description: "templates/\(path):\(line):\(column): error: cannot parse the template: \(error.error)")
            } catch {
                throw Problem(description: "templates/\(path): error: cannot parse the template: \(error)")
            }
        }
        self.library = library
    }

    /// A template's text parsed as the site's HTML (`HTMLContent`): a first line,
    /// which Mustache drops as it does any tag alone on its line, names it.
    static func template(_ text: String) throws -> MustacheTemplate {
        HTMLContent.register
        return try MustacheTemplate(string: "{{% CONTENT_TYPE: \(HTMLContent.name)}}\n" + text)
    }

    /// Renders a page template with its content, inside the shared layout.
    func render(_ template: String, _ content: any TemplateContext, layout: PageLayout) throws(Problem) -> String {
        guard let text = library.render(PageContext(content: content, layout: layout), withTemplate: template) else {
            throw Problem(description: "the theme has no template '\(template).mustache'")
        }
        return text
    }

    /// The static files under `assets/`, copied as they are.
    public var assets: [OutputFile] {
        files.filter { $0.key.hasPrefix("assets/") }.sorted { $0.key < $1.key }.map { OutputFile(path: $0.key, text: $0.value) }
    }
}

/// A struct a template reads: a page, or a list, row or cell inside one.
///
/// swift-mustache finds a name by reflection, and casts every value it meets to
/// several protocols. Both are slow, and the first cast of each type to each
/// protocol scans every conformance in the binary, of which swift-syntax brings
/// thousands: on the example site that was a third of the build. So each context
/// names its fields in a switch, and Mustache sees only a handful of types:
/// `TemplateNode`, arrays of it, `TemplateText`, arrays of it, `Bool` and `EmptyValue`.
/// The switches are generated at build time (`TemplateFieldsGenerator`): every
/// stored property of a struct that conforms is a field under its own name.
/// `TemplateContextTests` checks that each field gives its property's value.
protocol TemplateContext: Sendable {
    /// The value of the field a template names; `nil` when the context has no
    /// such field, so the name is looked up in the enclosing context.
    func field(named name: String) -> TemplateValue?
}

/// A field's value, in the form a template gets it.
struct TemplateValue {
    /// What Mustache renders.
    let value: Any

    /// Text is handed over with its control characters as pictures, so no page
    /// holds a raw one, not even through `{{{…}}}`; `{{…}}` escapes the rest (`HTMLContent`).
    init(_ text: String) { value = TemplateText(text.withControlPictures) }
    /// Numbers are handed over as text, which renders alike: one type fewer for Mustache's casts.
    init(_ number: Int) { value = TemplateText(String(number)) }
    init(_ flag: Bool) { value = flag }
    init(_ texts: [String]) { value = texts.map { TemplateText($0.withControlPictures) } }
    init(_ context: some TemplateContext) { value = TemplateNode(context: context) }
    init(_ contexts: [some TemplateContext]) { value = contexts.map { TemplateNode(context: $0) } }

    /// An empty optional ends the lookup as `EmptyValue`, rather than climbing to
    /// the enclosing contexts, where a field of the same name could answer it.
    init(_ text: String?) { value = text.map { TemplateText($0.withControlPictures) as Any } ?? EmptyValue() }
    init(_ number: Int?) { value = number.map { TemplateText(String($0)) as Any } ?? EmptyValue() }
    init(_ context: (some TemplateContext)?) { value = context.map { TemplateNode(context: $0) as Any } ?? EmptyValue() }
}

/// A context as Mustache holds it: one type for every context, so Mustache's
/// casts are worked out once.
struct TemplateNode: MustacheParent {
    let context: any TemplateContext

    func child(named name: String) -> Any? { context.field(named: name)?.value }
}

/// Text as Mustache holds it. Mustache renders a value it can cast to
/// `MustacheCustomRenderable` at once; plain `String` it first casts to a lambda
/// and an optional, then describes. And a name looked up inside a section over
/// text climbs through the text, which as a `MustacheParent` answers nothing at
/// once, where a `String` is searched by reflection. It renders, counts as
/// true in a section and transforms (`uppercased(…)`, `sorted(…)` of a list) as
/// the `String` it holds.
struct TemplateText: MustacheCustomRenderable, MustacheParent, MustacheTransformable, Comparable {
    let text: String

    init(_ text: String) { self.text = text }

    var renderText: String { text }
    var isNull: Bool { false }
    func child(named name: String) -> Any? { nil }
    func transform(_ name: String) -> Any? { text.transform(name) }
    static func < (left: TemplateText, right: TemplateText) -> Bool { left.text < right.text }
}

/// An empty optional as a template sees it: nothing as a variable, false as a section.
struct EmptyValue: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A page's context: a name is looked up in the page's own struct first, then in
/// the layout. A class, so that Mustache's casts of it, several for each name a
/// template looks up, copy one reference rather than the layout's every field.
final class PageContext: MustacheParent {
    let content: any TemplateContext
    let layout: PageLayout

    init(content: any TemplateContext, layout: PageLayout) {
        self.content = content
        self.layout = layout
    }

    func child(named name: String) -> Any? {
        (content.field(named: name) ?? layout.field(named: name))?.value
    }
}

/// What `{{…}}` escapes in the site's templates, and how: `&`, `<`, `>`, `"` and
/// `'`, each Unicode scalar on its own (`htmlEscaped`, as the rows Flagstaff
/// writes itself). swift-mustache's own HTML escaping goes one Swift character
/// (grapheme cluster) at a time, and leaves a sign with a mark joined to it (`"`
/// then U+0301) raw, so a quote could end an attribute; and, one character at a
/// time, it took 6% of a whole build of 2,000 flags × 200 tenants. Every template,
/// the default theme's and a team's, names this content type on a first line
/// (`Theme.template`). It is registered under swift-mustache's own name for
/// HTML, in its place, so a team's template that names HTML itself gets it too.
struct HTMLContent: MustacheContentType {
    /// The content type's name in a template's `{{% CONTENT_TYPE: … }}`.
    static let name = "HTML"
    /// Registers the content type with swift-mustache, once, before the first template names it.
    static let register: Void = MustacheContentTypes.register(HTMLContent(), named: name)

    func escapeText(_ text: String) -> String { text.htmlEscaped }
}
