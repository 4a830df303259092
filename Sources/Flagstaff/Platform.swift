#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Flagstaff needs a POSIX C library: Glibc or Musl on Linux, Darwin on macOS")
#endif
import Dispatch

/// The C functions whose names `Platform` reuses for its own, taken by module,
/// since inside `Platform` the plain name means its own function.
private enum System {
    #if canImport(Glibc)
    static let (write, read, close, rename, link) = (Glibc.write, Glibc.read, Glibc.close, Glibc.rename, Glibc.link)
    #elseif canImport(Musl)
    static let (write, read, close, rename, link) = (Musl.write, Musl.read, Musl.close, Musl.rename, Musl.link)
    #else
    static let (write, read, close, rename, link) = (Darwin.write, Darwin.read, Darwin.close, Darwin.rename, Darwin.link)
    #endif
}

/// The operating system's calls that Flagstaff makes directly: the only file
/// that names the C library. Everything else goes through Foundation, which is
/// the same on Linux and macOS, or through these functions, so the package
/// builds on both. `PlatformGuardTests` fails when another file calls the C
/// library for files, descriptors, locks or signals, or names `Glibc`, `Musl` or
/// `Darwin`.
///
/// Each call is the plain POSIX one on both systems; what differs (the module,
/// the width of `st_mode`) stays inside.
enum Platform {
    /// The descriptor of standard input.
    static let standardInput: Int32 = STDIN_FILENO
    /// The descriptor of standard output.
    static let standardOutput: Int32 = STDOUT_FILENO
    /// The descriptor of standard error.
    static let standardError: Int32 = STDERR_FILENO

    /// The text of the last system error (`errno`).
    static var lastError: String { String(cString: strerror(errno)) }

    /// Whether a descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }

    /// Writes every byte to a descriptor, retrying after a signal; `false` when a write fails.
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var rest = bytes
        while !rest.isEmpty {
            let count = System.write(descriptor, rest.baseAddress!, rest.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return false }
            rest = UnsafeRawBufferPointer(rebasing: rest[count...])
        }
        return true
    }

    // MARK: - Reading files

    /// Opens a file for reading; `nil` when it cannot be opened.
    static func openForReading(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        return descriptor >= 0 ? descriptor : nil
    }

    /// The size of an open descriptor's file, or `nil` when it is not a regular file.
    static func regularFileSize(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }

    /// Reads up to `count` bytes; the number read, 0 at the end, negative on failure.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let got = System.read(descriptor, buffer, count)
            if got < 0 && errno == EINTR { continue }
            return got
        }
    }

    /// Closes a descriptor.
    static func close(_ descriptor: Int32) {
        _ = System.close(descriptor)
    }

    // MARK: - What is at a path

    /// What is at a path, as `lstat` sees it: a symbolic link is not followed.
    enum EntryKind: Equatable, Sendable {
        case regular, directory, link, other
    }

    /// What is at a path without following a symbolic link; `nil` when nothing is there.
    static func entryKind(atPath path: String) -> EntryKind? {
        var status = stat()
        guard lstat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// What a path leads to after following symbolic links; `nil` when nothing is there.
    static func followedKind(atPath path: String) -> EntryKind? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        default: return .other
        }
    }

    /// The names in a folder (without `.` and `..`), each with what it is as the
    /// folder says (`readdir`'s `d_type`), which spares an `lstat` per name: `nil`
    /// where the file system does not say. `nil` when the folder cannot be read.
    static func folderEntries(atPath path: String) -> [(name: String, kind: EntryKind?)]? {
        guard let folder = opendir(path) else { return nil }
        defer { closedir(folder) }
        var entries: [(name: String, kind: EntryKind?)] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let kind: EntryKind? =
                switch Int32(entry.pointee.d_type) {
                case Int32(DT_REG): .regular
                case Int32(DT_DIR): .directory
                case Int32(DT_LNK): .link
                case Int32(DT_UNKNOWN): nil
                default: .other
                }
            entries.append((name, kind))
        }
        return entries
    }

    /// The absolute path a path leads to, with every symbolic link, `.` and `..`
    /// resolved (`realpath`); `nil` when a part of it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // MARK: - Writing files

    /// Creates a new file with these bytes, failing rather than following or
    /// replacing anything already at the path (`O_EXCL`). With `durable`, the
    /// bytes reach the disk (`fsync`) before it returns. Returns the reason on failure.
    static func createFile(_ path: String, bytes: UnsafeRawBufferPointer, durable: Bool = false) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return "cannot create '\(path)': \(lastError)" }
        var failure: String?
        if !write(bytes, to: descriptor) {
            failure = "cannot write '\(path)': \(lastError)"
        } else if durable && fsync(descriptor) != 0 {
            failure = "cannot flush '\(path)' to disk: \(lastError)"
        }
        close(descriptor)
        if failure != nil { unlink(path) }
        return failure
    }

    /// Creates a journal file that must not exist yet, with its first line, and
    /// returns its descriptor, open for appending; `nil` on failure.
    static func createJournal(_ path: String, header: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        guard append(header, to: descriptor, flush: false) else {
            close(descriptor)
            unlink(path)
            return nil
        }
        return descriptor
    }

    /// Appends a line to a journal in one write; with `flush`, waits until it is on disk.
    static func append(_ line: String, to descriptor: Int32, flush: Bool) -> Bool {
        var line = line
        let written = line.withUTF8 { write(UnsafeRawBufferPointer($0), to: descriptor) }
        return written && (!flush || fsync(descriptor) == 0)
    }

    /// Makes a file's bytes reach the disk.
    static func flushFile(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Replaces `destination` by `source` in one step; the reason on failure.
    static func rename(_ source: String, to destination: String) -> String? {
        System.rename(source, destination) == 0 ? nil : "cannot rename '\(source)' to '\(destination)': \(lastError)"
    }

    /// A second name for a file (a hard link); the reason on failure.
    static func link(_ existing: String, as newName: String) -> String? {
        System.link(existing, newName) == 0 ? nil : "cannot link '\(existing)' as '\(newName)': \(lastError)"
    }

    /// Removes a file (not a folder); `true` when it is gone, or was never there.
    @discardableResult
    static func removeFile(_ path: String) -> Bool {
        unlink(path) == 0 || errno == ENOENT
    }

    /// Removes an empty folder; `false` when it is not empty or cannot be removed.
    @discardableResult
    static func removeEmptyFolder(_ path: String) -> Bool {
        rmdir(path) == 0
    }

    /// Makes a folder's entries (new names, renames) reach the disk.
    static func flushFolder(_ path: String) {
        guard let descriptor = openForReading(path) else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// The permission bits of a file, or `nil` when there is none.
    static func permissions(atPath path: String) -> UInt32? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return UInt32(status.st_mode) & 0o7777
    }

    /// Sets a file's permission bits; `true` on success.
    @discardableResult
    static func setPermissions(_ permissions: UInt32, atPath path: String) -> Bool {
        chmod(path, mode_t(permissions)) == 0
    }

    /// Whether this process may write to a path.
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Whether this process may run the file at a path.
    static func isExecutable(_ path: String) -> Bool { access(path, X_OK) == 0 }

    // MARK: - Locks

    /// An exclusive lock on a folder: `flock` on the folder itself, so no lock file
    /// is left behind. The system drops it when the process ends, however it ends.
    struct FolderLock: ~Copyable {
        private let descriptor: Int32

        /// Waits for the lock on a folder; throws the reason when it cannot be taken.
        init(_ path: String) throws(PlatformError) {
            guard let descriptor = Platform.openForReading(path) else {
                throw PlatformError("cannot open '\(path)' to lock it: \(Platform.lastError)")
            }
            guard flock(descriptor, LOCK_EX) == 0 else {
                Platform.close(descriptor)
                throw PlatformError("cannot lock '\(path)': \(Platform.lastError)")
            }
            self.descriptor = descriptor
        }

        deinit {
            flock(descriptor, LOCK_UN)
            Platform.close(descriptor)
        }
    }

    // MARK: - Signals

    /// The signals that ask a command to stop: Ctrl-C and `kill`.
    static let stopSignals: [Int32] = [SIGINT, SIGTERM]

    /// Stops the process at once with a status, running no clean-up; for a
    /// signal handler, which must not wait for work in progress.
    static func exitNow(_ status: Int32) -> Never { _exit(status) }

    /// Calls `handler` on a queue of its own, instead of ending the process, each
    /// time one of `stopSignals` arrives. The sources are kept until the process ends.
    static func onStopSignal(_ handler: @escaping @Sendable (Int32) -> Void) {
        let queue = DispatchQueue(label: "flagstaff.signals")
        for number in stopSignals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { handler(number) }
            source.resume()
            SignalSources.kept.append(source)
        }
    }

    /// The exit status a shell reports for a process stopped by a signal.
    static func exitStatus(forSignal number: Int32) -> Int32 { 128 + number }

    // MARK: - Memory

    /// The size of a huge page on Linux with 4 KiB pages (x86-64, and arm64 as
    /// distributions build it).
    static let hugePageSize = 1 << 21

    /// Asks Linux to back a buffer that is about to be filled with huge pages
    /// (`madvise(MADV_HUGEPAGE)` on the whole huge pages inside it), so that
    /// filling it takes one fault per 2 MiB rather than one per 4 KiB. The system
    /// follows the advice when its transparent huge pages are set to `madvise` (as
    /// Debian and Ubuntu ship) or `always`, and ignores it when they are `never`.
    /// Nothing to ask on macOS, which picks its page sizes itself.
    static func adviseHugePages(_ buffer: UnsafeMutableRawBufferPointer) {
        #if os(Linux)
        guard let start = buffer.baseAddress, let pages = wholeHugePages(start: UInt(bitPattern: start), count: buffer.count) else { return }
        _ = madvise(UnsafeMutableRawPointer(bitPattern: pages.lowerBound), Int(pages.upperBound - pages.lowerBound), MADV_HUGEPAGE)
        #endif
    }

    /// The addresses of the whole huge pages inside `count` bytes from `start`;
    /// `nil` when there is none.
    static func wholeHugePages(start: UInt, count: Int) -> Range<UInt>? {
        let size = UInt(hugePageSize)
        let (first, end) = ((start + size - 1) / size * size, (start + UInt(count)) / size * size)
        return first < end ? first..<end : nil
    }
}

/// Keeps the signal sources alive: a released source stops delivering.
private enum SignalSources {
    nonisolated(unsafe) static var kept: [any DispatchSourceSignal] = []
}

/// A system call that failed, with the reason in words.
struct PlatformError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
