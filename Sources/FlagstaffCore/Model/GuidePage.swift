/// One page of the product guide, as written in Markdown.
public struct GuidePage: Hashable, Sendable {
    /// The file-name-safe name of the page, e.g. `how-a-value-is-decided`.
    public var slug: String
    /// The page title, from front matter or the first heading.
    public var title: String
    /// The position in the guide's navigation.
    public var order: Int
    /// The Markdown body, without front matter.
    public var markdown: String
    /// The source file's name, e.g. `02-how-a-value-is-decided.md`.
    public var fileName: String
    /// The source file's path, for diagnostics.
    public var file: String
    /// The line of the source file where `markdown` starts.
    public var firstLine: Int

    /// Creates a guide page.
    public init(slug: String, title: String, order: Int, markdown: String, fileName: String, file: String, firstLine: Int) {
        self.slug = slug
        self.title = title
        self.order = order
        self.markdown = markdown
        self.fileName = fileName
        self.file = file
        self.firstLine = firstLine
    }
}

/// A guide page with its `{{variables}}` filled in from the data.
public struct ExpandedGuidePage: Hashable, Sendable {
    /// The page as written.
    public var page: GuidePage
    /// Its Markdown after variable expansion.
    public var markdown: String

    /// Creates an expanded page.
    public init(page: GuidePage, markdown: String) {
        self.page = page
        self.markdown = markdown
    }
}

/// Fills a guide page's `{{variables}}` from the data, so the guide never goes out of date.
///
/// Variables: `{{title}}`, `{{flag_count}}`, `{{tenant_count}}`, `{{environment_count}}`,
/// `{{environments}}`, `{{tenants}}`, `{{value KEY TENANT ENV}}`, `{{source KEY TENANT ENV}}`,
/// `{{remote_flags ENV}}` and `{{remote_version ENV}}`.
public enum GuideVariables {
    /// The names a page may use.
    public static let names = [
        "title", "flag_count", "tenant_count", "environment_count", "environments", "tenants", "value", "source",
        "remote_flags", "remote_version",
    ]

    /// The page with every variable replaced, in its text and its title, and an
    /// error for each unknown one.
    public static func expand(_ page: GuidePage, matrix: ResolvedMatrix) -> (page: ExpandedGuidePage, diagnostics: [Diagnostic]) {
        var (markdown, diagnostics) = expand(page.markdown, escaped: true, matrix: matrix) { location(of: $0, in: page) }
        // A title from the first heading is in the text too, whose problems are reported at their place.
        let (title, titleProblems) = expand(page.title, escaped: false, matrix: matrix) { _ in .start(of: page.file) }
        if !page.markdown.contains(page.title) { diagnostics += titleProblems }
        var expanded = page
        expanded.title = title
        return (ExpandedGuidePage(page: expanded, markdown: markdown), diagnostics)
    }

    /// `text` with every variable replaced (escaped for Markdown when `escaped`),
    /// and an error, placed by `locate`, for each unknown one.
    private static func expand(
        _ text: String, escaped: Bool, matrix: ResolvedMatrix, locate: (Substring.Index) -> SourceLocation
    ) -> (String, [Diagnostic]) {
        var output = ""
        var diagnostics: [Diagnostic] = []
        var rest = Substring(text)
        while let open = rest.firstRange(of: "{{") {
            output += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstRange(of: "}}") else {
                output += rest[open.lowerBound...]
                rest = ""
                break
            }
            let words = rest[open.upperBound..<close.lowerBound].split(separator: " ").map(String.init)
            switch value(of: words, matrix: matrix) {
            case .success(let value): output += escaped ? value.markdownEscaped : value
            case .failure(let problem):
                // Worked out only for a problem: it counts lines from the page's start.
                diagnostics.append(.error(problem.message, at: locate(open.lowerBound), hint: problem.hint))
            }
            rest = rest[close.upperBound...]
        }
        output += rest
        return (output, diagnostics)
    }

    struct Problem: Error {
        var message: String
        var hint: String?
    }

    static func value(of words: [String], matrix: ResolvedMatrix) -> Result<String, Problem> {
        let model = matrix.model
        guard let name = words.first else { return .failure(Problem(message: "empty variable '{{}}'")) }
        switch (name, words.count) {
        case ("title", 1): return .success(model.title)
        case ("flag_count", 1): return .success(String(model.flags.count))
        case ("tenant_count", 1): return .success(String(model.tenants.count))
        case ("environment_count", 1): return .success(String(model.environments.count))
        case ("environments", 1): return .success(model.environments.joined(separator: ", "))
        case ("tenants", 1):
            return .success(model.tenants.map(\.name).joined(separator: ", "))
        case ("value", 4), ("source", 4):
            guard let flag = model.flag(words[1]) else {
                return .failure(Problem(message: "unknown flag '\(words[1])' in {{\(name)}}", hint: Suggestion.didYouMean(words[1], in: model.flags.map(\.key))))
            }
            guard let tenant = model.tenant(words[2]) else {
                return .failure(Problem(message: "unknown tenant '\(words[2])' in {{\(name)}}", hint: Suggestion.didYouMean(words[2], in: model.tenants.map(\.id))))
            }
            guard model.environments.contains(words[3]) else {
                return .failure(Problem(message: "unknown environment '\(words[3])' in {{\(name)}}", hint: Suggestion.didYouMean(words[3], in: model.environments)))
            }
            let resolution = matrix.resolution(flag, tenant, words[3])
            return .success(name == "source" ? resolution.layer.id : CellPresentation(resolution).word)
        case ("remote_flags", 2), ("remote_version", 2):
            guard model.environments.contains(words[1]) else {
                return .failure(Problem(message: "unknown environment '\(words[1])' in {{\(name)}}", hint: Suggestion.didYouMean(words[1], in: model.environments)))
            }
            let template = model.remoteConfig?.templates[words[1]]
            if name == "remote_version" { return .success(template.map { $0.version?.number ?? "unnumbered" } ?? "none") }
            let changed = matrix.flags(changedBy: RemoteConfigLayer.kind, in: words[1]).map(\.key)
            return .success(changed.isEmpty ? "none" : changed.joined(separator: ", "))
        case ("remote_flags", _), ("remote_version", _):
            return .failure(Problem(message: "{{\(name)}} takes an environment", hint: "for example {{\(name) prod}}"))
        case ("value", _), ("source", _):
            return .failure(Problem(message: "{{\(name)}} takes a flag key, a tenant id and an environment", hint: "for example {{\(name) ENABLE_X CHL prod}}"))
        default:
            return .failure(Problem(message: "unknown guide variable '\(name)'", hint: Suggestion.didYouMean(name, in: names) ?? "known variables: \(names.joined(separator: ", "))"))
        }
    }

    static func location(of index: Substring.Index, in page: GuidePage) -> SourceLocation {
        let before = page.markdown[..<index]
        let line = before.reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
        let lineStart = before.lastIndex(of: "\n").map { page.markdown.index(after: $0) } ?? page.markdown.startIndex
        let column = page.markdown.utf8.distance(from: lineStart, to: index) + 1
        return SourceLocation(file: page.file, line: page.firstLine + line, column: column)
    }
}
