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
    /// The environments, for column headings.
    var environments: [EnvironmentItem]
    /// The layers a build can know, for the legend.
    var legend: [LegendItem]
    /// What the values shown include, for the footer.
    var valuesNote: String
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

/// One line of the legend: a layer's mark, name and meaning.
struct LegendItem: Sendable, TemplateContext {
    var hasMark: Bool
    var mark: String
    var label: String
    var text: String
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
        PageLayout(
            siteTitle: model.title, pageTitle: title, root: String(repeating: "../", count: path.count { $0 == "/" }),
            navigation: SiteSection.allCases.filter { $0 != .guide || !guide.isEmpty }.map { entry in
                NavigationLink(label: entry.label, path: entry.path, current: entry == section)
            },
            hasGuide: !guide.isEmpty,
            environments: model.environments.map(EnvironmentItem.init),
            legend: matrix.chain.legend.map { entry in
                LegendItem(hasMark: !entry.mark.isEmpty, mark: entry.mark, label: entry.label, text: entry.text)
            },
            valuesNote: valuesNote)
    }

    /// What the values include, said once in every footer.
    private var valuesNote: String {
        guard let remote = model.remoteConfig else {
            return "Values shown are what ships in the app; remote config and debug overrides can still change them on a device."
        }
        let templates = remote.templatesByFile(environments: model.environments).map { template, environments in
            environments.joined(separator: " and ") + (template.version.map { " (version \($0))" } ?? "")
        }
        return "Values include Firebase Remote Config, from the templates of \(templates.joined(separator: ", ")); "
            + "a debug override on a test device can still change them."
    }
}
