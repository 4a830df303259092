import Synchronization

/// The SHA-256 of each file a `DiskFileSource` reads, taken from its bytes as they
/// are first read, so the digest a site's footer names (`SourceDigest`) needs no
/// second read of the sources. Files below the folders `skip(folders:)` names (the
/// app's code, the templates: no part of that digest) are counted, not hashed.
final class FileDigests: Sendable {
    private struct State {
        var hashes: [String: String] = [:]
        var reads: [String: Int] = [:]
        var skipped: [String] = []
    }

    private let state = Mutex(State())

    /// Files below these folders (paths as the source is asked for them) are not hashed from now on.
    func skip(folders: [String]) {
        state.withLock { $0.skipped = folders.map { $0.hasSuffix("/") ? $0 : $0 + "/" } }
    }

    /// Notes that `path` was read as `bytes`, and hashes them when it is read the first time.
    func record(_ path: String, _ bytes: UnsafeBufferPointer<UInt8>) {
        let hashes = state.withLock { state in
            state.reads[path, default: 0] += 1
            return state.reads[path] == 1 && !state.skipped.contains { path.hasPrefix($0) }
        }
        guard hashes else { return }
        let hash = SHA256.hex(bytes)
        state.withLock { $0.hashes[path] = hash }
    }

    /// The SHA-256 of a file's bytes as first read, as 64 hexadecimal digits; `nil` when it was not read or not hashed.
    func hash(of path: String) -> String? {
        state.withLock { $0.hashes[path] }
    }

    /// How many times each file was read: once each, in a build.
    var reads: [String: Int] {
        state.withLock { $0.reads }
    }
}
