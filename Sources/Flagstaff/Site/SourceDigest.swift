import FlagstaffCore
import FlagstaffRenderers

/// The digest that names the flag sources a site was built from, in every
/// page's footer. A page cannot name the commit it will be committed in, and a
/// build must give the same bytes for the same inputs, so the site names its
/// inputs by their content instead.
///
/// The digest is the SHA-256 of one line per file, `<SHA-256 of the file>  <path>`,
/// sorted by path (bytewise), exactly as `sha256sum` prints them; so
/// `sha256sum FILES | LC_ALL=C sort -k 2 | sha256sum` in the workspace's folder
/// gives it again. The files are the configuration, the enum, the catalog, every
/// tenant file, every Remote Config template, every guide page and the history
/// snapshot, when there is one: what the site's values and words come from. The app's code (searched for uses) is left
/// out, so a change to the app alone does not make the site stale.
enum SourceDigest {
    /// How many hexadecimal digits the footer shows: plenty to tell builds apart.
    static let shownDigits = 12

    /// The stamp of a workspace's site: the sources' digest and, with a team's
    /// templates, theirs. `digests` holds the hashes taken as the build read its
    /// sources; a file it lacks is read again.
    static func stamp(for workspace: Workspace, theme: Theme, digests: FileDigests? = nil) -> SiteStamp {
        SiteStamp(sourcesDigest: digest(of: workspace, digests: digests), themeDigest: themeDigest(theme))
    }

    /// The digest of a workspace's sources, shortened; `nil` when one cannot be read again.
    static func digest(of workspace: Workspace, digests: FileDigests?) -> String? {
        guard let model = workspace.model else { return nil }
        var paths = Set([workspace.configurationFile, workspace.configuration.catalog] + workspace.configuration.enumFiles)
        paths.formUnion(model.tenants.map(\.file))
        paths.formUnion(model.remoteConfig?.templates.values.map(\.file) ?? [])
        paths.formUnion(workspace.guide.map(\.page.file))
        if let snapshot = workspace.configuration.history?.snapshot { paths.insert(snapshot) }
        let sorted = paths.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        let hashes = Parallel.map(sorted.count) { index in
            digests?.hash(of: sorted[index]) ?? (try? workspace.source.contents(of: sorted[index])).map { SHA256.hex($0) }
        }
        var listing = ""
        for (path, hash) in zip(sorted, hashes) {
            guard let hash else { return nil }
            listing += "\(hash)  \(path)\n"
        }
        return String(SHA256.hex(listing.utf8).prefix(shownDigits))
    }

    /// The digest of a theme's files that replace the default theme's, in the same
    /// form; `nil` when it has none.
    static func themeDigest(_ theme: Theme) -> String? {
        guard !theme.overrides.isEmpty else { return nil }
        let listing = theme.overrides.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { path in
            "\(SHA256.hex(theme.overrides[path]!.utf8))  \(path)\n"
        }.joined()
        return String(SHA256.hex(listing.utf8).prefix(shownDigits))
    }
}
