import ArgumentParser
@testable import FlagstaffCLI
import Foundation
import Testing

/// Every subcommand's options and arguments are in its synopsis in the README,
/// taken from the command line's own description of itself (argument-parser's
/// `--experimental-dump-help`), not from a list kept by hand.
@Suite("Command-line options in the README")
struct OptionsDocumentedTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The parts of argument-parser's description of a command that name its options.
    struct Description: Decodable {
        struct Command: Decodable {
            var commandName: String
            var subcommands: [Command]?
            var arguments: [Argument]?
        }
        struct Argument: Decodable {
            struct Name: Decodable {
                var kind: String
                var name: String
            }
            var kind: String
            var names: [Name]?
            var valueName: String?
        }
        var command: Command
    }

    /// Each subcommand, with how the README writes each of its options and arguments: `--name`, or an argument's name in capitals.
    static func subcommands() throws -> [(name: String, written: [String])] {
        var message = ""
        do { _ = try FlagstaffCommand.parseAsRoot(["--experimental-dump-help"]) } catch { message = FlagstaffCommand.fullMessage(for: error) }
        let description = try JSONDecoder().decode(Description.self, from: Data(message.utf8))
        // Left out: argument-parser's own `help` subcommand.
        let names = Set(FlagstaffCommand.configuration.subcommands.map { $0.configuration.commandName ?? "" })
        return (description.command.subcommands ?? []).filter { names.contains($0.commandName) }.map { command in
            let written = (command.arguments ?? []).flatMap { argument -> [String] in
                if argument.kind == "positional" { return [argument.valueName?.uppercased() ?? "?"] }
                // Left out too: argument-parser's own `--help` and `--version`, which every subcommand has.
                return (argument.names ?? []).filter { $0.kind == "long" && !["help", "version"].contains($0.name) }.map { "--\($0.name)" }
            }
            return (command.commandName, written)
        }
    }

    /// A subcommand's synopses in the README, each a code span: the first cell of
    /// its row in the Usage table (`` `NAME …` ``, not the example beside it), and
    /// any that gives it in full (`` `flagstaff NAME […` ``).
    static func synopses(of name: String, in readme: String) -> String {
        var found: [Substring] = []
        for line in readme.split(separator: "\n") {
            let opening = line.hasPrefix("| `\(name) ") ? line.range(of: "`") : line.range(of: "`flagstaff \(name) [")
            guard let opening, let closing = line[opening.upperBound...].firstIndex(of: "`") else { continue }
            found.append(line[line.index(after: opening.lowerBound)..<closing])
        }
        return found.joined(separator: "\n")
    }

    /// Whether `text` has `word` standing alone, not within a longer name: `--tenant` is not in `--tenant-id`, nor `KEY` in `KEYS`.
    static func contains(_ word: String, in text: String) -> Bool {
        let isNamePart = { (character: Character?) in character.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" } ?? false }
        var start = text.startIndex
        while let range = text.range(of: word, range: start..<text.endIndex) {
            let before = range.lowerBound > text.startIndex ? text[text.index(before: range.lowerBound)] : nil
            if !isNamePart(before) && !isNamePart(text[range.upperBound...].first) { return true }
            start = range.upperBound
        }
        return false
    }

    @Test func everySubcommandsOptionsAreInItsSynopsis() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let subcommands = try Self.subcommands()
        #expect(subcommands.count == FlagstaffCommand.configuration.subcommands.count)
        for (name, written) in subcommands {
            let synopses = Self.synopses(of: name, in: readme)
            #expect(!synopses.isEmpty, "the README has no synopsis of '\(name)'")
            for word in written {
                #expect(Self.contains(word, in: synopses), "the README's synopsis of '\(name)' does not give \(word)")
            }
        }
    }

    @Test func aWordIsFoundOnlyStandingAlone() {
        #expect(Self.contains("--tenant", in: "[--tenant T]..."))
        #expect(Self.contains("KEY", in: "`remove KEY [--force]`"))
        #expect(!Self.contains("--tenant", in: "[--tenant-id T]"))
        #expect(!Self.contains("--all", in: "[--allow X]"))
        #expect(!Self.contains("KEY", in: "[KEYS]"))
        #expect(!Self.contains("ID", in: "[APP-ID]"))
    }

    @Test func aSynopsisIsItsCodeSpanAlone() {
        let readme = """
            | `remove KEY [--force]` | Retires a flag. | `flagstaff remove X --dry-run` |
            `flagstaff remove [--config F]` and `--yes`
            | `new-tenant ID [--like OTHER]` | Creates a tenant. | |
            """
        #expect(Self.synopses(of: "remove", in: readme) == "remove KEY [--force]\nflagstaff remove [--config F]")
    }
}
