import FlagstaffCore

/// `compare.html`: one tenant in two environments ("what is different for
/// Urbano in prod compared with staging?"), or two tenants in one environment,
/// differences first. `templates/assets/compare.js` draws it from the matrix's
/// data file, so every pair is one page; the choice lives in the address
/// (`compare.html#tenant=URB&from=staging&to=prod`, `#tenant=URB&with=CSO&env=prod`).
struct ComparePage: SitePage {
    static let template = "compare"
    static let section: SiteSection? = .compare

    var tenants: [TenantItem]

    static func pages(in site: SiteRenderer) -> [PagePlan<Self>] {
        [PagePlan(path: "compare.html", title: "Compare") { ComparePage(tenants: site.tenantItems()) }]
    }

    /// The page comparing one tenant between two environments, from a page `root` away.
    static func href(tenant: String, from: String, to: String, root: String) -> String {
        "\(root)compare.html#tenant=\(tenant.queryEscaped)&from=\(from.queryEscaped)&to=\(to.queryEscaped)"
    }

    /// The page comparing two tenants in one environment, from a page `root` away.
    static func href(tenant: String, with other: String, in environment: String, root: String) -> String {
        "\(root)compare.html#tenant=\(tenant.queryEscaped)&with=\(other.queryEscaped)&env=\(environment.queryEscaped)"
    }
}

extension String {
    /// The text as a value in a URL's query or fragment: every byte but
    /// `A-Z a-z 0-9 - . _ ~` percent-encoded, as `URLSearchParams` reads it back.
    var queryEscaped: String {
        var result = ""
        for byte in utf8 {
            if (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
            {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return result
    }

    private func leftPadded(to width: Int) -> String { String(repeating: "0", count: Swift.max(0, width - count)) + self }
}
