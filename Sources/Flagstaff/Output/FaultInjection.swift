import Foundation
import Synchronization

/// Stops the process dead at a chosen step of a `FileTransaction`, for the
/// crash tests: with `FLAGSTAFF_CRASH_AT_STEP=N`, the N-th step (a journal
/// record, a staged file, a backup, a rename, a removal) is the last one done,
/// and the process exits with 137 as if killed by `SIGKILL`, running no clean-up.
/// Without the variable each step costs one check of a constant.
enum FaultInjection {
    private static let limit: Int? = ProcessInfo.processInfo.environment["FLAGSTAFF_CRASH_AT_STEP"].flatMap(Int.init)
    private static let count = Mutex(0)

    /// Marks the end of a step.
    static func step() {
        guard let limit else { return }
        let reached = count.withLock { count in
            count += 1
            return count >= limit
        }
        if reached { Platform.exitNow(137) }
    }
}
