import FlagstaffCore
import Foundation

/// Runs git: the one place Flagstaff starts a process.
public enum Git {
    /// What a finished git command returned.
    public struct Result: Sendable {
        /// The exit status.
        public var status: Int32
        /// Everything it wrote to standard output.
        public var output: [UInt8]

        /// The output as UTF-8 text.
        public var text: String { String(decoding: output, as: UTF8.self) }
    }

    /// Runs `git arguments…` in a folder; `nil` when git cannot be started.
    public static func run(_ arguments: [String], in directory: URL) -> Result? {
        guard let process = makeProcess(arguments, in: directory) else { return nil }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        let exited = exitSignal(of: process)
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        exited.wait()
        return Result(status: process.terminationStatus, output: [UInt8](data))
    }

    /// What one `git rev-parse` says of the repository that holds a folder.
    struct Repository: Sendable {
        /// Why a folder's repository cannot be read.
        enum Problem: Error {
            /// No `git` to run.
            case noGit
            /// Git says the folder is not in a repository (or will not read it).
            case notARepository
            /// Git answered in a way Flagstaff cannot read.
            case unreadableAnswer
        }

        /// The folder's path inside the repository, with a trailing `/`, or empty.
        var prefix: String
        /// Whether the clone is shallow, so its oldest commit is not the branch's first.
        var isShallow: Bool
        /// How many bytes an object id has: 32 in a SHA-256 repository, 20 otherwise.
        var idLength: Int

        /// The repository that holds a folder.
        static func of(_ folder: URL) -> Swift.Result<Repository, Problem> {
            guard let facts = Git.run(["rev-parse", "--show-prefix", "--is-shallow-repository", "--show-object-format"], in: folder) else {
                return .failure(.noGit)
            }
            guard facts.status == 0 else { return .failure(.notARepository) }
            let lines = facts.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            guard lines.count >= 3 else { return .failure(.unreadableAnswer) }
            return .success(Repository(prefix: lines[0], isShallow: lines[1] == "true", idLength: lines[2] == "sha256" ? 32 : 20))
        }
    }

    /// A semaphore signalled when the process exits. Waiting on it returns at once,
    /// where `waitUntilExit` polls a run loop and can take tens of milliseconds
    /// more per process. Set it up before the process runs.
    static func exitSignal(of process: Process) -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        return exited
    }

    /// A git process set up the same way for every command: no pager, the C
    /// locale; `nil` when no `git` is on the `PATH`.
    static func makeProcess(_ arguments: [String], in directory: URL) -> Process? {
        guard let executable else { return nil }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        process.environment = environment
        return process
    }

    /// The `git` to run, found once in the `PATH` (`locate`), rather than through
    /// `env` on every run, which costs a process start each.
    static let executable = locate(inPath: ProcessInfo.processInfo.environment["PATH"] ?? "")

    /// The first executable file named `git` in a folder of a `PATH`. Relative
    /// folders (and empty entries, the current folder) are passed over: a pull
    /// request must not be able to put its own `git` there.
    static func locate(inPath path: String) -> URL? {
        for folder in path.split(separator: ":") where folder.hasPrefix("/") {
            let file = String(folder) + "/git"
            if Platform.followedKind(atPath: file) == .regular && Platform.isExecutable(file) { return URL(fileURLWithPath: file) }
        }
        return nil
    }
}

/// One running `git cat-file --batch`: reads objects by name (`REV:path`) one at
/// a time from the object store, so nothing is ever checked out.
final class GitObjectReader: @unchecked Sendable {
    /// An object's id (hexadecimal), type (`blob`, `tree`, …), size and bytes. A
    /// blob larger than `InputLimits.fileBytes` is not read: git's header gives its
    /// size, its bytes are skipped as they arrive, and `contents` is empty.
    struct Object {
        var id: String
        var type: String
        var size: Int
        var contents: [UInt8]

        /// Whether this is a blob past `InputLimits.fileBytes`, whose bytes were skipped.
        var isPastLimit: Bool { type == "blob" && size > InputLimits.fileBytes }
    }

    private let process: Process
    private let exited: DispatchSemaphore
    private let input: FileHandle
    private let output: FileHandle
    /// Git's output read so far, of which the first `consumed` bytes have been taken.
    private var buffer: [UInt8] = []
    private var consumed = 0
    /// Where one read puts git's output before it joins the buffer.
    private let scratch = UnsafeMutableRawPointer.allocate(byteCount: GitObjectReader.readSize, alignment: 1)
    private let lock = NSLock()

    /// Starts the reader in a repository folder; `nil` when git cannot be started.
    init?(repository: URL) {
        guard let process = Git.makeProcess(["cat-file", "--batch"], in: repository) else { return nil }
        self.process = process
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        exited = Git.exitSignal(of: process)
        do {
            try process.run()
        } catch {
            return nil
        }
        input = stdin.fileHandleForWriting
        output = stdout.fileHandleForReading
    }

    deinit {
        try? input.close()
        exited.wait()
        scratch.deallocate()
    }

    /// The object with a name, or `nil` when the repository has none.
    func object(_ name: String) -> Object? { objects([name])[0] }

    /// The objects with some names, in order, each `nil` when the repository has
    /// none. The names are asked all at once, so git works on the next object
    /// while the last one is read, rather than each waiting for a round trip.
    func objects(_ names: [String]) -> [Object?] {
        var results: [Object?] = []
        results.reserveCapacity(names.count)
        objects(names) { _, object in results.append(object) }
        return results
    }

    /// Hands `each` the objects with some names, in order, with their positions,
    /// each as soon as it is read, so that git reads the next ones meanwhile; `nil`
    /// for a name the repository has none for. No other request is answered
    /// until all of these are.
    func objects(_ names: [String], each: (Int, Object?) -> Void) {
        lock.lock()
        defer { lock.unlock() }
        // Few enough names at a time that the requests fit in the pipe whatever git
        // does: git cannot answer a request before it reads it, and never blocks on
        // its output while these are read.
        var start = 0
        while start < names.count {
            var (end, bytes) = (start, 0)
            while end < names.count, end == start || bytes + names[end].utf8.count < Self.requestBytes {
                bytes += names[end].utf8.count + 1
                end += 1
            }
            // A name with a line break would be read as two requests.
            let asked = names[start..<end].filter { !$0.contains("\n") }
            let written = Array(asked.map { $0 + "\n" }.joined().utf8).withUnsafeBytes { Platform.write($0, to: input.fileDescriptor) }
            for position in start..<end {
                each(position, written && !names[position].contains("\n") ? answer() : nil)
            }
            start = end
        }
    }

    /// How many bytes of requests are written at once: half a pipe's 64 KiB.
    private static let requestBytes = 32 << 10

    /// Reads the answer to one request: `<id> <type> <size>`, the bytes and a line
    /// break, or `<name> missing` (or `ambiguous`) alone. The bytes of a blob past
    /// `InputLimits.fileBytes` are skipped, never held.
    private func answer() -> Object? {
        guard let header = readLine() else { return nil }
        let fields = header.split(separator: " ")
        guard fields.count == 3, let size = Int(fields[2]), size >= 0 else { return nil }
        var object = Object(id: String(fields[0]), type: String(fields[1]), size: size, contents: [])
        if object.isPastLimit {
            guard skip(count: size) else { return nil }
        } else {
            guard let contents = read(count: size) else { return nil }
            object.contents = contents
        }
        guard read(count: 1) != nil else { return nil }
        return object
    }

    /// Reads more of git's output into the buffer; `false` at its end. Read with
    /// `read(2)` straight into the buffer: `FileHandle.availableData` would also
    /// ask for the pipe's status and make a `Data` each time, and a history reads
    /// tens of megabytes, a few kilobytes at a time.
    private func fill() -> Bool {
        // What has been read is let go before the buffer grows, not on every read.
        if consumed > 0 {
            buffer.removeSubrange(..<consumed)
            consumed = 0
        }
        let got = Platform.read(output.fileDescriptor, into: scratch, count: Self.readSize)
        guard got > 0 else { return false }
        buffer.append(contentsOf: UnsafeRawBufferPointer(start: scratch, count: got))
        return true
    }

    /// How many bytes one read asks for: a pipe's buffer.
    private static let readSize = 64 << 10

    private func readLine() -> String? {
        while true {
            if let newline = buffer[consumed...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[consumed..<newline], as: UTF8.self)
                consumed = newline + 1
                return line
            }
            guard fill() else { return nil }
        }
    }

    /// Passes over `count` bytes of git's output without keeping them; `false` when it ends first.
    private func skip(count: Int) -> Bool {
        var left = count
        while true {
            let taken = min(left, buffer.count - consumed)
            consumed += taken
            left -= taken
            if left == 0 { return true }
            // Nothing of the buffer is needed: it is let go, so it never grows past one read.
            buffer.removeAll(keepingCapacity: true)
            consumed = 0
            guard fill() else { return false }
        }
    }

    private func read(count: Int) -> [UInt8]? {
        while buffer.count - consumed < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[consumed..<(consumed + count)])
        consumed += count
        return bytes
    }
}
