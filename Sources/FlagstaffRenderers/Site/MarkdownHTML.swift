import CCmark
import Foundation

/// CommonMark to HTML through cmark, in its default safe mode: raw HTML is
/// dropped and `javascript:`-style links are emptied. Links can be rewritten on
/// the syntax tree before rendering.
public enum MarkdownHTML {
    /// How to rewrite links while rendering.
    public struct Links {
        /// The address of a flag's page for a key written as inline code, or `nil` to leave it.
        public var flag: (String) -> String?
        /// A replacement for a link's address, or `nil` to keep it.
        public var url: (String) -> String?

        /// Creates link rules.
        public init(flag: @escaping (String) -> String? = { _ in nil }, url: @escaping (String) -> String? = { _ in nil }) {
            self.flag = flag
            self.url = url
        }
    }

    /// Renders a Markdown document to HTML.
    public static func render(_ markdown: String, links: Links = Links()) -> String {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return "" }
        defer { cmark_node_free(document) }
        rewrite(document, links: links)
        guard let html = cmark_render_html(document, CMARK_OPT_DEFAULT) else { return "" }
        defer { free(html) }
        return String(cString: html)
    }

    /// Renders one line of inline Markdown, such as a table cell, without the paragraph around it.
    public static func renderInline(_ markdown: String, links: Links = Links()) -> String {
        var html = render(markdown, links: links).trimmingCharacters(in: .whitespacesAndNewlines)
        if html.hasPrefix("<p>") && html.hasSuffix("</p>") && html.components(separatedBy: "<p>").count == 2 {
            html = String(html.dropFirst(3).dropLast(4))
        }
        return html
    }

    private static func rewrite(_ document: OpaquePointer, links: Links) {
        var linkNodes: [OpaquePointer] = []
        var codeNodes: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator) else { continue }
            switch cmark_node_get_type(node) {
            case CMARK_NODE_LINK where cmark_iter_get_event_type(iterator) == CMARK_EVENT_ENTER: linkNodes.append(node)
            case CMARK_NODE_CODE: codeNodes.append(node)
            default: break
            }
        }
        cmark_iter_free(iterator)
        for node in linkNodes {
            guard let url = cmark_node_get_url(node), let replacement = links.url(String(cString: url)) else { continue }
            cmark_node_set_url(node, replacement)
        }
        for node in codeNodes where !isInsideLink(node) {
            guard let literal = cmark_node_get_literal(node), let href = links.flag(String(cString: literal)),
                let link = cmark_node_new(CMARK_NODE_LINK)
            else { continue }
            cmark_node_set_url(link, href)
            cmark_node_insert_before(node, link)
            cmark_node_append_child(link, node)
        }
    }

    private static func isInsideLink(_ node: OpaquePointer) -> Bool {
        var parent = cmark_node_parent(node)
        while let current = parent {
            if cmark_node_get_type(current) == CMARK_NODE_LINK { return true }
            parent = cmark_node_parent(current)
        }
        return false
    }
}
