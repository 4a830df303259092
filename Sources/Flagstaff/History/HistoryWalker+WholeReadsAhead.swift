import FlagstaffCore
import FlagstaffReaders

extension HistoryWalker.Walk {
    /// The cells, summed over the workspaces read ahead at once, past which fewer
    /// are: each read holds its whole matrix until its turn.
    static let readAheadCells = 1_000_000

    /// The workspace read whole at a commit: read ahead before, or read now with
    /// the next commits that will be read whole, on every core. A walk spends most
    /// of its time in such reads when the flag declarations change often (90 of
    /// Element X's commits), and each depends only on its commit, never on the
    /// walk, so reading them together gives what reading them in turn gives.
    mutating func wholeReading(
        _ record: CommitLogReader.Record, upcoming: ArraySlice<CommitLogReader.Record>
    ) throws(FlagstaffError) -> HistoryWalker.Reading {
        if let reading = readAhead.removeValue(forKey: record.commit.id) {
            readsAheadTaken += 1
            return reading
        }
        // What the last read looked at is what this one will.
        let likely: (files: Set<String>, folders: Set<String>)? =
            switch phase {
            case .loaded(let state): (state.reads, state.folders)
            case .absent(let reads, let folders), .broken(_, let reads, let folders): (reads, folders)
            }
        let ahead = commitsToReadAhead(upcoming)
        guard !ahead.isEmpty else { return try walker.read(record, likely: likely, earlierPaths: earlierPaths(at: position)) }
        let reads = [(record, earlierPaths(at: position))] + ahead
        // What the reads will likely look at is asked of git first, for every
        // commit at once, from one thread: asked from several threads, a version
        // two commits share would be read twice.
        if let likely { walker.store.prefetch(files: likely.files.sorted(), folders: likely.folders.sorted(), in: reads.map(\.0.tree)) }
        let walker = walker
        let readings = Parallel.map(reads.count) { position in
            Result { () throws(FlagstaffError) in try walker.read(reads[position].0, likely: nil, earlierPaths: reads[position].1) }
        }
        // A read ahead that fails is made again at its turn, and fails there.
        for ((commit, _), reading) in zip(reads, readings).dropFirst() {
            if case .success(let reading) = reading { readAhead[commit.commit.id] = reading }
        }
        return try readings[0].get()
    }

    /// The next commits the walk will read whole as the workspace it holds says,
    /// with today's paths to theirs: as many as the walker's `readsAhead` and
    /// `readAheadCells` allow, none before the workspace has been read.
    private func commitsToReadAhead(_ upcoming: ArraySlice<CommitLogReader.Record>) -> [(CommitLogReader.Record, [String: String])] {
        guard case .loaded(let state) = phase else { return [] }
        let model = state.matrix.model
        let cells = max(1, model.flags.count) * max(1, model.tenants.count) * max(1, model.environments.count)
        let count = min(walker.readsAhead, Self.readAheadCells / cells)
        var found: [(CommitLogReader.Record, [String: String])] = []
        for position in upcoming.indices {
            guard found.count < count else { break }
            guard state.readsWhole(upcoming[position].changes) else { continue }
            found.append((upcoming[position], earlierPaths(at: position)))
        }
        return found
    }

    /// Today's paths to the commit's at a position in the log.
    private func earlierPaths(at position: Int) -> [String: String] {
        earlierPathsByPosition.isEmpty ? [:] : earlierPathsByPosition[position]
    }
}
