import Foundation
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
    private let library: MustacheLibrary

    /// The default theme with a team's files laid over it.
    public init(overrides: [String: String] = [:]) throws(Problem) {
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
    func render(_ template: String, _ content: Any, layout: PageLayout) throws(Problem) -> String {
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

/// A context struct inside a page: lists, rows and cells.
///
/// swift-mustache looks a name up through every enclosing context, by reflection,
/// when a struct has no such property *or* the property is an empty optional. On a
/// matrix of thousands of cells each nil (`why`, `reason`) climbed to the page,
/// which doubled the build time, and could pick up an outer value of the same
/// name. Here an empty optional ends the lookup as `EmptyValue`; only a name the
/// struct does not have goes on to the enclosing context.
protocol MustacheItem: MustacheParent {}

extension MustacheItem {
    func child(named name: String) -> Any? {
        storedProperty(name, of: self).map { $0 ?? EmptyValue() }
    }
}

/// An empty optional as a template sees it: nothing as a variable, false as a section.
struct EmptyValue: MustacheCustomRenderable {
    var renderText: String { "" }
    var isNull: Bool { true }
}

/// A stored property's value by name: `nil` when the value has no such property,
/// `.some(nil)` when it is an empty optional.
///
/// Reflection is slow when it walks every property to find one, so where each
/// name sits is worked out once per type and only that property is read.
private func storedProperty(_ name: String, of value: Any) -> Any?? {
    // A name the type does not have is answered from the table alone: names climb
    // through every enclosing context, so most lookups are misses.
    guard let offset = PropertyOffsets.shared.offsets(of: value)[name] else { return nil }
    let mirror = Mirror(reflecting: value)
    let child = mirror.children[mirror.children.index(mirror.children.startIndex, offsetBy: offset)].value
    let childMirror = Mirror(reflecting: child)
    guard childMirror.displayStyle == .optional else { return child }
    return .some(childMirror.children.first?.value)
}

/// Each context type's property names and their positions, found once per type;
/// pages render on several threads, so the table is behind a lock.
private final class PropertyOffsets: @unchecked Sendable {
    static let shared = PropertyOffsets()
    private var table: [ObjectIdentifier: [String: Int]] = [:]
    private let lock = NSLock()

    /// The positions of the stored properties of a value's type, by name.
    func offsets(of value: Any) -> [String: Int] {
        let type = ObjectIdentifier(Swift.type(of: value))
        lock.lock()
        defer { lock.unlock() }
        if let known = table[type] { return known }
        var offsets: [String: Int] = [:]
        for (offset, child) in Mirror(reflecting: value).children.enumerated() {
            if let label = child.label, offsets[label] == nil { offsets[label] = offset }
        }
        table[type] = offsets
        return offsets
    }
}

/// A page's context: a name is looked up in the page's own struct first, then in the layout.
struct PageContext: MustacheParent {
    let content: Any
    let layout: PageLayout

    func child(named name: String) -> Any? {
        (storedProperty(name, of: content) ?? layout.property(named: name)) ?? nil
    }
}
