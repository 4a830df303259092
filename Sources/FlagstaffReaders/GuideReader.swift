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
        var frontMatter: [String: Any] = [:]
        if text.hasPrefix("---\n"), let end = text.range(of: "\n---\n", range: text.index(text.startIndex, offsetBy: 3)..<text.endIndex) {
            let yaml = String(text[text.index(text.startIndex, offsetBy: 4)..<end.lowerBound])
            do {
                frontMatter = (try Yams.load(yaml: yaml) as? [String: Any]) ?? [:]
            } catch {
                return (nil, [.error("malformed front matter: \(error)", at: SourceLocation(file: file, line: 2, column: 1))])
            }
            body = String(text[end.upperBound...])
            firstLine = yaml.split(separator: "\n", omittingEmptySubsequences: false).count + 3
        }
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        let digits = stem.prefix { $0.isNumber }
        let unnumbered = digits.isEmpty ? Substring(stem) : stem.dropFirst(digits.count).drop { $0 == "-" || $0 == "_" }
        let order = (frontMatter["order"] as? Int) ?? Int(digits) ?? Int.max
        let heading = MarkdownOutline(body).blocks.lazy.compactMap { block -> String? in
            if case .heading(let text) = block.kind { return text }
            return nil
        }.first
        guard let title = (frontMatter["title"] as? String) ?? heading else {
            return (nil, [.error("the guide page has no title", at: .start(of: file), hint: "start it with a '# Title' heading")])
        }
        let slug = Slug.make(String(unnumbered))
        return (GuidePage(slug: slug, title: title, order: order, markdown: body, fileName: fileName, file: file, firstLine: firstLine), [])
    }
}
