/// The `tenants` pattern of the configuration, such as
/// `content/tenants/*/FeatureFlags.defaults.json`: one `*`, which stands for the
/// tenant id, inside one path component.
///
/// Hand-written rather than POSIX `glob`, because the tenant id is the text the
/// `*` matched, which `glob` does not report. Pure: the loader lists the folder.
struct TenantPattern: Equatable {
    /// The folder whose entries are matched, e.g. `content/tenants`; empty for the root.
    let directory: String
    /// The text before and after the `*` in its path component.
    let prefix: String, suffix: String
    /// The rest of the path below the matched entry, e.g. `FeatureFlags.defaults.json`; may be empty.
    let rest: String

    /// Splits a pattern; `nil` when it has no `*`.
    init?(_ pattern: String) {
        let components = pattern.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard let starIndex = components.firstIndex(where: { $0.contains("*") }) else { return nil }
        directory = components[..<starIndex].joined(separator: "/")
        let component = components[starIndex]
        prefix = String(component.prefix { $0 != "*" })
        suffix = String(component.drop { $0 != "*" }.dropFirst())
        rest = components[(starIndex + 1)...].joined(separator: "/")
    }

    /// The tenant id an entry of `directory` stands for, or `nil` when it does not
    /// match. Hidden entries never match, and the id is never empty.
    func id(of entry: String) -> String? {
        guard !entry.hasPrefix("."), entry.count > prefix.count + suffix.count, entry.hasPrefix(prefix), entry.hasSuffix(suffix)
        else { return nil }
        return String(entry.dropFirst(prefix.count).dropLast(suffix.count))
    }

    /// The tenant id of a matching entry's path, or of its tenant file's; `nil` for any other path.
    func id(ofPath path: String) -> String? {
        let rest = directory.isEmpty ? Substring(path) : path.hasPrefix(directory + "/") ? path.dropFirst(directory.count + 1) : nil
        guard let rest else { return nil }
        let entry = String(rest.prefix { $0 != "/" })
        guard entry.count == rest.count || path == self.path(of: entry) else { return nil }
        return id(of: entry)
    }

    /// The tenant file's path for a matching entry, relative to the workspace root.
    func path(of entry: String) -> String {
        [directory, entry, rest].filter { !$0.isEmpty }.joined(separator: "/")
    }
}
