/// The ANSI colours Flagstaff paints words with on a terminal: the only control
/// sequences it ever prints, and so the only ones the console lets through.
public enum TerminalColour: String, CaseIterable, Sendable {
    case bold = "1"
    case red = "31"
    case green = "32"
    case yellow = "33"
    case magenta = "35"
    case cyan = "36"

    /// The text in this colour, back to plain after it.
    public func paint(_ text: String) -> String { "\u{1B}[\(rawValue)m\(text)\u{1B}[0m" }

    /// Every sequence painting writes: each colour's start, and the reset after it.
    public static let sequences: [[UInt8]] = (allCases.map(\.rawValue) + ["0"]).map { Array("\u{1B}[\($0)m".utf8) }
}
