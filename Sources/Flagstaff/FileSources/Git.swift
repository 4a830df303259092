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
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // `env` exits with 127 when it cannot find git.
        if process.terminationStatus == 127 { return nil }
        return Result(status: process.terminationStatus, output: [UInt8](data))
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
    /// An object's type (`blob`, `tree`, …) and bytes.
    struct Object {
        var type: String
        var contents: [UInt8]
    }

    private let process: Process
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
        process.waitUntilExit()
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
        return Object(type: String(fields[1]), contents: Array(contents.dropLast()))
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
