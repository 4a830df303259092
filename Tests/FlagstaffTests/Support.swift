import Flagstaff
import FlagstaffCore
import Foundation
import Synchronization

/// Paths and helpers shared by the tests.
enum Fixtures {
    /// The folder of fixture workspaces.
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// The folder of golden files.
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
    /// The repository's root.
    static let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `flagstaff` executable of this build: `$FLAGSTAFF_BIN`, else the one
    /// beside the test bundle in the same build folder (debug or release).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["FLAGSTAFF_BIN"] { return URL(fileURLWithPath: path) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while !FileManager.default.isExecutableFile(atPath: folder.appendingPathComponent("flagstaff").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.appendingPathComponent("flagstaff")
    }

    /// The configuration file of a fixture workspace.
    static func configuration(_ name: String) -> String {
        directory.appendingPathComponent(name).appendingPathComponent("flagstaff.yml").path
    }

    /// Compares text with a golden file; with `FLAGSTAFF_UPDATE_GOLDEN=1`, rewrites the golden file instead.
    static func golden(_ name: String, matches text: String) throws -> Bool {
        let url = goldenDirectory.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["FLAGSTAFF_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return try String(contentsOf: url, encoding: .utf8) == text
    }
}

/// Runs `body` with a new empty temporary folder, and removes the folder afterwards, whatever happens.
func withTemporaryDirectory<Result>(_ body: (URL) throws -> Result) throws -> Result {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("flagstaff-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// Runs `body` with a copy of a fixture workspace that it may change, and removes the copy afterwards.
func withCopy<Result>(of fixture: String, _ body: (URL) throws -> Result) throws -> Result {
    try withTemporaryDirectory { folder in
        let copy = folder.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: Fixtures.directory.appendingPathComponent(fixture), to: copy)
        return try body(copy)
    }
}

/// A console that records what a command prints.
final class RecordingConsole: Sendable {
    private let state = Mutex<(output: String, error: String)>(("", ""))

    var output: String { state.withLock { $0.output } }
    var error: String { state.withLock { $0.error } }

    func console(githubActions: Bool = false) -> Console {
        Console(
            output: { text in self.state.withLock { $0.output += text } },
            error: { text in self.state.withLock { $0.error += text } },
            githubActions: githubActions)
    }
}

/// Every file below a folder with its bytes, for before-and-after comparisons.
func snapshot(of directory: URL) throws -> [String: Data] {
    var files: [String: Data] = [:]
    let paths = FileManager.default.subpaths(atPath: directory.path) ?? []
    for path in paths {
        var isDirectory: ObjCBool = false
        let url = directory.appendingPathComponent(path)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[path] = try Data(contentsOf: url)
        }
    }
    return files
}

/// Runs git in a folder with a fixed identity, and optionally a fixed date; returns its exit status.
@discardableResult
func git(_ arguments: [String], in directory: URL, date: String? = nil) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false"] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    if let date {
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
    }
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}

/// Writes a text file, creating its folders.
func write(_ text: String, to path: String, in root: URL) throws {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
}

/// What a finished process returned.
struct ProcessResult {
    var status: Int32
    var output: String
    var error: String
}

/// Runs a command found on the PATH (`/usr/bin/env command arguments…`) in a
/// folder, with extra environment variables, and returns its status and output.
/// Its `TMPDIR` is a folder of its own, removed when it ends: the Swift
/// toolchain on Linux leaves a `TemporaryDirectory.…` folder behind for each
/// file it writes, which would pile up in `/tmp` run after run.
func run(_ command: String, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]) throws -> ProcessResult {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flagstaff-tests-tmp-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: scratch) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [command] + arguments
    process.currentDirectoryURL = directory
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = scratch.path
    process.environment = environment.merging(extra) { _, new in new }
    let output = Pipe(), errors = Pipe()
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    // Read standard error meanwhile, so neither pipe can fill up and stall the process.
    let errorText = Mutex("")
    let reading = DispatchGroup()
    DispatchQueue.global().async(group: reading) {
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        errorText.withLock { $0 = text }
    }
    let outputText = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    reading.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, output: outputText, error: errorText.withLock { $0 })
}
