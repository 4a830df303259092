import ArgumentParser
import Flagstaff
import Foundation

/// The `flagstaff` command: parses arguments and hands each subcommand to the library.
@main
struct FlagstaffCommand: ParsableCommand {
    /// This release's version, which `--version` prints: the tag `v<version>` the
    /// Homebrew formula, Mint and SwiftPM users name (`FormulaTests` holds them to it).
    static let version = "1.0.0"

    static let configuration = CommandConfiguration(
        commandName: "flagstaff",
        abstract: "Turns an iOS app's feature-flag sources into a static site and reports.",
        discussion: """
            Exit codes: 0 success; 1 validation errors or a stale output with --check; \
            2 usage or I/O errors.
            """,
        version: version,
        subcommands: [
            Init.self, Build.self, Validate.self, List.self, Matrix.self, Explain.self, Due.self, Diff.self, History.self, New.self, Remove.self,
            NewTenant.self,
        ]
    )

    /// Runs a command and exits with the documented codes: argument-parser's own
    /// usage errors become 2 instead of its default 64.
    static func main() {
        let console = Console.standard
        Interruption.handleStopSignals()
        HugePages.adviseLargeBuffers()
        do {
            var command = try parseAsRoot()
            guard let runnable = command as? FlagstaffRunnable else {
                try command.run()
                return
            }
            Foundation.exit(try runnable.execute(console: console))
        } catch let error as FlagstaffError {
            switch error {
            case .unreadableInputs(let diagnostics), .rejected(let diagnostics):
                // Each already says where and that it is an error, as a compiler's does.
                DiagnosticPrinter.print(diagnostics, pathPrefix: "", to: console)
            default:
                console.error("flagstaff: error: " + DiagnosticPrinter.oneLine("\(error)") + "\n")
            }
            Foundation.exit(error.exitCode)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                console.output(fullMessage(for: error) + "\n")
                Foundation.exit(0)
            }
            console.error(fullMessage(for: error) + "\n")
            Foundation.exit(ExitStatus.usageOrIO)
        }
    }
}

/// A subcommand that runs against the library and returns an exit status.
protocol FlagstaffRunnable {
    func execute(console: Console) throws(FlagstaffError) -> Int32
}
