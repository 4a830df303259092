import FlagstaffCore
import FlagstaffReaders
import Foundation

/// The committed history snapshot (`history.snapshot`): written from git by
/// `flagstaff history --write-snapshot`, read by `build` instead of git, so a
/// site builds the same bytes in a shallow clone or a folder without `.git`.
enum HistorySnapshotFile {
    /// The hint every stale or broken snapshot gets.
    static let refreshHint = "refresh it with `flagstaff history --write-snapshot`"

    /// Walks git up to the configuration's `history.until` and makes the snapshot
    /// of what it found: the history and the files read at its last readable commit.
    static func make(for workspace: Workspace, settings: HistorySettings, asOf: CalendarDate?) throws(FlagstaffError) -> HistorySnapshot {
        let walker = try HistoryWalker(workspace: workspace, asOf: asOf)
        let since = try HistoryWalker.Since(parsing: settings.since, option: "history.since")
        let result = try walker.walk(until: settings.until, since: since)
        if let shallow = result.history.shallowFrom { throw shallowClone(shallow, workspace: workspace) }
        var sources: [String: String] = [:]
        if let end = result.end, let tree = result.endTree {
            let source = GitCommitFileSource(store: walker.store, tree: tree, prefix: walker.repositoryPrefix, name: "the last commit")
            for path in end.reads where path.hasPrefix(walker.repositoryPrefix) {
                let relative = String(path.dropFirst(walker.repositoryPrefix.count))
                guard source.kind(of: relative) == .file, let bytes = try? source.contents(of: relative) else { continue }
                sources[relative] = String(decoding: bytes, as: UTF8.self)
            }
        }
        return HistorySnapshot(
            until: settings.until, since: settings.since, asOf: asOf, history: result.history.withReleases(pattern: settings.releaseTags, in: workspace.root),
            endsUnreadable: result.endsUnreadable,
            sources: sources)
    }

    /// Writes a snapshot in place of the file at `path`, all or nothing.
    static func write(_ snapshot: HistorySnapshot, to path: String, in workspace: Workspace, writer: SourceWriter) throws(FlagstaffError) {
        let url = try workspace.editablePlace(of: path)
        let original = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        let updated = snapshot.encoded()
        guard original != updated else { return }
        try writer.write(
            [SourceWriter.Change(path: workspace.displayPrefix + path, url: url, original: original, updated: updated)],
            in: workspace.root, command: "flagstaff history --write-snapshot")
    }

    /// What a walk of git would give, read from the snapshot at `path` instead:
    /// stale (another `until`, `since` or as-of day than the configuration's) or
    /// broken, it is an error at its place.
    static func result(reading path: String, for workspace: Workspace, settings: HistorySettings, asOf: CalendarDate?) throws(FlagstaffError)
        -> HistoryWalker.Result
    {
        let file = workspace.displayPrefix + path
        let bytes: [UInt8]
        do {
            bytes = try workspace.source.contents(of: path)
        } catch .missing {
            throw .unreadableInputs([
                .error(
                    "no history snapshot '\(path)' (named by 'history.snapshot')", at: .start(of: workspace.displayPrefix + workspace.configurationFile),
                    hint: "write it with `flagstaff history --write-snapshot`")
            ])
        } catch {
            throw .io("cannot read the history snapshot '\(file)'")
        }
        let reading: HistorySnapshot.Reading
        switch HistorySnapshot.read(bytes, file: file) {
        case .success(let read): reading = read
        case .failure(let problem): throw .unreadableInputs([problem])
        }
        let snapshot = reading.snapshot
        let configuration = workspace.displayPrefix + workspace.configurationFile
        var stale: [Diagnostic] = []
        if snapshot.until != settings.until {
            stale.append(
                .error(
                    "the history snapshot ends at '\(snapshot.until)', but history.until in \(configuration) is '\(settings.until)'",
                    at: reading.untilLocation, hint: refreshHint))
        }
        if snapshot.since != settings.since {
            stale.append(
                .error(
                    "the history snapshot starts at '\(snapshot.since ?? "the first commit")', but history.since in \(configuration) is "
                        + "'\(settings.since ?? "not set")'", at: reading.sinceLocation, hint: refreshHint))
        }
        if snapshot.asOf != asOf {
            stale.append(
                .error(
                    "the history snapshot was written as of \(snapshot.asOf?.description ?? "no day"), but this build is as of "
                        + "\(asOf?.description ?? "no day") (lifecycle.as_of); Remote Config's date rules may differ",
                    at: reading.asOfLocation, hint: refreshHint))
        }
        guard stale.isEmpty else { throw .unreadableInputs(stale) }
        var end: HistoryState?
        if !snapshot.sources.isEmpty {
            let source = MemoryFileSource(snapshot.sources)
            let read = try HistoryWalker.read(
                from: source, configurationFile: workspace.configurationFile, repositoryPrefix: "", asOf: asOf, reads: { ([], []) })
            guard case .loaded(var state, let unknownTenants) = read else {
                throw .unreadableInputs([
                    .error(
                        "the files the history snapshot keeps of its last commit cannot be read as a workspace", at: reading.untilLocation,
                        hint: refreshHint)
                ])
            }
            // The values such a tenant last had are not kept: it shows as added when it reads again.
            for (id, problems) in unknownTenants { state.unknown[id] = (nil, problems) }
            end = state
        }
        return HistoryWalker.Result(history: snapshot.history, end: end, endsUnreadable: snapshot.endsUnreadable, wholeReads: 0)
    }

    /// The error for a site's history in a shallow clone that lacks the commits it needs.
    static func shallowClone(_ shallow: HistoryCommit, workspace: Workspace) -> FlagstaffError {
        .io(
            "\(workspace.displayPrefix)\(workspace.configurationFile) asks for the site's history, but this clone is shallow: its oldest commit is "
                + "\(shallow.shortID) (\(shallow.day)), so the history before it is not known and the site would differ from a full clone's; "
                + "fetch the whole history (git fetch --unshallow; in GitHub Actions, actions/checkout with fetch-depth: 0), "
                + "or set history.since to a commit or a day this clone has")
    }
}
