import FlagstaffCore
import Foundation

/// Renders the HTML site: every kind of page in `pageKinds`, their files, and
/// the theme's assets. Every piece of input text reaches HTML through Mustache's
/// escaping `{{…}}` or through cmark's safe mode.
///
/// The renderer only schedules: each page kind (one file under `Pages/`) says
/// which pages it has and builds their contexts; the renderer turns them into
/// jobs that run on every core, renders each inside the shared layout, and hands
/// the files on.
public struct SiteRenderer: Sendable {
    let matrix: ResolvedMatrix
    let lifecycle: LifecycleReport
    let guide: [ExpandedGuidePage]
    let warnings: [Diagnostic]
    let theme: Theme
    let flagSlugs: [String: String]
    let tenantSlugs: [String: String]
    let environmentSlugs: [String: String]
    /// Why cells have their values, in words.
    let reasons: CellReasons
    /// The rows of flag and tenant pages.
    let rows: TableRowsHTML
    /// Where the data comes from, for every page's footer.
    let stamp: SiteStamp
    /// How pages name tenants.
    let words = SiteWords()
    /// The values' history, when the configuration asks the site to show it.
    let history: SiteHistory?
    /// Each cell's timeline, read out of `history`.
    let historyTimelines: HistoryTimelines
    /// How history is said.
    let historyWords: HistoryWords
    /// Each commit's position in `history`, so stretches sort by when they began.
    private let historyPositions: [String: Int]
    /// What several page kinds use, worked out once before `render` plans any page.
    private(set) var shared: Shared?

    /// Prepares a renderer.
    public init(
        matrix: ResolvedMatrix, lifecycle: LifecycleReport, guide: [ExpandedGuidePage], warnings: [Diagnostic], theme: Theme,
        stamp: SiteStamp = SiteStamp(), history: SiteHistory? = nil
    ) {
        self.stamp = stamp
        self.history = history
        historyTimelines = HistoryTimelines(history?.history ?? ValueHistory(entries: [], end: nil))
        historyWords = HistoryWords(
            words: SiteWords(),
            tenantNames: matrix.model.tenantNames.merging(matrix.model.tenants.map { ($0.id, $0.name) }) { _, current in current },
            layerPhrases: Dictionary(matrix.chain.descriptions.map { ($0.id, $0.phrase) }, uniquingKeysWith: { first, _ in first }),
            bundledLayers: Set(matrix.chain.descriptions.filter(\.isBundled).map(\.id)), releasesTagged: history?.releasesTagged ?? false)
        historyPositions = Dictionary(
            (history?.history.entries ?? []).enumerated().compactMap { position, entry in entry.commit.map { ($0.id, position) } },
            uniquingKeysWith: { first, _ in first })
        self.matrix = matrix
        self.lifecycle = lifecycle
        self.guide = guide.sorted { ($0.page.order, $0.page.fileName) < ($1.page.order, $1.page.fileName) }
        self.warnings = warnings
        self.theme = theme
        let (flagSlugs, tenantSlugs, environmentSlugs) = (
            Slug.unique(matrix.model.flags.map(\.key)), Slug.unique(matrix.model.tenants.map(\.id)), Slug.unique(matrix.model.environments)
        )
        (self.flagSlugs, self.tenantSlugs, self.environmentSlugs) = (flagSlugs, tenantSlugs, environmentSlugs)
        let reasons = CellReasons(model: matrix.model)
        self.reasons = reasons
        rows = TableRowsHTML(
            matrix: matrix, reasons: reasons, flagSlugs: matrix.model.flags.map { flagSlugs[$0.key]! },
            tenantSlugs: matrix.model.tenants.map { tenantSlugs[$0.id]! },
            groups: MatrixSlice(matrix).groupPositions,
            badges: { [model = matrix.model] in Self.nameBadges(model.flags[$0], lifecycle: lifecycle) })
    }

    var model: FlagModel { matrix.model }

    /// How recent a timeline's latest change is, for ordering: a change the history
    /// does not cover yet is the newest, a value unchanged since history starts the oldest.
    func historyRank(_ timeline: CellTimeline) -> Int {
        switch timeline.segments.first?.since {
        case .pending?: Int.max
        case .commit(let commit)?: historyPositions[commit.id] ?? 0
        case .start?, nil: -1
        }
    }

    /// A piece of the site's work, which renders one or more files. The site is
    /// cut into many, one per page or data file, so they run on every core.
    public typealias Job = @Sendable () throws(Theme.Problem) -> [OutputFile]

    /// Every file of the site, handed to `sink` as soon as it is rendered, one at a
    /// time, so a large site is never whole in memory and files are written while
    /// others render. `first` jobs (a build's exports, which are the longest) start
    /// before the site's own. Files arrive in no fixed order; their bytes are the
    /// same on every run.
    public func render(first: [Job] = [], into sink: (OutputFile) -> Void) throws(Theme.Problem) {
        var site = self
        site.shared = Shared(self)
        var jobs = first
        jobs.append { [theme] in theme.assets }
        for kind in Self.pageKinds { jobs += site.jobs(kind) }
        try Parallel.each(jobs.count, { [jobs] (index) throws(Theme.Problem) in try jobs[index]() }) { files in files.forEach(sink) }
    }

    /// The jobs of one kind of page: its files, then one job per page.
    func jobs<Page: SitePage>(_ kind: Page.Type) -> [Job] {
        Page.files(in: self) + Page.pages(in: self).map { plan in
            job(PlannedPage(path: plan.path, title: plan.title, template: Page.template, section: Page.section, html: plan.html, content: plan.content))
        }
    }

    /// A page to render, whatever its kind.
    struct PlannedPage {
        var path: String, title: String, template: String
        var section: SiteSection?
        var html: (@Sendable () -> [[UInt8]])?
        var content: @Sendable () -> any TemplateContext
    }

    /// The job that renders one page.
    private func job(_ planned: PlannedPage) -> Job {
        { () throws(Theme.Problem) in [try page(planned)] }
    }

    /// One page: its template rendered with its content inside the layout, and
    /// the plan's HTML put where the content holds `WrittenHTML.marker`. Pages in
    /// a subfolder reach the root through `../`, one per folder.
    func page(_ planned: PlannedPage) throws(Theme.Problem) -> OutputFile {
        let layout = layout(path: planned.path, title: planned.title, section: planned.section)
        let text = try theme.render(planned.template, planned.content(), layout: layout)
        guard let html = planned.html?() else { return OutputFile(path: planned.path, text: text) }
        return OutputFile(path: planned.path, contents: WrittenHTML.place(html, in: text))
    }
}

/// Where a site's data comes from, which every page's footer says: the sources
/// and theme a build read, named by digests, since a page cannot name the commit
/// it will be committed in (see the README's "Determinism").
public struct SiteStamp: Sendable {
    /// The digest of the flag sources, as `SourceDigest` gives it; `nil` when unknown.
    public var sourcesDigest: String?
    /// The digest of the team's own templates; `nil` for Flagstaff's default theme.
    public var themeDigest: String?

    /// Creates a stamp.
    public init(sourcesDigest: String? = nil, themeDigest: String? = nil) {
        self.sourcesDigest = sourcesDigest
        self.themeDigest = themeDigest
    }
}

extension SiteRenderer {
    /// What several kinds of page use, worked out once before any page is planned,
    /// so the jobs on every core read one value that nothing changes.
    struct Shared: Sendable {
        let matrixCells: MatrixCells
        let staticTables: (tables: [StaticTables], rows: StaticTableRows)
        /// What every page's layout shares.
        let layout: PageLayout

        init(_ site: SiteRenderer) {
            matrixCells = MatrixCells(site)
            staticTables = site.planStaticTables(matrixCells)
            layout = site.sharedLayout()
        }
    }

    /// Every cell of the matrix as a look, for matrix.html's data file and the static tables.
    var matrixCells: MatrixCells { shared?.matrixCells ?? MatrixCells(self) }

    /// Every environment's static table pages, and the writer of their rows.
    var plannedStaticTables: (tables: [StaticTables], rows: StaticTableRows) { shared?.staticTables ?? planStaticTables(matrixCells) }

    private func planStaticTables(_ cells: MatrixCells) -> (tables: [StaticTables], rows: StaticTableRows) {
        let rows = StaticTableRows(self, cells: cells)
        return (staticTables(cells, rows: rows), rows)
    }
}
