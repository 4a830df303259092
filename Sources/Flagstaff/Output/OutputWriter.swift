import FlagstaffRenderers
import Foundation

/// Puts rendered files into the output folder. Everything is rendered in memory
/// before the first write, so a failing build never touches the folder. Each file
/// is replaced by an atomic rename, and only when its bytes change. A manifest
/// remembers what Flagstaff wrote, so files it no longer produces are removed
/// and files it never wrote are left alone.
public struct OutputWriter {
    /// The manifest's name inside the output folder.
    public static let manifestName = ".flagstaff-manifest"

    /// The output folder.
    public let directory: URL

    /// Creates a writer for a folder.
    public init(directory: URL) {
        self.directory = directory
    }

    /// How the folder differs from what a build would write.
    public struct Difference: Equatable, Sendable {
        /// Files a build would create.
        public var missing: [String] = []
        /// Files whose bytes would change.
        public var changed: [String] = []
        /// Files an earlier build wrote that a build would now remove.
        public var stale: [String] = []

        /// Whether the folder already holds exactly what a build would write.
        public var isEmpty: Bool { missing.isEmpty && changed.isEmpty && stale.isEmpty }
    }

    /// Compares the folder with the files a build would write, without writing.
    public func difference(from files: [OutputFile]) -> Difference {
        var difference = Difference()
        for file in withManifest(files) {
            let url = directory.appendingPathComponent(file.path)
            guard let existing = FileManager.default.contents(atPath: url.path) else {
                difference.missing.append(file.path)
                continue
            }
            if existing.elementsEqual(file.contents) == false { difference.changed.append(file.path) }
        }
        let produced = Set(files.map(\.path))
        difference.stale = previousManifest().filter { !produced.contains($0) && exists($0) }
        return difference
    }

    /// Writes the files whose bytes changed, removes files an earlier build wrote
    /// that are no longer produced, and returns how many files were written.
    @discardableResult
    public func write(_ files: [OutputFile]) throws(FlagstaffError) -> (written: Int, removed: Int) {
        let difference = difference(from: files)
        let toWrite = Set(difference.missing + difference.changed)
        do {
            for file in withManifest(files) where toWrite.contains(file.path) {
                let url = directory.appendingPathComponent(file.path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(file.contents).write(to: url, options: .atomic)
            }
            for path in difference.stale {
                try FileManager.default.removeItem(at: directory.appendingPathComponent(path))
            }
        } catch {
            throw .io("cannot write to '\(directory.path)': \(error.localizedDescription)")
        }
        return (toWrite.count, difference.stale.count)
    }

    /// The files plus the manifest that lists them.
    private func withManifest(_ files: [OutputFile]) -> [OutputFile] {
        let paths = files.map(\.path).sorted()
        let text = "# Files written by flagstaff build; files not listed here are never touched.\n"
            + paths.map { $0 + "\n" }.joined()
        return files + [OutputFile(path: Self.manifestName, text: text)]
    }

    private func previousManifest() -> [String] {
        let url = directory.appendingPathComponent(Self.manifestName)
        guard let data = FileManager.default.contents(atPath: url.path) else { return [] }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty && !$0.contains("..") }
    }

    private func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: directory.appendingPathComponent(path).path)
    }
}
