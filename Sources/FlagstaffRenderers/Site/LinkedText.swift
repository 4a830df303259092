/// Plain text cut into runs of text and web addresses, so a template can make the
/// addresses links while Mustache still escapes every character. For doc comments,
/// which often name a ticket by its URL.
enum LinkedText {
    /// A run of text, or a web address when `href` is set (the same text).
    struct Part: Sendable, TemplateContext, Equatable {
        var text: String
        var href: String?
    }

    /// The parts of `text`: each `http://` or `https://` address, up to white space,
    /// becomes a link. Punctuation that ends a sentence (`.,;:!?`), a closing quote,
    /// and a `)` with no `(` inside the address stay text.
    static func parts(_ text: String) -> [Part] {
        var parts: [Part] = []
        var plain = ""
        var rest = Substring(text)
        while let start = nextAddress(in: rest) {
            plain += rest[..<start]
            var address = rest[start...].prefix { !$0.isWhitespace && !"<>\"".contains($0) }
            while let last = address.last, ".,;:!?'".contains(last) || (last == ")" && !address.contains("(")) {
                address = address.dropLast()
            }
            if address.count <= "https://".count {
                plain += address
            } else {
                if !plain.isEmpty { parts.append(Part(text: plain, href: nil)) }
                plain = ""
                parts.append(Part(text: String(address), href: String(address)))
            }
            rest = rest[address.endIndex...]
        }
        plain += rest
        if !plain.isEmpty { parts.append(Part(text: plain, href: nil)) }
        return parts
    }

    /// Where the next `http://` or `https://` starts.
    private static func nextAddress(in text: Substring) -> Substring.Index? {
        let http = text.range(of: "http://")?.lowerBound
        let https = text.range(of: "https://")?.lowerBound
        return [http, https].compactMap { $0 }.min()
    }
}
