import FlagstaffCore
import FlagstaffReaders

extension HistoryWalker {
    /// Where a walk is between two commits.
    enum Phase {
        /// No commit so far had the workspace; only these files matter.
        case absent(reads: Set<String>, folders: Set<String>)
        /// The workspace, read.
        case loaded(HistoryState)
        /// The workspace cannot be read; what was last read, and what the failed read looked at.
        case broken(lastKnown: HistoryState?, reads: Set<String>, folders: Set<String>)

        /// The last workspace read.
        var known: HistoryState? {
            switch self {
            case .loaded(let state): state
            case .broken(let lastKnown, _, _): lastKnown
            case .absent: nil
            }
        }

        /// Whether a commit's change to a file can matter now.
        func matters(_ change: CommitLogReader.FileChange) -> Bool {
            switch self {
            case .loaded(let state): return state.matters(change)
            case .absent(let reads, let folders), .broken(_, let reads, let folders):
                return HistoryState.matters(change, reads: reads, folders: folders)
            }
        }

        /// Whether a change only describes flags in the workspace read (`HistoryState.describesOnly`).
        func describesOnly(_ change: CommitLogReader.FileChange) -> Bool {
            guard case .loaded(let state) = self else { return false }
            return state.describesOnly(change)
        }
    }

    /// One walk through the commits, oldest first, keeping the entries it finds.
    struct Walk {
        let walker: HistoryWalker
        private(set) var phase: Phase
        private(set) var entries: [HistoryEntry] = []
        /// Whether a commit has been read whole yet: the first one always is.
        private var visited = false
        /// Whether the start entry has been written.
        private var started = false
        /// Today's paths to each commit's, by the commit's position in the log, for
        /// a borrowed configuration (`HistoryWalker.earlierPaths`); empty without one.
        var earlierPathsByPosition: [[String: String]] = []
        /// The position in the log of the commit being taken in.
        var position = 0
        /// Whole reads of commits ahead, by commit id: made on every core with a
        /// whole read the walk needs (`wholeReading`), and taken at their turn.
        var readAhead: [String: Reading] = [:]
        /// How many reads ahead were taken.
        var readsAheadTaken = 0
        /// Whether the last workspace read was read with a borrowed configuration.
        private var lastBorrowed = false
        /// Before the start, the last commit a borrowed configuration could not read, and why.
        private(set) var unreadBeforeStart: UnknownValues.AtCommit?
        /// How many commits were read whole.
        private(set) var wholeReads = 0
        /// The tree of the last commit at which the workspace could be read.
        private(set) var knownTree: String?
        /// Tenant files of the commits ahead, read before their turn against the
        /// model the walk holds; let go when anything but a tenant's values changes in it.
        private var ahead = TenantsAhead()
        /// The `git cat-file` that reads the tenant files ahead, so that the walk's own reads never wait behind it:
        /// started for the first commit that changes tenant files only, and `nil` when it cannot be.
        private lazy var aheadReader: GitObjectReader? = GitObjectReader(repository: walker.root)
        /// The paths the log was narrowed to, or `nil` for the whole log.
        let narrowing: LogNarrowing?
        /// What a read looked at that `narrowing` does not cover: the walk cannot go on, as changes to it were left out.
        private(set) var uncovered: FileReads.Paths?

        init(walker: HistoryWalker, narrowing: LogNarrowing? = nil) {
            self.walker = walker
            self.narrowing = narrowing
            let configuration = FilePath.normalized(FilePath.join(walker.repositoryPrefix, walker.configurationFile)) ?? walker.configurationFile
            phase = .absent(reads: [configuration], folders: [])
        }

        /// Takes in one commit; `upcoming` are the commits after it, whose tenant files may be read ahead.
        mutating func step(_ record: CommitLogReader.Record, upcoming: ArraySlice<CommitLogReader.Record> = []) throws(FlagstaffError) {
            defer {
                visited = true
                if case .loaded = phase { knownTree = record.tree }
            }
            if visited {
                // Closures, not `phase.matters`: that would copy the phase, and the state it holds, for each commit.
                // The catalog and the guide describe flags but give no value: a commit
                // that changes only them changes nothing history shows.
                let relevant = record.changes.filter { phase.matters($0) && !phase.describesOnly($0) }
                guard !relevant.isEmpty else { return }
                if case .loaded(var state) = phase, let files = TenantsAhead.tenantFiles(relevant, state: state), files.count == relevant.count,
                    let reader = aheadReader
                {
                    // The phase lets go of the state, so the matrix is changed in place, not copied.
                    phase = .absent(reads: [], folders: [])
                    let cells = Self.tenantChanges(
                        files, state: &state, ahead: &ahead, upcoming: upcoming, store: walker.store, reader: reader)
                    phase = .loaded(state)
                    if let cells {
                        guard !cells.isEmpty else { return }
                        var entry = HistoryEntry(kind: .change, commit: record.commit)
                        entry.cells = cells
                        entry.templateVersions = Self.versions(of: cells, remote: [], in: state.matrix.model)
                        entries.append(entry)
                        return
                    }
                }
                if case .loaded(let state) = phase, let new = Self.templateChanges(relevant, state: state, walker: walker) {
                    // A template changes every tenant's remote layer: the whole matrix is
                    // resolved again and compared, but no tenant file it did not change is read.
                    var new = new
                    ahead = TenantsAhead()
                    let entry = Self.entry(HistoryEntry(kind: .change, commit: record.commit), from: state, to: &new, unknownTenants: [:], renamedFiles: [:])
                    phase = .loaded(new)
                    if !entry.isEmpty { entries.append(entry) }
                    return
                }
            }
            try readWhole(record, upcoming: upcoming)
        }

        /// The workspace after a commit that changes Remote Config templates, and
        /// perhaps tenant files, and nothing else, when all of them read without
        /// errors: the new templates and tenants put in the model the walk holds,
        /// without reading the enum, the catalog or the tenant files the commit
        /// leaves alone. Only the cells of flags a changed template has a parameter
        /// for, and of the tenants changed, are resolved again, unless the chain or
        /// a flag's type changes. `nil` when the commit needs a whole read.
        static func templateChanges(_ changes: [CommitLogReader.FileChange], state: HistoryState, walker: HistoryWalker) -> HistoryState? {
            guard state.unknown.isEmpty, let settings = state.configuration.remoteConfig, let remote = state.matrix.model.remoteConfig,
                let asOf = try? AsOfDate.resolve(option: walker.asOf, configuration: state.configuration)
            else { return nil }
            var replacements: [(position: Int, tenant: Tenant, settings: IndexedSettings)] = []
            var newTemplates: [String: RemoteTemplate] = [:]
            for change in changes {
                guard change.status == .modified, let blob = change.blob, let text = walker.tenantText(blob: blob, at: change.path) else { return nil }
                if let file = state.templateFiles[change.path] {
                    let (template, problems) = RemoteTemplateReader.read(text, file: file, timeZone: state.configuration.timeZone)
                    guard let template, !problems.containsErrors else { return nil }
                    newTemplates[file] = template
                } else if let id = state.tenantFiles[change.path], let position = state.matrix.model.tenantIndex(id) {
                    let file = TenantsAhead.Wanted(
                        key: TenantsAhead.Key(blob: blob, path: change.path), id: id, file: state.matrix.model.tenants[position].file)
                    guard let read = TenantsAhead.read(file, text: text, context: TenantsAhead.Context(state)) else { return nil }
                    replacements.append((position, read.tenant, read.settings))
                } else {
                    return nil
                }
            }
            guard !newTemplates.isEmpty else { return nil }
            var templates: [String: RemoteTemplate] = [:]
            for (environment, file) in settings.templates {
                templates[environment] = newTemplates[file] ?? remote.templates[environment]
            }
            var remoteConfig = settings.remoteConfig(templates: templates, asOf: asOf)
            remoteConfig.link(state.matrix.model.flags)
            var model = state.matrix.model
            model.remoteConfig = remoteConfig
            var new = state
            if new.matrix.replaceRemoteConfig(with: model), let replacement = new.matrix.resolving(replacements) {
                new.matrix.replace(with: replacement)
            } else {
                var tenants = model.tenants
                var tenantSettings = state.matrix.settings
                for replacement in replacements {
                    tenants[replacement.position] = replacement.tenant
                    tenantSettings[replacement.position] = replacement.settings
                }
                new.matrix = ResolvedMatrix(model: model.replacingTenants(tenants), settings: tenantSettings)
            }
            return new
        }

        /// The cells a commit changes when all it changes is tenant `files`
        /// (`TenantsAhead.tenantFiles`), if they read without errors and keep every
        /// flag's type: the flags those files change are resolved again for their
        /// tenants, and put in place. `nil` when the commit needs a whole read.
        static func tenantChanges(
            _ files: [TenantsAhead.Wanted], state: inout HistoryState, ahead: inout TenantsAhead,
            upcoming: ArraySlice<CommitLogReader.Record>, store: GitObjectStore, reader: GitObjectReader
        ) -> [MatrixChanges.Cell]? {
            var replacements: [(position: Int, tenant: Tenant, settings: IndexedSettings)] = []
            for (file, read) in zip(files, ahead.tenants(for: files, upcoming: upcoming, state: state, store: store, reader: reader)) {
                guard let read, let position = state.matrix.model.tenantIndex(file.id) else { return nil }
                replacements.append((position, read.tenant, read.settings))
            }
            guard let replacement = state.matrix.resolving(replacements) else { return nil }
            return state.matrix.replace(with: replacement, listing: state.order)
        }

        /// Reads the workspace whole at a commit, and compares it with the last one read.
        private mutating func readWhole(_ record: CommitLogReader.Record, upcoming: ArraySlice<CommitLogReader.Record>) throws(FlagstaffError) {
            wholeReads += 1
            ahead = TenantsAhead()
            let reading = try wholeReading(record, upcoming: upcoming)
            if let narrowing {
                let looked = reading.looked
                guard narrowing.covers(files: looked.files, folders: looked.folders) else {
                    uncovered = looked
                    return
                }
            }
            var entry = HistoryEntry(kind: .change, commit: record.commit)
            switch reading {
            case .absent(let reads, let folders):
                guard started else {
                    phase = .absent(reads: reads, folders: folders)
                    return
                }
                if case .loaded = phase {
                    entry.unknown = [UnknownValues(tenant: nil, problems: [.error("this commit has no '\(walker.configurationFile)'", at: nil)])]
                }
                phase = .broken(lastKnown: phase.known, reads: reads, folders: folders)
            case .broken(var problems, let reads, let folders, let borrowed):
                problems = Self.explainingMoves(problems, record: record, prefix: phase.known?.workspacePrefix ?? walker.repositoryPrefix)
                // Before the flag sources exist, a borrowed configuration finds nothing to read: history has not started.
                if !started && borrowed {
                    phase = .absent(reads: reads, folders: folders)
                    unreadBeforeStart = UnknownValues.AtCommit(commit: record.commit, problems: problems)
                    return
                }
                if !started {
                    entry.kind = .start(flags: 0, tenants: 0, environments: 0)
                    entry.unknown = [UnknownValues(tenant: nil, problems: problems)]
                    started = true
                } else if case .loaded = phase {
                    entry.unknown = [UnknownValues(tenant: nil, problems: problems)]
                }
                phase = .broken(lastKnown: phase.known, reads: reads, folders: folders)
            case .loaded(var state, let unknownTenants):
                if !started ? state.borrowsConfiguration : state.borrowsConfiguration != lastBorrowed {
                    entry.readWith = state.borrowsConfiguration ? .borrowed(walker.borrowed?.name ?? "another configuration") : .own
                }
                lastBorrowed = state.borrowsConfiguration
                if !started {
                    let model = state.matrix.model
                    entry.kind = .start(flags: model.flags.count, tenants: model.tenants.count, environments: model.environments.count)
                    for (id, problems) in unknownTenants.sorted(by: { $0.key < $1.key }) {
                        entry.unknown.append(UnknownValues(tenant: id, problems: problems))
                        state.unknown[id] = (nil, problems)
                    }
                    started = true
                } else if let old = phase.known {
                    if case .broken = phase { entry.readableAgain = [nil] }
                    entry = Self.entry(
                        entry, from: old, to: &state, unknownTenants: unknownTenants, renamedFiles: Self.renamedFiles(record, under: state.workspacePrefix))
                } else {
                    entry.readableAgain = [nil]
                    for (id, problems) in unknownTenants { state.unknown[id] = (nil, problems) }
                }
                phase = .loaded(state)
            }
            if !entry.isEmpty { entries.append(entry) }
        }

        /// What changes from one state read whole to the next: `new` learns which
        /// of its tenants cannot be read, and what they had when they last could.
        static func entry(
            _ entry: HistoryEntry, from old: HistoryState, to new: inout HistoryState, unknownTenants: [String: [Diagnostic]],
            renamedFiles: [String: String]
        ) -> HistoryEntry {
            var entry = entry
            for (id, problems) in unknownTenants.sorted(by: { $0.key < $1.key }) {
                if let was = old.unknown[id] {
                    new.unknown[id] = (was.lastKnown, problems)
                } else {
                    entry.unknown.append(UnknownValues(tenant: id, problems: problems))
                    new.unknown[id] = (old.matrix.model.tenantIndex(id).map { old.matrix.column(of: $0) }, problems)
                }
            }
            let changes = MatrixChanges(
                base: old.matrix, head: new.matrix, environments: new.order, renamedFiles: renamedFiles,
                excluding: Set(old.unknown.keys).union(unknownTenants.keys))
            entry.cells = changes.cells
            entry.addedFlags = changes.addedFlags
            entry.removedFlags = changes.removedFlags
            entry.renamedFlags = changes.renamedFlags
            entry.addedTenants = changes.addedTenants
            entry.removedTenants = changes.removedTenants
            entry.renamedTenants = changes.renamedTenants
            entry.addedEnvironments = changes.addedEnvironments
            entry.removedEnvironments = changes.removedEnvironments
            // Tenants that can be read again are compared with what they had when they last could.
            for (id, was) in old.unknown.sorted(by: { $0.key < $1.key }) where unknownTenants[id] == nil {
                guard let position = new.matrix.model.tenantIndex(id) else {
                    entry.removedTenants.append(id)
                    continue
                }
                entry.readableAgain.append(id)
                guard let last = was.lastKnown else {
                    entry.addedTenants.append(id)
                    continue
                }
                let flags = new.matrix.model.flags.enumerated().compactMap { position, flag in
                    last.model.flagIndex(flag.key).map { MatrixChanges.FlagPair(key: flag.key, base: $0, head: position) }
                }
                entry.cells += MatrixChanges.cells(
                    base: last, head: new.matrix, flags: flags, tenants: [MatrixChanges.TenantPair(id: id, base: 0, head: position)],
                    environments: new.order)
            }
            let common = new.order.filter(old.matrix.model.environments.contains)
            entry.remoteChanges = RemoteTemplateChange.between(base: old.matrix.model, head: new.matrix.model, environments: common)
            entry.templateVersions = versions(of: entry.cells, remote: entry.remoteChanges, in: new.matrix.model)
            return entry
        }

        /// The template version, as of a model, of each environment where a cell's
        /// old or new value comes from Remote Config, or whose template changes.
        static func versions(of cells: [MatrixChanges.Cell], remote: [RemoteTemplateChange], in model: FlagModel) -> [String: RemoteTemplateVersion] {
            guard let remoteConfig = model.remoteConfig else { return [:] }
            let remoteLayer = RemoteConfigLayer.kind.id
            var environments = Set(remote.flatMap(\.environments))
            for cell in cells where cell.oldLayer == remoteLayer || cell.newLayer == remoteLayer { environments.insert(cell.environment) }
            var versions: [String: RemoteTemplateVersion] = [:]
            for environment in environments {
                if let version = remoteConfig.templates[environment]?.version { versions[environment] = version }
            }
            return versions
        }

        /// Problems about a file the commit moved, with a hint that says where it went:
        /// an enum file moved without its configuration is the usual case.
        static func explainingMoves(_ problems: [Diagnostic], record: CommitLogReader.Record, prefix: String) -> [Diagnostic] {
            let moves = renamedFiles(record, under: prefix)
            guard !moves.isEmpty else { return problems }
            return problems.map { problem in
                guard let (from, to) = moves.first(where: { problem.message.contains("'\($0.key)'") }) else { return problem }
                var problem = problem
                problem.hint = "this commit moves '\(from)' to '\(to)'; the configuration still names the old path"
                return problem
            }
        }

        /// The files git says a commit moved, old path to new, relative to the workspace's folder.
        static func renamedFiles(_ record: CommitLogReader.Record, under prefix: String) -> [String: String] {
            var renamed: [String: String] = [:]
            for change in record.changes {
                guard case .renamed(let from) = change.status, from.hasPrefix(prefix), change.path.hasPrefix(prefix) else { continue }
                renamed[String(from.dropFirst(prefix.count))] = String(change.path.dropFirst(prefix.count))
            }
            return renamed
        }
    }
}
