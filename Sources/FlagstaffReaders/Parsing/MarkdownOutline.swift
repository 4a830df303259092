import CCmark

/// The top-level blocks of a Markdown document, as cmark parses them: enough to
/// find a heading and the lines of the block that follows it.
struct MarkdownOutline {
    /// A top-level block.
    struct Block {
        enum Kind { case heading(text: String), paragraph, other }
        var kind: Kind
        /// The 1-based first and last source lines.
        var lines: ClosedRange<Int>
    }

    var blocks: [Block] = []

    /// Parses a document with cmark's default (safe) options.
    init(_ markdown: String) {
        guard let document = cmark_parse_document(markdown, markdown.utf8.count, CMARK_OPT_DEFAULT) else { return }
        defer { cmark_node_free(document) }
        var node = cmark_node_first_child(document)
        while let current = node {
            let lines = Int(cmark_node_get_start_line(current))...max(
                Int(cmark_node_get_start_line(current)), Int(cmark_node_get_end_line(current)))
            switch cmark_node_get_type(current) {
            case CMARK_NODE_HEADING:
                blocks.append(Block(kind: .heading(text: Self.plainText(of: current)), lines: lines))
            case CMARK_NODE_PARAGRAPH:
                blocks.append(Block(kind: .paragraph, lines: lines))
            default:
                blocks.append(Block(kind: .other, lines: lines))
            }
            node = cmark_node_next(current)
        }
    }

    /// The concatenated literal text below a node (text and code spans).
    static func plainText(of node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while cmark_iter_next(iterator) != CMARK_EVENT_DONE {
            guard let current = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(current)
            if type == CMARK_NODE_TEXT || type == CMARK_NODE_CODE, let literal = cmark_node_get_literal(current) {
                text += String(cString: literal)
            }
        }
        return text
    }
}
