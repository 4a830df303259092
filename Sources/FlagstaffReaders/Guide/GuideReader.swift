import FlagstaffCore
import Yams

/// Reads a product guide page: optional YAML front matter (`title`, `order`), then Markdown.
/// The order comes from front matter or the file name's number prefix (`02-…`);
/// the title from front matter or the first heading.
public enum GuideReader {
    /// Reads one page.
    public static func read(_ text: String, fileName: String, file: String) -> (page: GuidePage?, diagnostics: [Diagnostic]) {
        var body = text
        var firstLine = 1
        var title: String?
        var order: Int?
        if let frontMatter = FrontMatter(text) {
            // Composed, not loaded: an alias stays one shared node, so a "billion
            // laughs" document costs what its text costs; only two keys are read.
            let root: Node?
            do {
                root = try ConfigurationReader.compose(frontMatter.yaml)
            } catch let YamlError.scanner(_, problem, mark, _), let YamlError.parser(_, problem, mark, _),
                let YamlError.composer(_, problem, mark, _)
            {
                let location = ConfigurationReader.location(of: mark, in: frontMatter.yaml, file: file, firstLine: frontMatter.firstLine)
                return (nil, [.error("malformed front matter: \(problem)", at: location)])
            } catch {
                return (nil, [.error("malformed front matter: \(error)", at: SourceLocation(file: file, line: 2, column: 1))])
            }
            title = root?["title"]?.string
            order = root?["order"]?.int
            body = frontMatter.body
            firstLine = frontMatter.bodyFirstLine
        }
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let digits = stem.prefix { $0.isASCII && $0.isNumber }
        let unnumbered = digits.isEmpty ? Substring(stem) : stem.dropFirst(digits.count).drop { $0 == "-" || $0 == "_" }
        let heading = MarkdownOutline(body).blocks.lazy.compactMap { block -> String? in
            if case .heading(let text) = block.kind { return text }
            return nil
        }.first
        guard let title = title ?? heading else {
            return (nil, [.error("the guide page has no title", at: .start(of: file), hint: "start it with a '# Title' heading")])
        }
        let slug = Slug.make(String(unnumbered))
        return (
            GuidePage(
                slug: slug, title: title, order: order ?? Int(digits) ?? Int.max, markdown: body, fileName: fileName, file: file,
                firstLine: firstLine),
            []
        )
    }
}

/// YAML front matter: a first line `---`, the YAML, and a line `---` or `...`
/// that ends it. Lines end as CommonMark's do (`\n`, `\r\n` or `\r`).
struct FrontMatter {
    /// The YAML between the two fence lines.
    var yaml: String
    /// The 1-based line the YAML starts on.
    var firstLine = 2
    /// The Markdown after the closing fence.
    var body: String
    /// The 1-based line the Markdown starts on.
    var bodyFirstLine: Int

    /// The front matter of a page, or `nil` when it has none (no opening fence, or no closing one).
    init?(_ text: String) {
        guard text.hasPrefix("---") else { return nil }
        let lines = TextLines(text)
        guard Self.isFence(lines.text(ofLine: 1), closing: false),
            let closing = (2...max(2, lines.count)).first(where: { Self.isFence(lines.text(ofLine: $0), closing: true) }),
            closing <= lines.count
        else { return nil }
        let yamlBytes = lines.range(ofLine: 2).lowerBound..<lines.range(ofLine: closing).lowerBound
        let bodyStart = closing < lines.count ? lines.range(ofLine: closing + 1).lowerBound : lines.bytes.count
        yaml = String(decoding: lines.bytes[yamlBytes], as: UTF8.self)
        body = String(decoding: lines.bytes[bodyStart...], as: UTF8.self)
        bodyFirstLine = closing + 1
    }

    /// `---` (or, to close, `...`), with trailing spaces allowed.
    private static func isFence(_ line: String, closing: Bool) -> Bool {
        var line = Substring(line)
        while line.last == " " || line.last == "\t" { line = line.dropLast() }
        return line == "---" || (closing && line == "...")
    }
}
