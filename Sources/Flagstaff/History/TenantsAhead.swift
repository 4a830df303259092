import Dispatch
import FlagstaffCore
import FlagstaffReaders
import Foundation

/// Tenant files of the commits ahead of a history walk, read and indexed before
/// their turn on another thread. Most commits change a tenant file or two, and
/// reading them (git's work, then the parse) is most of a walk's work: while the
/// walk compares one commit, another thread reads the files of the commits after
/// it, through a `git cat-file` of its own, so git works on the next file while
/// this one is parsed. A tenant file read depends only on its text and on the
/// model's flags, environments and configuration, which commits that change only
/// tenant files leave as they are; whatever changes them lets these go.
struct TenantsAhead {
    /// A file version at a path.
    struct Key: Hashable, Sendable {
        var blob: String, path: String
    }

    /// One tenant file read and indexed.
    struct ReadTenant: Sendable {
        var tenant: Tenant
        var settings: IndexedSettings
    }

    /// What a tenant file is read against: the walk's configuration and keys,
    /// without its matrix, which another thread must not hold while the walk changes it.
    struct Context: Sendable {
        var configuration: Configuration
        var keys: FlagKeys

        init(_ state: HistoryState) {
            configuration = state.configuration
            keys = state.matrix.model.keys
        }
    }

    /// One file to read: its version, its tenant's id, and the tenant's file as the model names it.
    struct Wanted: Sendable {
        var key: Key, id: String, file: String
    }

    /// The files of a stretch of commits, read in order on another thread, at most
    /// `window` files ahead of the last one the walk asked for. That thread asks
    /// git for a few files at a time and parses them; a walk that asks for a file
    /// not parsed yet parses the next ones git has given meanwhile, so that both
    /// threads parse while the walk would otherwise wait.
    final class Stretch: @unchecked Sendable {
        /// The files, in the order the commits change them, and each one's position.
        let wanted: [Wanted]
        private let positions: [Key: Int]
        private let context: Context
        /// Guards everything below.
        private let condition = NSCondition()
        /// The bytes of each file git has given and nobody has taken to parse yet, by position.
        private var fetched: [Int: [UInt8]] = [:]
        /// How many files, from the first, git has given; and the position of the next to parse.
        private var fetchedCount = 0, nextToParse = 0
        /// Each file parsed: its tenant, or `nil` when it has errors.
        private var parsed: [Int: ReadTenant?] = [:]
        /// The furthest file the walk has asked for.
        private var asked = 0
        private var cancelled = false

        /// How many files the reading may run ahead of the walk.
        static let window = 96
        /// How many files are asked of git at once.
        static let chunk = 8

        /// Starts reading the files on another thread, through `store` with `reader`.
        init(_ wanted: [Wanted], context: Context, store: GitObjectStore, reader: GitObjectReader) {
            self.wanted = wanted
            self.context = context
            positions = Dictionary(wanted.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
            DispatchQueue.global().async { [self] in run(store: store, reader: reader) }
        }

        /// Asks git for the files a chunk at a time, parsing what it gave before asking for more.
        private func run(store: GitObjectStore, reader: GitObjectReader) {
            var start = 0
            while start < wanted.count {
                condition.lock()
                while !cancelled && start - asked >= Self.window { condition.wait() }
                let stop = cancelled
                condition.unlock()
                if stop { return }
                let end = min(wanted.count, start + Self.chunk)
                store.blobs(wanted[start..<end].map(\.key.blob), reader: reader) { offset, bytes in
                    condition.lock()
                    fetched[start + offset] = bytes
                    fetchedCount = start + offset + 1
                    condition.broadcast()
                    condition.unlock()
                }
                start = end
                while parseNext() {}
            }
        }

        /// Parses the next file git has given, if any; `false` when there is none to take.
        private func parseNext() -> Bool {
            condition.lock()
            guard !cancelled, nextToParse < fetchedCount else {
                condition.unlock()
                return false
            }
            let position = nextToParse
            nextToParse += 1
            let bytes = fetched.removeValue(forKey: position)
            condition.unlock()
            let tenant = bytes.flatMap { TenantsAhead.read(wanted[position], bytes: $0, context: context) }
            condition.lock()
            parsed[position] = .some(tenant)
            condition.broadcast()
            condition.unlock()
            return true
        }

        /// Whether the stretch has a file version.
        func has(_ key: Key) -> Bool { positions[key] != nil }

        /// A file version of the stretch, once it is read; `nil` when it cannot be
        /// read without errors, or is not one of the stretch's.
        func tenant(_ key: Key) -> ReadTenant? {
            guard let position = positions[key] else { return nil }
            condition.lock()
            if position > asked {
                asked = position
                condition.broadcast()
            }
            while parsed[position] == nil && !cancelled {
                if nextToParse < fetchedCount {
                    condition.unlock()
                    _ = parseNext()
                    condition.lock()
                } else {
                    condition.wait()
                }
            }
            let tenant = parsed[position] ?? nil
            condition.unlock()
            return tenant
        }

        /// Stops the reading: the walk no longer needs these files.
        func cancel() {
            condition.lock()
            cancelled = true
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Cancels a stretch when the last copy of the `TenantsAhead` that started it goes.
    private final class Handle: Sendable {
        let stretch: Stretch
        init(_ stretch: Stretch) { self.stretch = stretch }
        deinit { stretch.cancel() }
    }

    /// How many commits a stretch covers at most.
    static let commits = 256

    /// The stretch being read, if any.
    private var handle: Handle?

    /// The file versions a commit changes, read: from the stretch being read, or
    /// from a new one that starts with this commit. `nil` for a file that cannot be
    /// read without errors, so the commit needs a whole read.
    mutating func tenants(
        for changes: [Wanted], upcoming: ArraySlice<CommitLogReader.Record>, state: HistoryState, store: GitObjectStore,
        reader: GitObjectReader
    ) -> [ReadTenant?] {
        defer { for change in changes { store.took(change.key.blob, at: change.key.path) } }
        if let handle, changes.allSatisfy({ handle.stretch.has($0.key) }) {
            return changes.map { handle.stretch.tenant($0.key) }
        }
        handle = nil
        var wanted: [Wanted] = []
        var seen = Set<Key>()
        for file in changes where seen.insert(file.key).inserted { wanted.append(file) }
        for record in upcoming.prefix(Self.commits) {
            guard let files = Self.tenantFiles(record.changes, state: state) else { break }
            for file in files where seen.insert(file.key).inserted { wanted.append(file) }
        }
        let stretch = Stretch(wanted, context: Context(state), store: store, reader: reader)
        handle = Handle(stretch)
        return changes.map { stretch.tenant($0.key) }
    }

    /// The tenant files a commit changes, when it changes nothing else that matters
    /// and each is a file of a tenant the model has, and can read; `nil` otherwise.
    static func tenantFiles(_ changes: [CommitLogReader.FileChange], state: HistoryState) -> [Wanted]? {
        var files: [Wanted] = []
        for change in changes where state.matters(change) && !state.describesOnly(change) {
            guard change.status == .modified, let blob = change.blob, let id = state.tenantFiles[change.path], state.unknown[id] == nil,
                let position = state.matrix.model.tenantIndex(id)
            else { return nil }
            files.append(Wanted(key: Key(blob: blob, path: change.path), id: id, file: state.matrix.model.tenants[position].file))
        }
        return files
    }

    /// A tenant's file at a version, from its bytes, read and indexed against the
    /// model's keys; `nil` when it cannot be read without errors.
    static func read(_ file: Wanted, bytes: [UInt8], context: Context) -> ReadTenant? {
        guard let text = try? GitCommitFileSource.text(decoding: bytes, file: file.key.path) else { return nil }
        return read(file, text: text, context: context)
    }

    /// A tenant's file at a version, from its text, read and indexed against the
    /// model's keys; `nil` when it cannot be read without errors.
    static func read(_ file: Wanted, text: String, context: Context) -> ReadTenant? {
        let (tenant, settings, diagnostics) = SourceLoader.readTenant(
            text, path: file.file, id: file.id, configuration: context.configuration, format: WorkspaceFormats(context.configuration).values,
            keys: context.keys)
        guard let tenant, let settings, !diagnostics.containsErrors else { return nil }
        return ReadTenant(tenant: tenant, settings: settings)
    }
}
