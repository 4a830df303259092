import Flagstaff
import Foundation
import Testing

/// Random trees of symbolic links (issue 33): links to files and folders inside
/// and outside the workspace, relative and absolute, chains, loops and links that
/// lead nowhere. Whatever the tree, a confined source never gives a byte of a file
/// outside, never lists a folder outside, and never hangs; a place a write would
/// go is always inside.
@Suite("Symbolic links against the boundary")
struct BoundaryFuzzTests {
    /// A small, seeded generator (SplitMix64), so a failing tree can be made again.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }
    }

    static let secret = "OUTSIDE-SECRET"
    /// Names a tree is made of, inside the workspace.
    static let names = ["a", "b", "c", "a/x", "a/y", "b/x", "c/d", "c/d/e"]

    /// Whether every folder between `workspace` and `url` is a real folder, or not there yet.
    static func onlyFolders(above url: URL, upTo workspace: URL) -> Bool {
        var folder = url.deletingLastPathComponent()
        while folder.path.count > workspace.path.count {
            if (try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path)) != nil { return false }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), !isFolder.boolValue { return false }
            folder = folder.deletingLastPathComponent()
        }
        return true
    }

    @Test(arguments: 0..<60) func aRandomTreeOfLinksNeverLeadsOutside(seed: UInt64) throws {
        var random = Generator(state: seed)
        try withTemporaryDirectory { folder in
            let workspace = folder.appendingPathComponent("ws"), outside = folder.appendingPathComponent("outside")
            try write("\(Self.secret)\n", to: "file", in: outside)
            try write("\(Self.secret)\n", to: "folder/file", in: outside)
            let targets = [
                outside.appendingPathComponent("file").path, outside.appendingPathComponent("folder").path, "../outside/file", "../../outside/folder",
                "../../../outside/file", "/nonexistent", "a", "b/x", "../a", "../../c", ".", "..", "x", "d/e",
            ]
            for name in Self.names {
                let url = workspace.appendingPathComponent(name)
                // Below a name that became a file or a link, nothing more is made.
                guard Self.onlyFolders(above: url, upTo: workspace) else { continue }
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                switch random.next() % 3 {
                case 0: try "inside \(name)\n".write(to: url, atomically: false, encoding: .utf8)
                case 1: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
                default: try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: targets.randomElement(using: &random)!)
                }
            }
            let source = DiskFileSource(root: workspace)
            let paths = Self.names + Self.names.map { "\($0)/file" } + Self.names.map { "\($0)/folder/file" }
                + ["../outside/file", outside.appendingPathComponent("file").path, outside.appendingPathComponent("folder").path]
            for path in paths {
                if let bytes = try? source.contents(of: path) {
                    #expect(!String(decoding: bytes, as: UTF8.self).contains(Self.secret), "seed \(seed): '\(path)' gave a file outside")
                }
                if let entries = try? source.entries(of: path) {
                    #expect(!entries.contains { $0.name == "file" && path.contains("outside") }, "seed \(seed): '\(path)' listed a folder outside")
                }
                let root = workspace.resolvingSymlinksInPath().path
                if let place = try? WorkspaceBoundary(root: workspace).place(of: workspace.appendingPathComponent(path).path, shown: path) {
                    #expect(place == root || place.hasPrefix(root + "/"), "seed \(seed): a write to '\(path)' would go to '\(place)'")
                }
            }
            for text in try source.files(below: "").compactMap({ try? source.text(of: $0) }) {
                #expect(!text.contains(Self.secret), "seed \(seed): the walk read a file outside")
            }
        }
    }
}
