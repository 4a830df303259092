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
        /// How many commits were read whole.
        private(set) var wholeReads = 0
        /// The tree of the last commit at which the workspace could be read.
        private(set) var knownTree: String?
        /// Tenant files of the commits ahead, read and resolved on every core before
        /// their turn, against the model the walk holds; let go when anything but a
        /// tenant's values changes in it.
        private var ahead = TenantsAhead()

        init(walker: HistoryWalker) {
            self.walker = walker
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
                var relevant = record.changes.filter(phase.matters)
                // The catalog and the guide describe flags but give no value: a commit
                // that changes only them changes nothing history shows.
                if case .loaded(let state) = phase { relevant.removeAll(where: state.describesOnly) }
                guard !relevant.isEmpty else { return }
                if case .loaded(var state) = phase {
                    // The phase lets go of the state, so the matrix is changed in place, not copied.
                    phase = .absent(reads: [], folders: [])
                    ahead.prepare(for: relevant, upcoming: upcoming, state: state, walker: walker)
                    let cells = Self.tenantChanges(relevant, state: &state, walker: walker, ahead: ahead)
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
            try readWhole(record)
        }

        /// The workspace after a commit that changes Remote Config templates, and
        /// perhaps tenant files, and nothing else, when all of them read without
        /// errors: the new templates and tenants put in the model the walk holds, and
        /// every cell resolved again, as a whole read would, without reading the enum,
        /// the catalog or the tenant files the commit leaves alone. `nil` when the
        /// commit needs a whole read.
        static func templateChanges(_ changes: [CommitLogReader.FileChange], state: HistoryState, walker: HistoryWalker) -> HistoryState? {
            guard state.unknown.isEmpty, let settings = state.configuration.remoteConfig, let remote = state.matrix.model.remoteConfig,
                let asOf = try? AsOfDate.resolve(option: walker.asOf, configuration: state.configuration)
            else { return nil }
            // Each template file as the configuration names it, by its path from the repository's root.
            var templateFiles: [String: String] = [:]
            for file in Set(settings.templates.values) {
                if let path = FilePath.normalized(state.workspacePrefix + file) { templateFiles[path] = file }
            }
            var model = state.matrix.model
            var tenantSettings = state.matrix.settings
            var tenants = model.tenants
            var newTemplates: [String: RemoteTemplate] = [:]
            for change in changes {
                guard change.status == .modified, let blob = change.blob, let text = walker.tenantText(blob: blob, at: change.path) else { return nil }
                if let file = templateFiles[change.path] {
                    let (template, problems) = RemoteTemplateReader.read(text, file: file)
                    guard let template, !problems.containsErrors else { return nil }
                    newTemplates[file] = template
                } else if let id = state.tenantFiles[change.path], let position = model.tenantIndex(id) {
                    let (tenant, indexed, diagnostics) = SourceLoader.readTenant(
                        text, path: tenants[position].file, id: id, configuration: state.configuration,
                        format: Formats(state.configuration).values, keys: model.keys)
                    guard let tenant, let indexed, !diagnostics.containsErrors else { return nil }
                    tenants[position] = tenant
                    tenantSettings[position] = indexed
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
            remoteConfig.link(model.flags)
            model = model.replacingTenants(tenants)
            model.remoteConfig = remoteConfig
            var new = state
            new.matrix = ResolvedMatrix(model: model, settings: tenantSettings)
            return new
        }

        /// The cells a commit changes when it changes only tenant files that read
        /// without errors and keep every flag's type: those tenants are read and
        /// resolved again, and put in place. `nil` when the commit needs a whole read.
        static func tenantChanges(
            _ changes: [CommitLogReader.FileChange], state: inout HistoryState, walker: HistoryWalker, ahead: TenantsAhead = TenantsAhead()
        ) -> [MatrixChanges.Cell]? {
            var replacements: [(position: Int, tenant: Tenant, settings: IndexedSettings)] = []
            var resolved: [ResolvedMatrix?] = []
            for change in changes {
                guard change.status == .modified, let blob = change.blob, let id = state.tenantFiles[change.path], state.unknown[id] == nil,
                    let position = state.matrix.model.tenantIndex(id)
                else { return nil }
                let read = ahead.tenants[TenantsAhead.Key(blob: blob, path: change.path)] ?? TenantsAhead.read(
                    blob: blob, path: change.path, id: id, position: position, state: state, walker: walker, resolving: false)
                guard let read else { return nil }
                replacements.append((position, read.tenant, read.settings))
                resolved.append(read.column)
            }
            guard let replacement = state.matrix.resolving(replacements, columns: resolved) else { return nil }
            let columns = replacement.columns
            let allFlags = state.matrix.model.flags
            var cells: [MatrixChanges.Cell] = []
            for (replacement, column) in zip(replacements, columns) {
                // Only a flag whose settings change can change a cell: the types, the
                // chain and the other layers are as they were.
                let positions = state.matrix.settings[replacement.position].flagsChanged(to: replacement.settings, flags: allFlags.count)
                let flags = (positions ?? Array(allFlags.indices)).map { MatrixChanges.FlagPair(key: allFlags[$0].key, base: $0, head: $0) }
                cells += MatrixChanges.cells(
                    base: state.matrix, head: column, flags: flags,
                    tenants: [MatrixChanges.TenantPair(id: replacement.tenant.id, base: replacement.position, head: 0)],
                    environments: state.order)
            }
            state.matrix.replace(with: replacement)
            guard replacements.count > 1 else { return cells }
            // Listed as a whole read lists them: by flag, environment, then tenant.
            let model = state.matrix.model
            let environments = Dictionary(state.order.enumerated().map { ($1, $0) }) { first, _ in first }
            return cells.sorted { a, b in
                (model.flagIndex(a.flag)!, environments[a.environment]!, model.tenantIndex(a.tenant)!)
                    < (model.flagIndex(b.flag)!, environments[b.environment]!, model.tenantIndex(b.tenant)!)
            }
        }

        /// Reads the workspace whole at a commit, and compares it with the last one read.
        private mutating func readWhole(_ record: CommitLogReader.Record) throws(FlagstaffError) {
            wholeReads += 1
            ahead = TenantsAhead()
            let reading = try walker.read(record)
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
            case .broken(var problems, let reads, let folders):
                problems = Self.explainingMoves(problems, record: record, prefix: phase.known?.workspacePrefix ?? walker.repositoryPrefix)
                if !started {
                    entry.kind = .start(flags: 0, tenants: 0, environments: 0)
                    entry.unknown = [UnknownValues(tenant: nil, problems: problems)]
                    started = true
                } else if case .loaded = phase {
                    entry.unknown = [UnknownValues(tenant: nil, problems: problems)]
                }
                phase = .broken(lastKnown: phase.known, reads: reads, folders: folders)
            case .loaded(var state, let unknownTenants):
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
                base: old.matrix, head: new.matrix, environments: new.order, renamedFiles: renamedFiles, followingFlagRenames: true,
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
            let remoteLayer = RemoteConfigLayer.layer.id
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

/// Tenant files of the commits ahead of a history walk, read and resolved before
/// their turn, all at once on every core: most commits change a tenant file or two,
/// which alone would keep one core busy. A tenant resolved alone depends only on its
/// file and on the model's flags, environments, chain and types, which commits that
/// change only tenant files leave as they are; whatever changes them lets these go.
struct TenantsAhead {
    /// A file version at a path.
    struct Key: Hashable {
        var blob: String, path: String
    }

    /// One tenant file read, indexed and resolved alone.
    struct ReadTenant {
        var tenant: Tenant
        var settings: IndexedSettings
        /// The tenant resolved alone, as `ResolvedMatrix.column(resolving:settings:)` gives it.
        var column: ResolvedMatrix?
    }

    /// How many commits ahead are read at once.
    static let commits = 32

    /// The tenants read ahead, by file version; a file with errors is not here.
    private(set) var tenants: [Key: ReadTenant] = [:]

    /// Makes sure the tenant files `changes` names are read, reading those of the
    /// commits ahead with them, up to the first commit that changes anything else.
    mutating func prepare(
        for changes: [CommitLogReader.FileChange], upcoming: ArraySlice<CommitLogReader.Record>, state: HistoryState, walker: HistoryWalker
    ) {
        guard changes.contains(where: { change in change.blob.map { tenants[Key(blob: $0, path: change.path)] == nil } ?? false }) else { return }
        tenants = [:]
        var wanted: [(key: Key, id: String, position: Int)] = []
        var seen = Set<Key>()
        func tenantFiles(_ changes: [CommitLogReader.FileChange]) -> [(key: Key, id: String, position: Int)]? {
            var files: [(key: Key, id: String, position: Int)] = []
            for change in changes where state.matters(change) && !state.describesOnly(change) {
                guard change.status == .modified, let blob = change.blob, let id = state.tenantFiles[change.path], state.unknown[id] == nil,
                    let position = state.matrix.model.tenantIndex(id)
                else { return nil }
                files.append((Key(blob: blob, path: change.path), id, position))
            }
            return files
        }
        guard let first = tenantFiles(changes) else { return }
        for file in first where seen.insert(file.key).inserted { wanted.append(file) }
        for record in upcoming.prefix(Self.commits) {
            guard let files = tenantFiles(record.changes) else { break }
            for file in files where seen.insert(file.key).inserted { wanted.append(file) }
        }
        let read = Parallel.map(wanted.count) { index in
            Self.read(blob: wanted[index].key.blob, path: wanted[index].key.path, id: wanted[index].id, position: wanted[index].position,
                state: state, walker: walker, resolving: true)
        }
        for (file, tenant) in zip(wanted, read) { tenants[file.key] = tenant }
    }

    /// A tenant's file at a version, read and indexed against the model's keys
    /// (and resolved alone, when `resolving`); `nil` when it cannot be read without errors.
    static func read(
        blob: String, path: String, id: String, position: Int, state: HistoryState, walker: HistoryWalker, resolving: Bool
    ) -> ReadTenant? {
        guard let text = walker.tenantText(blob: blob, at: path) else { return nil }
        let (tenant, settings, diagnostics) = SourceLoader.readTenant(
            text, path: state.matrix.model.tenants[position].file, id: id, configuration: state.configuration,
            format: Formats(state.configuration).values, keys: state.matrix.model.keys)
        guard let tenant, let settings, !diagnostics.containsErrors else { return nil }
        return ReadTenant(tenant: tenant, settings: settings, column: resolving ? state.matrix.column(resolving: tenant, settings: settings) : nil)
    }
}
