import FlagstaffCore
import Foundation

/// The app's releases as git tags them (`history.release_tags`, such as `v*`):
/// for each commit, the first release, by the tag's date, whose history has it.
/// One `git for-each-ref`, then one `git rev-list` per tag of the commits it adds
/// to the releases before it. A clone without the tags (CI often fetches none)
/// gives no release at all, and the site then says nothing of releases rather
/// than "in no release yet": it does not know.
enum ReleaseTags {
    /// The release that shipped each of `commits` (full ids); a commit no release has is absent.
    static func releases(of commits: Set<String>, pattern: String, in root: URL) -> [String: HistoryRelease] {
        guard !commits.isEmpty,
            let tags = Git.run(["for-each-ref", "--sort=creatordate", "--format=%(refname)%09%(creatordate:short)", "refs/tags/" + pattern], in: root),
            tags.status == 0
        else { return [:] }
        var found: [String: HistoryRelease] = [:]
        var earlier: [String] = []
        for line in tags.text.split(separator: "\n") {
            let parts = line.split(separator: "\t")
            guard parts.count == 2, let day = CalendarDate(parsing: String(parts[1])) else { continue }
            // Full ref names, which never read as an option.
            let ref = String(parts[0])
            defer { earlier.append(ref) }
            guard let added = Git.run(["rev-list", ref, "--not"] + earlier, in: root), added.status == 0 else { continue }
            let release = HistoryRelease(tag: String(ref.dropFirst("refs/tags/".count)), day: day)
            for id in added.text.split(separator: "\n").map(String.init) where commits.contains(id) && found[id] == nil {
                found[id] = release
            }
        }
        return found
    }
}

extension ValueHistory {
    /// The history with each commit's release, when the team tags its releases.
    func withReleases(pattern: String?, in root: URL) -> ValueHistory {
        guard let pattern else { return self }
        let releases = ReleaseTags.releases(of: Set(entries.compactMap(\.commit?.id)), pattern: pattern, in: root)
        var history = self
        for index in history.entries.indices {
            guard let id = history.entries[index].commit?.id else { continue }
            history.entries[index].commit?.release = releases[id]
        }
        return history
    }
}
