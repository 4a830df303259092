import FlagstaffCore
import Foundation
import Synchronization

/// Where a command's output goes: standard output for results, standard error for
/// diagnostics. Tests pass a console that records both.
///
/// Everything printed passes through here, and shows every control character
/// but line feed and tab as text (`^[` for escape, `^?` for delete, `<U+009B>`
/// for the C1 controls), so that no input (a commit subject, a tenant's name)
/// can move the cursor, clear the screen or retitle the terminal. The only
/// sequences let through are the colours Flagstaff paints (`TerminalColour`),
/// on standard output when it shows colour, and the carriage return of a CSV
/// line's end.
public struct Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeOutputBytes: @Sendable ([UInt8]) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether to also print GitHub Actions annotations (`GITHUB_ACTIONS=true`).
    public var githubActions: Bool
    /// Whether standard output may use ANSI colours: a terminal, and `NO_COLOR` unset or empty.
    public var colour: Bool
    /// Takes what a command has finished with, such as a resolved matrix. The
    /// process keeps it until it exits, when the system takes the memory back at
    /// once: freeing a large workspace object by object is a tenth of a second
    /// nobody needs. Other consoles drop it, so tests free it as usual.
    public var finished: @Sendable (any Sendable) -> Void = { _ in }

    /// Creates a console that hands what is printed, control characters shown, to
    /// `output` and `error`; and large results as UTF-8 bytes to `outputBytes`,
    /// by default to `output`.
    public init(
        output: @escaping @Sendable (String) -> Void, outputBytes: (@Sendable ([UInt8]) -> Void)? = nil,
        error: @escaping @Sendable (String) -> Void, githubActions: Bool = false, colour: Bool = false
    ) {
        writeOutput = output
        writeOutputBytes = outputBytes ?? { output(String(decoding: $0, as: UTF8.self)) }
        writeError = error
        self.githubActions = githubActions
        self.colour = colour
    }

    /// Writes text to standard output.
    public func output(_ text: String) {
        writeOutput(Self.shown(text, keeping: colour ? TerminalColour.sequences : []))
    }

    /// Writes UTF-8 bytes to standard output: a large result goes out without
    /// being made into one `String` first.
    public func outputBytes(_ bytes: [UInt8]) {
        let kept = colour ? TerminalColour.sequences : []
        writeOutputBytes(bytes.withUnsafeBufferPointer { Self.shown($0, keeping: kept) } ?? bytes)
    }

    /// Writes text to standard error.
    public func error(_ text: String) {
        writeError(Self.shown(text, keeping: []))
    }

    /// The same console, printing nothing to standard error.
    public var withoutErrors: Console {
        var console = Console(output: writeOutput, outputBytes: writeOutputBytes, error: { _ in }, githubActions: githubActions, colour: colour)
        console.finished = finished
        return console
    }

    /// The process's standard output and error, configured from the environment.
    public static var standard: Console {
        let environment = ProcessInfo.processInfo.environment
        var console = Console(
            output: { write($0, to: Platform.standardOutput) },
            outputBytes: { bytes in bytes.withUnsafeBytes { _ = Platform.write($0, to: Platform.standardOutput) } },
            error: { write($0, to: Platform.standardError) },
            githubActions: environment["GITHUB_ACTIONS"] == "true",
            colour: Platform.isTerminal(Platform.standardOutput) && (environment["NO_COLOR"] ?? "").isEmpty)
        console.finished = { KeptUntilExit.shared.keep($0) }
        return console
    }

    /// Text with its control characters shown, keeping the sequences `kept`.
    static func shown(_ text: String, keeping kept: [[UInt8]]) -> String {
        var text = text
        guard let shown = text.withUTF8({ shown($0, keeping: kept) }) else { return text }
        return String(decoding: shown, as: UTF8.self)
    }

    /// UTF-8 bytes with every control character but line feed and tab shown as
    /// text, keeping the sequences `kept` and a carriage return before a line
    /// feed; `nil` when there is nothing to show, as in nearly all text.
    static func shown(_ bytes: UnsafeBufferPointer<UInt8>, keeping kept: [[UInt8]]) -> [UInt8]? {
        /// The length of what needs showing at an offset: a control character's
        /// bytes, or 0 for a byte that stays, or the length of a sequence kept, negated.
        func control(at offset: Int) -> Int {
            let byte = bytes[offset]
            let next = offset + 1 < bytes.count ? bytes[offset + 1] : 0
            switch byte {
            case 0x0A, 0x09: return 0
            case 0x0D where next == 0x0A: return 0
            case 0x1B:
                if let sequence = kept.first(where: { UnsafeBufferPointer(rebasing: bytes[offset...]).starts(with: $0) }) { return -sequence.count }
                return 1
            case ..<0x20, 0x7F: return 1
            // U+0080 to U+009F, the C1 controls, are 0xC2 0x80 to 0xC2 0x9F in UTF-8.
            case 0xC2 where (0x80...0x9F).contains(next): return 2
            default: return 0
            }
        }
        // Most bytes are told apart at a glance, eight at a time; only those that
        // may be controls are looked at closely.
        var offset = 0
        while offset < bytes.count {
            if offset + 8 <= bytes.count, !mayHoldControl(UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self)) {
                offset += 8
                continue
            }
            let byte = bytes[offset]
            guard byte < 0x20 || byte == 0x7F || byte == 0xC2 else {
                offset += 1
                continue
            }
            let length = control(at: offset)
            if length > 0 { break }
            offset += max(-length, 1)
        }
        guard offset < bytes.count else { return nil }
        var shown = Array(bytes[..<offset])
        shown.reserveCapacity(bytes.count + 16)
        while offset < bytes.count {
            let length = control(at: offset)
            switch length {
            case 1:
                let byte = bytes[offset]
                shown += byte == 0x7F ? Array("^?".utf8) : [UInt8(ascii: "^"), byte + 0x40]
            case 2:
                let hex = String(bytes[offset + 1], radix: 16, uppercase: true)
                shown += Array("<U+00\(hex)>".utf8)
            case ..<0:
                shown += bytes[offset..<(offset - length)]
            default:
                shown.append(bytes[offset])
            }
            offset += max(abs(length), 1)
        }
        return shown
    }
}

/// Whether any of eight bytes is one that `Console.shown` looks at closely:
/// below 0x20, 0x7F, or 0xC2 (the first byte of a C1 control). A byte below
/// 0x20 sets its top bit in `word - 0x20…` while its own top bit is clear; a
/// byte equal to `b` is a zero byte of `word ^ b…`, found the same way. A borrow
/// may mark a byte above one that matches, never a word where none does.
private func mayHoldControl(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101, tops: UInt64 = 0x8080_8080_8080_8080
    func holdsBelow(_ limit: UInt64, _ word: UInt64) -> Bool { (word &- ones &* limit) & ~word & tops != 0 }
    return holdsBelow(0x20, word) || holdsBelow(1, word ^ (ones &* 0x7F)) || holdsBelow(1, word ^ (ones &* 0xC2))
}

/// Writes text to a file descriptor straight from the string's own bytes: a
/// matrix can be tens of megabytes, which `Data` would copy first.
private func write(_ text: String, to descriptor: Int32) {
    var text = text
    text.withUTF8 { _ = Platform.write(UnsafeRawBufferPointer($0), to: descriptor) }
}

/// What the standard console's commands have finished with, never freed.
private final class KeptUntilExit: Sendable {
    static let shared = KeptUntilExit()
    private let values = Mutex<[any Sendable]>([])

    func keep(_ value: any Sendable) {
        values.withLock { $0.append(value) }
    }
}
