/// What every page shows around its content: the header, navigation and footer.
///
/// Mustache looks a name up in the innermost context first, then outwards, so a
/// page's template reads these names too; an empty optional ends the lookup (see
/// `TemplateValue`).
struct PageLayout: Sendable, TemplateContext {
    /// The site's title.
    var siteTitle: String
    /// The page's own title, for `<title>`.
    var pageTitle: String
    /// The relative path from the page to the site root: `""` or `"../"`.
    var root: String
    /// The navigation bar's entries, the page's own marked as current.
    var navigation: [NavigationLink]
    /// Whether the workspace has product guide pages; without them the guide is not linked.
    var hasGuide: Bool
    /// Whether the workspace is a single app: pages then speak of the app, not of tenants.
    var singleApp: Bool
    /// Whether the workspace reads Remote Config templates: only then do values
    /// have remote conditions, and the glossary an entry for them.
    var hasRemoteConfig: Bool
    /// The environments, for column headings.
    var environments: [EnvironmentItem]
    /// The layers a build can know, for the legend.
    var legend: [LegendItem]
    /// What the values shown include, for the footer.
    var valuesNote: String
    /// When the data was taken and from which sources, for the footer: "Data as of 2026-11-23 …".
    var dataAsOf: String
    /// How the site names tenants.
    var words: SiteWords
    /// A style sheet that names each environment's column on phones, where a
    /// table of values by environment (`class="by-env"`) shows each row as a
    /// card: `td:nth-of-type(2)::before { content: "sit" }`, written so that no
    /// environment name can end the style element or the string.
    var environmentLabelsCSS: String
}

/// How the site names the units it compares the app across, from one place, so
/// that a workspace that speaks of brands, or of one app, changes them once.
struct SiteWords: Sendable, TemplateContext {
    var tenant = "tenant"
    var tenants = "tenants"
    /// At the start of a sentence or a heading.
    var tenantTitle = "Tenant"
    var tenantsTitle = "Tenants"
}

/// One entry of the navigation bar.
struct NavigationLink: Sendable, TemplateContext {
    var label: String
    /// The page, from the site's root.
    var path: String
    /// Whether the page shown belongs to this entry.
    var current: Bool
}

/// One environment's name.
struct EnvironmentItem: Sendable, TemplateContext {
    var name: String
}

/// One line of the legend: a layer's mark, name and meaning, and its glossary entry.
struct LegendItem: Sendable, TemplateContext {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String
    /// The anchor of the glossary entry that explains it.
    var term: String
}

/// A link to a flag's page.
struct FlagLink: Sendable, TemplateContext {
    var key: String
    /// The page's file name without `.html`.
    var slug: String
}

/// A tenant in a filter or a heading. Every page names a tenant by its display
/// name alone (the id when it has none); the id shows only where it is the subject.
struct TenantItem: Sendable, TemplateContext {
    var id: String
    var name: String
    var slug: String
}

/// A badge after a flag's name: a lifecycle status, or the flag's compile condition.
struct Badge: Sendable, TemplateContext {
    var kind: String
    var label: String
}

extension SiteRenderer {
    /// The layout of the page at `path`, in `section` of the navigation.
    func layout(path: String, title: String, section: SiteSection?) -> PageLayout {
        var layout = shared?.layout ?? sharedLayout()
        layout.pageTitle = title
        layout.root = String(repeating: "../", count: path.count { $0 == "/" })
        if let section {
            layout.navigation = layout.navigation.map { entry in
                var entry = entry
                entry.current = entry.path == section.path
                return entry
            }
        }
        return layout
    }

    /// What every page's layout shares, worked out once per site: all but the
    /// page's title, its way to the root and its place in the navigation.
    func sharedLayout() -> PageLayout {
        PageLayout(
            siteTitle: model.title, pageTitle: "", root: "",
            navigation: SiteSection.allCases.filter {
                ($0 != .guide || !guide.isEmpty) && ($0 != .tenants || !model.isSingleApp) && ($0 != .recentChanges || history != nil)
            }.map { entry in
                NavigationLink(label: entry.label(words), path: entry.path, current: false)
            },
            hasGuide: !guide.isEmpty, singleApp: model.isSingleApp, hasRemoteConfig: model.remoteConfig != nil,
            environments: model.environments.map(EnvironmentItem.init),
            legend: matrix.chain.legend.map { entry in
                LegendItem(hasMark: !entry.mark.isEmpty, mark: entry.mark, label: entry.name, text: entry.text, term: Glossary.anchor(entry.name))
            },
            valuesNote: valuesNote, dataAsOf: dataAsOf, words: words, environmentLabelsCSS: environmentLabelsCSS)
    }

    /// What the values include, said once in every footer.
    private var valuesNote: String {
        guard model.remoteConfig != nil else {
            return "Values shown are what ships in the app; remote config and debug overrides can still change them on a device."
        }
        return "Values include Firebase Remote Config; a debug override on a test device can still change them."
    }

    /// The footer's "data as of" line: the day statuses are computed for, the
    /// digest of the flag sources, the Remote Config template versions and the theme.
    private var dataAsOf: String {
        var text = "Data as of \(lifecycle.asOf)"
        if let digest = stamp.sourcesDigest { text += ", from flag sources with digest \(digest)" }
        if let remote = model.remoteConfig {
            let versions = remote.templatesByFile(environments: model.environments).map { template, environments in
                environments.joined(separator: " and ") + " " + (template.version?.number.map { "version \($0)" } ?? "(no version)")
            }
            text += " and Remote Config templates \(versions.joined(separator: ", "))"
        }
        text += "; " + (stamp.themeDigest.map { "custom templates with digest \($0)" } ?? "Flagstaff's default theme")
        if let end = history?.history.end { text += "; history up to commit \(end.shortID) of \(HistoryWords.day(end.day))" }
        text += "."
        return text
    }

    /// See `PageLayout.environmentLabelsCSS`.
    private var environmentLabelsCSS: String {
        var css = "@media (max-width: 40rem) {"
        for (position, environment) in model.environments.enumerated() {
            css += " .by-env td:nth-of-type(\(position + 1))::before { content: \"\(Self.cssString(environment))\"; }"
        }
        return css + " }"
    }

    /// Text for inside a CSS string: every character but letters, digits, space,
    /// `-` and `_` as a hexadecimal escape, so no name can end the string or the
    /// style element.
    static func cssString(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == "_" || scalar == " " {
                result.unicodeScalars.append(scalar)
            } else {
                result += "\\" + String(scalar.value, radix: 16) + " "
            }
        }
        return result
    }

}
