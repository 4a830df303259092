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
        let process = makeProcess(arguments, in: directory)
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
        // `env` exits with 127 when it cannot find git.
        if process.terminationStatus == 127 { return nil }
        return Result(status: process.terminationStatus, output: [UInt8](data))
    }

    /// A semaphore signalled when the process exits. Waiting on it returns at once,
    /// where `waitUntilExit` polls a run loop and can take tens of milliseconds
    /// more per process. Set it up before the process runs.
    static func exitSignal(of process: Process) -> DispatchSemaphore {
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        return exited
    }

    /// A git process set up the same way for every command: no pager, the C locale.
    static func makeProcess(_ arguments: [String], in directory: URL) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_PAGER"] = "cat"
        environment["LC_ALL"] = "C"
        process.environment = environment
        return process
    }
}

/// One running `git cat-file --batch`: reads objects by name (`REV:path`) one at
/// a time from the object store, so nothing is ever checked out.
final class GitObjectReader: @unchecked Sendable {
    /// An object's id (hexadecimal), type (`blob`, `tree`, …) and bytes.
    struct Object {
        var id: String
        var type: String
        var contents: [UInt8]
    }

    private let process: Process
    private let exited: DispatchSemaphore
    private let input: FileHandle
    private let output: FileHandle
    private var buffer: [UInt8] = []
    private let lock = NSLock()

    /// Starts the reader in a repository folder; `nil` when git cannot be started.
    init?(repository: URL) {
        process = Git.makeProcess(["cat-file", "--batch"], in: repository)
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
    }

    /// The object with a name, or `nil` when the repository has none.
    func object(_ name: String) -> Object? {
        lock.lock()
        defer { lock.unlock() }
        // A name with a line break would be read as two requests.
        guard !name.contains("\n"), (try? input.write(contentsOf: Data((name + "\n").utf8))) != nil,
            let header = readLine()
        else { return nil }
        // "<sha> <type> <size>" or "<name> missing" (or "ambiguous").
        let fields = header.split(separator: " ")
        guard fields.count == 3, let size = Int(fields[2]), let contents = read(count: size + 1) else { return nil }
        return Object(id: String(fields[0]), type: String(fields[1]), contents: Array(contents.dropLast()))
    }

    private func fill() -> Bool {
        let data = output.availableData
        guard !data.isEmpty else { return false }
        buffer.append(contentsOf: data)
        return true
    }

    private func readLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: buffer[..<newline], as: UTF8.self)
                buffer.removeSubrange(...newline)
                return line
            }
            guard fill() else { return nil }
        }
    }

    private func read(count: Int) -> [UInt8]? {
        while buffer.count < count {
            guard fill() else { return nil }
        }
        let bytes = Array(buffer[..<count])
        buffer.removeSubrange(..<count)
        return bytes
    }
}
