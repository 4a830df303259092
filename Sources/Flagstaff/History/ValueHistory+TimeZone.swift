import FlagstaffCore
import FlagstaffReaders

extension ValueHistory {
    /// The history with every template version's publishing time shown in
    /// `zone` (`time_zone`; UTC when `nil`): a commit read with a configuration
    /// of its own, older than the team's `time_zone`, or a snapshot written before
    /// it, is shown in today's terms like the rest.
    func showingTimes(in zone: String?) -> ValueHistory {
        func shown(_ version: RemoteTemplateVersion?) -> RemoteTemplateVersion? {
            guard var version else { return nil }
            version.shownTime = zone.flatMap { zone in version.updateTime.flatMap { PublishingTime.shown($0, in: zone) } }
            return version
        }
        var history = self
        for index in history.entries.indices {
            history.entries[index].templateVersions = history.entries[index].templateVersions.mapValues { shown($0)! }
            for change in history.entries[index].remoteChanges.indices {
                if case .version(let old, let new) = history.entries[index].remoteChanges[change].kind {
                    history.entries[index].remoteChanges[change].kind = .version(old: shown(old), new: shown(new))
                }
            }
        }
        return history
    }
}
