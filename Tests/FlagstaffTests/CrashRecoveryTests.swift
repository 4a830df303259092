import Foundation
import Testing

/// The built `flagstaff` stopped part-way through `new`, `remove` and `build`:
/// at chosen steps of its file transaction (`FLAGSTAFF_CRASH_AT_STEP`, which
/// exits as `kill -9` would), by a real `SIGKILL` at a random moment, and by
/// Ctrl-C. After the next command, every source file (and the output folder) is
/// all old or all new, and no temporary file or journal is left.
/// `scripts/kill-test` does the same hundreds of times.
@Suite("Crash recovery of the real commands", .serialized)
struct CrashRecoveryTests {
    static let new = ["new", "--case", "loyaltyPoints", "--group", "Media", "--description", "Shows loyalty points.", "--on", "AAA", "--yes"]
    static let remove = ["remove", "ENABLE_DARK_MODE", "--force"]

    /// Every file below a folder, as text, except what git or the build keep.
    static func files(in folder: URL, under: String? = nil) -> [String: String] {
        var files: [String: String] = [:]
        let base = under.map { folder.appendingPathComponent($0) } ?? folder
        for path in FileManager.default.subpaths(atPath: base.path) ?? [] {
            let url = base.appendingPathComponent(path)
            guard under != nil || !path.hasPrefix("out/") && path != "out" else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files[path] = (try? String(contentsOf: url, encoding: .utf8)) ?? "<binary>"
            }
        }
        return files
    }

    /// Temporary files and journals a transaction might leave.
    static func leftovers(in folder: URL) -> [String] {
        (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { path in
            [".flagstaff-new", ".flagstaff-old", ".flagstaff-journal"].contains { path.hasSuffix($0) }
        }.sorted()
    }

    /// Runs the binary in a folder; returns its exit status and standard error.
    static func flagstaff(_ arguments: [String], in folder: URL, crashAt step: Int? = nil) throws -> (status: Int32, error: String) {
        let result = try run(
            Fixtures.binary.path, arguments, in: folder, environment: step.map { ["FLAGSTAFF_CRASH_AT_STEP": String($0)] } ?? [:])
        return (result.status, result.error)
    }

    /// The sources before and after a command that runs to its end.
    static func outcomes(of arguments: [String], fixture: String = "authoring") throws -> (old: [String: String], new: [String: String]) {
        try withCopy(of: fixture) { folder in
            let old = files(in: folder)
            let result = try flagstaff(arguments, in: folder)
            #expect(result.status == 0, "\(result.error)")
            return (old, files(in: folder))
        }
    }

    @Test(arguments: [new, remove])
    func aCommandStoppedAtAnyStepIsFinishedOrUndoneByTheNextOne(_ arguments: [String]) throws {
        let (old, new) = try Self.outcomes(of: arguments)
        #expect(old != new)
        var recovered: Set<String> = []
        // Steps 1, 2, 3, 5, 8, 13, …: the early records, the staging, the commit and the renames.
        var (step, next) = (1, 2)
        while true {
            let finished = try withCopy(of: "authoring") { folder in
                let crashed = try Self.flagstaff(arguments, in: folder, crashAt: step)
                guard crashed.status == 137 else { return true }
                let after = try Self.flagstaff(["validate"], in: folder)
                #expect(after.status == 0, "\(after.error)")
                let state = Self.files(in: folder)
                #expect(state == old || state == new, "stopped at step \(step): \(arguments[0]) left a mix")
                #expect(Self.leftovers(in: folder).isEmpty, "stopped at step \(step)")
                if after.error.contains("flagstaff: note: finished the change `flagstaff \(arguments[0])") { recovered.insert("finished") }
                if after.error.contains("flagstaff: note: rolled back the change `flagstaff \(arguments[0])") { recovered.insert("rolled back") }
                return false
            }
            if finished { break }
            (step, next) = (next, step + next)
        }
        #expect(recovered == ["finished", "rolled back"])
    }

    /// `init` writes `flagstaff.yml` as every source is written: stopped at any
    /// step, the folder has no configuration or the whole one, never part of it.
    @Test func anInitStoppedAtAnyStepLeavesNoConfigurationOrTheWholeOne() throws {
        let whole = try withCopy(of: "swift-static-properties") { folder in
            try FileManager.default.removeItem(at: folder.appendingPathComponent("flagstaff.yml"))
            let result = try Self.flagstaff(["init"], in: folder)
            #expect(result.status == 0, "\(result.error)")
            return try String(contentsOf: folder.appendingPathComponent("flagstaff.yml"), encoding: .utf8)
        }
        var crashes = 0
        for step in 1...12 {
            let finished = try withCopy(of: "swift-static-properties") { folder in
                let configuration = folder.appendingPathComponent("flagstaff.yml")
                try FileManager.default.removeItem(at: configuration)
                let crashed = try Self.flagstaff(["init"], in: folder, crashAt: step)
                guard crashed.status == 137 else { return true }
                crashes += 1
                // The next command finishes or undoes the write; `init` again then writes it whole or refuses to replace it.
                _ = try Self.flagstaff(["init"], in: folder)
                let text = try? String(contentsOf: configuration, encoding: .utf8)
                #expect(text == whole, "stopped at step \(step)")
                #expect(Self.leftovers(in: folder).isEmpty, "stopped at step \(step)")
                return false
            }
            if finished { break }
        }
        #expect(crashes > 2)
    }

    @Test func aBuildStoppedAtAnyStepLeavesTheOldOrTheNewSite() throws {
        try withCopy(of: "authoring") { folder in
            #expect(try Self.flagstaff(["build"], in: folder).status == 0)
            let oldSite = Self.files(in: folder, under: "out")
            let change = try Self.flagstaff(Self.new, in: folder)  // rebuilds the site too
            #expect(change.status == 0, "\(change.error)")
            let newSite = Self.files(in: folder, under: "out")
            #expect(oldSite != newSite)
            // Back to the old site, then the build of the new sources is stopped.
            var (step, next) = (1, 2)
            var outcomes: Set<String> = []
            while true {
                try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
                try FileManager.default.createDirectory(at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
                for (path, text) in oldSite { try write(text, to: "out/" + path, in: folder) }
                let crashed = try Self.flagstaff(["build"], in: folder, crashAt: step)
                if crashed.status != 137 { break }
                let after = try Self.flagstaff(["list"], in: folder)
                #expect(after.status == 0, "\(after.error)")
                let site = Self.files(in: folder, under: "out")
                #expect(site == oldSite || site == newSite, "build stopped at step \(step) left a mix")
                #expect(Self.leftovers(in: folder).isEmpty)
                outcomes.insert(site == oldSite ? "old" : "new")
                (step, next) = (next, step + next)
            }
            #expect(outcomes == ["old", "new"])
        }
    }

    /// With `matrix_file`, the site and its copy beside the sources are one change:
    /// a build stopped at any step, between the site's last rename and the copy's
    /// among them, leaves both old or both new once the next command has run.
    @Test func aBuildStoppedAtAnyStepLeavesTheSiteAndMatrixFileBothOldOrBothNew() throws {
        try withCopy(of: "authoring") { folder in
            let configuration = try String(contentsOf: folder.appendingPathComponent("flagstaff.yml"), encoding: .utf8)
            try write(configuration + "matrix_file: docs/FLAGS.md\n", to: "flagstaff.yml", in: folder)
            let copy = folder.appendingPathComponent("docs/FLAGS.md")
            #expect(try Self.flagstaff(["build"], in: folder).status == 0)
            let old = (site: Self.files(in: folder, under: "out"), copy: try String(contentsOf: copy, encoding: .utf8))
            let change = try Self.flagstaff(Self.new, in: folder)  // rebuilds the site and the copy too
            #expect(change.status == 0, "\(change.error)")
            let new = (site: Self.files(in: folder, under: "out"), copy: try String(contentsOf: copy, encoding: .utf8))
            #expect(old.site != new.site && old.copy != new.copy)
            var (step, next) = (1, 2)
            var outcomes: Set<String> = []
            while true {
                try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
                for (path, text) in old.site { try write(text, to: "out/" + path, in: folder) }
                try write(old.copy, to: "docs/FLAGS.md", in: folder)
                let crashed = try Self.flagstaff(["build"], in: folder, crashAt: step)
                if crashed.status != 137 { break }
                let after = try Self.flagstaff(["list"], in: folder)
                #expect(after.status == 0, "\(after.error)")
                let state = (site: Self.files(in: folder, under: "out"), copy: try String(contentsOf: copy, encoding: .utf8))
                #expect(state == old || state == new, "build stopped at step \(step) left a mix of the site and matrix_file")
                #expect(Self.leftovers(in: folder).isEmpty)
                outcomes.insert(state == old ? "old" : state == new ? "new" : "mix")
                (step, next) = (next, step + next)
            }
            #expect(outcomes == ["old", "new"])
        }
    }

    /// A real `kill -9` at seeded random moments of `new` and `remove`.
    @Test func sigkillAtRandomMomentsNeverLeavesAMix() throws {
        var generator = SeededGenerator(seed: 23)
        for arguments in [Self.new, Self.remove] {
            let (old, new) = try Self.outcomes(of: arguments)
            for _ in 0..<3 {
                try withCopy(of: "authoring") { folder in
                    let delay = Double.random(in: 0.0...0.25, using: &generator)
                    _ = try Self.stop(arguments, in: folder, after: delay, signal: SIGKILL)
                    #expect(try Self.flagstaff(["validate"], in: folder).status == 0)
                    let state = Self.files(in: folder)
                    #expect(state == old || state == new, "\(arguments[0]) killed after \(delay) s")
                    #expect(Self.leftovers(in: folder).isEmpty)
                }
            }
        }
    }

    /// Ctrl-C, with no command after it: the files are whole at once.
    @Test func ctrlCLeavesEveryFileAsItWasOrFinished() throws {
        var generator = SeededGenerator(seed: 2026)
        let (old, new) = try Self.outcomes(of: Self.new)
        for _ in 0..<4 {
            try withCopy(of: "authoring") { folder in
                let delay = Double.random(in: 0.0...0.25, using: &generator)
                let status = try Self.stop(Self.new, in: folder, after: delay, signal: SIGINT)
                let state = Self.files(in: folder)
                #expect(status == 0 || status == 130, "exit status \(status)")
                #expect(state == (status == 0 ? new : old) || state == new, "Ctrl-C after \(delay) s")
                #expect(Self.leftovers(in: folder).isEmpty, "Ctrl-C after \(delay) s")
            }
        }
    }

    /// Ctrl-C during a build: the old site or the new one, whole, at once.
    @Test func ctrlCDuringABuildLeavesTheOldSiteOrTheNewOne() throws {
        var generator = SeededGenerator(seed: 130)
        try withCopy(of: "authoring") { folder in
            #expect(try Self.flagstaff(["build"], in: folder).status == 0)
            let oldSite = Self.files(in: folder, under: "out")
            #expect(try Self.flagstaff(Self.new, in: folder).status == 0)
            let newSite = Self.files(in: folder, under: "out")
            for _ in 0..<4 {
                try FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
                for (path, text) in oldSite { try write(text, to: "out/" + path, in: folder) }
                let delay = Double.random(in: 0.0...0.15, using: &generator)
                let status = try Self.stop(["build"], in: folder, after: delay, signal: SIGINT)
                let site = Self.files(in: folder, under: "out")
                #expect(status == 0 || status == 130, "exit status \(status)")
                // A signal that lands after the last rename finds nothing to undo.
                #expect(site == newSite || (status == 130 && site == oldSite), "Ctrl-C after \(delay) s, exit \(status)")
                #expect(Self.leftovers(in: folder).isEmpty, "Ctrl-C after \(delay) s")
            }
        }
    }

    /// Starts the binary, sends it a signal after `delay` seconds (if it is still
    /// running), and returns its exit status (128 + the signal when it died of it).
    static func stop(_ arguments: [String], in folder: URL, after delay: Double, signal: Int32) throws -> Int32 {
        let process = Process()
        process.executableURL = Fixtures.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        if process.isRunning { kill(process.processIdentifier, signal) }
        process.waitUntilExit()
        return process.terminationReason == .uncaughtSignal ? 128 + process.terminationStatus : process.terminationStatus
    }
}

/// A small deterministic generator (SplitMix64), so random moments repeat from run to run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
