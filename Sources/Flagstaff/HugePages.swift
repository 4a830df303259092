import FlagstaffCore

/// Huge pages for the core's largest buffers (see `LargeBuffers`).
public enum HugePages {
    /// Has the core's largest buffers backed by huge pages where the system
    /// allows it; the command line calls it once at start.
    public static func adviseLargeBuffers() {
        LargeBuffers.install { Platform.adviseHugePages($0) }
    }
}
