import FlagstaffCore
import FlagstaffReaders
import Foundation

/// `flagstaff init`: looks through a folder for what Flagstaff reads and writes
/// a commented `flagstaff.yml` there, with what it found, why, and what is left
/// to decide; then validates it. It never replaces a configuration.
public struct InitCommand: Sendable {
    /// The folder to look through and write the configuration into.
    public var folder: String

    /// Creates an init request for `folder`, the current folder by default.
    public init(folder: String = ".") {
        self.folder = folder
    }

    /// Writes the configuration and returns the exit status: 0 when it was written
    /// (the validation that follows prints its own findings), 1 when the folder
    /// holds nothing Flagstaff reads (nothing is written). A configuration already
    /// there, or a folder that is not one, is an error (exit 2).
    public func run(console: Console) throws(FlagstaffError) -> Int32 {
        let root = URL(fileURLWithPath: folder).standardizedFileURL
        guard Platform.followedKind(atPath: root.path) == .directory else {
            throw .usage("'\(folder)' is not a folder; give the folder of the app to look through")
        }
        let shown = folder == "." ? Workspace.configurationFileName : (folder as NSString).appendingPathComponent(Workspace.configurationFileName)
        let path = root.appendingPathComponent(Workspace.configurationFileName).path
        // An `init` stopped part-way is finished or undone first, as every command does.
        for recovery in try Workspace.recover(folder: root) { console.error("flagstaff: note: \(recovery)\n") }
        guard Platform.entryKind(atPath: path) == nil else { throw .rejected([Self.existing(shown)]) }
        let survey = WorkspaceSurvey(inventory: FolderInventory(root: root), title: root.lastPathComponent)
        guard survey.foundFlags else {
            console.error(
                "flagstaff: error: found nothing Flagstaff reads in '\(folder)', so nothing was written; it looked for a Swift type that declares "
                    + "flags (an enum with a String raw type, static members that give flag values), JustTweak, Toggles and Remote Config "
                    + "defaults files, and tenant files (\(WorkspaceSurvey.tenantFileName)); write flagstaff.yml by hand (see the README's Configuration)\n")
            return ExitStatus.failure
        }
        // Written as every source is: a killed `init` leaves no half-written configuration.
        let change = SourceWriter.Change(path: shown, url: URL(fileURLWithPath: path), original: nil, updated: Array(survey.configuration.text.utf8))
        do {
            try SourceWriter().write([change], in: root, command: "init")
        } catch {
            if Platform.entryKind(atPath: path) != nil { throw .rejected([Self.existing(shown)]) }
            throw error
        }
        for line in survey.found { console.output("found: \(line)\n") }
        console.output("wrote \(shown)\n")
        for item in survey.configuration.unsure { console.output("to decide: \(item)\n") }
        console.output("\nflagstaff validate --config \(shown)\n")
        do {
            _ = try ValidateCommand(configurationPath: shown).run(console: console)
        } catch {
            console.error("flagstaff: error: \(error)\n")
        }
        return ExitStatus.success
    }

    /// The error for a configuration already at `shown`.
    private static func existing(_ shown: String) -> Diagnostic {
        .error(
            "a configuration is already here; flagstaff init never overwrites one", at: SourceLocation(file: shown, line: 1, column: 1),
            hint: "edit it, or move it away and run flagstaff init again")
    }
}
