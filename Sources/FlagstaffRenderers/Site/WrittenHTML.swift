/// HTML that Flagstaff writes itself rather than a template, such as the rows of
/// a flag page, and how it reaches the page.
///
/// The page's context holds a marker where the HTML goes (`{{{rowsHTML}}}` in the
/// template), and the bytes replace the marker once Mustache has rendered the
/// page. The rows of a large site are hundreds of kilobytes a page: as a `String`
/// field they were checked as UTF-8 and copied by Mustache several times over.
/// A page may have several pieces, each at its own marker.
enum WrittenHTML {
    /// What a context holds in the place of a page's first piece of HTML.
    static let marker = marker(0)

    /// What a context holds in the place of a page's piece `index`: text no input
    /// is expected to hold, which Mustache's escaping leaves as it is (private-use
    /// characters around a name).
    static func marker(_ index: Int) -> String { "\u{E000}flagstaff-written-html-\(index)\u{E000}" }

    private static let prefix = Array("\u{E000}flagstaff-written-html-".utf8)
    private static let end = Array("\u{E000}".utf8)

    /// A rendered page's bytes with `html` at each place the first marker stands.
    static func place(_ html: [UInt8], in page: String) -> [UInt8] { place([html], in: page) }

    /// A rendered page's bytes with each piece at each place its marker stands.
    static func place(_ pieces: [[UInt8]], in page: String) -> [UInt8] {
        let text = Array(page.utf8)
        var result: [UInt8] = []
        var start = 0, index = 0
        while index + prefix.count <= text.count {
            if text[index] == prefix[0], text[index..<index + prefix.count].elementsEqual(prefix) {
                var digits = index + prefix.count, number = 0
                while digits < text.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[digits]) {
                    number = number * 10 + Int(text[digits] - UInt8(ascii: "0"))
                    digits += 1
                }
                let close = digits + end.count
                if digits > index + prefix.count, number < pieces.count, close <= text.count, text[digits..<close].elementsEqual(end) {
                    if result.isEmpty { result.reserveCapacity(text.count + pieces.reduce(0) { $0 + $1.count }) }
                    result += text[start..<index]
                    result += pieces[number]
                    index = close
                    start = index
                    continue
                }
            }
            index += 1
        }
        guard start > 0 else { return text }
        result += text[start...]
        return result
    }
}
