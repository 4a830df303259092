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

    /// The configuration file of a fixture workspace.
    static func configuration(_ name: String) -> String {
        directory.appendingPathComponent(name).appendingPathComponent("flagstaff.yml").path
    }

    /// The text of a fixture file.
    static func text(_ path: String) throws -> String {
        try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8)
    }

    /// A new empty temporary folder.
    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flagstaff-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A copy of a fixture workspace in a temporary folder, so a test may change it.
    static func copy(_ name: String) throws -> URL {
        let destination = try temporaryDirectory().appendingPathComponent(name)
        try FileManager.default.copyItem(at: directory.appendingPathComponent(name), to: destination)
        return destination
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
