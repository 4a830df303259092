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
                library.register(try MustacheTemplate(string: text), named: String(path.dropLast(".mustache".count)))
            } catch {
                throw Problem(description: "templates/\(path): cannot parse the template: \(error)")
            }
        }
        self.library = library
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
/// `TemplateNode`, arrays of it, `String`, `[String]`, `Bool` and `EmptyValue`.
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
    /// holds a raw one, and with each markup sign a character of its own
    /// (`escapableByMustache`), so Mustache escapes every one.
    init(_ text: String) { value = text.escapableByMustache }
    /// Numbers are handed over as text, which renders alike: one type fewer for Mustache's casts.
    init(_ number: Int) { value = String(number) }
    init(_ flag: Bool) { value = flag }
    init(_ texts: [String]) { value = texts.map(\.escapableByMustache) }
    init(_ context: some TemplateContext) { value = TemplateNode(context: context) }
    init(_ contexts: [some TemplateContext]) { value = contexts.map { TemplateNode(context: $0) } }

    /// An empty optional ends the lookup as `EmptyValue`, rather than climbing to
    /// the enclosing contexts, where a field of the same name could answer it.
    init(_ text: String?) { value = text.map { $0.escapableByMustache as Any } ?? EmptyValue() }
    init(_ number: Int?) { value = number.map { String($0) as Any } ?? EmptyValue() }
    init(_ context: (some TemplateContext)?) { value = context.map { TemplateNode(context: $0) as Any } ?? EmptyValue() }
}

/// A context as Mustache holds it: one type for every context, so Mustache's
/// casts are worked out once.
struct TemplateNode: MustacheParent {
    let context: any TemplateContext

    func child(named name: String) -> Any? { context.field(named: name)?.value }
}

/// An empty optional as a template sees it: nothing as a variable, false as a section.
struct EmptyValue: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A page's context: a name is looked up in the page's own struct first, then in the layout.
struct PageContext: MustacheParent {
    let content: any TemplateContext
    let layout: PageLayout

    func child(named name: String) -> Any? {
        (content.field(named: name) ?? layout.field(named: name))?.value
    }
}

extension String {
    /// The text as swift-mustache's `{{…}}` escapes it whole, control characters
    /// as pictures. Mustache escapes a character (a grapheme cluster) that is
    /// `&`, `<`, `>`, `"` or `'`; such a sign with a mark joined to it (`"` and a
    /// combining accent, `'` and a zero-width joiner, a prepended sign before
    /// `"`) is another character, which it would leave raw, and a quote left in
    /// an attribute ends it there. A zero-width space (U+200B) on each side of
    /// the sign parts it from the marks: a character of its own, it is escaped.
    /// Text with no such character, nearly all, is handed over as it is.
    var escapableByMustache: String {
        let text = withControlPictures
        guard text.utf8.contains(where: { $0 >= 0x80 }), text.utf8.contains(where: Self.isMarkupSign) else { return text }
        var parted = ""
        for character in text {
            let scalars = character.unicodeScalars
            guard scalars.count > 1, scalars.contains(where: Self.isMarkupSign) else {
                parted.append(character)
                continue
            }
            for scalar in scalars {
                let sign = Self.isMarkupSign(scalar)
                if sign { parted.unicodeScalars.append("\u{200B}") }
                parted.unicodeScalars.append(scalar)
                if sign { parted.unicodeScalars.append("\u{200B}") }
            }
        }
        return parted
    }

    private static func isMarkupSign(_ byte: UInt8) -> Bool {
        byte == 0x26 || byte == 0x3C || byte == 0x3E || byte == 0x22 || byte == 0x27
    }

    private static func isMarkupSign(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && isMarkupSign(UInt8(scalar.value))
    }
}
