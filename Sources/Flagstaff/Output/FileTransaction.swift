import Foundation

/// Replaces, creates and removes several files as one change: however the
/// process ends (an error, Ctrl-C, `kill -9`, a crash), every file ends up
/// either as it was or as the change makes it, all of them the same way, and no
/// temporary file stays behind.
///
/// It keeps an intent record, the *journal*, in a folder (the workspace's for
/// sources, the output folder for a build), and holds a lock on that folder while
/// it works:
///
/// 1. Creating a transaction writes the journal's header.
/// 2. `write(_:to:)` records a file, keeps the old one under a second name
///    (`.name.flagstaff-old`, a hard link, so nothing is copied), then writes the
///    new bytes beside it under a temporary name (`.name.flagstaff-new`);
///    `remove(_:)` and `createFolder(_:)` record what they will do.
/// 3. `commit()` records `commit` (the point of no return), renames every staged
///    file into place and every removed file onto its backup name, then removes
///    the backups and the journal.
///
/// The next command to touch the folder calls `recover`, which reads the journal:
/// without `commit` the change never touched a file, so it rolls back (removes
/// the temporary files); with `commit` it finishes the renames; after `abort`
/// (an error or Ctrl-C during the renames) it puts the backups back. Each of
/// these can itself be interrupted and run again.
///
/// Writing the journal before each step, rather than listing the files once,
/// means a crash while staging leaves nothing the journal does not name.
final class FileTransaction {
    /// The journal's name in its folder.
    static let journalName = ".flagstaff-journal"
    /// The suffix of a new file's temporary name.
    static let stagedSuffix = ".flagstaff-new"
    /// The suffix of an old file's backup name.
    static let backupSuffix = ".flagstaff-old"

    /// What the next command did with a change an earlier one left unfinished.
    struct Recovery: Equatable, Sendable {
        /// Whether the change was finished (`true`) or rolled back (`false`).
        var finished: Bool
        /// The command that started the change, as it recorded itself.
        var command: String
        /// How many files the change named.
        var files: Int

        /// One sentence for standard error.
        var message: String {
            finished
                ? "finished the change `\(command)` was making when it stopped (\(files.counted("file")))"
                : "rolled back the change `\(command)` was making when it stopped; every file is as it was before"
        }
    }

    /// One file of the change.
    private struct Entry {
        enum Action: String { case replace, create, remove }
        var action: Action
        /// Where the file is.
        var target: String
        /// Whether its new bytes are flushed to disk before the renames.
        var durable = false
        var staged: String { Self.sibling(of: target, suffix: FileTransaction.stagedSuffix) }
        var backup: String { Self.sibling(of: target, suffix: FileTransaction.backupSuffix) }

        /// `.name<suffix>` in the same folder as `path`, made as text: a file URL
        /// would ask the file system twice whether each is a folder.
        static func sibling(of path: String, suffix: String) -> String {
            var components = FilePath.components(of: path)
            let name = components.removeLast()
            return (components + [".\(name)\(suffix)"]).joined(separator: "/")
        }
    }

    /// The folder that holds the journal.
    let folder: String
    private let journalPath: String
    private let durable: Bool
    private let interruption: Interruption
    private let lock: Platform.FolderLock
    /// Puts a staged file in place (a rename); tests pass one that fails.
    var putInPlace: @Sendable (String, String) -> String? = { Platform.rename($0, to: $1) }
    private var entries: [Entry] = []
    /// Folders made for new files, outermost first.
    private var createdFolders: [String] = []
    private var journal: Int32
    /// Called after each step; `FaultInjection.step` stops the process there when
    /// the crash tests ask, and unit tests copy the folder there, as a crash would leave it.
    private let afterEachStep: () -> Void
    private var state: State = .staging
    private enum State { case staging, committed, finished }

    /// Starts a change: takes the folder's lock (waiting for another command that
    /// holds it), finishes or rolls back a change an earlier command left, and
    /// writes a new journal. `command` names the change in a later recovery's
    /// message. `durable` flushes every file and the journal to disk before the
    /// renames, so a power cut cannot leave an empty file either; a build leaves it
    /// off, since its output can be made again.
    init(
        folder: String, command: String, durable: Bool, interruption: Interruption = .process,
        afterEachStep: @escaping () -> Void = FaultInjection.step
    ) throws(FlagstaffError) {
        self.folder = folder
        self.afterEachStep = afterEachStep
        self.journalPath = URL(fileURLWithPath: folder).appendingPathComponent(Self.journalName).path
        self.durable = durable
        self.interruption = interruption
        do {
            lock = try Platform.FolderLock(folder)
        } catch {
            throw .io(error.description)
        }
        if Platform.entryKind(atPath: journalPath) != nil { _ = try Self.recoverLocked(folder: folder) }
        try interruption.begin()
        let header = "flagstaff-journal 1\n" + Self.record("command", command)
        guard let descriptor = Platform.createJournal(journalPath, header: header) else {
            interruption.end()
            throw .io("cannot write '\(journalPath)': \(Platform.lastError); nothing was changed")
        }
        journal = descriptor
        afterEachStep()
    }

    deinit {
        if state != .finished { rollBack() }
        Platform.close(journal)
        interruption.end()
    }

    // MARK: - Staging

    /// Stages the new bytes of a file that exists or not; its folder must exist
    /// (`makeFolders(for:)`). An existing file's permissions are kept. `durable`
    /// flushes this file before the renames in a transaction that is not durable:
    /// a file a person commits, written with a build's output.
    func write(_ bytes: UnsafeRawBufferPointer, to target: String, durable: Bool = false) throws(FlagstaffError) {
        let exists = Platform.entryKind(atPath: target) != nil
        let entry = Entry(action: exists ? .replace : .create, target: target, durable: durable || self.durable)
        try append(entry)
        if exists, let problem = backUp(entry) { throw .io("\(problem); nothing was changed") }
        if let failure = Platform.createFile(entry.staged, bytes: bytes, durable: entry.durable) { throw .io("\(failure); nothing was changed") }
        if exists, let permissions = Platform.permissions(atPath: target) {
            Platform.setPermissions(permissions, atPath: entry.staged)
        }
        afterEachStep()
    }

    /// Stages the new bytes of a file; see `write(_:to:)`.
    func write(_ bytes: [UInt8], to target: String) throws(FlagstaffError) {
        let failure: FlagstaffError? = bytes.withUnsafeBytes { bytes in
            do throws(FlagstaffError) {
                try write(bytes, to: target)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Stages the removal of a file.
    func remove(_ target: String) throws(FlagstaffError) {
        try append(Entry(action: .remove, target: target, durable: durable))
    }

    /// Records a folder this change creates, so a roll-back removes it again.
    func createFolder(_ path: String) throws(FlagstaffError) {
        try interruption.check()
        try appendLine(Self.record("folder", relative(path)))
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        } catch {
            throw .io("cannot create '\(path)': \(error.localizedDescription)")
        }
        createdFolders.append(path)
        afterEachStep()
    }

    /// Creates the folders a new file needs, recording each.
    func makeFolders(for target: String) throws(FlagstaffError) {
        var missing: [String] = []
        var folder = URL(fileURLWithPath: target).deletingLastPathComponent()
        while Platform.entryKind(atPath: folder.path) == nil {
            missing.append(folder.path)
            folder.deleteLastPathComponent()
        }
        for path in missing.reversed() { try createFolder(path) }
    }

    private func append(_ entry: Entry) throws(FlagstaffError) {
        try interruption.check()
        try appendLine(Self.record(entry.action.rawValue, relative(entry.target)))
        // Leftovers under our own names (a journal removed by hand) are in the way.
        Platform.removeFile(entry.staged)
        Platform.removeFile(entry.backup)
        entries.append(entry)
        afterEachStep()
    }

    /// Keeps the old file under its backup name: a second link to it, or a copy
    /// where the file system has no hard links.
    private func backUp(_ entry: Entry) -> String? {
        guard Platform.link(entry.target, as: entry.backup) != nil else {
            afterEachStep()
            return nil
        }
        guard let bytes = FileManager.default.contents(atPath: entry.target) else { return "cannot read '\(entry.target)'" }
        if let failure = bytes.withUnsafeBytes({ Platform.createFile(entry.backup, bytes: $0, durable: entry.durable) }) { return failure }
        if let permissions = Platform.permissions(atPath: entry.target) { Platform.setPermissions(permissions, atPath: entry.backup) }
        afterEachStep()
        return nil
    }

    // MARK: - Committing

    /// Puts every staged file in place and removes the files staged for removal.
    /// An error or Ctrl-C during the renames puts every old file back before it throws.
    func commit() throws(FlagstaffError) {
        try interruption.check()
        for entry in entries where entry.durable && entry.action != .remove { Platform.flushFile(entry.staged) }
        try appendLine("commit\n", flush: entries.contains(where: \.durable))
        state = .committed
        afterEachStep()
        for entry in entries {
            let failure: String? = switch entry.action {
            case .replace, .create: putInPlace(entry.staged, entry.target)
            case .remove: Platform.entryKind(atPath: entry.target) == nil ? nil : Platform.rename(entry.target, to: entry.backup)
            }
            if let failure {
                abort()
                throw .io("\(failure); every file was put back as it was")
            }
            afterEachStep()
            if interruption.isInterrupted {
                abort()
                throw .interrupted
            }
        }
        flushFolders()
        finish()
    }

    /// Removes the backups and the journal of a change that is complete.
    private func finish() {
        for entry in entries where entry.action != .create {
            Platform.removeFile(entry.backup)
            afterEachStep()
        }
        Platform.removeFile(journalPath)
        state = .finished
        afterEachStep()
    }

    /// Records `abort`, then puts every old file back.
    private func abort() {
        _ = try? appendLine("abort\n")
        rollBack()
    }

    /// Undoes the change, whatever step it reached, then removes the journal.
    private func rollBack() {
        Self.undo(entries.map { ($0.action, $0.target) }, folders: createdFolders, renamesBegan: state == .committed)
        Platform.removeFile(journalPath)
        state = .finished
    }

    private func flushFolders() {
        for folder in Set(entries.filter(\.durable).map { URL(fileURLWithPath: $0.target).deletingLastPathComponent().path }).sorted() {
            Platform.flushFolder(folder)
        }
    }

    /// A path as the journal records it: relative to the journal's folder when it
    /// is inside, so a copied or moved folder can still be recovered.
    private func relative(_ path: String) -> String {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    private func appendLine(_ line: String, flush: Bool = false) throws(FlagstaffError) {
        guard Platform.append(line, to: journal, flush: flush) else {
            throw .io("cannot write '\(journalPath)': \(Platform.lastError); nothing was changed")
        }
    }

    // MARK: - Recovery

    /// Finishes or rolls back a change that a command left in `folder`, if any,
    /// and says which; `nil` when there was none. Waits while another command holds the folder.
    static func recover(folder: String) throws(FlagstaffError) -> Recovery? {
        let journalPath = URL(fileURLWithPath: folder).appendingPathComponent(journalName).path
        guard Platform.entryKind(atPath: journalPath) != nil else { return nil }
        let lock: Platform.FolderLock
        do {
            lock = try Platform.FolderLock(folder)
        } catch {
            throw .io(error.description)
        }
        let recovery = try recoverLocked(folder: folder)
        _ = consume lock
        return recovery
    }

    /// `recover` with the folder's lock held.
    private static func recoverLocked(folder: String) throws(FlagstaffError) -> Recovery? {
        let base = URL(fileURLWithPath: folder)
        let journalPath = base.appendingPathComponent(journalName).path
        func absolute(_ path: String) -> String { path.hasPrefix("/") ? path : base.appendingPathComponent(path).path }
        guard let data = FileManager.default.contents(atPath: journalPath) else { return nil }
        guard let journal = Journal(String(decoding: data, as: UTF8.self)) else {
            throw .io(
                "'\(journalPath)' is not a journal flagstaff can read; compare the files it names with their "
                    + ".flagstaff-old and .flagstaff-new copies, then remove it")
        }
        let files = journal.files.map { (action: Entry.Action(rawValue: $0.action) ?? .replace, target: absolute($0.target)) }
        // Flagstaff journals only files inside the journal's folder: a journal that
        // names any other place was not written by it, and is acted on nowhere.
        let boundary = WorkspaceBoundary.forEditing(root: base)
        for path in files.map(\.target) + journal.folders.map(absolute) {
            do {
                _ = try boundary.place(of: path, shown: path)
            } catch {
                throw .io(
                    "'\(journalPath)' names '\(path)', outside its folder, which flagstaff never journals; "
                        + "nothing was changed: remove the journal after checking the files it names")
            }
        }
        let interruption = Interruption.process
        interruption.holdOff()
        defer { interruption.end() }
        switch journal.ending {
        case .committed:
            for (action, target) in files {
                let entry = Entry(action: action, target: target)
                switch action {
                case .replace, .create:
                    if Platform.entryKind(atPath: entry.staged) != nil, let failure = Platform.rename(entry.staged, to: target) {
                        throw .io("cannot finish the change by `\(journal.command)`: \(failure)")
                    }
                    if action == .replace { Platform.removeFile(entry.backup) }
                case .remove:
                    Platform.removeFile(target)
                    Platform.removeFile(entry.backup)
                }
            }
        case .open, .aborted:
            undo(files, folders: journal.folders.map(absolute), renamesBegan: journal.ending == .aborted)
        }
        Platform.removeFile(journalPath)
        return Recovery(finished: journal.ending == .committed, command: journal.command, files: files.count)
    }

    /// Removes the temporary files and the folders the change made (innermost
    /// first, when empty). When the renames had begun (`renamesBegan`), it first
    /// puts old files back from their backups and removes the new files already in
    /// place; before that, no file it names was touched.
    private static func undo(_ files: [(action: Entry.Action, target: String)], folders: [String], renamesBegan: Bool) {
        for (action, target) in files.reversed() {
            let entry = Entry(action: action, target: target)
            if renamesBegan {
                switch action {
                case .replace, .remove:
                    // A backup still there: the old file may not be in place.
                    if Platform.entryKind(atPath: entry.backup) != nil { _ = Platform.rename(entry.backup, to: target) }
                case .create:
                    // Without its staged file, a new file was already renamed into place.
                    if Platform.entryKind(atPath: entry.staged) == nil { Platform.removeFile(target) }
                }
            }
            Platform.removeFile(entry.staged)
            Platform.removeFile(entry.backup)
        }
        for folder in folders.reversed() { Platform.removeEmptyFolder(folder) }
    }

    // MARK: - The journal's text

    /// A record line: a word, then its text with `%`, tab, CR and LF escaped.
    static func record(_ word: String, _ text: String) -> String {
        "\(word)\t\(Journal.escape(text))\n"
    }

    /// A journal read back. A last line without its newline was cut short by
    /// the crash, and is ignored: its step had not begun.
    struct Journal: Equatable {
        enum Ending: Equatable { case open, committed, aborted }
        var command = ""
        var files: [(action: String, target: String)] = []
        var folders: [String] = []
        var ending = Ending.open

        init?(_ text: String) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            // A header cut short: the journal was being created, and nothing else was done.
            if lines.count == 1 && "flagstaff-journal 1".hasPrefix(lines[0]) { return }
            guard lines.first == "flagstaff-journal 1" else { return nil }
            lines.removeLast()  // the text after the last newline: empty, or cut short
            for line in lines.dropFirst() {
                let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
                let word = String(parts[0])
                let value = parts.count > 1 ? Self.unescape(String(parts[1])) : nil
                switch (word, value) {
                case ("command", let value?): command = value
                case ("replace", let value?), ("create", let value?), ("remove", let value?): files.append((word, value))
                case ("folder", let value?): folders.append(value)
                case ("commit", nil): ending = .committed
                case ("abort", nil): ending = .aborted
                default: return nil
                }
            }
        }

        static func == (lhs: Journal, rhs: Journal) -> Bool {
            lhs.command == rhs.command && lhs.folders == rhs.folders && lhs.ending == rhs.ending
                && lhs.files.map { "\($0.action) \($0.target)" } == rhs.files.map { "\($0.action) \($0.target)" }
        }

        /// Escapes `%`, tab, CR and LF as `%25`, `%09`, `%0D` and `%0A`.
        static func escape(_ text: String) -> String {
            var output = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "%": output += "%25"
                case "\t": output += "%09"
                case "\r": output += "%0D"
                case "\n": output += "%0A"
                default: output.unicodeScalars.append(scalar)
                }
            }
            return output
        }

        /// Undoes `escape`; `nil` for an escape `escape` never writes.
        static func unescape(_ text: String) -> String? {
            guard text.contains("%") else { return text }
            var output = ""
            var scalars = text.unicodeScalars.makeIterator()
            while let scalar = scalars.next() {
                guard scalar == "%" else {
                    output.unicodeScalars.append(scalar)
                    continue
                }
                guard let first = scalars.next(), let second = scalars.next() else { return nil }
                switch "\(first)\(second)" {
                case "25": output += "%"
                case "09": output += "\t"
                case "0D": output += "\r"
                case "0A": output += "\n"
                default: return nil
                }
            }
            return output
        }
    }
}
