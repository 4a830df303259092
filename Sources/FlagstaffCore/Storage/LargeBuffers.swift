import Synchronization

/// What the system is told of the core's largest buffers before they are first
/// written. The core makes no system calls of its own: the command line installs
/// the advice (huge pages, on Linux), and a library user or a test that installs
/// none loses nothing but speed.
///
/// The resolved matrix of a large workspace is one buffer of tens of megabytes,
/// written once, all of it: faulted in 4 KiB at a time, its pages cost a tenth
/// of `matrix --format md` at 2,000 flags × 200 tenants × 6 environments.
public enum LargeBuffers {
    private static let advice = Mutex<(@Sendable (UnsafeMutableRawBufferPointer) -> Void)?>(nil)

    /// Installs what is told of each large buffer; `nil` tells nothing.
    public static func install(_ advise: (@Sendable (UnsafeMutableRawBufferPointer) -> Void)?) {
        advice.withLock { $0 = advise }
    }

    /// Tells the installed advice of a buffer that is about to be written for the first time.
    static func willFill(_ buffer: UnsafeMutableRawBufferPointer) {
        advice.withLock { $0 }?(buffer)
    }
}
