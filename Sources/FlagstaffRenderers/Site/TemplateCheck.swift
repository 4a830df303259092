import FlagstaffCore
/// Checks a theme's templates before swift-mustache parses them, for what it
/// would accept silently or recurse on without end: an unclosed tag (a template
/// of just `{{` renders as nothing), a partial that does not exist (renders as
/// nothing), a partial that includes itself (renders forever), and sections
/// nested so deep that parsing or rendering them overflows the stack. The scan
/// is a loop over the text and the partial graph, never a recursion.
enum TemplateCheck {
    /// What one template holds that matters here.
    struct Outline {
        /// The partials it includes, with where, and how deep in sections each sits.
        var partials: [(name: String, location: String, depth: Int)] = []
        /// The deepest its own sections nest.
        var depth = 0
    }

    /// Every template's outline, then the partial graph, in one pass each.
    /// - Parameter templates: each template's text by name (`partials/head`), with the path to report it by.
    static func check(_ templates: [String: (path: String, text: String)]) throws(Theme.Problem) {
        var outlines: [String: Outline] = [:]
        for (name, template) in templates { outlines[name] = try outline(of: template.text, path: template.path) }
        for name in outlines.keys.sorted() {
            for partial in outlines[name]!.partials where outlines[partial.name] == nil {
                throw Theme.Problem(description: "\(partial.location): error: no template '\(partial.name).mustache' for this partial")
            }
        }
        try checkDepth(outlines)
    }

    /// The partials and nesting of one template; throws at an unclosed tag or nesting past the limit.
    static func outline(of text: String, path: String) throws(Theme.Problem) -> Outline {
        let characters = Array(text)
        var outline = Outline()
        var open: [Character] = Array("{{"), close: [Character] = Array("}}")
        var depth = 0
        var index = 0
        var line = 1, lineStart = 0
        func location(_ offset: Int) -> String { "templates/\(path):\(line):\(offset - lineStart + 1)" }
        func matches(_ pattern: [Character], at offset: Int) -> Bool {
            offset + pattern.count <= characters.count && characters[offset..<offset + pattern.count].elementsEqual(pattern)
        }
        while index < characters.count {
            if characters[index] == "\n" || characters[index] == "\r\n" {
                line += 1
                index += 1
                lineStart = index
                continue
            }
            guard matches(open, at: index) else {
                index += 1
                continue
            }
            let tagStart = index
            var contentStart = index + open.count
            let triple = open == Array("{{") && contentStart < characters.count && characters[contentStart] == "{"
            if triple { contentStart += 1 }
            let closing = triple ? close + ["}"] : close
            let tagLocation = location(tagStart)
            var end = contentStart
            while end < characters.count, !matches(closing, at: end) {
                if characters[end] == "\n" || characters[end] == "\r\n" {
                    line += 1
                    lineStart = end + 1
                }
                end += 1
            }
            guard end < characters.count else {
                throw Theme.Problem(description: "\(tagLocation): error: this tag is never closed; close it with '\(String(closing))'")
            }
            let content = trimmed(characters[contentStart..<end])
            switch content.first {
            case "#", "^", "$", "<":
                depth += 1
                outline.depth = max(outline.depth, depth)
                if depth > InputLimits.themeDepth {
                    throw Theme.Problem(description: "\(tagLocation): error: sections nest deeper than \(InputLimits.themeDepth) levels")
                }
            case "/":
                depth = max(0, depth - 1)
            case "=":
                let parts = content.dropFirst().dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
                if content.hasSuffix("="), parts.count == 2 {
                    open = Array(parts[0])
                    close = Array(parts[1])
                }
            default:
                break
            }
            if content.first == ">" || content.first == "<" {
                let name = trimmed(content.dropFirst())
                guard !name.hasPrefix("*") else {
                    throw Theme.Problem(
                        description: "\(tagLocation): error: dynamic partials ('\(name)') are not supported; name the partial")
                }
                outline.partials.append((name, tagLocation, depth))
            }
            index = end + closing.count
        }
        return outline
    }

    /// Throws when a partial includes itself, directly or through others, or when
    /// a template's sections and those of its partials nest past the limit.
    private static func checkDepth(_ outlines: [String: Outline]) throws(Theme.Problem) {
        enum State { case visiting, done(Int) }
        var states: [String: State] = [:]
        for root in outlines.keys.sorted() {
            // An explicit stack of (template, index of the next partial to visit).
            var stack: [(name: String, next: Int)] = [(root, 0)]
            while let (name, next) = stack.last {
                if next == 0 {
                    if case .done? = states[name] {
                        stack.removeLast()
                        continue
                    }
                    states[name] = .visiting
                }
                let partials = outlines[name]!.partials
                if next < partials.count {
                    stack[stack.count - 1].next += 1
                    let partial = partials[next]
                    switch states[partial.name] {
                    case .visiting?:
                        let cycle = stack.drop { $0.name != partial.name }.map(\.name) + [partial.name]
                        throw Theme.Problem(
                            description: "\(partial.location): error: the partial '\(partial.name)' includes itself: \(cycle.joined(separator: " → "))")
                    case .done?: continue
                    case nil: stack.append((partial.name, 0))
                    }
                    continue
                }
                var depth = outlines[name]!.depth
                for partial in partials {
                    guard case .done(let inner)? = states[partial.name] else { continue }
                    depth = max(depth, partial.depth + 1 + inner)
                    if depth > InputLimits.themeDepth {
                        throw Theme.Problem(
                            description: "\(partial.location): error: with its partials, this template nests deeper than \(InputLimits.themeDepth) levels")
                    }
                }
                states[name] = .done(depth)
                stack.removeLast()
            }
        }
    }
}

/// Text without the spaces and tabs at either end.
private func trimmed(_ text: some Collection<Character>) -> String {
    let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    return String(String(text.drop(while: blank)).reversed().drop(while: blank).reversed())
}
