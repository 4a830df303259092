/// HTML that Flagstaff writes itself rather than a template, such as the rows of
/// a flag page, and how it reaches the page.
///
/// The page's context holds `marker` where the HTML goes (`{{{rowsHTML}}}` in the
/// template), and the bytes replace the marker once Mustache has rendered the
/// page. The rows of a large site are hundreds of kilobytes a page: as a `String`
/// field they were checked as UTF-8 and copied by Mustache several times over.
enum WrittenHTML {
    /// What a context holds in the HTML's place: text no input is expected to hold,
    /// which Mustache's escaping leaves as it is (private-use characters around a name).
    static let marker = "\u{E000}flagstaff-written-html\u{E000}"

    private static let markerBytes = Array(marker.utf8)

    /// A rendered page's bytes with `html` at each place the marker stands.
    static func place(_ html: [UInt8], in page: String) -> [UInt8] {
        let text = Array(page.utf8)
        var result: [UInt8] = []
        var start = 0, index = 0
        while index + markerBytes.count <= text.count {
            if text[index] == markerBytes[0], text[index..<index + markerBytes.count].elementsEqual(markerBytes) {
                if result.isEmpty { result.reserveCapacity(text.count + html.count) }
                result += text[start..<index]
                result += html
                index += markerBytes.count
                start = index
            } else {
                index += 1
            }
        }
        guard start > 0 else { return text }
        result += text[start...]
        return result
    }
}
