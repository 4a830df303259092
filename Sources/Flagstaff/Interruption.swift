import Synchronization

/// What Ctrl-C (`SIGINT`) and `kill` (`SIGTERM`) do to a command. When no file
/// is being written, the process stops at once. While a `FileTransaction` is
/// open, the signal is only noted: the transaction notices it at its next step,
/// undoes what it did, and the command exits with 130 (128 + the signal),
/// leaving every file as it was.
public final class Interruption: Sendable {
    /// The process's own, which the command line's signal handler reports to.
    public static let process = Interruption()

    private let state = Mutex<(writers: Int, signal: Int32?)>((0, nil))

    /// A new record of interruptions, for tests.
    init() {}

    /// Routes the process's stop signals here; the command line calls it once at start.
    public static func handleStopSignals() {
        Platform.onStopSignal { number in process.received(number) }
    }

    /// A stop signal arrived: stops the process unless files are being written.
    func received(_ number: Int32) {
        state.withLock { state in
            // Stopping while the lock is held: no transaction can begin meanwhile.
            if state.writers == 0 { Platform.exitNow(Platform.exitStatus(forSignal: number)) }
            state.signal = number
        }
    }

    /// Whether a stop signal arrived while files were being written.
    var isInterrupted: Bool { state.withLock { $0.signal != nil } }

    /// A transaction starts writing; throws if a signal already arrived.
    func begin() throws(FlagstaffError) {
        let stopped: Bool = state.withLock { state in
            guard state.signal == nil else { return true }
            state.writers += 1
            return false
        }
        if stopped { throw .interrupted }
    }

    /// Work that must finish even after a signal (a recovery) starts.
    func holdOff() {
        state.withLock { $0.writers += 1 }
    }

    /// A transaction or a recovery ended.
    func end() {
        state.withLock { $0.writers -= 1 }
    }

    /// Throws when a stop signal arrived.
    func check() throws(FlagstaffError) {
        if isInterrupted { throw .interrupted }
    }
}
